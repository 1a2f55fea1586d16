"""The self-contained report page: tables, plots as base64 PNG, and the per-session trace viewer; CSS and JS
inline, nothing fetched from the network. Run content is escaped everywhere."""

from __future__ import annotations

import base64
from collections.abc import Sequence
from html import escape

from engine.report.table import Cell, Table

CSS = """
body{font:14px/1.45 system-ui,sans-serif;margin:0;color:#1d232a;background:#f6f7f9}
header,main{max-width:1200px;margin:0 auto;padding:0 20px}header{padding-top:16px}nav a{margin-right:14px}
h2{border-bottom:2px solid #d5dae0;padding-bottom:4px;margin-top:32px}
.block{background:#fff;border:1px solid #dde2e8;border-radius:6px;padding:10px 14px;margin:14px 0;overflow-x:auto}
table{border-collapse:collapse;font-size:13px}
th,td{border:1px solid #dde2e8;padding:3px 7px;vertical-align:top}th{background:#eef1f5;text-align:left}
td.num{text-align:right;font-variant-numeric:tabular-nums}.note,.muted{color:#69727d;font-size:12px}
figure{display:inline-block;margin:8px;background:#fff;border:1px solid #dde2e8;padding:6px}
figure img{max-width:560px;display:block}figcaption{font-size:12px;color:#444;margin-top:4px}
.trace{background:#fff;border:1px solid #c9d1db;border-radius:6px;padding:10px 16px;margin:14px 0}
.turn{border-left:3px solid #c9d1db;margin:10px 0;padding:2px 0 2px 10px}
.turn-head{font-weight:600;margin-bottom:4px}
.msg{border-radius:6px;padding:6px 10px;margin:5px 0;white-space:pre-wrap;max-width:900px}
.who{font-size:11px;color:#555;font-weight:600}.msg.user{background:#eef4ff}.msg.agent{background:#effaf1}
pre{background:#f3f4f6;padding:6px 8px;white-space:pre-wrap;word-break:break-word;margin:3px 0;font-size:12px}
details.tool{border:1px solid #dde2e8;border-radius:4px;margin:4px 0;padding:2px 8px}
details.tool.failed{border-color:#e0a0a0}.label{font-size:11px;color:#555;margin-top:4px}
.err{background:#fdf0f0}.warn{background:#fff6e5;padding:4px 8px;margin:4px 0}.ws ul{margin:2px 0}
.status{padding:3px 8px;margin:3px 0;border-radius:4px}.end{font-style:italic;margin-top:6px}
.st-completed{background:#d6f5dc}.st-inferred{background:#dbe8ff}.st-provided{background:#ffe9c7}
.st-open{background:#f3d6d6}.timeline td{width:22px;text-align:center;font-weight:600}
.v-pass{background:#d6f5dc}.v-fail{background:#f3d6d6}.v-error{background:#fff0c2}
.add{color:#176b2c;background:#e9f8ec}.del{color:#9b1c1c;background:#fbeaea}.cut{color:#b25b00}
"""

SCRIPT = """
function showTrace(){
  var want=decodeURIComponent(location.hash.slice(1)), traces=[].slice.call(document.querySelectorAll('section.trace'));
  var target=traces.filter(function(t){return t.id===want;})[0]||traces[0]||null;
  traces.forEach(function(t){t.hidden=(t!==target);});
  document.body.setAttribute('data-trace', target?target.id:'');
  return target;
}
window.addEventListener('hashchange', function(){var t=showTrace(); if(t){t.scrollIntoView();}});
window.addEventListener('load', function(){
  var target=showTrace(), images=[].slice.call(document.images);
  images.forEach(function(i){i.setAttribute('data-natural-width', String(i.naturalWidth));});
  var check={images:images.map(function(i){return i.naturalWidth;}),
    tables:document.querySelectorAll('table.data').length,
    trace:target?target.id:null, traceHeight:target?target.offsetHeight:0,
    traceTurns:target?target.querySelectorAll('.turn').length:0};
  document.getElementById('render-check').textContent=JSON.stringify(check);
});
"""


def _e(value: object) -> str:
    return escape(str(value), quote=True)


def format_cell(column: str, value: Cell) -> str:
    """A cell as text: percentages and other floats with one decimal, costs with four, missing as '–'."""
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.4f}" if "cost" in column else f"{value:.1f}"
    return str(value)


