"""The Matchup dock: exact odds of the selected element (or unit) against a target element of
this army or of an opponent army file kept open beside it, and the army × army matrix.

Nothing here works out odds: ``Combat.attack`` and ``model.matchup`` do."""

from __future__ import annotations

from fractions import Fraction
from html import escape
from pathlib import Path
from time import monotonic
from typing import TYPE_CHECKING

from PySide6.QtCore import QT_TRANSLATE_NOOP, QEvent, QLocale, QRectF, Qt, QTimer
from PySide6.QtGui import QPainter, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QFrame,
    QGridLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QListWidget,
    QProgressDialog,
    QPushButton,
    QScrollArea,
    QSizePolicy,
    QTableWidget,
    QTableWidgetItem,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import dialogs, i18n, plain, theme
from warbench.gui.selection import Position, Selection
from warbench.model.costing import price_army
from warbench.model.fileio import ArmyFileError, load_army
from warbench.model.i18n import attack as attack_word
from warbench.model.i18n import label as data_label
from warbench.model.matchup import (
    ATTACKS_TEXT,
    MAX_ATTACKS,
    Activation,
    MatchupError,
    MatchupTooLarge,
    Memo,
    activation,
    check_situation,
    fraction_text,
    unit_vs_unit,
)
from warbench.model.systems.combat import combat_of

if TYPE_CHECKING:  # pragma: no cover
    from warbench.gui.document import ArmyDocument


#: units on each side the matrix tab shows (a stranger's army may hold 100,000: 10**10 cells); the command
#: line's JSON holds them all
MATRIX_UNITS = 100
#: cells above which the matrix shows its progress, with a Cancel button
MATRIX_PROGRESS_CELLS = 2_500

MATRIX_NOTE = str(
    QT_TRANSLATE_NOOP(
        "MatchupPanel", "Expected damage per activation: each attacker unit's best action against each target unit"
    )
)


def odds_text(p: Fraction) -> str:
    return f"{fraction_text(p)}  ({i18n.chance(p)})"


