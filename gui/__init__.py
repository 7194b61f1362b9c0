"""Warbench's Qt (PySide6) user interface: a thin layer over ``model``."""
