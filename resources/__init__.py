"""Warbench's package data: rules data per system, fonts with their licences and example armies.

Installed as the ``warbench.resources`` package (see pyproject.toml) and read through
``importlib.resources``; this folder holds no code.
"""
