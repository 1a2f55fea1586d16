"""Graders: rule kinds (one file each), the rubric judge, checklist aggregation. Never imports the graph."""
