"""Whether the process that wrote a file is still running: the check behind leaving a live save's
temporary alone (model/fileio.py) and not offering a live window's autosave as crash recovery
(gui/autosave.py).

A process id alone is not enough: a killed process whose parent has not yet collected it (a zombie)
still answers ``kill(pid, 0)``, and a process id is reused by later processes. On Linux both are told
apart through ``/proc/PID/stat`` (its state, and when it started: a process that started after the file
was last written did not write it). Elsewhere ``kill(pid, 0)`` decides.
"""

from __future__ import annotations

import os
import sys
from functools import cache

#: a process that started this long after a file was last written cannot have written it (seconds; the
#: start time is read in clock ticks, file times may be coarse)
START_SLACK = 2.0


@cache
def _boot_time() -> float | None:
    try:
        with open("/proc/stat", encoding="ascii") as fh:
            for line in fh:
                if line.startswith("btime "):
                    return float(line.split()[1])
    except (OSError, ValueError, IndexError):
        pass
    return None


def _linux_state(pid: int) -> tuple[str, float | None] | None:
    """(state letter, start time as a Unix time) from /proc; None where /proc cannot tell."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii", errors="replace") as fh:
            raw = fh.read()
    except FileNotFoundError:
        return ("X", None) if os.path.isdir("/proc/self") else None  # /proc is there and the process is not
    except OSError:
        return None
    fields = raw[raw.rfind(")") + 2 :].split()  # the name in parentheses may hold spaces and ')'
    try:
        state, ticks = fields[0], int(fields[19])
    except (IndexError, ValueError):
        return None
    boot = _boot_time()
    try:
        hertz = os.sysconf("SC_CLK_TCK")
    except (ValueError, OSError, AttributeError):
        hertz = 0
    return state, (boot + ticks / hertz if boot is not None and hertz > 0 else None)


def alive(pid: int, written_at: float | None = None) -> bool:
    """Whether process ``pid`` is running and could be the one that last wrote a file at ``written_at``
    (a Unix time; None: any running process ``pid`` counts). Never raises."""
    if not isinstance(pid, int) or isinstance(pid, bool) or pid <= 0:
        return False  # 0 and negative ids name process groups, not a writer
    if sys.platform == "win32":
        return _windows_alive(pid)  # os.kill(pid, 0) would end the process there
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError, OverflowError, ValueError):
        pass  # there, but another user's (or it cannot be asked): look closer below
    found = _linux_state(pid)
    if found is None:
        return True  # cannot tell: assume it is running
    state, started = found
    if state in ("Z", "X", "x"):
        return False  # killed, not yet collected by its parent
    return not (written_at is not None and started is not None and started > written_at + START_SLACK)


def _windows_alive(pid: int) -> bool:
    if sys.platform != "win32":
        return True
    import ctypes

    kernel32 = ctypes.windll.kernel32
    handle = kernel32.OpenProcess(0x1000, False, pid)  # PROCESS_QUERY_LIMITED_INFORMATION
    if not handle:
        return bool(kernel32.GetLastError() == 5)  # ERROR_ACCESS_DENIED: there, but not ours to ask
    try:
        code = ctypes.c_ulong()
        if not kernel32.GetExitCodeProcess(handle, ctypes.byref(code)):
            return True
        return code.value == 259  # STILL_ACTIVE
    finally:
        kernel32.CloseHandle(handle)
