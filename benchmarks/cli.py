"""`warbench cost --json` as a user runs it (a fresh interpreter each time, the installed command's
console script, no editable finder: benchmarks/_installed.py): 1, 5,000 and 50,000 units.

Goals: 1 unit <= the floor + 60 ms (CPU), 5,000 units <= 500 ms, 50,000 units <= 3 s and <= 400 MB. Each figure is
printed beside a bare `python -c pass` and beside the floor no pydantic program goes under (python,
`import pydantic` and one model class built and used), both measured in the same run, in wall time
and in CPU time (user + system), because the machine these run on is shared and its speed varies
from minute to minute.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from benchmarks._armies import big_army_data  # noqa: E402
from benchmarks._installed import editable_finder_ms, installed_python  # noqa: E402

# as installed: bytecode cached (an environment that forbids writing it would time the compiler)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


#: what the ``warbench`` command pip installs runs (its console script)
SCRIPT = "import sys\nfrom warbench.launcher import main\nsys.exit(main())"

#: the least a program that validates with pydantic does: start python, import pydantic, build one model
FLOOR = "import pydantic\nclass M(pydantic.BaseModel):\n    x: int\nM(x=1)"


def run(args: list[str]) -> tuple[float, float, float]:
    """Seconds, CPU seconds and peak RSS (MB) of one child process (its ru_maxrss starts from this
    process's RSS)."""
    start = time.perf_counter()
    child = subprocess.Popen(args, stdout=subprocess.DEVNULL, cwd=ROOT, env=ENV)
    _pid, status, usage = os.wait4(child.pid, 0)
    elapsed = time.perf_counter() - start
    assert os.waitstatus_to_exitcode(status) == 0, args
    return elapsed, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def median_run(args: list[str], runs: int) -> tuple[float, float, float, float]:
    """Median seconds, their spread, median CPU seconds and the peak RSS of ``runs`` runs."""
    results = [run(args) for _ in range(runs)]
    times = sorted(t for t, _, _ in results)
    cpu = statistics.median(c for _, c, _ in results)
    return statistics.median(times), times[-1] - times[0], cpu, max(r for _, _, r in results)


def main() -> None:
    folder = Path(tempfile.mkdtemp(prefix="warbench-bench-"))
    subprocess.run([sys.executable, "-m", "compileall", "-q", "model", "warbench"], cwd=ROOT, env=ENV, check=True)
    dev, installed = editable_finder_ms(ENV)
    print(
        f"as installed (no editable finder; see benchmarks/_installed.py): `python -c pass` {installed:.0f} ms "
        f"here, {dev:.0f} ms in the development venv"
    )
    python = installed_python()
    warbench = [python, "-c", SCRIPT, "cost"]
    bare, bare_spread, bare_cpu, bare_rss = median_run([python, "-c", "pass"], 7)
    print(
        f"bare `python -c pass`: {bare * 1000:.0f} ms (spread {bare_spread * 1000:.0f} ms), "
        f"CPU {bare_cpu * 1000:.0f} ms, {bare_rss:.0f} MB"
    )
    floor, floor_spread, floor_cpu, _rss = median_run([python, "-c", FLOOR], 7)
    print(
        f"floor (python + import pydantic + one model built and used): {floor * 1000:.0f} ms "
        f"(spread {floor_spread * 1000:.0f} ms), CPU {floor_cpu * 1000:.0f} ms: "
        "no `warbench` command that validates an army file can start faster"
    )
    for units, runs, goal_s, goal_mb in ((1, 7, floor_cpu + 0.06, None), (5000, 3, 0.5, None), (50_000, 1, 3.0, 400)):
        path = folder / f"army-{units}.army.json"
        path.write_text(json.dumps(big_army_data(units)), encoding="utf-8")
        seconds, spread, cpu, rss = median_run([*warbench, str(path), "--json"], runs)
        # one unit: CPU over the floor's, the steadier figure on a shared machine; larger armies: wall time
        met = (cpu if units == 1 else seconds) <= goal_s and (goal_mb is None or rss <= goal_mb)
        print(
            f"warbench cost --json, {units:,} units: {seconds * 1000:.0f} ms median of {runs} "
            f"(spread {spread * 1000:.0f} ms; {seconds / bare:.1f}x bare python, floor + "
            f"{(seconds - floor) * 1000:.0f} ms), CPU {cpu * 1000:.0f} ms (floor + "
            f"{(cpu - floor_cpu) * 1000:.0f} ms), peak {rss:.0f} MB "
            f"(goal <= {'floor + 60 ms CPU' if units == 1 else f'{goal_s * 1000:.0f} ms'}"
            f"{f', <= {goal_mb} MB' if goal_mb else ''}: "
            f"{'met' if met else 'NOT MET'}"
            f"{'; the floor alone is over the goal' if units > 1 and floor > goal_s else ''})"
        )


if __name__ == "__main__":
    main()
