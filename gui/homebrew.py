"""The dialog that defines a homebrew entry (the army file's ``homebrew`` section).

The system declares each kind of entry the player may make (``Homebrew.homebrew_kinds``:
attributes and spells, templates, weapons…) with the dialog's fields; :class:`HomebrewDialog`
builds its form from that declaration and never names a system. It edits one entry as the file's
JSON; OK is refused, with the model's message naming the field, while the definition is invalid
(an unknown cost, a negative per-inch cost, a name that shadows a built-in entry). Fields of the
entry that the dialog does not know are kept.
"""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QFrame,
    QLabel,
    QLineEdit,
    QScrollArea,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import theme
from warbench.gui.element_form import FieldEditor, make_editor
from warbench.model.fileio import named_lines
from warbench.model.forms import FieldSpec
from warbench.model.homebrew import (
    HOMEBREW_FIELD,
    HomebrewError,
    HomebrewKind,
    entry_of,
    free_id,
    section_key,
    section_with,
)
from warbench.model.i18n import label as data_label
from warbench.model.i18n import noun


class HomebrewDialog(QDialog):
    """A homebrew entry of one declared kind: its name, then the kind's fields."""

    def __init__(
        self, system, section: dict, kind: HomebrewKind, entry: dict | None = None, duplicate=False, parent=None
    ):
        super().__init__(parent)
        self.system, self.section, self.homebrew_kind = system, section or {}, kind
        self.key, self.kind = kind.key, noun(kind.word)  # the system's word, translated
        self.original_id = entry.get("id") if entry and not duplicate else None
        self.base: dict = copy.deepcopy(entry) if entry else {}
        if duplicate:
            self.base["name"] = self.tr("{name} (copy)").format(name=self.base.get("name", ""))
        self.result_entry: dict | None = None
        title = (
            self.tr("Edit homebrew {kind} — {system}")
            if self.original_id
            else self.tr("New homebrew {kind} — {system}")
        )
        self.setWindowTitle(title.format(kind=self.kind, system=system.name))
        self.setObjectName(f"homebrew_{self.key}_dialog")
        self.name = QLineEdit(self.base.get("name", ""))
        self.name.setObjectName("name")
        self.name.setPlaceholderText(self.tr("Name of your {kind}").format(kind=self.kind))
        self.form = QFormLayout()
        self.form.addRow(self.tr("Name"), self.name)
        self.specs = kind.fields
        self.editors: dict[str, FieldEditor] = {}
        values = kind.load(self.base) if kind.load else self.base
        for spec in self.specs:
            editor = self._editor(spec)
            self._show(spec, editor, values.get(spec.key))
            self.editors[spec.key] = editor
            self.form.addRow(data_label(spec.label), editor.widget)
        self.description = QLabel()
        self.description.setObjectName("description")
        self.description.setTextFormat(Qt.TextFormat.PlainText)
        font = self.description.font()
        font.setItalic(True)
        self.description.setFont(font)
        self.description.setVisible(kind.describe is not None)
        self.form.addRow("", self.description)
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        self.error.setTextFormat(Qt.TextFormat.PlainText)
        theme.tint(self.error, "error")
        self.error.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        fields = self.fields_box = QWidget()
        fields.setLayout(self.form)
        self.scroll_area = QScrollArea()  # a long form (a template) scrolls on a small or scaled screen
        self.scroll_area.setObjectName("fields")
        self.scroll_area.setWidget(fields)
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setFrameShape(QFrame.Shape.NoFrame)
        layout = QVBoxLayout(self)
        layout.addWidget(self.scroll_area, 1)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self._sync()
        self._fit()

    def _fit(self) -> None:
        """As tall as the form needs, at most 90 % of the screen (the OK button always shows)."""
        screen = self.screen().availableGeometry()
        wanted = self.fields_box.sizeHint().height() + self.buttons.sizeHint().height() + 60
        self.resize(min(560, screen.width()), min(wanted, int(screen.height() * 0.9)))

    # --- the form ------------------------------------------------------------------------------
    def _editor(self, spec: FieldSpec) -> FieldEditor:
        def changed(value):
            if spec.kind == "records":  # its add and remove buttons ask for the new list
                self.editors[spec.key].set(value)
            self._sync()

        editor = make_editor(spec, changed)
        editor.widget.setObjectName(f"field_{spec.key}")
        editor.widget.setToolTip(data_label(spec.tooltip))
        if spec.kind != "records":
            editor.widget.setSizePolicy(
                QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed
            )  # rows as high as their widget
        inner = (editor.inner or editor).widget
        if spec.suffix and hasattr(inner, "setSuffix"):
            inner.setSuffix(spec.suffix)
        if spec.placeholder and hasattr(inner, "setPlaceholderText"):
            inner.setPlaceholderText(data_label(spec.placeholder))
        return editor

    @staticmethod
    def _show(spec: FieldSpec, editor: FieldEditor, value: Any) -> None:
        if value is None and not (spec.optional and spec.kind in ("int", "float", "text")):
            value = spec.default_value()  # only those three have an "unset" tick box
        if spec.kind == "records":  # rows written without a field show its default
            value = [{c.key: r.get(c.key, c.default_value()) for c in spec.children} | r for r in value]
        if editor.inner is not None:  # an unticked optional field shows its default, ready to tick
            editor.inner.set(spec.default_value())
        editor.set(spec.encode(value) if spec.encode and value is not None else value)

    def values(self) -> dict[str, Any]:
        """The fields' values; ValueError naming the field whose text does not decode."""
        out: dict[str, Any] = {}
        for spec in self.specs:
            value = self.editors[spec.key].get()
            if spec.decode and isinstance(value, str):
                try:
                    value = spec.decode(value)
                except ValueError as exc:
                    raise ValueError(f"{data_label(spec.label)}: {exc}") from None
            out[spec.key] = value
        return out

    def _sync(self) -> None:
        """Hide the fields that do not apply; say the entry in the rules' words."""
        try:
            values = self.values()
        except ValueError as exc:
            self.description.setText(str(exc))
            return
        hidden = self.homebrew_kind.hidden(values) if self.homebrew_kind.hidden else set()
        for spec in self.specs:
            self.form.setRowVisible(self.editors[spec.key].widget, spec.key not in hidden)
        if self.homebrew_kind.describe is not None:
            try:
                self.description.setText(self.tr("Shown as: {value}").format(value=self.homebrew_kind.describe(values)))
            except ValueError as exc:
                self.description.setText(str(exc).splitlines()[0])

    # --- the entry -------------------------------------------------------------------------------
    def build(self) -> dict[str, Any]:
        """The entry's fields the dialog sets (None: remove that field)."""
        values = self.values()
        if self.homebrew_kind.dump is not None:
            return self.homebrew_kind.dump(values, self.base)
        specs = {spec.key: spec for spec in self.specs}
        return {
            key: None if value is None or (specs[key].optional and value in ([], "")) else value
            for key, value in values.items()
        }

    def entry(self) -> dict:
        """The entry as the file's JSON: the dialog's fields over the ones it was given."""
        name = self.name.text().strip()
        new_id = self.original_id or free_id(self.section, self.system.root.catalogue, self.key, name)
        out = {"id": new_id, "name": name} | {k: v for k, v in self.base.items() if k not in ("id", "name")}
        for key, value in self.build().items():
            if value is None:
                out.pop(key, None)
            else:
                out[key] = value
        return out

    def accept(self) -> None:
        if not self.name.text().strip():
            return self._refuse(self.tr("Give it a name."))
        try:
            entry = self.entry()
        except ValueError as exc:  # a field's text that does not decode; the message names the field
            return self._refuse(str(exc))
        section = section_with(self.section, self.key, entry, self.original_id)
        try:
            if self.system.root.homebrew is not None:  # a dialog of a declared kind: the system has one
                self.system.root.homebrew.homebrew_entries(section)
        except HomebrewError as exc:
            return self._refuse("\n".join(self.explain(exc.problems, section, section[self.key].index(entry))))
        self.result_entry = entry
        super().accept()

    def explain(self, problems: list[str], section: dict, index: int) -> list[str]:
        """The model's problems, those of this entry named by the field's label ("Range: must be at least 0"),
        those of other entries by the entry's name ("Homebrew spell “Fireball”: …")."""
        own = f"homebrew.{self.key}[{index}]."
        labels = {"id": self.tr("Name"), "name": self.tr("Name")} | {
            spec.key: data_label(spec.label) for spec in self.specs
        }
        out = []
        for problem in problems:
            if not problem.startswith(own):
                out += named_lines([problem], {HOMEBREW_FIELD: section})
                continue
            key, sep, rest = problem.removeprefix(own).partition(": ")
            field = key.split(".")[0].split("[")[0]
            out.append(
                f"{labels[field]}{key[len(field) :]}: {rest}" if sep and field in labels else f"{key}{sep}{rest}"
            )
        return out

    def _refuse(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()


def edit_entry(parent, system, section: dict, kind: str, entry_id: str | None = None, duplicate: bool = False):
    """Ask for a homebrew entry of ``kind`` (the section's list, or "attribute"/"spell"); the entry's JSON,
    or None when cancelled (or when the system declares no such kind)."""
    key = section_key(kind)
    declared = system.homebrew.homebrew_kind(key) if system.homebrew else None
    if declared is None:
        return None
    entry = entry_of(section, key, entry_id) if entry_id else None
    dialog = HomebrewDialog(system, section, declared, entry, duplicate, parent)
    return dialog.result_entry if dialog.exec() == QDialog.DialogCode.Accepted else None
