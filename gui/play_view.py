"""Table mode: the play view of a game (``gui.game_document.GameDocument``), readable across a table.

Round and Next Round, free victory points per side, both sides' units and elements with their state at a
glance, the attack (``gui.attack_panel``), and the log with undo, redo and export. Large type (at least
:data:`PLAY_POINT_SIZE` pt), the palette's colours (light and dark), every step playable by keyboard."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from PySide6.QtCore import QEvent, QModelIndex, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QPushButton,
    QSpinBox,
    QSplitter,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import i18n, plain, play_text
from warbench.gui.attack_panel import ENTER, AttackPanel
from warbench.gui.play_models import LogModel, SideModel
from warbench.gui.ruling_panel import RulingPanel
from warbench.gui.scrolling import scrolled
from warbench.gui.table_rolls import TableRollsPanel
from warbench.model.i18n import label as data_label
from warbench.model.i18n_data import state_name

if TYPE_CHECKING:
    from warbench.gui.game_document import GameChange, GameDocument
    from warbench.model.game import Ref

#: the play view's smallest text, in points: read from across a table
PLAY_POINT_SIZE = 14.0


class SidePane(QWidget):
    """One side: its army's name and side-wide figures, then its units and elements."""

    def __init__(self, document: GameDocument, side: int, parent: QWidget | None = None):
        super().__init__(parent)
        self.document = document
        self.side = side
        self.title = plain.label()
        self.title.setObjectName(f"playSideTitle{side}")
        self.title.setWordWrap(True)
        self.model = SideModel(document, side, self)
        self.tree = QTreeView()
        self.tree.setObjectName(f"playSide{side}")
        self.tree.setAccessibleName(self.tr("{side}: units and elements").format(side=play_text.side_name(side)))
        self.tree.setModel(self.model)
        self.tree.setTabKeyNavigation(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.tree.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        header = self.tree.header()
        header.setStretchLastSection(True)
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.Interactive)
        self.tree.expandAll()
        self.model.modelReset.connect(self.tree.expandAll)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.title)
        layout.addWidget(self.tree, 1)
        self.refresh_title()

    def refresh_title(self) -> None:
        army = self.document.armies()[self.side]
        states = self.document.game.file.sides[self.side].state
        figures = self.document.system(self.side).play.play_side(army, states)
        said = " · ".join(
            f"{data_label(state_name(k))} {i18n.whole(v) if isinstance(v, int) else v}" for k, v in figures.items()
        )
        self.title.setText(f"{play_text.side_name(self.side)}: {army.name}\n{said}")

    def fit_columns(self) -> None:
        self.tree.resizeColumnToContents(0)
        self.tree.setColumnWidth(0, min(self.tree.columnWidth(0), max(120, self.tree.width() // 2)))

    def widen_names(self) -> None:
        """The names' column as wide as its names need (up to half the list), never narrower than the
        player made it: a row's target mark (◎) cut its name ("◎ Veteran Te…")."""
        wanted = min(self.tree.sizeHintForColumn(0), max(120, self.tree.width() // 2))
        if self.tree.columnWidth(0) < wanted:
            self.tree.setColumnWidth(0, wanted)


def log_view(model: LogModel) -> QTreeView:
    """The log's list: a one-column tree without branches rather than a QListView, which works out the height
    of every row (formatting every step) on each step added or undone, 9 s for a log of 100,000 steps; a tree
    scrolling per item asks only for the rows in sight (rows of one or more lines, wrapped)."""
    view = QTreeView()
    view.setModel(model)
    view.setHeaderHidden(True)
    view.setRootIsDecorated(False)
    view.setItemsExpandable(False)
    view.setUniformRowHeights(False)
    view.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerItem)  # per pixel would size every row
    view.setWordWrap(True)
    view.setTextElideMode(Qt.TextElideMode.ElideNone)
    return view


class PlayView(QWidget):
    """The whole play view; ``backRequested``: Back to Building (Esc)."""

    backRequested = Signal()

    def __init__(self, document: GameDocument, rng: random.Random | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("playView")
        self.setAccessibleName(self.tr("Play view"))
        font = self.font()
        font.setPointSizeF(max(PLAY_POINT_SIZE, font.pointSizeF()))
        self.setFont(font)
        self.document = document
        self._sized = False

        self.round_label = plain.label()
        self.round_label.setObjectName("playRound")
        big = self.round_label.font()
        big.setPointSizeF(font.pointSizeF() * 1.4)
        big.setBold(True)
        self.round_label.setFont(big)
        self.next_round_button = self._button(
            self.tr("&Next Round"), "playNextRound", self.tr("Next round: activations cleared")
        )
        self.undo_button = self._button(self.tr("Undo"), "playUndo", self.tr("Undo the last step (Ctrl+Z)"))
        self.redo_button = self._button(self.tr("Redo"), "playRedo", self.tr("Redo the step undone (Ctrl+Shift+Z)"))
        self.back_button = self._button(
            self.tr("Back to &Building"), "playBack", self.tr("Back to building the army (Esc, F5)")
        )
        self.vp = [QSpinBox(), QSpinBox()]
        top = QHBoxLayout()
        top.addWidget(self.round_label)
        top.addWidget(self.next_round_button)
        top.addStretch(1)
        for button in (self.undo_button, self.redo_button, self.back_button):
            top.addWidget(button)
        second = QHBoxLayout()  # (the victory points here: the top row in German was 1,103 pixels wide)
        for side, box in enumerate(self.vp):
            box.setObjectName(f"playVp{side}")
            box.setRange(0, 9999)
            box.setAccessibleName(self.tr("{side} victory points").format(side=play_text.side_name(side)))
            box.setToolTip(self.tr("Victory points / objectives: a free counter, kept in the game file"))
            second.addWidget(plain.label(self.tr("VP {side}:").format(side="AB"[side])))
            second.addWidget(box)
            box.valueChanged.connect(lambda value, s=side: self.document.set_vp(s, value))
        second.addSpacing(12)
        second.addLayout(self._initiative_row(), 1)
        second.addStretch()  # (takes the width where the system rolls no initiative: the boxes stay narrow)

        self.sides = [SidePane(document, 0), SidePane(document, 1)]
        self.attack = AttackPanel(document, rng)
        self.log_model = LogModel(document, self)
        self.log = log_view(self.log_model)
        self.log.setObjectName("playLog")
        self.log.setAccessibleName(self.tr("Game log"))
        self.log.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.log.setTabKeyNavigation(False)
        # the last step in view: opened, taken, undone or redone (the tree works out the heights of the rows from
        # the one at the top of the view to a changed row: from the bottom that is a few rows, not the whole log)
        self.log.scrollToBottom()
        self.log_model.rowsInserted.connect(lambda *_args: self.log.scrollToBottom())
        self.log_model.dataChanged.connect(lambda *_args: self.log.scrollToBottom())
        self.export_button = self._button(
            self.tr("E&xport Log…"), "playExportLog", self.tr("The log as plain text or Markdown")
        )
        log_box = QWidget()
        log_layout = QVBoxLayout(log_box)
        log_layout.setContentsMargins(0, 0, 0, 0)
        log_head = QHBoxLayout()
        log_head.addWidget(plain.label(self.tr("Log")))
        log_head.addStretch(1)
        log_head.addWidget(self.export_button)
        self.ruling = RulingPanel(document)  # (placed under the side lists)
        self.attack.attackerChanged.connect(self.ruling.set_element)
        self.ruling.set_element(self.attack.attacker)
        self.table_rolls = TableRollsPanel(document)  # the unit rolls the rules call for (under the ruling)
        self.attack.attackerChanged.connect(self.table_rolls.set_element)
        log_layout.addLayout(log_head)
        log_layout.addWidget(self.log, 1)

        self.side_split = QSplitter(Qt.Orientation.Vertical)
        self.side_split.setObjectName("playSides")
        for pane in self.sides:
            self.side_split.addWidget(pane)
        # under the lists: a ruling on the selected element and its unit's rolls, in a pane of the splitter that
        # scrolls when the window is short (a roll's result is never cut off)
        tools = QWidget()
        tools_layout = QVBoxLayout(tools)
        tools_layout.setContentsMargins(0, 0, 0, 0)
        tools_layout.addWidget(self.ruling)
        tools_layout.addWidget(self.table_rolls)
        tools_layout.addStretch(1)
        self.tools_scroll = scrolled(tools, "playTools", self.tr("Ruling and unit rolls"))
        self.side_split.addWidget(self.tools_scroll)
        # after a roll, once laid out: the pane grows to show its result (the lists give way), up to 45%
        self.table_rolls.roll_button.clicked.connect(lambda: QTimer.singleShot(0, lambda: self._fit_tools(45)))
        left = self.side_split
        # a system with many situations scrolls the attack rather than pushing the window past the screen
        attack_scroll = self.attack_scroll = scrolled(self.attack, "playAttackScroll", self.tr("Attack"))
        attack_scroll.setMinimumHeight(self.fontMetrics().height() * 5)  # (the odds and dice under it need the rest)
        attack_box = QWidget()  # the attack scrolls; Roll and Apply stay in sight under it
        attack_layout = QVBoxLayout(attack_box)
        attack_layout.setContentsMargins(0, 0, 0, 0)
        attack_layout.addWidget(attack_scroll, 1)
        # a new attacker: the attack from its top (Tab through the situations had left it scrolled down)
        self.attack.attackerChanged.connect(lambda *_args: attack_scroll.verticalScrollBar().setValue(0))
        attack_layout.addWidget(self.attack.bar)
        right = self.right = QSplitter(Qt.Orientation.Vertical)
        right.addWidget(attack_box)
        right.addWidget(log_box)
        right.setStretchFactor(0, 0)  # the attack as tall as it needs; the log takes the rest
        right.setStretchFactor(1, 1)
        self.split = QSplitter(Qt.Orientation.Horizontal)
        self.split.setObjectName("playSplit")
        self.split.addWidget(left)
        self.split.addWidget(right)
        self.split.setStretchFactor(0, 1)
        self.split.setStretchFactor(1, 1)
        for splitter in (self.side_split, right, self.split):
            splitter.setChildrenCollapsible(False)
        layout = QVBoxLayout(self)
        layout.addLayout(top)
        layout.addLayout(second)
        layout.addWidget(self.split, 1)

        self.undo_action = self._key_action("undo_step", self.tr("Undo Step"), QKeySequence.StandardKey.Undo, self.undo)
        self.redo_action = self._key_action("redo_step", self.tr("Redo Step"), QKeySequence("Ctrl+Shift+Z"), self.redo)
        self.back_action = self._key_action(
            "back_to_building", self.tr("Back to Building"), QKeySequence(Qt.Key.Key_Escape), self.backRequested.emit
        )
        self.initiative_action = self._key_action(
            "initiative", self.tr("Roll Initiative"), QKeySequence("Ctrl+I"), self.roll_initiative
        )
        self.initiative_action.setEnabled(self._rule is not None)
        self.next_round_button.clicked.connect(self.next_round)
        self.undo_button.clicked.connect(self.undo)
        self.redo_button.clicked.connect(self.redo)
        self.back_button.clicked.connect(self.backRequested)
        self.attack.applied.connect(self._after_apply)
        self._waiting = False  # a roll waits for Apply: no other step before it (a roll is a fact)
        self.attack.waiting.connect(self._wait)
        self.attack.targetChanged.connect(self._mark_target)
        self._mark_target(self.attack.target.currentData())
        for pane in self.sides:
            pane.tree.selectionModel().currentChanged.connect(lambda cur, _prev, p=pane: self._current(p, cur))
            # the element picked last attacks, even when its row was already its list's current one
            pane.tree.clicked.connect(lambda index, p=pane: self._current(p, index))
            pane.tree.installEventFilter(self)
        document.changed.connect(self._changed)
        self._sync()
        for view in self.findChildren(QAbstractItemView):  # its own font: a focus frame's style sheet, put on
            view.setFont(font)  # or taken off, resets an inherited one to the application's (9 pt on Linux)
        self.attack.fit_heights()  # in lines of the view's font, which the attack's bar has now
        self._pick_first()

    def _initiative_row(self) -> QHBoxLayout:
        """Initiative (Ctrl+I) where the system's rules roll it, the scenario's modifiers where they take
        them, and the last roll: every die and who goes first."""
        self._rule = self.document.initiative_rule()
        rule = data_label(self._rule.rule) if self._rule is not None else ""  # the rule in the window's language
        self.initiative_button = self._button(
            self.tr("Initiative"), "playInitiative", self.tr("Roll for initiative (Ctrl+I): {rule}").format(rule=rule)
        )
        self.initiative_button.clicked.connect(self.roll_initiative)
        self.initiative_label = plain.label()
        self.initiative_label.setObjectName("playInitiativeRoll")
        self.initiative_label.setWordWrap(True)
        self.initiative_label.setAccessibleName(self.tr("Initiative roll"))
        self.modifiers = [QSpinBox(), QSpinBox()]
        row = QHBoxLayout()
        row.addWidget(self.initiative_button)
        shown = self._rule is not None and self._rule.modifiers
        for side, box in enumerate(self.modifiers):
            box.setObjectName(f"playInitiativeModifier{side}")
            box.setRange(-9, 9)
            box.setAccessibleName(self.tr("{side} initiative modifier").format(side=play_text.side_name(side)))
            box.setToolTip(self.tr("The scenario's modifier to this side's initiative roll"))
            label = plain.label(self.tr("{side} +").format(side="AB"[side]))
            row.addWidget(label)
            row.addWidget(box)
            if not shown:  # (hidden before they have a parent: shown, they would be windows of their own)
                label.hide()
                box.hide()
        row.addWidget(self.initiative_label, 1)
        self._last_modifiers()
        if self._rule is None:
            self.initiative_button.hide()
            self.initiative_label.hide()
        return row

    def _last_modifiers(self) -> None:
        """The scenario's modifiers as the last initiative roll of the log took them (a game reopened goes on
        with them; the game file keeps them in that roll)."""
        last = next((entry for entry in reversed(self.document.log) if entry.action == "initiative"), None)
        for roll in last.rolls if last is not None else ():
            side, modifier = roll.get("side"), roll.get("modifier")
            if side in ("a", "b") and isinstance(modifier, int) and not isinstance(modifier, bool):
                box = self.modifiers["ab".index(side)]
                box.setValue(max(box.minimum(), min(box.maximum(), modifier)))

    def roll_initiative(self) -> dict | None:
        """Roll for initiative (logged, undoable) and show every die and who goes first."""
        if self._rule is None or self._waiting:
            return None
        modifiers = (self.modifiers[0].value(), self.modifiers[1].value()) if self._rule.modifiers else (0, 0)
        seed = self.attack.rng.randrange(2**63)
        out = self.document.initiative(modifiers, seed)
        self.initiative_label.setText(play_text.initiative(out))
        return out

    def _button(self, text: str, name: str, tip: str) -> QPushButton:
        button = QPushButton(text)
        button.setObjectName(name)
        button.setAccessibleName(text.replace("&", "").replace("…", ""))
        button.setToolTip(tip)
        return button

    def _key_action(self, name: str, text: str, key: QKeySequence | QKeySequence.StandardKey, slot) -> QAction:
        action = QAction(text, self)
        action.setObjectName("play_" + name)
        action.setShortcut(key)
        action.setShortcutContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    # --- picking ---------------------------------------------------------------------------
    def _pick_first(self) -> None:
        pane = self.sides[0]
        unit = pane.model.index(0, 0)
        if pane.model.rowCount(unit):
            pane.tree.setCurrentIndex(pane.model.index(0, 0, unit))

    def _current(self, pane: SidePane, current: QModelIndex) -> None:
        ref = pane.model.ref(current)
        if ref is not None:
            self.attack.set_attacker(ref)
            other = self.sides[1 - pane.side].tree
            other.selectionModel().clearSelection()

    def _mark_target(self, ref: Ref | None) -> None:
        """The target's row marked (◎) in its side's list."""
        for pane in self.sides:
            pane.model.set_target(ref)
            pane.widen_names()

    def focus_attacker(self) -> None:
        side = self.attack.attacker.side if self.attack.attacker is not None else 0
        self.sides[side].tree.setFocus(Qt.FocusReason.OtherFocusReason)

    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        """Enter on an element's row: it attacks, and the focus goes to the target."""
        if event.type() == QEvent.Type.KeyPress and event.key() in ENTER:  # type: ignore[attr-defined]
            for pane in self.sides:
                if obj is pane.tree and pane.model.ref(pane.tree.currentIndex()) is not None:
                    self.attack.set_attacker(pane.model.ref(pane.tree.currentIndex()))
                    self.attack.target.setFocus(Qt.FocusReason.OtherFocusReason)
                    return True
        return super().eventFilter(obj, event)

    # --- steps ------------------------------------------------------------------------------
    def _wait(self, waiting: bool) -> None:
        self._waiting = waiting
        self._sync()

    def next_round(self) -> None:
        if self._waiting:
            return
        self.document.next_round()
        self.initiative_label.clear()  # a new round rolls again

    def undo(self) -> None:
        if not self._waiting and self.document.can_undo and self.document.undo().action == "initiative":
            self.initiative_label.clear()

    def redo(self) -> None:
        if not self._waiting and self.document.can_redo:
            self.document.redo()

    def _after_apply(self) -> None:
        self.focus_attacker()

    def _changed(self, change: GameChange) -> None:
        if change.reset or change.elements:
            sides = {ref.side for ref in change.elements} if not change.reset else {0, 1}
            for side in sides:
                self.sides[side].refresh_title()
        self._sync()

    def _sync(self) -> None:
        """The round, the counters and which of Undo / Redo can be done."""
        self.round_label.setText(self.tr("Round {number}").format(number=i18n.whole(self.document.round)))
        for side, box in enumerate(self.vp):
            if box.value() != self.document.vp(side):
                box.blockSignals(True)
                box.setValue(self.document.vp(side))
                box.blockSignals(False)
        free = not self._waiting  # while a roll waits for Apply, no other step (a roll is a fact)
        self.undo_button.setEnabled(free and self.document.can_undo)
        self.redo_button.setEnabled(free and self.document.can_redo)
        self.undo_action.setEnabled(free and self.document.can_undo)
        self.redo_action.setEnabled(free and self.document.can_redo)
        for widget in (self.next_round_button, self.ruling, self.initiative_button):
            widget.setEnabled(free)
        self.initiative_action.setEnabled(free and self._rule is not None)

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if not self._sized:  # the sides and the attack share the width about equally
            self._sized = True
            width = max(self.split.width(), 600)
            self.split.setSizes([width * 47 // 100, width - width * 47 // 100])
            QTimer.singleShot(0, self._share_right)  # once the attack is laid out at its width

    def _fit_tools(self, most: int) -> None:
        """The ruling and the unit rolls whole where they fit in ``most`` % of the left side's height (never
        smaller than they are), the side lists sharing the rest."""
        left = max(self.side_split.height(), 300)
        sizes = self.side_split.sizes()
        tools = self.tools_scroll.widget()
        assert tools is not None
        wanted = tools.heightForWidth(self.tools_scroll.viewport().width()) + self.tools_scroll.frameWidth() * 2
        wanted = max(min(wanted, left * most // 100), sizes[2] if len(sizes) == 3 and sizes[2] else 0)
        lists = left - wanted
        self.side_split.setSizes([lists // 2, lists - lists // 2, wanted])
        self.tools_scroll.ensureWidgetVisible(self.table_rolls.result, 0, 0)

    def _share_right(self) -> None:
        """The attack whole where it fits, the log the rest (at least five lines); under the side lists the
        ruling and the unit rolls whole where they fit in 40% of the height, the lists the rest."""
        self._fit_tools(40)
        height = max(self.right.height(), 300)
        wanted = self.attack.heightForWidth(self.attack.width())
        wanted = max(wanted, self.attack.sizeHint().height()) + self.attack.bar.sizeHint().height() + 8
        attack = min(wanted, height - self.fontMetrics().height() * 5)
        self.right.setSizes([attack, height - attack])
        for pane in self.sides:
            pane.fit_columns()
