"""The element designer, generated from the system's declared form (``model.forms``).

Widgets only offer legal values; every user change becomes one undoable edit on
the document, and typing in one field merges into one undo step.
"""

from __future__ import annotations

from collections.abc import Callable
from html import escape
from typing import TYPE_CHECKING, Any, cast

from PySide6.QtCore import QT_TRANSLATE_NOOP, QCoreApplication, QEvent, QStringListModel, Qt, QTimer, Signal
from PySide6.QtGui import QPalette, QValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QCompleter,
    QDoubleSpinBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QToolButton,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from warbench.gui import plain, text_limits, theme
from warbench.gui.document import ArmyDocument, DocumentView, EditRefused
from warbench.gui.elided_label import ElidedLabel
from warbench.gui.selection import Selection
from warbench.model.element_rules import added_costs
from warbench.model.forms import FieldSpec
from warbench.model.i18n import in_sentence, mid_sentence
from warbench.model.i18n import label as data_label
from warbench.model.i18n_data import add_text, remove_text

#: said wherever a rule can be opened from
RULE_HINT = str(
    QT_TRANSLATE_NOOP("element_form", "Click the name or press F1 in this row: the full rule in the browser")
)

if TYPE_CHECKING:
    from warbench.model.rules import Catalogue
    from warbench.model.search import Entry


