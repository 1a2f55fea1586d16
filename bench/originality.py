"""Word-shingle overlap of our personas' text with the original π-Bench data (an originality check).

For each persona, every text file under `personas/<id>/` and `workspaces/<id>/` is cut into word n-grams
(lower-cased `\\w+` tokens); the share of its distinct n-grams that also occur anywhere in the π-Bench data
folder is printed for n = 5 and n = 8, with the longest shared run of words and a few shared 8-grams to read.
Usage: python bench/originality.py [--pibench ../shared/pibench] [persona ...] (default: every persona).
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

TEXT_SUFFIXES = {".yaml", ".yml", ".md", ".txt", ".csv", ".json", ".tex", ".bib", ".py", ".html", ".eml", ".ics"}
WORD = re.compile(r"\w+")


def words(root: Path) -> list[list[str]]:
    """The word sequences of every text file under `root` (one list per file)."""
    out: list[list[str]] = []
    for path in sorted(root.rglob("*")):
        if path.is_file() and path.suffix.lower() in TEXT_SUFFIXES:
            out.append(WORD.findall(path.read_text(encoding="utf-8", errors="replace").lower()))
    return out


def shingles(docs: list[list[str]], n: int) -> set[tuple[str, ...]]:
    """Distinct word n-grams over the documents."""
    return {tuple(doc[i : i + n]) for doc in docs for i in range(len(doc) - n + 1)}


def longest_shared_run(docs: list[list[str]], theirs: set[tuple[str, ...]], n: int) -> int:
    """Length in words of the longest run of consecutive n-grams all present in `theirs` (0 if none)."""
    best = 0
    for doc in docs:
        run = 0
        for i in range(len(doc) - n + 1):
            run = run + 1 if tuple(doc[i : i + n]) in theirs else 0
            best = max(best, run + n - 1 if run else 0)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pibench", type=Path, default=Path(__file__).resolve().parents[2] / "shared" / "pibench")
    parser.add_argument("personas", nargs="*")
    args = parser.parse_args()
    repo = Path(__file__).resolve().parents[1]
    names = args.personas or sorted(p.name for p in (repo / "personas").iterdir() if p.is_dir())
    theirs_docs = words(args.pibench)
    theirs = {n: shingles(theirs_docs, n) for n in (5, 8)}
    print(f"π-Bench data: {args.pibench} ({len(theirs_docs)} text files, {len(theirs[8])} distinct 8-grams)")
    columns = ["persona", "files", "distinct 5-grams", "shared 5-grams", "distinct 8-grams", "shared 8-grams"]
    print("| " + " | ".join([*columns, "longest shared run"]) + " |")
    print("|---|---|---|---|---|---|---|")
    samples: dict[str, list[str]] = {}
    for name in names:
        docs = words(repo / "personas" / name) + words(repo / "workspaces" / name)
        row = [name, str(len(docs))]
        for n in (5, 8):
            ours = shingles(docs, n)
            shared = ours & theirs[n]
            row += [str(len(ours)), f"{len(shared)} ({100 * len(shared) / max(len(ours), 1):.2f} %)"]
            if n == 8:
                samples[name] = [" ".join(s) for s in sorted(shared)[:5]]
        row.append(f"{longest_shared_run(docs, theirs[8], 8)} words")
        print("| " + " | ".join(row) + " |")
    for name, shared in samples.items():
        if shared:
            print(f"{name}: shared 8-grams, e.g. " + "; ".join(repr(s) for s in shared))


if __name__ == "__main__":
    main()
