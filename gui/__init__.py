"""Warbench's Qt (PySide6) user interface: a thin layer over ``model``.

The Qt-free core the window needs is imported here, before any module of this package imports PySide6:
once PySide6 is loaded it reads the source of every module an import statement names (its ``__feature__``
check looks for the word "PySide6" in each), and the ~100 modules of pydantic and ``model`` that the
window never names itself would cost the start-up about 40 ms and 5 MB of source lines kept in memory.
Those the window does name (``from model.fileio import ...``, ``import typing``) are then recorded as not
using PySide6 (:mod:`gui.feature_check`), so that PySide6 reads none of them either.
"""

from warbench.model.collector import lasting

with lasting():  # the modules last as long as the window: no cycle collection over them (model/collector.py)
    import warbench.model.edits  # noqa: F401  (the edits, costing and report behind the window's panels)
    import warbench.model.element_rules  # noqa: F401  (the cost panel's rule lines)
    import warbench.model.library  # noqa: F401  (the army file, the rule systems and pydantic)
    import warbench.model.pdf.documents  # noqa: F401  (the documents File ▸ Export lists; no reportlab)
    from warbench.gui.feature_check import spare_loaded_modules  # after the model: it records the modules loaded so far

    spare_loaded_modules()
