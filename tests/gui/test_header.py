"""The header strip (gui/header.py): the army's name, its points limit and the system."""

from __future__ import annotations

from PySide6.QtCore import Qt

from warbench.model.systems import get_system, system_ids


def test_army_name_keeps_its_spaces_while_typing(qtbot, active):
    name = active.header.name
    name.setFocus()
    name.clear()
    qtbot.keyClicks(name, "The Iron Legion ")
    assert name.text() == "The Iron Legion "  # nothing rewritten under the cursor
    assert active.document.army.name == "The Iron Legion"
    qtbot.keyClick(name, Qt.Key_Return)  # committed: normalised
    assert name.text() == "The Iron Legion"


def test_systems_without_points_get_no_limit(qtbot, active, answers):
    for system in [sid for sid in system_ids() if not get_system(sid).pricing.has_points]:
        answers.new_army = (system, "Platoon", 1000)
        active.document.undo_stack.setClean()
        active.files.new_army()
        assert active.document.army.points_limit is None
        assert "1000" not in active.header.bar.format()
        assert not active.header.limit.isEnabled()


def test_the_points_bar_is_as_wide_as_its_text(german, qtbot, make_window):
    """User trial 3: in German with the Balance dock open the bar read "37 / 1500 Pkt. — um 37 überschritt":
    it was sized for the English text. It is never narrower than what it says."""
    from warbench.model.resources import examples_dir

    w = make_window()
    assert w.open_file(examples_dir() / "orc-and-ghoblin-force.army.json")
    bar = w.header.bar
    assert bar.format().endswith("überschritten")
    assert bar.minimumWidth() >= bar.fontMetrics().horizontalAdvance(bar.format())
