"""The window's one selection (gui/selection.py)."""

from __future__ import annotations

from tests.gui.helpers import (
    HUMAN,
)


def test_one_owner_of_the_selection(window):
    """The tree, the form and the cost panel show what the window's one Selection holds."""
    window.open_file(HUMAN)
    assert window.form.selection is window.selection is window.cost_panel.selection
    window.tree.setCurrentIndex(window.tree_model.element_index(1, 0))
    assert window.selection.position == (1, 0) == window.selected
    assert window.form.position == (1, 0)
    assert window.cost_panel.title.text().startswith(f"<b>{window.document.element(1, 0).name}")
    window.select(2, None)  # a unit: no element in the form and the cost panel
    assert window.form.position is None and window.tree.currentIndex() == window.tree_model.element_index(2, None)
    # deleting the selected element selects its neighbour, everywhere
    window.select(0, 1)
    last = len(window.document.army.units[0].elements) - 1
    window.select(0, last)
    window.commands.delete()
    assert window.selected == (0, last - 1) == window.form.position
    assert window.tree.currentIndex() == window.tree_model.element_index(0, last - 1)
