"""The one-page roster summary (``warbench sheet --summary``): one page, stamp, the army file's SHA-256."""

from __future__ import annotations

import copy
import datetime as dt
import hashlib
import io
import json

import pytest
from pypdf import PdfReader

from warbench.cli import main
from warbench.model.fileio import army_from_data, load_army
from warbench.model.pdf import summary as summary_mod
from warbench.model.pdf.sheet import SheetOptions
from warbench.model.pdf.summary import SIZES, SummaryTooLong, build_summary
from warbench.model.resources import examples_dir

DAY = dt.date(2026, 11, 23)
EXAMPLES = sorted(examples_dir().glob("*.army.json"))
ORC = examples_dir() / "orc-and-ghoblin-force.army.json"


def _text(pdf: bytes) -> tuple[int, str]:
    """The page count and the text, its line breaks (where cells wrap) as spaces."""
    reader = PdfReader(io.BytesIO(pdf))
    return len(reader.pages), " ".join(" ".join(p.extract_text() for p in reader.pages).split())


def _repeated(times: int) -> dict:
    """The Orc & Ghoblin army ``times`` over (units renamed apart): 1537 pts × times."""
    data = json.loads(ORC.read_text(encoding="utf-8"))
    data["units"] = [dict(u, name=f"{u['name']} {i + 1}") for i in range(times) for u in data["units"]]
    return data


@pytest.mark.parametrize("path", EXAMPLES, ids=lambda p: p.name.removesuffix(".army.json"))
def test_every_example_fits_one_page_with_its_stamp_and_checksum(path):
    source = path.read_bytes()
    army = load_army(path)
    pages, text = _text(build_summary(army, source, path.name, SheetOptions(date=DAY)))
    assert pages == 1
    assert hashlib.sha256(source).hexdigest() in text
    assert path.name in text and army.name in text and "roster summary · 2026-11-23" in text
    assert any(word in text for word in ("valid", "legal", "over by"))
    for unit in army.units:
        assert unit.name in text
        for element in unit.elements:
            assert element.name in text


@pytest.mark.parametrize(
    "paper,landscape,times", [("a4", False, 3), ("letter", False, 3), ("a4", True, 2), ("letter", True, 2)]
)
def test_a_large_tournament_army_fits_one_page(paper, landscape, times):
    """Three times the largest example (24 units, 39 element lines, 4611 pts) on a portrait page,
    twice (16 units, 26 lines) on a landscape one."""
    army = army_from_data(_repeated(times))
    pages, text = _text(build_summary(army, b"{}", "big.army.json", SheetOptions(paper, landscape, date=DAY)))
    assert pages == 1
    assert f"{1537 * times} / 1500 pts" in text and f"Rock Lobbers {times}" in text


def test_the_text_steps_down_before_the_army_is_refused(monkeypatch):
    sizes = []
    real = summary_mod._story
    monkeypatch.setattr(summary_mod, "_story", lambda *a: sizes.append(a[-1]) or real(*a))
    build_summary(army_from_data(_repeated(3)), b"", "x", SheetOptions(date=DAY))
    # from the largest text down with the army code's QR, then (when even the smallest is too large) without it
    with_qr, without = sizes[: len(SIZES)], sizes[len(SIZES) :]
    assert sizes[0] == SIZES[0] and len(sizes) > 1 and with_qr == sorted(with_qr, reverse=True)
    assert without == sorted(without, reverse=True) and (
        not without or (with_qr == list(SIZES) and without[0] == SIZES[0])
    )
    sizes.clear()
    build_summary(load_army(ORC), b"", "x", SheetOptions(date=DAY))
    assert sizes == [SIZES[0]]  # a small army is printed in the largest text


def test_an_army_too_long_for_one_page_is_refused_with_figures():
    army = army_from_data(_repeated(10))
    with pytest.raises(SummaryTooLong) as caught:
        build_summary(army, b"", "x", SheetOptions())
    message = str(caught.value)
    assert "80 units and 130 elements" in message and "7 pt" in message and "pages of A4" in message
    needed = float(message.split(" need ")[1].split()[0])
    assert 2.0 <= needed <= 4.0  # the whole table measured, not cut at the page's height
    assert "army sheet" in message


def test_cli_summary_writes_one_page_and_prints_the_checksum(tmp_path, capsys):
    out = tmp_path / "summary.pdf"
    assert main(["sheet", str(ORC), "-o", str(out), "--summary", "--date", "2026-11-23"]) == 0
    digest = hashlib.sha256(ORC.read_bytes()).hexdigest()
    assert f"army file SHA-256 {digest}" in capsys.readouterr().out
    pages, text = _text(out.read_bytes())
    assert pages == 1 and digest in text


def test_cli_summary_of_a_too_long_army_fails_clearly_and_writes_nothing(tmp_path, capsys):
    path = tmp_path / "huge.army.json"
    path.write_text(json.dumps(_repeated(10)), encoding="utf-8")
    out = tmp_path / "summary.pdf"
    assert main(["sheet", str(path), "-o", str(out), "--summary"]) == 1
    err = capsys.readouterr().err
    assert f"{path}: Orc & Ghoblin Force does not fit on one page" in err
    assert not out.exists()


def test_one_changed_byte_changes_the_printed_checksum(tmp_path):
    """The checksum is of the file's bytes, so an edited file no longer matches its printed list."""
    original = ORC.read_bytes()
    edited = original.replace(b'"points_limit": 1500', b'"points_limit": 1501')
    assert edited != original
    army = load_army(ORC)
    first = _text(build_summary(army, original, ORC.name, SheetOptions(date=DAY)))[1]
    second = _text(build_summary(army, edited, ORC.name, SheetOptions(date=DAY)))[1]
    assert hashlib.sha256(original).hexdigest() in first and hashlib.sha256(original).hexdigest() not in second
    assert hashlib.sha256(edited).hexdigest() in second


def test_names_print_as_written_never_as_markup():
    data = copy.deepcopy(json.loads(ORC.read_text(encoding="utf-8")))
    data["name"] = "<b>Bold</b> & <font size=60>Big</font>"
    data["units"][0]["name"] = "Mob <br/> & co"
    data["units"][0]["elements"][0]["name"] = "Gob <i>lin</i>"
    text = _text(build_summary(army_from_data(data), b"", "a <b>.json", SheetOptions(date=DAY)))[1]
    for raw in (data["name"], "Mob <br/> & co", "Gob <i>lin</i>", "a <b>.json"):
        assert raw in text


def test_the_summary_is_deterministic():
    army = load_army(ORC)
    opts = SheetOptions(date=DAY)
    assert build_summary(army, b"1", "x", opts) == build_summary(army, b"1", "x", opts)


def test_the_stamp_puts_each_measure_of_a_force_on_its_own_line():
    """A force without points is stamped by its measures ("5 units, 18 figures; routs after losing 3 units"):
    each one a line of the box, never broken inside ("routs after" / "losing 3 units")."""
    path = examples_dir() / "2d6-dust-raiders.army.json"
    pdf = build_summary(load_army(path), path.read_bytes(), path.name, SheetOptions(date=DAY))
    lines = [line.strip() for line in PdfReader(io.BytesIO(pdf)).pages[0].extract_text().splitlines()]
    assert "5 units, 18 figures" in lines and "routs after losing 3 units" in lines
