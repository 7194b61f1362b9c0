"""The report of ``warbench check`` (model/organiser.py) as CSV, JSON or HTML (docs/organiser.md lists the
columns). Names, sources and problems are a stranger's text: in the HTML they are escaped (Jinja2 with
autoescape), each isolated in a ``<bdi>`` (a right-to-left mark in a name reorders nothing around it), and
the page runs no script and loads nothing (its Content-Security-Policy forbids both); in the CSV a
text a spreadsheet would read as a formula (``=``, ``+``, ``-``, ``@``, a tab or a carriage return first) is
written with a ``'`` before it, as OWASP advises, so opening the report never runs anything."""

from __future__ import annotations

import csv
import io
from typing import Any

from warbench.model import __version__, jsontext
from warbench.model.organiser import Checked, ListRow

#: the CSV report's columns, in order (the JSON report's keys of a list, lists joined one item a line)
CSV_COLUMNS = ("source", "name", "system", "total", "fingerprint", "problems", "duplicate_of", "warnings")
#: the report formats, by the report file's suffix
FORMATS = ("csv", "json", "html")
#: what a spreadsheet reads as the start of a formula
_FORMULA_START = ("=", "+", "-", "@", "\t", "\r")

_HTML = """<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Warbench list check: {{ summary }}</title>
<style>
body { font-family: sans-serif; margin: 1.5em; color: #222; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #b0bec5; padding: 0.3em 0.5em; text-align: left; vertical-align: top; }
th { background: #37474f; color: #fff; }
tr.fails td.result { color: #b71c1c; font-weight: bold; }
tr.passes td.result { color: #1b5e20; }
td.number { text-align: right; }
td.code { font-family: monospace; white-space: nowrap; }
ul { margin: 0; padding-left: 1.1em; }
</style>
</head>
<body>
<h1>List check</h1>
<p>{{ summary }}</p>
<p>Event rules: {{ rules }}.</p>
<table>
<thead><tr><th scope="col">Result</th><th scope="col">Source</th><th scope="col">Army</th><th scope="col">System</th>
<th scope="col">Total</th><th scope="col">Fingerprint</th><th scope="col">Problems</th>
<th scope="col">Duplicate of</th><th scope="col">Warnings</th></tr></thead>
<tbody>
{% for row in rows %}<tr class="{{ 'passes' if row.passes else 'fails' }}">
<td class="result">{{ 'passes' if row.passes else 'fails' }}</td>
<td><bdi>{{ row.source }}</bdi></td><td><bdi>{{ row.name }}</bdi></td>
<td>{{ row.system }}</td><td class="number">{{ row.total if row.total is not none else '' }}</td>
<td class="code">{{ row.fingerprint }}</td>
<td>{% if row.problems %}<ul>{% for p in row.problems %}<li><bdi>{{ p }}</bdi></li>{% endfor %}</ul>{% endif %}</td>
<td><bdi>{{ row.duplicate_of }}</bdi></td>
<td>{% if row.warnings %}<ul>{% for w in row.warnings %}<li><bdi>{{ w }}</bdi></li>{% endfor %}</ul>{% endif %}</td>
</tr>
{% endfor %}</tbody>
</table>
<p><small>Warbench {{ version }}</small></p>
</body>
</html>
"""


def summary(checked: Checked) -> str:
    """One line: how many lists, how many pass and fail, how many share a fingerprint."""
    rows = checked.rows
    failed = sum(not row.passes for row in rows)
    duplicates = sum(bool(row.duplicate_of) for row in rows)
    text = f"{len(rows):,} list{'s' * (len(rows) != 1)}: {len(rows) - failed:,} pass, {failed:,} fail"
    if duplicates:
        text += f"; {duplicates:,} share a fingerprint with another"
    if checked.skipped:
        text += f"; {checked.skipped:,} text file{'s' * (checked.skipped != 1)} without an army code left out"
    return text


def rules_text(checked: Checked) -> str:
    rules = checked.rules
    return ", ".join(
        [
            f"system {rules.system}" if rules.system else "any system",
            f"limit {rules.limit:,}" if rules.limit is not None else "each army's own limit",
            "homebrew allowed" if rules.homebrew else "no homebrew",
            "warnings fail a list" if rules.strict else "warnings reported",
        ]
    )


def html_report(checked: Checked) -> str:
    """The report as one HTML page, every text of the lists escaped."""
    from jinja2 import Environment

    template = Environment(autoescape=True, keep_trailing_newline=True).from_string(_HTML)
    return template.render(rows=checked.rows, summary=summary(checked), rules=rules_text(checked), version=__version__)


def _cell(text: str) -> str:
    return "'" + text if text.startswith(_FORMULA_START) else text


def _csv_row(row: ListRow) -> list[str]:
    return [
        _cell(row.source),
        _cell(row.name),
        row.system,
        row.total or "",
        row.fingerprint,
        _cell("\n".join(row.problems)),
        _cell(row.duplicate_of),
        _cell("\n".join(row.warnings)),
    ]


def csv_report(checked: Checked) -> str:
    """The report as CSV (:data:`CSV_COLUMNS`; a header row, then a row a list)."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    writer.writerows(_csv_row(row) for row in checked.rows)
    return buffer.getvalue()


def json_report(checked: Checked) -> str:
    """The report as JSON: ``{"lists": [...]}`` (shared/spec/organiser.md)."""
    data: Any = checked.as_json()
    return jsontext.dumps(data) + "\n"


def report(checked: Checked, fmt: str) -> str:
    """The report in ``fmt`` (one of :data:`FORMATS`)."""
    return {"csv": csv_report, "json": json_report, "html": html_report}[fmt](checked)
