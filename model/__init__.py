"""Warbench's Qt-free core: rules data, costing, validation, the army file and dice maths.

Nothing in this package may import Qt, directly or indirectly (see tests/test_no_qt.py).
"""

__version__ = "0.1.0"
