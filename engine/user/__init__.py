"""The simulated user: two-stage intent assignment in three modes (llm, strict, rules)."""
