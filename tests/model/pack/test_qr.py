"""The army code's QR code in the table pack (model/pack/qr.py); a camera's reading of it: test_browser.py."""

from __future__ import annotations

import re

from warbench.model.pack.qr import MOST_CHARS, QUIET, qr


def test_a_code_draws_as_runs_of_dark_modules_inside_the_quiet_zone():
    code = qr("WARBENCH1-" + "A" * 400 + "-0123ABCD")
    assert code is not None
    runs = [tuple(map(int, m)) for m in re.findall(r"M(\d+) (\d+)h(\d+)v1h-\3z", code.path)]
    assert "".join(f"M{x} {y}h{n}v1h-{n}z" for x, y, n in runs) == code.path
    assert all(QUIET <= x and x + n <= code.size - QUIET and QUIET <= y < code.size - QUIET for x, y, n in runs)
    assert (QUIET, QUIET, 7) in runs  # the top left finder pattern's first row


def test_a_code_too_long_for_a_qr_has_none():
    assert qr("A" * (MOST_CHARS + 1)) is None
    assert qr("A" * MOST_CHARS) is not None