def _merged(table: Table) -> list[tuple[str, list[int]]]:
    """Display columns: a 'X mean' column followed by 'X std' shows as one 'X' column 'mean ± std'."""
    out: list[tuple[str, list[int]]] = []
    skip = False
    for k, column in enumerate(table.columns):
        if skip:
            skip = False
            continue
        following = table.columns[k + 1] if k + 1 < len(table.columns) else ""
        if column.endswith(" mean") and following == column[: -len(" mean")] + " std":
            out.append((column[: -len(" mean")], [k, k + 1]))
            skip = True
        else:
            out.append((column, [k]))
    return out


def table_html(table: Table) -> str:
    """One table block: title, note and the rows, numbers right-aligned."""
    columns = _merged(table)
    head = "".join(f"<th>{_e(name)}</th>" for name, _ in columns)
    body = []
    for row in table.rows:
        cells = []
        for name, idx in columns:
            text = format_cell(name, row[idx[0]])
            if len(idx) == 2 and row[idx[1]] is not None:
                text += f" ± {format_cell(name, row[idx[1]])}"
            numeric = isinstance(row[idx[0]], int | float) or row[idx[0]] is None
            cells.append(f"<td class='num'>{_e(text)}</td>" if numeric else f"<td>{_e(text)}</td>")
        body.append(f"<tr>{''.join(cells)}</tr>")
    note = f"<p class='note'>{_e(table.note)}</p>" if table.note else ""
    if not body:
        note += "<p class='muted'>No rows: the runs hold no data for this table.</p>"
    return (
        f"<div class='block' id='table-{_e(table.name)}'><h3>{_e(table.title)}</h3>{note}"
        f"<table class='data' data-name='{_e(table.name)}'><tr>{head}</tr>{''.join(body)}</table>"
        f"<p class='note'>{_e(table.name)}.csv · {_e(table.name)}.json</p></div>"
    )


def plot_html(name: str, caption: str, png: bytes) -> str:
    """One embedded figure."""
    data = base64.b64encode(png).decode("ascii")
    return (
        f"<figure id='plot-{_e(name)}'><img alt='{_e(caption)}' src='data:image/png;base64,{data}'>"
        f"<figcaption>{_e(caption)}</figcaption></figure>"
    )


def index_html(sessions: Table) -> str:
    """The trace viewer's index: one line per session, linking to its trace."""
    keep = [
        "agent",
        "memory",
        "ablate",
        "repeat",
        "persona",
        "session",
        "category",
        "Proc",
        "Comp",
        "turns",
        "termination",
    ]
    idx = [sessions.columns.index(c) for c in keep]
    key = sessions.columns.index("key")
    rows = []
    for row in sessions.rows:
        cells = "".join(f"<td>{_e(format_cell(sessions.columns[i], row[i]))}</td>" for i in idx)
        rows.append(f"<tr>{cells}<td><a href='#trace-{_e(row[key])}'>trace</a></td></tr>")
    head = "".join(f"<th>{_e(c)}</th>" for c in [*keep, ""])
    return f"<div class='block'><table class='index'><tr>{head}</tr>{''.join(rows)}</table></div>"


def page_html(
    title: str,
    intro: str,
    tables: Sequence[Table],
    plots: Sequence[tuple[str, str, bytes]],
    sessions: Table,
    traces: Sequence[str],
) -> str:
    """The whole report page."""
    figures = "".join(plot_html(n, c, p) for n, c, p in plots) or "<p class='muted'>No plots.</p>"
    trace_note = "" if traces else "<p class='muted'>Traces were left out of this report.</p>"
    return (
        "<!DOCTYPE html><html lang='en'><head><meta charset='utf-8'>"
        f"<meta name='viewport' content='width=device-width, initial-scale=1'><title>{_e(title)}</title>"
        f"<style>{CSS}</style><script>{SCRIPT}</script></head><body>"
        f"<header><h1>{_e(title)}</h1><p class='muted'>{_e(intro)}</p>"
        "<nav><a href='#tables'>Tables</a><a href='#plots'>Plots</a><a href='#traces'>Trace viewer</a></nav>"
        "</header><main>"
        f"<h2 id='tables'>Tables</h2>{''.join(table_html(t) for t in tables)}"
        f"<h2 id='plots'>Plots</h2><div>{figures}</div>"
        f"<h2 id='traces'>Trace viewer</h2><p class='muted'>Pick a session; its conversation, tool calls, workspace "
        f"diffs, intent ledger and checklist show below the list.</p>{index_html(sessions)}{trace_note}"
        f"{''.join(traces)}"
        "<pre id='render-check' hidden></pre></main></body></html>"
    )