class StepSpinBox(QSpinBox):
    """A spin box that only accepts multiples of its step (typed odd values round up, and it says so)."""

    steps_only = True  # said when a keystroke is refused (gui.text_limits.number_message)

    def validate(self, text: str, pos: int):
        result = super().validate(text, pos)
        state = result[0] if isinstance(result, tuple) else result
        if (
            state == QValidator.State.Acceptable
            and self.singleStep() > 1
            and self.valueFromText(text) % self.singleStep()
        ):
            state = QValidator.State.Intermediate
        return state, text, pos

    def fixup(self, text: str) -> str:
        try:
            value = int(text.replace(self.suffix(), "").strip())
        except ValueError:
            return text
        step = self.singleStep()
        rounded = min(self.maximum(), -(-value // step) * step)
        if rounded != value:
            text_limits.tell(self, text_limits.rounded_message(self, value, rounded))
        return str(rounded)


class FieldEditor:
    """Binds one widget to one value; ``set`` never reports back as an edit. ``same`` says when the
    shown value already stands for ``value`` (text differing only in spaces being typed does)."""

    #: an optional field's value editor and its on/off box (None for other fields)
    inner: FieldEditor | None = None
    check: QCheckBox | None = None

    def __init__(
        self,
        widget: QWidget,
        get: Callable[[], Any],
        put: Callable[[Any], None],
        same: Callable[[Any, Any], bool] | None = None,
    ):
        self.widget, self.get, self._put = widget, get, put
        self._same = same or (lambda shown, value: shown == value)

    def set(self, value: Any) -> None:
        if not self._same(self.get(), value):
            blocked = self.widget.blockSignals(True)
            try:
                self._put(value)
            finally:
                self.widget.blockSignals(blocked)


def make_editor(spec: FieldSpec, on_edit: Callable[[Any], None], name: str = "") -> FieldEditor:
    """A widget for a scalar field (an optional one gets a checkbox: unchecked means null), named for a
    screen reader ``name`` (the field's label unless given: "Melee die" in a group)."""
    if spec.optional and spec.kind in ("int", "float", "text"):
        editor = _optional_editor(spec, on_edit)
    elif spec.kind == "records":
        editor = _records_editor(spec, on_edit)
    else:
        editor = _scalar_editor(spec, on_edit)
    name_editor(editor, name or data_label(spec.label))
    return editor


def name_editor(editor: FieldEditor, name: str) -> None:
    """The name a screen reader says for the editor's control (and for its on/off box, where it has one)."""
    inner, check = getattr(editor, "inner", None), getattr(editor, "check", None)
    (inner or editor).widget.setAccessibleName(name)
    if check is not None:
        check.setAccessibleName(
            QCoreApplication.translate("element_form", "Give {what}").format(what=mid_sentence(name))
        )
        check.setToolTip(
            QCoreApplication.translate("element_form", "Ticked: the element has {what}; unticked: none").format(
                what=mid_sentence(name)
            )
        )


def _optional_editor(spec: FieldSpec, on_edit: Callable[[Any], None]) -> FieldEditor:
    box = QWidget()
    row = QHBoxLayout(box)
    row.setContentsMargins(0, 0, 0, 0)
    check = QCheckBox()
    inner = _scalar_editor(spec, lambda value: on_edit(value) if check.isChecked() else None)
    check.clicked.connect(lambda on: on_edit(inner.get() if on else None))
    row.addWidget(check)
    row.addWidget(inner.widget, 1)

    def get():
        return inner.get() if check.isChecked() else None

    def put(value):
        check.setChecked(value is not None)
        inner.widget.setEnabled(value is not None)
        if value is not None:
            inner.set(value)

    check.toggled.connect(inner.widget.setEnabled)
    editor = FieldEditor(box, get, put)
    editor.inner, editor.check = inner, check
    return editor


def _records_editor(spec: FieldSpec, on_edit: Callable[[Any], None]) -> FieldEditor:
    """A table of records (one row each) with add and remove buttons."""
    editor = RecordsEditor(spec, on_edit)
    return FieldEditor(editor, editor.value, editor.set_value)


def _show_text(line: QLineEdit, text: str) -> None:
    """Put ``text`` in a field; one the user is not in shows it from its start (not its cut-off end)."""
    line.setText(text)
    if not line.hasFocus():
        line.setCursorPosition(0)


def _scalar_editor(spec: FieldSpec, on_edit: Callable[[Any], None]) -> FieldEditor:
    if spec.kind == "text":
        line = QLineEdit()
        line.textEdited.connect(lambda text: on_edit(text))
        line.editingFinished.connect(lambda: _commit_text(line, on_edit))
        return FieldEditor(line, line.text, lambda text: _show_text(line, text), _same_text)
    if spec.kind == "multiline":
        area = QPlainTextEdit()
        area.setFixedHeight(70)
        area.setTabChangesFocus(True)  # Tab leaves it as it leaves every field (a tab typed in a rule edited the army)
        area.textChanged.connect(lambda: on_edit(area.toPlainText()))
        return FieldEditor(area, area.toPlainText, area.setPlainText)
    if spec.kind == "int":
        spin = StepSpinBox() if spec.step > 1 else QSpinBox()
        spin.setRange(int(spec.minimum), int(spec.maximum))
        spin.setSingleStep(int(spec.step))
        spin.setKeyboardTracking(True)
        spin.valueChanged.connect(lambda value: on_edit(int(value)))
        return FieldEditor(spin, spin.value, lambda v: _show_number(spin, spec, int(v)))
    if spec.kind == "float":
        dspin = QDoubleSpinBox()
        dspin.setRange(spec.minimum, spec.maximum)
        dspin.setSingleStep(spec.step)
        dspin.setDecimals(1)
        dspin.valueChanged.connect(lambda value: on_edit(round(float(value), 2)))
        return FieldEditor(dspin, dspin.value, lambda v: _show_number(dspin, spec, float(v)))
    if spec.kind == "choice":
        combo = QComboBox()
        combo.setSizeAdjustPolicy(
            QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon
        )  # long labels may elide
        combo.setMinimumContentsLength(8)
        for choice in spec.choices:
            combo.addItem(data_label(spec.choice_labels.get(choice, choice)), choice)
        combo.activated.connect(lambda i: on_edit(combo.itemData(i) if combo.itemData(i) != "" else None))

        def current():
            data = combo.currentData()
            return None if data == "" else data

        return FieldEditor(
            combo, current, lambda v: combo.setCurrentIndex(max(0, combo.findData("" if v is None else v)))
        )
    if spec.kind == "bool":
        box = QCheckBox()
        box.clicked.connect(lambda checked: on_edit(bool(checked)))
        return FieldEditor(box, box.isChecked, box.setChecked)
    if spec.kind == "picks":
        picks = QListWidget()
        picks.setFixedHeight(min(24 * len(spec.choices) + 6, 200))
        for choice in spec.choices:
            item = QListWidgetItem(data_label(spec.choice_labels.get(choice, choice)))
            item.setData(Qt.ItemDataRole.UserRole, choice)
            item.setFlags(Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            picks.addItem(item)

        def picked() -> list[str]:
            return [
                picks.item(i).data(Qt.ItemDataRole.UserRole)
                for i in range(picks.count())
                if picks.item(i).checkState() == Qt.CheckState.Checked
            ]

        def put(values) -> None:
            for i in range(picks.count()):
                picks.item(i).setCheckState(
                    Qt.CheckState.Checked
                    if picks.item(i).data(Qt.ItemDataRole.UserRole) in values
                    else Qt.CheckState.Unchecked
                )

        picks.itemChanged.connect(lambda _item: on_edit(picked()))
        return FieldEditor(picks, picked, put)
    raise ValueError(f"no editor for field kind {spec.kind}")


def _show_number(spin: QSpinBox | QDoubleSpinBox, spec: FieldSpec, value: float) -> None:
    """``value`` shown as it is: a file may hold a number past the form's usual range (a count of 5,000 where
    the form offers 1-999), so the range widens to it rather than the spin box clamping it, which the next
    step of its arrows would have saved. Every number a file holds fits a QSpinBox (model/limits.py)."""
    low, high = min(spec.minimum, value), max(spec.maximum, value)
    if isinstance(spin, QSpinBox):
        spin.setRange(int(low), int(high))
        spin.setValue(int(value))
    else:
        spin.setRange(low, high)
        spin.setValue(value)


def _commit_text(w: QLineEdit, on_edit: Callable[[Any], None]) -> None:
    """Normalise on commit (leaving the field), never under the cursor while typing."""
    text = w.text().strip()
    if text != w.text():
        w.setText(text)
        on_edit(text)


def _same_text(shown: Any, value: Any) -> bool:
    return shown == value or (isinstance(value, str) and str(shown).strip() == value.strip())


def _clear_layout(layout) -> None:
    """Remove every row widget now (not just later), so nothing finds or paints a stale row."""
    while layout.count():
        widget = layout.takeAt(0).widget()
        if widget is not None:
            widget.hide()
            widget.setParent(None)
            widget.deleteLater()


ROW_SPACING = 4  # between a record's small editors (and their titles): the row fits a 1024 px screen beside a dock


class RecordsEditor(QWidget):
    """Rows of small editors, one per field of ``spec.children``; any change reports the whole list."""

    def __init__(self, spec: FieldSpec, on_edit: Callable[[Any], None]):
        super().__init__()
        self.spec, self.on_edit = spec, on_edit
        self.rows: list[dict[str, FieldEditor]] = []
        self.grid = QVBoxLayout(self)
        self.grid.setContentsMargins(0, 0, 0, 0)
        header = QHBoxLayout()
        header.setSpacing(ROW_SPACING)
        for child in self._columns():
            title = ElidedLabel(data_label(child.label), min_chars=3)  # a narrow form shortens titles, not widens
            font = title.font()
            font.setBold(True)
            title.setFont(font)
            header.addWidget(title, child.share())
        header.addSpacing(28)
        self.grid.addLayout(header)
        self.body = QVBoxLayout()
        self.grid.addLayout(self.body)
        self.add_button = QPushButton(data_label(add_text(spec)))  # a whole sentence: "Waffe hinzufügen"
        self.add_button.setObjectName(f"add_{spec.key}")
        self.add_button.clicked.connect(self._add)
        self.grid.addWidget(self.add_button)

    def _columns(self) -> list[FieldSpec]:
        """The fields shown as columns of a row (the others have a line of their own under it)."""
        return [child for child in self.spec.children if not child.own_line]

    def value(self) -> list[dict]:
        return [{key: editor.get() for key, editor in row.items()} for row in self.rows]

    def set_value(self, records: list[dict]) -> None:
        if len(records) != len(self.rows):
            self._rebuild(len(records))
        for row, record in zip(self.rows, records):
            for key, editor in row.items():
                if record.get(key) is not None:
                    editor.set(record[key])

    def _rebuild(self, count: int) -> None:
        _clear_layout(self.body)
        self.rows = []
        for index in range(count):
            line = QWidget()
            line.setObjectName(f"{self.spec.key}_row_{index}")
            lines = QVBoxLayout(line)
            lines.setContentsMargins(0, 0, 0, 0)
            lines.setSpacing(ROW_SPACING)
            layout = QHBoxLayout()
            layout.setSpacing(ROW_SPACING)
            lines.addLayout(layout)
            editors = {}
            for child in self.spec.children:
                editor = _scalar_editor(child, lambda _value: self.on_edit(self.value()))
                editor.widget.setObjectName(f"{self.spec.key}_{index}_{child.key}")
                name_editor(editor, f"{data_label(self.spec.label)} {index + 1}: {in_sentence(child.label)}")
                if child.own_line:  # under the row, as wide as it
                    if isinstance(editor.widget, QLineEdit):
                        editor.widget.setPlaceholderText(data_label(child.label))
                    lines.addWidget(editor.widget)
                else:
                    layout.addWidget(editor.widget, child.share())
                editors[child.key] = editor
            remove = QToolButton()
            remove.setText("✕")
            remove.setObjectName(f"remove_{self.spec.key}_{index}")
            remove.setAccessibleName(data_label(remove_text(self.spec)).format(number=index + 1))
            remove.setToolTip(data_label(remove_text(self.spec)).format(number=index + 1))
            remove.clicked.connect(lambda _=False, i=index: self._remove(i))
            layout.addWidget(remove)
            self.rows.append(editors)
            self.body.addWidget(line)

    def _add(self) -> None:
        self.on_edit(self.value() + [{c.key: c.default_value() for c in self.spec.children}])

    def _remove(self, index: int) -> None:
        records = self.value()
        records.pop(index)
        self.on_edit(records)


class ElementForm(QWidget, DocumentView):
    """Edits the selected element of a document."""

    ruleRequested = Signal(str, str)  # kind ("attribute" | "spell"), entry id: open its full rule

    def __init__(self, document: ArmyDocument, selection: Selection | None = None, parent=None):
        super().__init__(parent)
        self.document = document
        self.selection = selection or Selection(self)
        self.selection.changed.connect(self._selection_changed)
        self.editors: dict[tuple, FieldEditor] = {}
        self.groups: dict[str, QGroupBox] = {}
        self.attribute_editor: AttributeEditor | None = None
        self.spell_editor: SpellEditor | None = None
        self.message = plain.label()
        self.message.setObjectName("formMessage")
        theme.tint(self.message, "error")
        self.message.setWordWrap(True)
        self._message_about: object = None
        self.placeholder = QLabel(self.tr("Select an element in the army tree, or add a unit."))
        self.placeholder.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.placeholder.setWordWrap(True)
        self.published = QLabel()  # the printed cost differs from ours: say so, and why
        self.published.setObjectName("formPublished")
        self.published.setTextFormat(Qt.TextFormat.RichText)
        self.published.setWordWrap(True)
        self.published.hide()
        self.body = QWidget()
        outer = QVBoxLayout(self)
        outer.addWidget(self.placeholder)
        outer.addWidget(self.published)
        outer.addWidget(self.body)
        outer.addWidget(self.message)
        outer.addStretch(1)

    @property
    def position(self) -> tuple[int, int] | None:
        """The selected element (unit, element), read from the window's selection."""
        return self.selection.element

    def set_document(self, document: ArmyDocument) -> None:
        self.follow(document)
        self._build()
        self.refresh()

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.attribute_editor is not None:
            self.attribute_editor.recolour()  # its warning and muted colours follow the new palette

    # --- building ---------------------------------------------------------------
    def _build(self) -> None:
        old = self.body
        self.body = QWidget()
        layout = self.layout()
        assert layout is not None
        layout.replaceWidget(old, self.body)
        old.hide()  # gone from view now: deleteLater waits for the event loop, and stays drawn until then
        old.deleteLater()
        self.editors.clear()
        self.groups.clear()
        self.attribute_editor = self.spell_editor = None
        layout = QVBoxLayout(self.body)
        layout.setContentsMargins(0, 0, 0, 0)
        basics = QFormLayout()
        layout.addLayout(basics)
        for spec in self.document.system.schema.element_form:
            if spec.kind == "group":
                layout.addWidget(self._build_group(spec))
            elif spec.kind == "attributes":
                self.attribute_editor = AttributeEditor(self)
                layout.addWidget(self.attribute_editor)
            elif spec.kind == "spells":
                self.spell_editor = SpellEditor(self)
                layout.addWidget(self.spell_editor)
            elif spec.kind in ("records", "multiline"):
                editor = make_editor(spec, self._editing((spec.key,), in_sentence(spec.label)))
                editor.widget.setObjectName(f"field_{spec.key}")
                box = QGroupBox(data_label(spec.label))
                box.setObjectName(f"group_{spec.key}")
                QVBoxLayout(box).addWidget(editor.widget)
                layout.addWidget(box)
                self.editors[(spec.key,)] = editor
            else:
                editor = make_editor(spec, self._editing((spec.key,), in_sentence(spec.label)))
                editor.widget.setObjectName(f"field_{spec.key}")
                editor.widget.setToolTip(data_label(spec.tooltip))
                if (spec.key == "move" or spec.key.endswith("range")) and hasattr(editor.widget, "setSuffix"):
                    editor.widget.setSuffix('"')
                self.editors[(spec.key,)] = editor
                basics.addRow(data_label(spec.label), editor.widget)

    def _build_group(self, spec: FieldSpec) -> QGroupBox:
        box = QGroupBox(data_label(spec.label))
        box.setObjectName(f"group_{spec.key}")
        box.setCheckable(spec.optional)
        form = QFormLayout(box)
        for child in spec.children:
            what = f"{data_label(spec.label)} {in_sentence(child.label)}"  # "Melee die": a screen reader says which die
            editor = make_editor(child, self._editing((spec.key, child.key), mid_sentence(what)), what)
            editor.widget.setObjectName(f"field_{spec.key}_{child.key}")
            if child.key == "range" and hasattr(editor.widget, "setSuffix"):
                editor.widget.setSuffix('"')
            self.editors[(spec.key, child.key)] = editor
            form.addRow(data_label(child.label), editor.widget)
        if spec.optional:
            box.clicked.connect(
                lambda on, s=spec: self._edit((s.key,), s.default_value() if on else None, in_sentence(s.label))
            )
        self.groups[spec.key] = box
        return box

    def _editing(self, key_path: tuple, label: str) -> Callable[[Any], None]:
        return lambda value: self._edit(key_path, value, label)

    # --- editing ----------------------------------------------------------------
    def _edit(self, key_path: tuple, value: Any, label: str) -> None:
        if self.position is None:
            return
        ui, ei = self.position
        self.apply(lambda: self.document.edit_element(ui, ei, key_path, value, label))

    def apply(self, edit: Callable[[], None]) -> bool:
        """Run an edit; a refused edit is shown, never pushed (the widget snaps back)."""
        try:
            edit()
        except EditRefused as exc:
            self.say(self.tr("Not applied: {reasons}").format(reasons="; ".join(exc.shown)))
            self.refresh()
            return False
        self.message.clear()
        return True

    def _show_published(self) -> None:
        difference = None
        if self.position is not None:
            ui, ei = self.position
            cost = self.document.cost
            if ui < len(cost.units) and ei < len(cost.units[ui].elements):
                difference = self.document.published_difference(ui, ei)
        self.published.setVisible(difference is not None)
        if difference is not None:
            summary = difference.summary(self.document.system.presentation.currency)
            self.published.setText(f"<b>{escape(summary)}</b>: {escape(difference.explanation(arithmetic=False))}")
            self.published.setToolTip(plain.tip(difference.explanation()))

    def first_field(self) -> QWidget | None:
        """The first widget of the shown element that takes the keyboard (Tab from the tree)."""
        if self.element is None:
            return None
        for widget in self.body.findChildren(QWidget):
            if widget.isVisibleTo(self) and widget.isEnabled() and widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
                return widget
        return None

    def say(self, text: str) -> None:
        """A message about the army as it is now: the next change of the army clears it."""
        self.message.setText(text)
        self._message_about = self.document.army

    # --- showing ------------------------------------------------------------------
    def show_element(self, ui: int | None, ei: int | None) -> None:
        self.selection.set(ui, ei)

    def _selection_changed(self) -> None:
        self.message.clear()
        self.refresh()

    @property
    def element(self):
        if self.position is None:
            return None
        ui, ei = self.position
        units = self.document.army.units
        if ui < len(units) and ei < len(units[ui].elements):
            return units[ui].elements[ei]
        return None

    def refresh(self) -> None:
        if self.message.text() and self._message_about is not self.document.army:
            self.message.clear()  # the edit it was about is undone, redone or overtaken
        element = self.element
        self.placeholder.setVisible(element is None)
        self.body.setVisible(element is not None)
        self._show_published()
        if element is None:
            return
        data = element.model_dump(mode="json")
        specs = {spec.key: spec for spec in self.document.system.schema.element_form}
        for key_path, editor in self.editors.items():
            value = data
            for key in key_path:
                value = value.get(key) if isinstance(value, dict) else None
            if value is None and len(key_path) == 2 and data.get(key_path[0]) is None:
                value = specs[key_path[0]].default_value()[key_path[1]]  # an empty optional group shows defaults
            if (
                value is not None
                or (len(key_path) == 1 and specs[key_path[0]].optional)
                or (len(key_path) == 1 and specs[key_path[0]].kind == "choice")
            ):
                editor.set(value)
        for key, box in self.groups.items():
            if box.isCheckable():
                blocked = box.blockSignals(True)
                box.setChecked(data.get(key) is not None)
                box.blockSignals(blocked)
        if self.attribute_editor:
            self.attribute_editor.refresh(element)
        if self.spell_editor:
            self.spell_editor.refresh(element)


class PickerBox(QComboBox):
    """An editable combo box that says when it is about to be used (its popup opens, it takes the focus)."""

    opening = Signal()

    def showPopup(self) -> None:
        self.opening.emit()
        self.fit_popup(self.view(), [self.itemText(i) for i in range(self.count())])
        super().showPopup()

    def fit_popup(self, popup: QAbstractItemView, texts: list[str]) -> None:
        """A list popping up under the box as wide as its widest line (up to the screen): "Stand (+4) — needs
        a ranged weapon" whole, not "needs a ranged w…" in a box as narrow as the form."""
        metrics = popup.fontMetrics()
        widest = max(map(metrics.horizontalAdvance, texts), default=0)
        wanted = widest + 4 * metrics.averageCharWidth() + popup.verticalScrollBar().sizeHint().width()
        screen = self.screen()
        popup.setMinimumWidth(min(wanted, screen.availableGeometry().width()) if screen else wanted)

    def focusInEvent(self, event) -> None:
        self.opening.emit()
        super().focusInEvent(event)


class AttributeEditor(QGroupBox):
    """The element's attributes with their parameters edited in place, and a searchable picker."""

    def __init__(self, form: ElementForm):
        super().__init__(self.tr("Attributes"))
        self.form = form
        self.setObjectName("attributes")
        self.picker = PickerBox()
        self.picker.setObjectName("attributePicker")
        self.picker.setAccessibleName(self.tr("Search attributes to add"))
        self.picker.setEditable(True)
        self.picker.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        # completions come from model.search (forgiving: "armour", "reroll", "flyng"), best first
        self.matches = QStringListModel(self)
        completer = QCompleter(self.matches, self.picker)
        completer.setCompletionMode(QCompleter.CompletionMode.UnfilteredPopupCompletion)
        self.picker.setCompleter(completer)
        picker_line = self.picker.lineEdit()
        assert picker_line is not None  # an editable combo box has one
        picker_line.textEdited.connect(self._complete)
        self.picker.opening.connect(self._price_picker)
        picker_line.setPlaceholderText(self.tr("Search attributes…"))
        self.add_button = QPushButton(self.tr("Add"))
        self.add_button.setObjectName("addAttribute")
        self.add_button.setAccessibleName(self.tr("Add attribute"))
        self.add_button.clicked.connect(self.add_current)
        picker_line.returnPressed.connect(self.add_current)
        picker_row = QHBoxLayout()
        picker_row.addWidget(self.picker, 1)
        picker_row.addWidget(self.add_button)
        self.rows = QVBoxLayout()
        layout = QVBoxLayout(self)
        layout.addLayout(picker_row)
        layout.addLayout(self.rows)
        self._signature: tuple = ()
        self._param_editors: list[dict[str, FieldEditor]] = []
        self._priced = None  # the element the picker's prices are for
        self._entries: list[Entry] = []
        self._entries_of = None  # the catalogue _entries were made from

    @property
    def system(self):
        return self.form.document.system

    def recolour(self) -> None:
        """Rebuild the rows and the picker in the palette's colours (after a scheme switch)."""
        self._signature = ()
        element = self.form.element
        if element is not None:
            self.refresh(element)

    def _label(self, attr, reason: str, price: str) -> str:
        cost = self.tr("homebrew, {cost}").format(cost=attr.cost.text) if attr.homebrew else attr.cost.text
        return f"{attr.name}{f' — {price}' if price else ''} ({cost})" + (f" — {reason}" if reason else "")

    def _price_picker(self) -> None:
        """Each entry's label with what it would cost this element ("+4 pts"), priced by the system's own
        costing when the picker is about to be used (not on every edit)."""
        element = self.form.element
        if element is None or element is self._priced:
            return
        self._priced = element
        cat, cur = self.system.catalogue, self.system.presentation.currency
        ids = [self.picker.itemData(i) for i in range(self.picker.count())]
        prices = added_costs(self.system, element, self.form.document.army.options, ids)
        text = self.picker.currentText()
        blocked = self.picker.blockSignals(True)
        for i, attr_id in enumerate(ids):
            attr = cat.attributes[attr_id]
            reason = self.system.reference.unmet_requirement(attr_id, element)
            self.picker.setItemText(i, self._label(attr, reason, prices[attr_id].label(cur)))
        self.picker.setCurrentIndex(-1)
        self.picker.setEditText(text)
        self.picker.blockSignals(blocked)

    def _search(self, text: str) -> list[int]:
        """The picker rows matching ``text``, best first (the forgiving search of the browsers)."""
        from warbench.model.search import entries_of, search  # the search on the first keystroke, not at start

        cat = self.system.catalogue
        if self._entries_of is not cat:
            self._entries_of = cat
            self._entries = entries_of(self.system, "attribute")
        rows = {self.picker.itemData(i): i for i in range(self.picker.count())}
        return [rows[e.id] for e in search(self._entries, text) if e.id in rows]

    def _complete(self, text: str) -> None:
        self._price_picker()
        rows = self._search(text) if text.strip() else []
        self.matches.setStringList([self.picker.itemText(i) for i in rows])
        if rows:
            completer = cast(QCompleter, self.picker.completer())
            self.picker.fit_popup(cast(QAbstractItemView, completer.popup()), self.matches.stringList())
            completer.complete()

    def _fill_picker(self, element) -> None:
        cat = self.system.catalogue
        text = self.picker.currentText()
        self.picker.blockSignals(True)
        self.picker.clear()
        self._priced = None
        for attr in sorted(cat.attributes.values(), key=lambda a: a.name):
            reason = self.system.reference.unmet_requirement(attr.id, element)
            self.picker.addItem(self._label(attr, reason, ""), attr.id)
            index = self.picker.count() - 1
            self.picker.setItemData(index, plain.tip(attr.summary), Qt.ItemDataRole.ToolTipRole)
            if reason:
                self.picker.setItemData(
                    index, theme.tone("warning", self.form.palette()), Qt.ItemDataRole.ForegroundRole
                )
        self.picker.setCurrentIndex(-1)
        self.picker.setEditText(text)
        self.picker.blockSignals(False)

    def add_current(self) -> None:
        text = self.picker.currentText()
        index = self.picker.findText(text, Qt.MatchFlag.MatchFixedString)
        if index < 0 and text.strip():
            best = self._search(text)  # what was typed, read as the search reads it: the best match
            index = best[0] if best else -1
        if index < 0 or self.form.position is None:
            return
        attribute_id = self.picker.itemData(index)
        ui, ei = self.form.position
        if self.form.apply(lambda: self.form.document.add_reference(ui, ei, attribute_id)):
            self.picker.setEditText("")
            # Enter on the completer's list writes the chosen entry back once the add is done: cleared
            # again after it, so a second Enter adds nothing (it once added the entry twice)
            QTimer.singleShot(0, self._clear_search)

    def _clear_search(self) -> None:
        if isValid(self.picker) and self.picker.findText(self.picker.currentText()) >= 0:
            self.picker.setEditText("")

    def refresh(self, element) -> None:
        signature = tuple(ref.id for ref in element.attributes) + self.system.reference.attribute_editor_key(element)
        if signature != self._signature:
            self._signature = signature
            self._rebuild(element)
            self._fill_picker(element)
        if self.picker.hasFocus() or cast(QLineEdit, self.picker.lineEdit()).hasFocus():
            self._price_picker()  # the element changed while the picker is in use
        for index, ref in enumerate(element.attributes):
            for param, editor in self._param_editors[index].items():
                value = ref.param(param)
                if value is not None:
                    editor.set(value)

    def _rebuild(self, element) -> None:
        _clear_layout(self.rows)
        self._param_editors = []
        cat = self.system.catalogue
        if not element.attributes:
            empty = theme.tint(QLabel(self.tr("No attributes yet.")), "muted")
            self.rows.addWidget(empty)
        for index, ref in enumerate(element.attributes):
            attr = cat.attributes[ref.id]
            row = QWidget()
            row.setObjectName(f"attribute_{index}_{ref.id}")
            line = QHBoxLayout(row)
            line.setContentsMargins(0, 0, 0, 0)
            muted = theme.tone("muted", self.form.palette(), QPalette.ColorRole.Window).name()
            row.setProperty("ruleKey", f"attribute:{ref.id}")  # F1 anywhere in the row opens the rule
            name = plain.rich_label(
                f"<a href='attribute:{escape(ref.id)}' style='text-decoration:none'><b>{escape(attr.name)}</b></a>"
                f" <span style='color:{muted}'>{escape(attr.cost.text)}</span>"
            )
            name.setObjectName(f"ruleLink_{index}")
            name.setTextInteractionFlags(
                Qt.TextInteractionFlag.LinksAccessibleByMouse | Qt.TextInteractionFlag.LinksAccessibleByKeyboard
            )
            name.linkActivated.connect(self._open_rule)
            name.setToolTip(plain.tip(attr.summary + "\n\n" + QCoreApplication.translate("element_form", RULE_HINT)))
            line.addWidget(name)
            editors: dict[str, FieldEditor] = {}
            for param, kind in attr.params.items():
                editor = self._param_editor(element, index, attr, param, kind)
                editor.widget.setObjectName(f"param_{ref.id}_{param}")
                editor.widget.setToolTip(plain.tip(f"{attr.name}: {param}"))
                line.addWidget(editor.widget)
                editors[param] = editor
            line.addStretch(1)
            reason = self.system.reference.unmet_requirement(ref.id, _without(element, index))
            if reason:
                warn = theme.tint(plain.label(f"⚠ {reason}"), "warning")
                line.addWidget(warn)
            remove = QToolButton()
            remove.setText("✕")
            remove.setObjectName(f"remove_{index}")
            remove.setToolTip(plain.tip(self.tr("Remove {name}").format(name=attr.name)))
            remove.setAccessibleName(self.tr("Remove {name}").format(name=attr.name))
            remove.clicked.connect(lambda _=False, i=index: self._remove(i))
            line.addWidget(remove)
            self._param_editors.append(editors)
            self.rows.addWidget(row)

    def _open_rule(self, link: str) -> None:
        kind, _, entry_id = link.partition(":")
        self.form.ruleRequested.emit(kind, entry_id)

    def _remove(self, index: int) -> None:
        if self.form.position is None:
            return
        ui, ei = self.form.position
        self.form.apply(lambda: self.form.document.remove_attribute(ui, ei, index))

    def _param_editor(self, element, index: int, attr, param: str, kind: str) -> FieldEditor:
        def commit(value):
            ui, ei = self.form.position
            label = f"{attr.name} {param}"

            def mutate(d):
                d["attributes"][index][param] = value

            self.form.apply(
                lambda: self.form.document.update_element(
                    ui,
                    ei,
                    mutate,
                    self.tr("Change {what} of {name}").format(what=label, name=element.name),
                    merge_key=("attr", ui, ei, index, param),
                )
            )

        spec = self.system.reference.param_field(element, index, param, kind)
        if spec.decode is not None:
            return _coded_editor(spec, commit, self.form.say, attr.name)
        editor = make_editor(spec, commit, f"{attr.name} {in_sentence(spec.label)}")
        if spec.suffix and isinstance(editor.widget, (QSpinBox, QDoubleSpinBox)):
            editor.widget.setSuffix(spec.suffix)
        return editor


def _coded_editor(spec: FieldSpec, commit, report, owner: str) -> FieldEditor:
    """A line of text standing for a structured value (``spec.encode``/``spec.decode``)."""
    decode, encode = spec.decode, spec.encode or str
    assert decode is not None
    w = QLineEdit()
    w.setPlaceholderText(spec.placeholder)
    w.setAccessibleName(f"{owner} {in_sentence(spec.label)}")

    def finished():
        try:
            commit(decode(w.text()))
        except ValueError as exc:
            report(f"{owner} {data_label(spec.label)}: {exc}")

    w.editingFinished.connect(finished)
    return FieldEditor(w, w.text, lambda value: w.setText(encode(value)))


def _without(element, index: int):
    """The element as if attribute ``index`` were absent (to explain its own requirement)."""
    return element.model_copy(update={"attributes": element.attributes[:index] + element.attributes[index + 1 :]})


class WheelKeepingList(QListWidget):
    """A list inside the scrolling form: the wheel over it scrolls the list only, never the form behind it
    (at the list's end Qt passed the wheel on, and the form slid away under the pointer)."""

    def wheelEvent(self, event) -> None:
        super().wheelEvent(event)
        event.accept()


class SpellEditor(QGroupBox):
    def __init__(self, form: ElementForm):
        super().__init__(self.tr("Spells"))
        self.form = form
        self.setObjectName("spells")
        self.budget = plain.label()
        self.list = WheelKeepingList()
        self.list.setObjectName("spellList")
        self.list.setAccessibleName(self.tr("Spells"))
        self.list.setFixedHeight(150)
        layout = QVBoxLayout(self)
        layout.addWidget(self.budget)
        layout.addWidget(self.list)
        self._filled: Catalogue | None = None
        self.list.itemChanged.connect(self._changed)
        self.list.itemDoubleClicked.connect(
            lambda item: self.form.ruleRequested.emit("spell", item.data(Qt.ItemDataRole.UserRole))
        )

    def current_rule(self) -> tuple[str, str] | None:
        """The spell under the keyboard focus (F1)."""
        item = self.list.currentItem()
        return ("spell", item.data(Qt.ItemDataRole.UserRole)) if item is not None else None

    def refresh(self, element) -> None:
        system = self.form.document.system
        cat = system.catalogue
        budget = system.reference.spell_budget(element)
        self.setVisible(budget.shown)
        self.list.blockSignals(True)
        if self._filled is not cat:  # first time, or the army's homebrew spells changed
            self.list.clear()
            for spell in cat.spells.values():
                parts = (self.tr("homebrew") if spell.homebrew else "", *spell.stats[:1], spell.budget_note)
                detail = ", ".join(part for part in parts if part)
                item = QListWidgetItem(f"{spell.name} ({detail})" if detail else spell.name)
                item.setData(Qt.ItemDataRole.UserRole, spell.id)
                item.setToolTip(
                    plain.tip(self.tr("{summary}\n\nDouble-click or F1: the full rule").format(summary=spell.summary))
                )
                item.setFlags(
                    Qt.ItemFlag.ItemIsEnabled | Qt.ItemFlag.ItemIsSelectable | Qt.ItemFlag.ItemIsUserCheckable
                )
                self.list.addItem(item)
            self._filled = cat
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setCheckState(
                Qt.CheckState.Checked
                if item.data(Qt.ItemDataRole.UserRole) in element.spells
                else Qt.CheckState.Unchecked
            )
        self.list.blockSignals(False)
        theme.tint(self.budget, "error" if budget.used > budget.allowed else "muted")
        note = f" — {budget.note}" if budget.note else ""
        self.budget.setText(
            self.tr("{title}: {used} of {allowed}{note}").format(
                title=budget.title, used=budget.used, allowed=budget.allowed, note=note
            )
        )

    def _changed(self, _item) -> None:
        if self.form.position is None:
            return
        chosen = [
            self.list.item(i).data(Qt.ItemDataRole.UserRole)
            for i in range(self.list.count())
            if self.list.item(i).checkState() == Qt.CheckState.Checked
        ]
        self.form._edit(("spells",), chosen, "spells")
