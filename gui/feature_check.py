"""PySide6's ``__feature__`` check, spared for the modules loaded before PySide6.

Once PySide6 is loaded, its import hook looks at every module an import statement names for the first
time: it reads the module's source (``inspect.getsource``, which keeps the lines in ``linecache``) and
looks for the word "PySide6" in it, to know which modules may select a ``__feature__`` (snake_case,
true_property). Warbench selects none. The window's modules name ~80 modules loaded before PySide6
(the standard library's, pydantic's, ``model``'s): reading them cost the start about 20 ms and their
lines in memory. A module loaded before PySide6 did not import it, so the answer for each is known:
:func:`spare_loaded_modules` records it as the hook would ("does not use PySide6"), and the hook reads
none of them.
"""

from __future__ import annotations

import sys

#: where PySide6 keeps the hook's answers: module name -> 0 (uses PySide6) or -1 (does not)
_HOOK = "shibokensupport.feature"


def spare_loaded_modules() -> int:
    """Load PySide6 and record every module loaded before it as not using it; how many were recorded
    (0 when this PySide6 has no such check: then it reads their source, as it always did)."""
    before = list(sys.modules)
    import PySide6.QtCore  # noqa: F401  (loads the import hook whose answers are recorded here)

    answers = getattr(sys.modules.get(_HOOK), "pyside_feature_dict", None)
    if not isinstance(answers, dict):
        return 0
    fresh = [name for name in before if name not in answers]
    answers.update(dict.fromkeys(fresh, -1))
    return len(fresh)
