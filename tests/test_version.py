"""The version is written once (model.__version__); the installed package reports the same."""

from importlib.metadata import version

import model


def test_installed_version_is_model_version():
    assert version("warbench") == model.__version__
    assert model.__version__.count(".") == 2
