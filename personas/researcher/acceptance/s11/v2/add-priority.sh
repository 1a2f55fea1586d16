python3 - <<'PY'
import re
p = "review/rebuttal/triage.md"
high = {"R2-1", "R2-2", "R2-3", "R2-4", "R2-5", "R2-6", "R1-3", "R3-3"}
out = []
for line in open(p, encoding="utf-8").read().split("\n"):
    if line.startswith("| ID |"):
        line += " Priority |"
    elif line.startswith("|---"):
        line += "---|"
    else:
        m = re.match(r"\| (R\d-\d+) \|", line)
        if m:
            line += " high |" if m.group(1) in high else " normal |"
    out.append(line)
text = "\n".join(out)
text = text.replace(
    "## Notes\n\n",
    "## Notes\n\n- Priority: `high` for all of Reviewer 2's points (score 2, the review that can sink the paper)\n"
    "  and for every new experiment (R1-3, R2-1, R2-5, R3-3); `normal` for everything else.\n",
)
open(p, "w", encoding="utf-8").write(text)
PY
cat review/rebuttal/triage.md
