"""The check's report (model/check_report.py): CSV and JSON columns as docs/organiser.md lists them, and a
report that stays inert for hostile names: the HTML escaped (no element or attribute of a stranger's
choosing), the CSV without a cell a spreadsheet would run as a formula."""

from __future__ import annotations

import csv
import io
import json
import shutil
from html.parser import HTMLParser

import pytest

from tests.helpers import army_data, element
from warbench.model.check_report import CSV_COLUMNS, csv_report, html_report, json_report, report
from warbench.model.fileio import army_bytes, army_from_data
from warbench.model.organiser import EventRules, check

HOSTILE = [
    "<script>window.pwned = 1</script>",
    "<img src=x onerror='window.pwned = 1'>",
    '"><img src=x onerror=alert(1)>',
    "</td></tr></table><iframe src=https://example.com>",
    '=HYPERLINK("https://example.com","x")',
    "+1+cmd|' /C calc'!A0",
    "-2+3",
    "@SUM(A1:A2)",
    "{{ 7*7 }} {% raw %}",
    "&amp; &lt;b&gt;",
]


def _hostile_check(tmp_path, limit=None):
    for n, name in enumerate(HOSTILE):
        army = army_from_data(army_data(elements=[element(name=name)], name=name))
        (tmp_path / f"{n}.army.json").write_bytes(army_bytes(army))
    (tmp_path / "z-broken.army.json").write_text('{"name": "<b>bold</b>"')
    return check([str(tmp_path)], EventRules(limit=limit))


class _Elements(HTMLParser):
    """The elements and attributes of an HTML page, and its text."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: set[str] = set()
        self.attributes: set[str] = set()
        self.text: list[str] = []

    def handle_starttag(self, tag, attrs):
        self.tags.add(tag)
        self.attributes |= {name for name, _ in attrs}

    def handle_data(self, data):
        self.text.append(data)


def test_the_html_report_shows_hostile_names_as_text(tmp_path):
    html = html_report(_hostile_check(tmp_path))
    parsed = _Elements()
    parsed.feed(html)
    assert parsed.tags <= {"html", "head", "meta", "title", "style", "body", "h1", "p", "small", "table", "thead",
                           "tbody", "tr", "th", "td", "ul", "li", "bdi"}  # fmt: skip
    assert parsed.attributes <= {"lang", "charset", "http-equiv", "content", "name", "class", "scope"}
    text = "".join(parsed.text)
    for name in HOSTILE:
        assert name in text  # shown as written, every character
    assert "49" not in text  # {{ 7*7 }} in a name is not a template


def test_the_html_report_loads_and_runs_nothing(tmp_path):
    html = html_report(_hostile_check(tmp_path))
    assert "default-src 'none'" in html and "<script" not in html.lower()


def test_the_csv_report_has_its_columns_and_no_formula(tmp_path):
    checked = _hostile_check(tmp_path, limit=0)
    rows = list(csv.reader(io.StringIO(csv_report(checked))))
    assert tuple(rows[0]) == CSV_COLUMNS == (
        "source", "name", "system", "total", "fingerprint", "problems", "duplicate_of", "warnings",
    )  # fmt: skip
    assert len(rows) == len(checked.rows) + 1
    for row in rows[1:]:
        for cell in row:
            assert not cell.startswith(("=", "+", "-", "@", "\t", "\r")), cell
    names = {row[1] for row in rows[1:]}
    assert '\'=HYPERLINK("https://example.com","x")' in names and "<script>window.pwned = 1</script>" in names
    failing = [row for row in rows[1:] if row[5]]
    assert len(failing) == len(rows) - 1  # a limit of 0: every list over it, the broken file unreadable


def test_the_json_report_is_the_contract(tmp_path):
    checked = _hostile_check(tmp_path)
    data = json.loads(json_report(checked))
    assert list(data) == ["lists"] and len(data["lists"]) == len(HOSTILE) + 1
    for row in data["lists"]:
        assert {"source", "name", "system", "total", "fingerprint", "problems", "duplicate_of"} <= set(row)
        assert isinstance(row["problems"], list) and isinstance(row["duplicate_of"], str)
    assert {row["name"] for row in data["lists"]} >= set(HOSTILE)


@pytest.mark.parametrize("fmt", ["csv", "json", "html"])
def test_every_format_names_every_source(tmp_path, fmt):
    checked = _hostile_check(tmp_path)
    text = report(checked, fmt)
    assert all(row.source.replace("\\", "\\\\") in text for row in checked.rows)


def test_a_browser_shows_the_hostile_report_as_text_and_runs_nothing(tmp_path):
    """The report opened in a real browser (headless Chromium through Selenium, where installed): no
    script of a name runs, no element of a name exists, nothing is loaded, and each name reads as written."""
    webdriver = pytest.importorskip("selenium.webdriver")
    if shutil.which("chromedriver") is None:
        pytest.skip("no chromedriver on this machine (Debian: apt install chromium-driver)")
    folder = tmp_path / "lists"
    folder.mkdir()
    page = tmp_path / "report.html"
    page.write_text(html_report(_hostile_check(folder)), encoding="utf-8")
    options = webdriver.ChromeOptions()
    for argument in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(argument)
    browser = webdriver.Chrome(options=options)
    try:
        browser.get(page.as_uri())
        assert browser.execute_script("return window.pwned === undefined && document.title.length > 0")
        tags = browser.execute_script(
            "return [...document.body.querySelectorAll('*')].map(e => e.tagName.toLowerCase())"
        )
        assert set(tags) <= {"h1", "p", "small", "table", "thead", "tbody", "tr", "th", "td", "ul", "li", "bdi"}
        assert browser.execute_script("return performance.getEntriesByType('resource').length") == 0
        names = browser.execute_script(
            "return [...document.querySelectorAll('tbody tr')].map(r => r.cells[2].textContent)"
        )
        assert set(HOSTILE) <= set(names)
    finally:
        browser.quit()
