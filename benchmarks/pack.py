"""The table pack (``warbench pack``): each example army's page, its size (goal: at most 300 KB) and the time
it takes to open in headless Chromium at 390 × 844 with the CPU slowed 4× (CDP
``Emulation.setCPUThrottlingRate``), the stand-in for a mid-range phone (goal: at most 1 s, the page's load
event, its script run); also the time to make it. Without a browser (``apt-get install chromium
chromium-driver``) the open times are skipped, saying why."""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks._timing import median_ms  # noqa: E402
from tests.model.pack import browser  # noqa: E402
from warbench.model.fileio import load_army  # noqa: E402
from warbench.model.pack import build_pack  # noqa: E402
from warbench.model.resources import examples_dir  # noqa: E402

THROTTLE = 4
LOADS = 5
GOAL_BYTES = 300 * 1024
GOAL_MS = 1000


def open_ms(driver, page: Path) -> float:
    """Median over :data:`LOADS` loads of the page's load event (ms from the start of navigation): the
    HTML parsed, the style applied and the script run (it is inline and synchronous)."""
    times = []
    for _ in range(LOADS):
        driver.get(page.as_uri())
        times.append(driver.execute_script("return performance.getEntriesByType('navigation')[0].loadEventEnd"))
    return statistics.median(times)


def main() -> int:
    folder = Path(tempfile.mkdtemp(prefix="warbench-pack-"))
    pages = {}
    print(f"{'army':44} {'bytes':>9} {'make ms':>8} {'open ms (CPU /' + str(THROTTLE) + ')':>18}")
    for path in sorted(examples_dir().glob("*.army.json")):
        army = load_army(path)
        data = build_pack(army)
        page = folder / (path.name.removesuffix(".army.json") + ".html")
        page.write_bytes(data)
        pages[path.name] = (page, len(data), median_ms(lambda army=army: build_pack(army), 3))
    why = browser.missing()
    driver = None
    if not why:
        driver = browser.start()
        driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    worst_bytes = worst_ms = 0.0
    try:
        for name, (page, size, make) in pages.items():
            opened = open_ms(driver, page) if driver else float("nan")
            worst_bytes, worst_ms = max(worst_bytes, size), max(worst_ms, opened if driver else 0)
            print(f"{name:44} {size:>9,} {make:>8.0f} {opened:>18.0f}")
    finally:
        if driver:
            driver.quit()
    print(f"largest page {worst_bytes:,.0f} bytes (goal <= {GOAL_BYTES:,})")
    if why:
        print(f"open times skipped: {why}")
    else:
        print(f"slowest open {worst_ms:.0f} ms at CPU /{THROTTLE} (goal <= {GOAL_MS})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
