"""warbench.model.collector: the cyclic collector paused for a while, and always put back as it was."""

from __future__ import annotations

import gc

import pytest

from warbench.model.collector import lasting, no_cycle_collection


@pytest.fixture(autouse=True)
def _collector_restored():
    was = gc.isenabled()
    yield
    (gc.enable if was else gc.disable)()


def test_off_inside_and_back_on_after():
    gc.enable()
    with no_cycle_collection():
        assert not gc.isenabled()
    assert gc.isenabled()


def test_back_on_after_an_exception():
    gc.enable()
    with pytest.raises(ValueError), no_cycle_collection():
        raise ValueError("boom")
    assert gc.isenabled()


def test_left_off_when_it_was_off_and_nests():
    gc.disable()
    with no_cycle_collection():
        with no_cycle_collection():
            assert not gc.isenabled()
        assert not gc.isenabled()
    assert not gc.isenabled()


def test_what_lasts_is_made_without_collection_then_left_out_of_its_passes():
    gc.enable()
    frozen = gc.get_freeze_count()
    try:
        with lasting():
            assert not gc.isenabled()
            made = [[] for _ in range(1000)]
        assert gc.isenabled()
        assert gc.get_freeze_count() >= frozen + len(made)
    finally:
        gc.unfreeze()  # this test process goes on making and dropping cycles


def test_nothing_is_frozen_after_an_exception():
    gc.enable()
    frozen = gc.get_freeze_count()
    with pytest.raises(ValueError), lasting():
        raise ValueError("boom")
    assert gc.isenabled() and gc.get_freeze_count() == frozen
