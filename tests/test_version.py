"""The version is written once (warbench.model.__version__); the installed package reports the same."""

from importlib.metadata import version

import warbench.model


def test_installed_version_is_model_version():
    assert version("warbench") == warbench.model.__version__
    assert warbench.model.__version__.count(".") == 2
