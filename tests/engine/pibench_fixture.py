"""A small π-Bench-shaped checkout of our own (no original text): a dependency chain, a trigger, a rule script and
non-conforming files, with the numbers its import must give."""

from __future__ import annotations

import json
import os
from pathlib import Path

import yaml

USER = "Tester"  # upper case on purpose: the proact persona id is 'tester'
SCRIPT = """
def score(tools_history):
    added = any(h["tool_name"].endswith("amazon__add_product_to_cart") for h in tools_history)
    shown = any(h["tool_name"].endswith("amazon__show_cart") for h in tools_history)
    return {"cart_untouched": int(not added), "cart_shown": int(shown)}
"""
EVENT = {"source": "paper_feed", "event": "new_papers", "target": "agent", "payload": {"papers": [{"id": "p1"}]}}
TASKS: dict[str, dict[str, object]] = {
    "Tester_task_001": {
        "trigger": {"type": "user"},
        "intent": {
            "initial_input": "Draft a reading plan from notes.md and appendix.pdf.",
            "hidden_intent": [{"content": "Keep it to one page."}, {"content": "Start with the survey."}],
        },
    },
    "Tester_task_002": {
        "trigger": {"type": "user"},
        "intent": {
            "initial_input": "Turn the plan into weekly goals.",
            "hidden_intent": [{"content": "Weeks start on Monday."}],
        },
    },
    "Tester_task_003": {
        "trigger": {"type": "user"},
        "intent": {
            "initial_input": "My Amazon login info: Email: tess@example.com Password: Qx7-pass9. Order the books.",
            "hidden_intent": [
                {"content": "Paperbacks only."},
                {"content": "Under 40 dollars."},
                {"content": "One copy."},
            ],
        },
        "objectives": {
            "tools": [
                {"mcp_appworld_amazon__add_product_to_cart": {"call": ["product_id"], "result": ["response.message"]}}
            ],
            "checklist": [
                {"criterion": "Lists the candidate books in a table.", "weight": 2},
                {"criterion": "Mentions the budget.", "weight": 1},
            ],
            "files_read": ["summary.md"],
            "tools_evaluation_path": "data/Tester/scripts/Tester_task_003.py",
        },
    },
    "Tester_task_004": {
        "trigger": {"type": "env"},
        "intent": {
            "initial_input": json.dumps(EVENT),
            "hidden_intent": [
                {"content": "Only papers on agents."},
                {"content": "At most three."},
                {"content": "Add links."},
            ],
        },
        "objectives": {
            "checklist": [{"criterion": "Replies with a table of the chosen papers."}],
            "tools_evaluation_path": "data/Tester/scripts/missing.py",
        },
    },
}
EPISODE = [
    {"task_id": "Tester_task_001", "depends_on": []},
    {"task_id": "Tester_task_002", "depends_on": ["Tester_task_001"]},
    {"task_id": "Tester_task_003", "depends_on": ["Tester_task_002"]},
    {"task_id": "Tester_task_004", "depends_on": []},
    {"task_id": "Tester_task_005", "depends_on": []},
]


def _dump(path: Path, data: object) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")


def make_checkout(root: Path) -> Path:
    """Write the checkout (root/data/Tester/...) and return root."""
    persona = root / "data" / USER
    _dump(
        persona / "profile.yaml",
        {"user_id": USER, "role": "# Tester\n- Reads papers.", "long_term_goals": [{"Ship": "it"}]},
    )
    _dump(persona / "tools.yaml", {"tool_names": ["amazon__login", "amazon__add_product_to_cart", "amazon__show_cart"]})
    _dump(persona / "episode.yaml", {"schema_version": "v2", "user_id": USER, "tasks": EPISODE})
    for task_id, body in TASKS.items():
        _dump(persona / "tasks" / task_id / "task.yaml", {"schema_version": "v2", "task_id": task_id, **body})
    (persona / "tasks" / "Tester_task_001" / "notes.md").write_text("# Notes\nsurvey first\n", encoding="utf-8")
    (persona / "tasks" / "Tester_task_004" / "feed.yaml").write_text("items:\n  - >5000\n", encoding="utf-8")
    (persona / "tasks" / "Tester_task_005").mkdir(parents=True)
    (persona / "tasks" / "Tester_task_005" / "task.yaml").write_text("intent: [unclosed\n", encoding="utf-8")
    (persona / "skills" / "reader").mkdir(parents=True)
    (persona / "skills" / "reader" / "SKILL.md").write_text("---\nname: reader\n---\nRead well.\n", encoding="utf-8")
    (persona / "scripts").mkdir()
    (persona / "scripts" / "Tester_task_003.py").write_text(SCRIPT, encoding="utf-8")
    return root


def shared_pibench() -> Path | None:
    """The shared π-Bench data folder: $PROACT_PIBENCH_DATA, else ../shared/pibench beside the repository."""
    env = os.environ.get("PROACT_PIBENCH_DATA")
    candidates = [Path(env)] if env else []
    candidates.append(Path(__file__).resolve().parents[2].parent / "shared" / "pibench")
    return next((c for c in candidates if (c / "researcher" / "episode.yaml").is_file()), None)
