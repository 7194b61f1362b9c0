"""Why model/jsontext.py exists: the cost JSON of a 5,000-unit army written by it, by the standard library
(``json.dumps(indent=2, ensure_ascii=False)``, the text it must equal byte for byte) and by pydantic_core's
Rust writer (``to_json(indent=2)``), medians of 5 taking turns; and whether each gives the same text."""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import pydantic_core  # noqa: E402

from benchmarks._armies import big_army  # noqa: E402
from benchmarks._timing import medians_taking_turns  # noqa: E402
from warbench.model import jsontext  # noqa: E402
from warbench.model.costing import price_army  # noqa: E402
from warbench.model.systems import system_for  # noqa: E402


def main() -> None:
    army = big_army(5000)
    data = price_army(army, system_for(army)).as_json()
    ours = jsontext.dumps(data)
    stdlib = json.dumps(data, indent=2, ensure_ascii=False)
    rust = pydantic_core.to_json(data, indent=2).decode("utf-8")
    (ours_ms, _), (stdlib_ms, _), (rust_ms, _) = medians_taking_turns(
        [
            lambda: jsontext.dumps(data),
            lambda: json.dumps(data, indent=2, ensure_ascii=False),
            lambda: pydantic_core.to_json(data, indent=2),
        ],
        5,
    )
    print(f"cost JSON of a 5,000-unit army ({len(ours.encode()):,} bytes), medians of 5:")
    print(f"  model.jsontext            {ours_ms:7.0f} ms  (same text as json.dumps: {ours == stdlib})")
    print(f"  json.dumps(indent=2)      {stdlib_ms:7.0f} ms  ({stdlib_ms / ours_ms:.1f}x jsontext)")
    print(f"  pydantic_core.to_json     {rust_ms:7.0f} ms  (same text as json.dumps: {rust == stdlib})")


if __name__ == "__main__":
    main()
