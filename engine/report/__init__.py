"""Reports over run directories: tidy session rows, tables, bootstrap statistics, plots, CSV/JSON exports and
a self-contained HTML page with a trace viewer. Computed from files on disk only, never from a live run."""
