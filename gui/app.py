"""Starting the Warbench window."""
from __future__ import annotations

import sys

from PySide6.QtWidgets import QApplication, QLabel, QMainWindow


def create_window() -> QMainWindow:
    window = QMainWindow()
    window.setWindowTitle("Warbench")
    window.setCentralWidget(QLabel("Warbench"))
    window.resize(1200, 800)
    return window


def main(argv: list[str]) -> int:
    app = QApplication.instance() or QApplication([sys.argv[0], *argv])
    window = create_window()
    window.show()
    return app.exec()
