"""PySide6's ``__feature__`` check, spared for the modules loaded before PySide6.

Once PySide6 is loaded, its import hook looks at every module an import statement names for the first
time: it reads the module's source (``inspect.getsource``, which keeps the lines in ``linecache``) and
looks for the word "PySide6" in it, to know which modules may select a ``__feature__`` (snake_case,
true_property). Warbench selects none. The window's modules name ~80 modules loaded before PySide6
(the standard library's, pydantic's, ``model``'s): reading them cost the start about 20 ms and their
lines in memory. A module loaded before PySide6 did not import it, so the answer for each is known:
:func:`spare_loaded_modules` records it as the hook would ("does not use PySide6"), and the hook reads
none of them. It records this package's modules too, as using PySide6: the hook need not read the
window's ~30 modules either (with no ``__feature__`` selected, both answers change nothing else).
"""

from __future__ import annotations

import pkgutil
import sys

#: where PySide6 keeps the hook's answers: module name -> 0 (uses PySide6) or -1 (does not)
_HOOK = "shibokensupport.feature"


def spare_loaded_modules() -> int:
    """Load PySide6, record every module loaded before it as not using it and this package's as using
    it; how many were recorded (0 when this PySide6 has no such check: then it reads their source, as
    it always did)."""
    before = list(sys.modules)
    import PySide6.QtCore  # noqa: F401  (loads the import hook whose answers are recorded here)

    answers = getattr(sys.modules.get(_HOOK), "pyside_feature_dict", None)
    if not isinstance(answers, dict):
        return 0
    fresh = [name for name in before if name not in answers]
    answers.update(dict.fromkeys(fresh, -1))
    # pkgutil, not a folder listing: in the PyInstaller bundle the package has no folder (the modules are in
    # its archive), and a missing folder lists nothing instead of raising
    package = sys.modules[__package__]
    own = [f"{__package__}.{module.name}" for module in pkgutil.iter_modules(package.__path__)]
    answers.update(dict.fromkeys(own, 0))
    return len(fresh) + len(own)
