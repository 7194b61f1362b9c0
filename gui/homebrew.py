"""Dialogs that define a homebrew entry (the army file's ``homebrew`` section).

A dialog edits one entry as the file's JSON; OK is refused, with the model's
message, while the definition is invalid (unknown cost, negative per-inch cost,
a name that shadows a built-in entry). Fields of the entry that the dialog
does not know are kept. The system declares what an entry has
(``RuleSystem.homebrew_kinds``): :class:`FieldsDialog` builds its form from
those fields; the spec's own attributes and spells have dedicated dialogs.
"""

from __future__ import annotations

import copy
from typing import Any

from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSizePolicy,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from gui import theme
from gui.element_form import FieldEditor, make_editor
from model.forms import FieldSpec
from model.homebrew import HomebrewError, HomebrewKind, entry_of, free_id, section_key, section_with

COST_KINDS = (
    ("flat", "Flat points"),
    ("dac", "DAC of a die"),
    ("per_inches", "DAC per inches of range"),
    ("percent", "Percent of the element's cost"),
)
DICE = (("base", "the element's base die"), ("ranged", "the ranged weapon's die"), ("melee", "the melee weapon's die"))


def _spin(low: int, high: int, value: int = 0, suffix: str = "") -> QSpinBox:
    box = QSpinBox()
    box.setRange(low, high)
    box.setValue(value)
    box.setSuffix(suffix)
    return box


