"""What the start-up and every repaint cost: no Python runs for the events of widgets that do not ask
for it (an application-wide Python event filter runs for every event of every widget)."""

from __future__ import annotations

import sys
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QEvent
from PySide6.QtWidgets import QLabel, QLineEdit, QVBoxLayout, QWidget

GUI = str(Path(__file__).resolve().parents[2] / "gui")


def test_no_python_runs_for_the_events_of_a_plain_widget(qtbot, app):
    box = QWidget()
    qtbot.addWidget(box)
    layout = QVBoxLayout(box)
    label = QLabel("Tactical Squad")
    layout.addWidget(label)
    box.show()
    QCoreApplication.processEvents()
    ran: list[str] = []

    def profile(frame, event, _arg):
        if event == "call" and frame.f_code.co_filename.startswith(GUI):
            ran.append(f"{frame.f_code.co_filename}:{frame.f_code.co_name}")

    sys.setprofile(profile)
    try:
        for _ in range(3):
            label.setText(label.text() + "!")
            box.repaint()
            QCoreApplication.sendEvent(label, QEvent(QEvent.Type.User))
            QCoreApplication.processEvents()
    finally:
        sys.setprofile(None)
    assert ran == []


def test_a_text_field_made_after_start_up_is_still_limited(qtbot, app):
    from model.limits import MAX_STRING

    box = QWidget()
    qtbot.addWidget(box)
    field = QLineEdit(box)
    assert field.maxLength() == 32767  # Qt's own default until the field is polished
    box.show()
    field.ensurePolished()
    assert field.maxLength() == MAX_STRING
