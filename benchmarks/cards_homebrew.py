"""Cards for one element with 1,000 homebrew attributes (issue 26 item 11): the element's card is fitted
with each rule measured once (it took 178 s when every shortened rule re-measured the whole card). One run:
the deck holds 1,012 cards (one per attribute)."""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from warbench.model.fileio import army_from_data  # noqa: E402
from warbench.model.pdf.cards import build_cards  # noqa: E402

ATTRIBUTES = 1000


def army_data() -> dict:
    attributes = [
        {"id": f"hb-{i}", "name": f"Homebrew attribute number {i}", "cost": {"kind": "flat", "points": 1}}
        for i in range(ATTRIBUTES)
    ]
    element = {"name": "E", "type": "trooper", "count": 1, "die": "d6", "move": 0, "melee": None, "ranged": None}
    element["attributes"] = [{"id": a["id"]} for a in attributes]
    return {
        "format": "warbench-army",
        "schema_version": 1,
        "system": "fow-special-ops",
        "name": "Homebrew",
        "points_limit": None,
        "homebrew": {"attributes": attributes},
        "units": [{"name": "Unit", "elements": [element]}],
    }


def main() -> None:
    army = army_from_data(army_data())
    start = time.perf_counter()
    data = build_cards(army)
    seconds = time.perf_counter() - start
    print(f"cards, {ATTRIBUTES:,} homebrew attributes on one element: {seconds:.1f} s, {len(data):,} bytes")


if __name__ == "__main__":
    main()