class _EntryDialog(QDialog):
    key = ""  # the section's list ("attributes")
    kind = ""  # one entry of it, as the window names it ("attribute")

    def __init__(self, system, section: dict, entry: dict | None, duplicate: bool, parent: QWidget | None = None):
        super().__init__(parent)
        self.system, self.section = system, section or {}
        self.original_id = entry.get("id") if entry and not duplicate else None
        self.base: dict = copy.deepcopy(entry) if entry else {}
        if duplicate:
            self.base["name"] = f"{self.base.get('name', '')} (copy)"
        self.result_entry: dict | None = None
        word = "Edit" if self.original_id else "New"
        self.setWindowTitle(f"{word} homebrew {self.kind} — {system.name}")
        self.setObjectName(f"homebrew_{self.key}_dialog")
        self.name = QLineEdit(self.base.get("name", ""))
        self.name.setObjectName("name")
        self.name.setPlaceholderText(f"Name of your {self.kind}")
        self.text = QPlainTextEdit(self.base.get("text", ""))
        self.text.setObjectName("text")
        self.text.setPlaceholderText("What it does at the table")
        self.text.setMinimumHeight(80)
        self.form = QFormLayout()
        self.form.addRow("Name", self.name)
        self.error = QLabel()
        self.error.setObjectName("error")
        self.error.setWordWrap(True)
        theme.tint(self.error, "error")
        self.error.hide()
        self.buttons = QDialogButtonBox(QDialogButtonBox.Ok | QDialogButtonBox.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        self.resize(520, 460)

    def build(self) -> dict:  # pragma: no cover - both dialogs override
        raise NotImplementedError

    def entry(self) -> dict:
        """The entry as the file's JSON: the fields this dialog shows over the ones it was given."""
        out = copy.deepcopy(self.base)
        out.pop("id", None)
        name = self.name.text().strip()
        new_id = self.original_id or free_id(self.section, self.system, self.key, name)
        return {"id": new_id, "name": name, **{k: v for k, v in out.items() if k != "name"}, **self.build()}

    def accept(self) -> None:
        if not self.name.text().strip():
            return self._refuse("Give it a name.")
        try:
            entry = self.entry()
        except ValueError as exc:  # a field's text that does not decode; the message names the field
            return self._refuse(str(exc))
        section = section_with(self.section, self.key, entry, self.original_id)
        try:
            self.system.root.homebrew_entries(section)
        except HomebrewError as exc:
            return self._refuse("\n".join(self.explain(exc.problems, section[self.key].index(entry))))
        self.result_entry = entry
        super().accept()

    def explain(self, problems: list[str], index: int) -> list[str]:
        """The model's problems, those about this entry without the file path in front."""
        own = f"homebrew.{self.key}[{index}]."
        return [p.removeprefix(own) for p in problems]

    def _refuse(self, message: str) -> None:
        self.error.setText(message)
        self.error.show()


class AttributeDialog(_EntryDialog):
    key, kind = "attributes", "attribute"

    def __init__(self, system, section, entry=None, duplicate=False, parent=None):
        super().__init__(system, section, entry, duplicate, parent)
        cost = self.base.get("cost") or {"kind": "flat", "points": 0}
        restrictions = self.base.get("restrictions") or {}
        self.tags = QLineEdit(", ".join(self.base.get("tags", [])))
        self.tags.setObjectName("tags")
        self.tags.setPlaceholderText("movement, ranged… (comma separated)")
        self.cost_kind = QComboBox()
        self.cost_kind.setObjectName("costKind")
        for value, label in COST_KINDS:
            self.cost_kind.addItem(label, value)
        kind = "per_inches" if cost.get("kind") == "dac" and cost.get("per_inches") else cost.get("kind")
        self.cost_kind.setCurrentIndex(
            max(0, [k for k, _ in COST_KINDS].index(kind) if kind in dict(COST_KINDS) else 0)
        )
        amount = cost.get({"flat": "points", "percent": "percent"}.get(cost.get("kind"), "dac"), 0)
        self.amount = _spin(-999, 999, amount if isinstance(amount, int) else 0)
        self.amount.setObjectName("amount")
        self.die = QComboBox()
        self.die.setObjectName("die")
        for value, label in DICE:
            self.die.addItem(label, value)
        self.die.setCurrentIndex(
            [d for d, _ in DICE].index(cost.get("die", "base")) if cost.get("die") in dict(DICE) else 0
        )
        self.per_inches = _spin(1, 48, cost.get("per_inches") or 4, '"')
        self.per_inches.setObjectName("perInches")
        self.vehicle_only = QCheckBox("Vehicles only")
        self.vehicle_only.setObjectName("vehicleOnly")
        self.vehicle_only.setChecked(bool(restrictions.get("vehicle_only")))
        self.needs_weapon = QComboBox()
        self.needs_weapon.setObjectName("needsWeapon")
        for value, label in (
            ("", "no weapon needed"),
            ("ranged", "needs a ranged weapon"),
            ("melee", "needs a melee weapon"),
        ):
            self.needs_weapon.addItem(label, value)
        self.needs_weapon.setCurrentIndex(
            max(0, ["", "ranged", "melee"].index(restrictions.get("requires_weapon", "")))
        )
        self.needs = QComboBox()
        self.needs.setObjectName("needsAttribute")
        self.needs.addItem("no other attribute needed", "")
        for attr in sorted(system.catalogue.attributes.values(), key=lambda a: a.name.casefold()):
            if attr.id != self.original_id:
                self.needs.addItem(f"needs {attr.name}", attr.id)
        wanted = (restrictions.get("requires_any") or [""])[0]
        self.needs.setCurrentIndex(max(0, self.needs.findData(wanted)))
        self.price = QLabel()
        self.price.setObjectName("costText")
        self.form.addRow("Rule text", self.text)
        self.form.addRow("Tags", self.tags)
        self.form.addRow("Cost", self.cost_kind)
        self.amount_label = QLabel()
        self.form.addRow(self.amount_label, self.amount)
        self.die_label = QLabel("Of")
        self.form.addRow(self.die_label, self.die)
        self.per_label = QLabel("Per")
        self.form.addRow(self.per_label, self.per_inches)
        self.form.addRow("", self.price)
        self.form.addRow("Requires", self.vehicle_only)
        self.form.addRow("", self.needs_weapon)
        self.form.addRow("", self.needs)
        for signal in (self.cost_kind.currentIndexChanged, self.amount.valueChanged, self.die.currentIndexChanged):
            signal.connect(self._sync)
        self.per_inches.valueChanged.connect(self._sync)
        self._sync()

    def _sync(self, *_args) -> None:
        kind = self.cost_kind.currentData()
        self.amount_label.setText({"flat": "Points", "percent": "Percent"}.get(kind, "DAC"))
        self.amount.setSuffix("%" if kind == "percent" else "")
        for widget in (self.die, self.die_label):
            widget.setVisible(kind in ("dac", "per_inches"))
        for widget in (self.per_inches, self.per_label):
            widget.setVisible(kind == "per_inches")
        try:
            text = self.system.homebrew_cost_text(self.build()["cost"])  # the system's own wording
        except ValueError:
            text = "a per-inch cost cannot be negative"
        self.price.setText(f"<i>Shown as: {text}</i>")

    def build(self) -> dict[str, Any]:
        kind = self.cost_kind.currentData()
        value = self.amount.value()
        if kind == "flat":
            cost: dict[str, Any] = {"kind": "flat", "points": value}
        elif kind == "percent":
            cost = {"kind": "percent", "percent": value}
        else:
            cost = {"kind": "dac", "dac": value}
            if self.die.currentData() != "base":
                cost["die"] = self.die.currentData()
            if kind == "per_inches":
                cost["per_inches"] = self.per_inches.value()
        restrictions = dict(self.base.get("restrictions") or {})
        for key, value_ in (
            ("vehicle_only", self.vehicle_only.isChecked()),
            ("requires_weapon", self.needs_weapon.currentData()),
            ("requires_any", [self.needs.currentData()] if self.needs.currentData() else []),
        ):
            if value_:
                restrictions[key] = value_
            else:
                restrictions.pop(key, None)
        out: dict[str, Any] = {
            "text": self.text.toPlainText().strip(),
            "tags": [t.strip() for t in self.tags.text().split(",") if t.strip()],
            "cost": cost,
        }
        out["restrictions"] = restrictions
        if not restrictions:
            out.pop("restrictions")
        return out

    def entry(self) -> dict:
        entry = super().entry()
        if "restrictions" not in self.build():
            entry.pop("restrictions", None)
        return entry


class SpellDialog(_EntryDialog):
    key, kind = "spells", "spell"

    def __init__(self, system, section, entry=None, duplicate=False, parent=None):
        super().__init__(system, section, entry, duplicate, parent)

        def number(key: str, default: int) -> int:
            value = self.base.get(key, default)
            return abs(value) if isinstance(value, int) else default

        self.difficulty = _spin(0, 12, number("difficulty", 1))
        self.difficulty.setObjectName("difficulty")
        self.difficulty.setToolTip("Casting difficulty: 2 is the rulebook's -2 and uses 2 of the Magic budget")
        self.range = _spin(0, 240, number("range", 12), '"')
        self.range.setObjectName("range")
        self.range.setSpecialValueText("self")
        self.duration = _spin(0, 99, number("duration", 1), " turn(s)")
        self.duration.setObjectName("duration")
        self.duration.setSpecialValueText("instant")
        self.template = QLineEdit(str(self.base.get("template", "none")))
        self.template.setObjectName("template")
        self.form.addRow("Difficulty", self.difficulty)
        self.form.addRow("Range", self.range)
        self.form.addRow("Duration", self.duration)
        self.form.addRow("Template", self.template)
        self.form.addRow("Effect", self.text)

    def build(self) -> dict[str, Any]:
        return {
            "difficulty": self.difficulty.value(),
            "range": self.range.value(),
            "duration": self.duration.value(),
            "template": self.template.text().strip() or "none",
            "text": self.text.toPlainText().strip(),
        }


class FieldsDialog(_EntryDialog):
    """A homebrew entry whose fields the system declares (``HomebrewKind.fields``), after its name."""

    def __init__(self, system, section, homebrew_kind: HomebrewKind, entry=None, duplicate=False, parent=None):
        self.key, self.kind = homebrew_kind.key, homebrew_kind.word
        super().__init__(system, section, entry, duplicate, parent)
        self.specs = homebrew_kind.fields
        self.editors: dict[str, FieldEditor] = {}
        for spec in self.specs:
            editor = self._editor(spec)
            value = self.base.get(spec.key)
            if value is None and not (spec.optional and spec.kind in ("int", "float", "text")):
                value = spec.default_value()  # only those three have an "unset" tick box
            if spec.kind == "records":  # rows written without a field show its default
                value = [{c.key: r.get(c.key, c.default_value()) for c in spec.children} | r for r in value]
            if hasattr(editor, "inner"):  # an unticked optional field shows its default, ready to tick
                editor.inner.set(spec.default_value())
            editor.set(spec.encode(value) if spec.encode and value is not None else value)
            self.editors[spec.key] = editor
            self.form.addRow(spec.label, editor.widget)
        self.resize(560, min(self.sizeHint().height(), 680))

    def _editor(self, spec: FieldSpec) -> FieldEditor:
        def changed(value):
            if spec.kind == "records":  # its add and remove buttons ask for the new list
                self.editors[spec.key].set(value)

        editor = make_editor(spec, changed)
        editor.widget.setObjectName(f"field_{spec.key}")
        if spec.kind != "records":
            editor.widget.setSizePolicy(QSizePolicy.Expanding, QSizePolicy.Fixed)  # rows as high as their widget
        editor.widget.setToolTip(spec.tooltip)
        inner = getattr(editor, "inner", editor).widget
        if spec.suffix and hasattr(inner, "setSuffix"):
            inner.setSuffix(spec.suffix)
        if spec.placeholder and hasattr(inner, "setPlaceholderText"):
            inner.setPlaceholderText(spec.placeholder)
        return editor

    def build(self) -> dict[str, Any]:
        """The declared fields' values; an unticked optional field (or an empty optional list) is left out."""
        out: dict[str, Any] = {}
        for spec in self.specs:
            value = self.editors[spec.key].get()
            if spec.decode and isinstance(value, str):
                try:
                    value = spec.decode(value)
                except ValueError as exc:
                    raise ValueError(f"{spec.label}: {exc}") from None
            if value is None or (spec.optional and value in ([], "")):
                continue
            out[spec.key] = value
        return out

    def entry(self) -> dict:
        entry = super().entry()
        built = self.build()
        for spec in self.specs:
            if spec.key not in built:
                entry.pop(spec.key, None)
        return entry

    def explain(self, problems: list[str], index: int) -> list[str]:
        """Problems of this entry named by the field's label ("Range: must be at least 0")."""
        labels = {"id": "Name", "name": "Name"} | {spec.key: spec.label for spec in self.specs}
        out = []
        for problem in super().explain(problems, index):
            key, sep, rest = problem.partition(": ")
            field = key.split(".")[0].split("[")[0]
            out.append(f"{labels[field]}{key[len(field) :]}: {rest}" if sep and field in labels else problem)
        return out


def edit_entry(parent, system, section: dict, kind: str, entry_id: str | None = None, duplicate: bool = False):
    """Ask for a homebrew entry of ``kind`` (the section's list, or "attribute"/"spell"); the entry's JSON,
    or None when cancelled."""
    key = section_key(kind)
    entry = entry_of(section, key, entry_id) if entry_id else None
    declared = system.homebrew_kind(key)
    if declared is not None and declared.fields:
        dialog: _EntryDialog = FieldsDialog(system, section, declared, entry, duplicate, parent)
    else:
        dialog = (AttributeDialog if key == "attributes" else SpellDialog)(system, section, entry, duplicate, parent)
    return dialog.result_entry if dialog.exec() == QDialog.Accepted else None