class DistributionChart(QWidget):
    """Bars of P(k damage) for one activation (k = 0, 1, 2...); the tail under 0.1% is cut."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("matchupChart")
        self.setMinimumHeight(120)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.values: list[Fraction] = []

    def set_values(self, values: list[Fraction]) -> None:
        last = max((k for k, p in enumerate(values) if p >= Fraction(1, 1000)), default=0)
        self.values = list(values[: last + 1])
        self.update()

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        palette = self.palette()
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        if not self.values:
            painter.end()
            return
        metrics = painter.fontMetrics()
        text_h = metrics.height()
        width, height = self.width(), self.height()
        top = max(self.values)
        n = len(self.values)
        slot = (width - 8) / n
        bar_w = max(2.0, slot * 0.7)
        usable = height - 2 * text_h - 8
        painter.setPen(palette.color(QPalette.ColorRole.Text))
        for k, p in enumerate(self.values):
            x = 4 + k * slot + (slot - bar_w) / 2
            h = usable * float(p / top) if top else 0
            bar = QRectF(x, height - text_h - 4 - h, bar_w, h)
            painter.fillRect(bar, palette.color(QPalette.ColorRole.Highlight))
            if slot >= metrics.horizontalAdvance("00%") or n <= 12:
                label = QRectF(4 + k * slot, height - text_h - 2, slot, text_h)
                painter.drawText(label, Qt.AlignmentFlag.AlignCenter, str(k))
                pct = QRectF(4 + k * slot, bar.top() - text_h, slot, text_h)
                painter.drawText(pct, Qt.AlignmentFlag.AlignCenter, i18n.chance(p, 0))
        painter.end()


class MatchupPanel(QWidget):
    """Attacker = the selected element (or every element of the selected unit), read from the window's
    one :class:`~gui.selection.Selection`; the panel refreshes once per change while it is shown."""

    def __init__(self, selection: Selection, parent=None):
        super().__init__(parent)
        self.document: ArmyDocument | None = None
        self.selection = selection
        selection.changed.connect(self._selection_changed)
        self.opponent = None  # an Army read from an opponent file, kept beside (never merged)
        self.opponent_path: Path | None = None
        self._situation_boxes: dict[str, QCheckBox] = {}
        self._system_id = ""
        self._attacker_at: Position | None = None  # the attacker the target was last checked against

        self.attacker_label = QLabel(self.tr("Select an element or a unit to attack with"))
        self.attacker_label.setObjectName("matchupAttacker")
        self.attacker_label.setWordWrap(True)
        self.source = QComboBox()
        self.source.setObjectName("matchupSource")
        self.source.setAccessibleName(self.tr("Targets from"))
        self.source.addItem(self.tr("This army"))
        self.source.currentIndexChanged.connect(self._source_changed)
        self.open_button = QPushButton(self.tr("Opponent…"))
        self.open_button.setToolTip(self.tr("Open an opponent's .army.json beside this army (it is not merged)"))
        self.open_button.clicked.connect(self.open_opponent)
        source_row = QHBoxLayout()
        source_row.addWidget(QLabel(self.tr("Targets:")))
        source_row.addWidget(self.source, 1)
        source_row.addWidget(self.open_button)
        self.target = QComboBox()
        self._target_items: list[tuple[str, tuple[int, int]]] = []  # what the target list shows
        self.target.setObjectName("matchupTarget")
        self.target.setAccessibleName(self.tr("Target"))
        self.target.currentIndexChanged.connect(self.refresh)
        self.action = QComboBox()
        self.action.setObjectName("matchupAction")
        self.action.setAccessibleName(self.tr("Action"))
        self.action.currentIndexChanged.connect(self.refresh)
        self.situations = QWidget()
        self.situations_layout = QGridLayout(self.situations)
        self.situations_layout.setContentsMargins(0, 0, 0, 0)
        self._seen: tuple = ()

        self.table = QTableWidget(0, 5)
        self.table.setObjectName("matchupOdds")
        self.table.setAccessibleName(self.tr("Odds"))
        self.table.setHorizontalHeaderLabels(
            [self.tr("Attack"), self.tr("Shots"), self.tr("P(hit)"), self.tr("P(damage)"), self.tr("Damage")]
        )
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(4, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().hide()
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setWordWrap(False)
        self.chart = DistributionChart()
        self.summary = QLabel()
        self.summary.setObjectName("matchupSummary")
        self.summary.setWordWrap(True)
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.notes = QListWidget()
        self.notes.setObjectName("matchupNotes")
        self.notes.setAccessibleName(self.tr("Matchup notes"))
        self.notes.setWordWrap(True)

        odds = QWidget()
        odds_layout = QVBoxLayout(odds)
        odds_layout.setContentsMargins(0, 0, 0, 0)
        picks = QGridLayout()
        picks.addWidget(QLabel(self.tr("Target:")), 0, 0)
        picks.addWidget(self.target, 0, 1)
        picks.addWidget(QLabel(self.tr("Action:")), 1, 0)
        picks.addWidget(self.action, 1, 1)
        picks.setColumnStretch(1, 1)
        odds_layout.addLayout(picks)
        odds_layout.addWidget(self.situations)
        odds_layout.addWidget(self.table, 2)
        odds_layout.addWidget(QLabel(self.tr("Damage in one activation:")))
        odds_layout.addWidget(self.chart, 2)
        odds_layout.addWidget(self.summary)
        odds_layout.addWidget(self.notes, 1)

        self._matrix_busy = self._matrix_again = False
        self.matrix = QTableWidget(0, 0)
        self.matrix.setObjectName("matchupMatrix")
        self.matrix.setAccessibleName(self.tr("Expected damage, unit against unit"))
        self.matrix.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.matrix_note = QLabel(self.tr(MATRIX_NOTE))
        self.matrix_note.setTextFormat(Qt.TextFormat.PlainText)
        self.matrix_note.setWordWrap(True)
        grid = QWidget()
        grid_layout = QVBoxLayout(grid)
        grid_layout.setContentsMargins(0, 0, 0, 0)
        grid_layout.addWidget(self.matrix_note)
        grid_layout.addWidget(self.matrix)

        self.tabs = QTabWidget()
        # A short dock scrolls its contents instead of squeezing them over each other.
        self.odds_scroll = odds_scroll = QScrollArea()
        odds_scroll.setObjectName("matchupOddsScroll")
        odds_scroll.setWidgetResizable(True)
        odds_scroll.setFrameShape(QFrame.Shape.NoFrame)
        odds_scroll.setWidget(odds)
        self.tabs.addTab(odds_scroll, self.tr("Odds"))
        self.tabs.addTab(grid, self.tr("Army vs army"))
        self.tabs.currentChanged.connect(lambda _i: self.refresh())
        for combo in (self.source, self.target, self.action):  # long names must not widen the dock
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(10)
        layout = QVBoxLayout(self)
        layout.addWidget(self.attacker_label)
        layout.addLayout(source_row)
        layout.addWidget(self.tabs, 1)

    # --- inputs -----------------------------------------------------------------
    @property
    def system(self):
        return self.document.system

    @property
    def target_army(self):
        if self.source.currentIndex() == 1 and self.opponent is not None:
            return self.opponent
        return self.document.army

    @property
    def doc(self) -> ArmyDocument:
        """The document (the panel works out nothing before ``set_document``)."""
        if self.document is None:
            raise RuntimeError("the Matchup panel has no document yet")
        return self.document

    @property
    def selected(self) -> Position | None:
        """The attacker's place: the window's selection (never a copy)."""
        return self.selection.position

    def set_document(self, document) -> None:
        """Called on every change of the document while the panel is shown (live update), and when it is
        shown again; a call that changes nothing it shows (the army object, the selection) costs nothing."""
        seen = (document, document.army, self.selection.position)
        if seen == self._seen:
            return
        self._seen = seen
        self.document = document
        if self.system.id != self._system_id:
            self._system_id = self.system.id
            self._build_situations()
            self._build_actions()
            if self.opponent is not None and self.opponent.system != self.system.id:
                self.close_opponent()
        self._fill_targets()
        if self.selection.position != self._attacker_at:  # another attacker: never against itself
            self._attacker_at = self.selection.position
            self._away_from_attacker()
        self.refresh()

    def _away_from_attacker(self) -> None:
        """A target that is the attacker (or in its attacking unit) moves to the first element of another unit."""
        position, at = self.selected, self.target.currentData()
        if position is None or at is None or self.target_army is not self.doc.army or at[0] != position[0]:
            return
        if position[1] is not None and at[1] != position[1]:
            return  # another element of the attacker's own unit: a fair pick
        blocked = self.target.blockSignals(True)
        self.target.setCurrentIndex(self._first_other_target(self._target_items))
        self.target.blockSignals(blocked)

    def _selection_changed(self) -> None:
        """Another attacker: shown now, or when the panel is next shown (``showEvent``)."""
        if self.document is not None and self.isVisible():
            self.set_document(self.document)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        self.odds_scroll.verticalScrollBar().setValue(0)  # Target and Action first, wherever it was left
        if self.document is not None:
            self.set_document(self.document)  # catches up with a selection changed while hidden

    def changeEvent(self, event) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self.document is not None and self.isVisible():
            self.refresh()  # the heat colours follow the scheme (light / dark)

    def set_opponent(self, army, path: Path | None = None) -> None:
        if army.system != self.system.id:
            raise MatchupError(
                self.tr("{name} is a {system} army; this army plays {ours}").format(
                    name=repr(army.name), system=army.system, ours=self.system.id
                )
            )
        self.opponent, self.opponent_path = army, path
        label = self.tr("Opponent: {name}").format(name=army.name) + (f" ({path.name})" if path else "")
        if self.source.count() == 1:
            self.source.addItem(label)
        else:
            self.source.setItemText(1, label)
        self.source.setCurrentIndex(1)

    def close_opponent(self) -> None:
        self.opponent = self.opponent_path = None
        if self.source.count() > 1:
            self.source.setCurrentIndex(0)
            self.source.removeItem(1)

    def open_opponent(self) -> None:
        folder = str(self.doc.path.parent) if self.doc.path else ""
        path = dialogs.open_path(self, folder)
        if not path:
            return
        try:
            self.set_opponent(load_army(path), Path(path))
        except ArmyFileError as exc:
            dialogs.show_error(self, self.tr("Cannot open the opponent"), "\n".join(exc.shown))
        except MatchupError as exc:
            dialogs.show_error(self, self.tr("Cannot open the opponent"), str(exc))

    def situation(self) -> frozenset[str]:
        return frozenset(name for name, box in self._situation_boxes.items() if box.isChecked())

    def set_situation(self, names) -> None:
        for name, box in self._situation_boxes.items():
            box.setChecked(name in names)

    def _build_situations(self) -> None:
        """One check box per situation of the system, two to a row so the dock stays narrow."""
        for box in self._situation_boxes.values():
            self.situations_layout.removeWidget(box)
            box.hide()  # out of the layout is not out of view: it stays drawn until deleteLater's turn
            box.deleteLater()
        self._situation_boxes = {}
        for i, s in enumerate(self.system.combat.situations if self.system.combat else ()):
            box = QCheckBox(data_label(s.label))  # the system's words, translated (model/i18n.py)
            box.setObjectName(f"situation-{s.name}")
            box.setToolTip(data_label(s.help))
            box.toggled.connect(lambda _on: self.refresh())
            self.situations_layout.addWidget(box, i // 2, i % 2)
            self._situation_boxes[s.name] = box
        self.situations.setVisible(bool(self._situation_boxes))

    def _build_actions(self) -> None:
        self.action.blockSignals(True)
        self.action.clear()
        for action in self.system.combat.actions() if self.system.combat else []:
            main = "ranged" if "ranged" in action else sorted(action)[0]
            label = attack_word(main.replace("-", " ").capitalize())
            self.action.addItem(label, action)
            self.action.setItemData(self.action.count() - 1, ", ".join(sorted(action)), Qt.ItemDataRole.ToolTipRole)
        self.action.blockSignals(False)

    def _source_changed(self, _index: int) -> None:
        self._fill_targets()
        self.refresh()

    def _fill_targets(self) -> None:
        items = [
            (f"{unit.name} — {element.name}", (ui, ei))
            for ui, unit in enumerate(self.target_army.units)
            for ei, element in enumerate(unit.elements)
        ]
        if items == self._target_items:
            return  # most edits rename nothing: a 5,000-unit army's 6,600 targets are not listed again
        self._target_items = items
        current = self.target.currentText()
        self.target.blockSignals(True)
        self.target.clear()
        for label, position in items:
            self.target.addItem(label, position)
        found = self.target.findText(current)
        self.target.setCurrentIndex(found if found >= 0 else self._first_other_target(items))
        self.target.blockSignals(False)

    def _first_other_target(self, items: list) -> int:
        """A new list's first target: in the attacker's own army, the first element of another unit (the first
        of all was often the attacker itself: "Assault Troop against Assault Troop")."""
        position = self.selected
        if position is None or self.target_army is not self.doc.army:
            return 0
        return next((i for i, (_label, (ui, _ei)) in enumerate(items) if ui != position[0]), 0)

    # --- output ---------------------------------------------------------------------
    def _attackers(self) -> list:
        if self.selected is None or self.document is None:
            return []
        ui, ei = self.selected
        units = self.document.army.units
        if ui is None or ui >= len(units):
            return []
        if ei is None:
            return list(units[ui].elements)
        return [units[ui].elements[ei]] if ei < len(units[ui].elements) else []

    def _attacker_points(self) -> Fraction | None:
        if not self.system.pricing.has_points or self.selected is None:
            return None
        ui, ei = self.selected
        unit_cost = self.doc.cost.units[ui]
        rows = unit_cost.elements if ei is None else [unit_cost.elements[ei]]
        total = sum((Fraction(e.cost_each) * e.count for e in rows if e.cost_each is not None), Fraction(0))
        return total or None

    def _target_points(self, ui: int, ei: int) -> Fraction | None:
        if not self.system.pricing.has_points:
            return None
        if self.target_army is self.doc.army:
            cost = self.doc.cost
        else:
            cost = price_army(self.target_army, self.system)
        each = cost.units[ui].elements[ei].cost_each
        return None if each is None else Fraction(each)

    def refresh(self) -> None:
        """Work out and show the odds (or the matrix) for the current inputs."""
        if self.document is None:
            return
        if self.tabs.currentIndex() == 1:
            self._fill_matrix()
            return
        attackers = self._attackers()
        self.table.setRowCount(0)
        self.notes.clear()
        if not attackers or self.selected is None:
            self.attacker_label.setText(self.tr("Select an element or a unit to attack with"))
            self._no_odds("")
            return
        ui, ei = self.selected
        unit = self.document.army.units[ui]
        who = unit.name if ei is None else f"{unit.name} — {attackers[0].name}"
        self.attacker_label.setText(self.tr("<b>Attacker:</b> {name}").format(name=escape(who, quote=False)))
        position = self.target.currentData()
        if position is None:
            self._no_odds(self.tr("The target army has no elements"))
            return
        target = self.target_army.units[position[0]].elements[position[1]]
        if len(attackers) > MAX_ATTACKS:  # each would make one attack at least: refused before any work
            self.notes.addItem(
                self.tr("{unit}: {count} elements; {attacks}. Select one element to see its odds.").format(
                    unit=unit.name, count=QLocale().toString(len(attackers)), attacks=ATTACKS_TEXT
                )
            )
            self._no_odds(self.tr("Too many attacks to work out exactly: see the first note"))
            return
        situation = check_situation(self.system.combat.situations if self.system.combat else (), self.situation())
        action = self.action.currentData() or frozenset()
        fired, notes = self._attack_rows(attackers, target, situation, action)
        try:
            act = activation(fired) if fired else None
        except MatchupTooLarge as exc:  # a file's absurd counts: refused in well under a second, named
            self.notes.addItems([str(exc), *notes])
            self._no_odds(self.tr("Too many attacks to work out exactly: see the first note"))
            return
        self.notes.addItems(notes)
        self.chart.set_values(act.damage if act else [])
        self.summary.setText(self._summary(act, fired, position))

    def _no_odds(self, why: str) -> None:
        """No odds to show: the chart empty, the summary saying why."""
        self.chart.set_values([])
        self.summary.setText(why)

    def _attack_rows(self, attackers: list, target, situation: frozenset[str], action: frozenset[str]) -> tuple:
        """A row for each attack of each attacker on ``target``; the attacks that fire in ``action`` (attacker,
        count, result) and the notes (an attack that cannot be made, and what each attack's odds say)."""
        fired: list[tuple] = []
        notes: list[str] = []
        combat = self.system.combat
        for attacker in attackers:
            for kind in combat.attack_kinds(attacker) if combat else []:
                try:
                    r = combat_of(self.system).attack_checked(attacker, kind, target, situation, strict=False)
                except MatchupError as exc:
                    notes.append(f"{attacker.name} {kind[0]}: {exc}")
                    continue
                self._add_row(attacker, r, len(attackers) > 1)
                if kind[0] in action:
                    fired.append((attacker, self.system.schema.element_count(attacker), r))
                forbidden = (
                    [self.tr("forbidden (odds 0) by {rule}").format(rule=r.forbidden_by)] if r.forbidden_by else []
                )
                harmless = [self._harmless_text(r)] if r.harmless_by else []
                for line in [*forbidden, *harmless, *r.modifiers, *r.left_to_table, *r.readings]:
                    text = f"{r.attack}: {line}"
                    if text not in notes:
                        notes.append(text)
        return fired, notes

    def _add_row(self, attacker, r, with_name: bool) -> None:
        label = f"{attack_word(r.attack)} ({data_label(r.weapon)})"
        if with_name:
            label = f"{attacker.name}: {label}"
        damage = self._harmless_text(r) if r.harmless_by else data_label(r.damage)
        self._put_row([label, str(r.shots), odds_text(r.p_hit), odds_text(r.p_damage), damage])
        for side, (p_hit, p_damage) in r.reroll.items():  # the same attack when that side spends its re-roll
            self._put_row(
                [
                    self.tr("    with {reroll} ({side})").format(reroll=combat_of(self.system).reroll_name, side=side),
                    "",
                    odds_text(p_hit),
                    odds_text(p_damage),
                    "",
                ]
            )

    def _harmless_text(self, r) -> str:
        """What an attack that may hit but cannot harm the target does, and the rule that says so."""
        return self.tr("hits, no damage: {rule}").format(rule=r.harmless_by)

    def _put_row(self, cells: list[str]) -> None:
        row = self.table.rowCount()
        self.table.insertRow(row)
        for col, text in enumerate(cells):
            item = QTableWidgetItem(text)
            item.setToolTip(plain.tip(text))
            self.table.setItem(row, col, item)
        self._fit_table()

    def _fit_table(self) -> None:
        """The odds table as tall as its rows (one to six; more scroll): the chart under it, axis and all,
        stays above the fold (a table of 202 px for one row put the chart's axis out of sight at 1366x768)."""
        table = self.table
        rows = (
            sum(table.rowHeight(r) for r in range(min(table.rowCount(), 6)))
            or table.verticalHeader().defaultSectionSize()
        )
        bar = table.horizontalScrollBar().sizeHint().height()
        table.setFixedHeight(table.horizontalHeader().sizeHint().height() + rows + bar + 2 * table.frameWidth())

    def _summary(self, act: Activation | None, fired, position) -> str:
        if act is None:
            return self.tr("No attack of this action reaches the target")
        damage = fired[0][2].damage
        parts = [
            self.tr("Expected hits {number}").format(number=i18n.number(act.expected_hits, 2)),
            self.tr("expected damage ({damage}) {number}").format(
                damage=damage, number=i18n.number(act.expected_damage, 2)
            ),
            self.tr("P(at least one) {chance}").format(chance=i18n.chance(1 - act.damage[0])),
        ]
        mine = self._attacker_points()
        theirs = self._target_points(*position)
        if mine and theirs is not None:
            to_remove = fired[0][2].damage_to_remove
            removed = act.expected_damage * theirs / to_remove
            parts.append(
                self.tr("points efficiency {ratio} ({removed} of {mine} pts)").format(
                    ratio=i18n.number(removed / mine, 3), removed=i18n.number(removed, 1), mine=mine
                )
            )
        return "; ".join(parts)

    def _fill_matrix(self) -> None:
        army, target = self.doc.army, self.target_army
        memo = Memo(self.system, self.situation())
        action = self.action.currentData()
        attack = next(iter(action)) if action and len(action) == 1 else None
        if self._matrix_busy:  # asked again while the window's events are handled between cells: once more after
            self._matrix_again = True
            return
        self.matrix.clear()
        self.matrix.setRowCount(0)
        self.matrix.setColumnCount(0)
        attackers, targets = army.units[:MATRIX_UNITS], target.units[:MATRIX_UNITS]
        try:
            values = self._matrix_values(attackers, targets, attack, memo)
        except MatchupTooLarge as exc:
            self.matrix_note.setText(self.tr("Too many attacks to work out exactly: {reason}").format(reason=exc))
            return
        if values is None:
            self.matrix_note.setText(
                self.tr("Cancelled: switch tabs or change the situation to work the matrix out again")
            )
            return
        sides = (
            (self.tr("the first {count} of {total} attacking units"), army.units),
            (self.tr("the first {count} of {total} target units"), target.units),
        )
        left_out = [
            side.format(count=i18n.whole(MATRIX_UNITS), total=i18n.whole(len(units)))
            for side, units in sides
            if len(units) > MATRIX_UNITS
        ]
        shows = (
            self.tr(" (showing {which}; warbench matchup --json gives them all)").format(
                which=self.tr(" and ").join(left_out)
            )
            if left_out
            else ""
        )
        self.matrix_note.setText(self.tr(MATRIX_NOTE) + shows)
        army_units, target_units = attackers, targets
        self.matrix.setRowCount(len(army_units))
        self.matrix.setColumnCount(len(target_units))
        self.matrix.setVerticalHeaderLabels([u.name for u in army_units])
        self.matrix.setHorizontalHeaderLabels([t.name for t in target_units])
        top = max((v for row in values for v in row), default=Fraction(0)) or Fraction(1)
        heat = theme.heat_scale(self.palette())  # (the matrix inherits it; a change reaches the panel first)
        for r, row in enumerate(values):
            for c, v in enumerate(row):
                item = QTableWidgetItem(i18n.number(v, 2))
                item.setToolTip(plain.tip(f"{army_units[r].name} → {target_units[c].name}: {fraction_text(v)}"))
                item.setTextAlignment(Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
                item.setBackground(heat(float(v / top)))
                self.matrix.setItem(r, c, item)
        self.matrix.resizeColumnsToContents()

    def _matrix_values(self, attackers: list, targets: list, attack: str | None, memo: Memo) -> list | None:
        """Expected damage of each attacker unit against each target unit; None when cancelled. A matrix of
        more than MATRIX_PROGRESS_CELLS cells shows its progress with a Cancel button, the window's events
        handled between cells (each at most about 50 ms: model.matchup.MAX_ATTACKS)."""
        cells = len(attackers) * len(targets)
        self._matrix_busy = True
        progress = None
        if cells > MATRIX_PROGRESS_CELLS:
            progress = QProgressDialog(
                self.tr("Working out {count} matchups…").format(count=QLocale().toString(cells)),
                self.tr("Cancel"),
                0,
                len(attackers),
                self.window(),
            )
            progress.setObjectName("matrixProgress")
            progress.setAccessibleName(self.tr("Matchup matrix progress"))
            progress.setWindowModality(Qt.WindowModality.WindowModal)
            progress.setMinimumDuration(300)
        values: list = []
        last = monotonic()
        try:
            for i, unit in enumerate(attackers):
                row = []
                for t in targets:
                    row.append(unit_vs_unit(self.system, unit, t, attack, memo))
                    if progress is not None and monotonic() - last > 0.03:
                        QApplication.processEvents()
                        last = monotonic()
                        if progress.wasCanceled():
                            return None
                values.append(row)
                if progress is not None:
                    progress.setValue(i + 1)
        finally:
            self._matrix_busy = False
            if progress is not None:
                progress.close()
                progress.deleteLater()
            if self._matrix_again:
                self._matrix_again = False
                QTimer.singleShot(0, self.refresh)
        return values
