"""The dice roller: one-click dice, free expressions, the system's one-die check, exact odds, history.

All maths is in ``model.dice``; this is presentation. Rolls use the system's
secure RNG unless a seeded one is injected (tests).
"""

from __future__ import annotations

import random
import time
from fractions import Fraction

from PySide6.QtCore import QT_TRANSLATE_NOOP, QPointF, QRectF, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter, QPalette, QPen
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import i18n, plain, theme
from warbench.model.dice import (
    DiceError,
    Expression,
    chance_table,
    check_odds,
    distribution,
    parse,
    roll,
    roll_check,
)
from warbench.model.die_check import DieCheck
from warbench.model.systems import default_system, get_system

#: hues of the chart's bars: a result, a result at or over the target, the result rolled; each is made to
#: stand out from the chart's background at :data:`BAR_CONTRAST` (WCAG's figure for graphics) in any palette
BAR_HUES = {"bar": QColor("#90a4ae"), "at_least": QColor("#546e7a"), "rolled": QColor("#e65100")}
BAR_CONTRAST = 3.0


def bar_colours(palette: QPalette) -> dict[str, QColor]:
    """The bars' colours on this palette's Base (lighter on a dark one, darker on a light one)."""
    base = palette.color(QPalette.ColorRole.Base)
    out = {kind: theme.readable(hue, base, minimum=BAR_CONTRAST) for kind, hue in BAR_HUES.items()}
    if theme.contrast(out["at_least"], out["bar"]) < 1.5:  # "at least the target" told apart from the others
        toward = QColor(255, 255, 255) if theme.is_dark(palette) else QColor(0, 0, 0)
        out["at_least"] = theme.mix(out["bar"], toward, 0.45)
    return out


QUICK_DICE = (4, 6, 8, 10, 12, 20)  # the one-click dice
TABLE_ROW = 20  # px per row of the chance table


DETAIL_CHARS = 240  # longer roll details are cut to this (the whole list stays in the history)


def summarise(details: str, dice: int, limit: int = DETAIL_CHARS) -> str:
    """Roll details short enough for the result area: a long list of faces is cut at a comma and
    says how many dice there were and where the rest is."""
    if len(details) <= limit:
        return details
    cut = details.rfind(", ", 0, limit)
    return i18n.COUNTED.dice_cut(details[: cut if cut > 0 else limit], dice)


#: what the odds chart says when it has no bars, by why
NOTHING_ROLLED = str(QT_TRANSLATE_NOOP("DicePanel", "Roll something to see its odds"))
NOT_A_ROLL = str(QT_TRANSLATE_NOOP("DicePanel", "No odds: the expression above is not a roll yet"))
TOO_MANY_TOTALS = str(
    QT_TRANSLATE_NOOP("DicePanel", "No chart: too many possible totals for exact odds (the note above says why)")
)


#: a chart leaves off tails whose bars would be under 1/TAIL_FRACTION of the tallest (under a pixel on any screen)
TAIL_FRACTION = 2000


class DistributionChart(QWidget):
    """Bars of an exact distribution, the rolled value highlighted, values ≥ target shaded."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("chart")
        self.setMinimumHeight(150)
        self.points: list[tuple[int, Fraction]] = []
        self.empty = NOTHING_ROLLED
        self.rolled: int | None = None
        self.target: int | None = None
        self.caption = ""

    def show_distribution(
        self,
        points: list[tuple[int, Fraction]],
        rolled: int | None,
        target: int | None,
        caption: str,
        empty: str = NOTHING_ROLLED,
    ) -> None:
        """The bars of ``points``; with none, ``empty`` says why (nothing rolled yet, a typo, too many totals)."""
        self.points, self.rolled, self.target, self.caption, self.empty = points, rolled, target, caption, empty
        self.update()

    def shown_points(self) -> list[tuple[int, Fraction]]:
        """The points the chart draws: tails too unlikely to make a bar a pixel tall are left off (1000d6 drew
        5,001 totals, the few hundred that ever come up a sliver in the middle), the rolled value always kept."""
        if not self.points:
            return []
        floor = max(p for _, p in self.points) / TAIL_FRACTION
        kept = [i for i, (value, p) in enumerate(self.points) if p >= floor or value == self.rolled]
        return self.points[kept[0] : kept[-1] + 1]

    def bar_rects(self) -> list[tuple[int, QRectF]]:
        """Where each value's bar is drawn (used by the painter and the tests)."""
        points = self.shown_points()
        if not points:
            return []
        left, right, top, bottom = 8, self.width() - 8, 22, self.height() - 20
        width = (right - left) / len(points)
        peak = max(float(p) for _, p in points) or 1
        rects = []
        for i, (value, p) in enumerate(points):
            h = (bottom - top) * float(p) / peak
            rects.append((value, QRectF(left + i * width + width * 0.1, bottom - h, max(1.0, width * 0.8), h)))
        return rects

    def paintEvent(self, _event) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.fillRect(self.rect(), self.palette().base())
        painter.setFont(self.label_font())
        painter.setPen(self.palette().text().color())
        painter.drawText(
            QRectF(8, 2, self.width() - 16, 18),
            Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
            self.tr("{caption}, rare tails left off").format(caption=self.caption)
            if len(self.shown_points()) < len(self.points)
            else self.caption,
        )
        rects = self.bar_rects()
        if not rects:
            painter.drawText(
                self.rect().adjusted(8, 0, -8, 0), Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.empty
            )
            return
        colours = bar_colours(self.palette())
        for value, rect in rects:
            kind = (
                "rolled"
                if value == self.rolled
                else ("bar" if self.target is None or value < self.target else "at_least")
            )
            painter.fillRect(rect, colours[kind])
        bottom = self.height() - 20
        painter.setPen(QPen(self.palette().mid().color(), 1))
        painter.drawLine(QPointF(8, bottom), QPointF(self.width() - 8, bottom))
        painter.setPen(self.palette().text().color())
        for value, box in self.label_boxes():
            painter.drawText(box, Qt.AlignmentFlag.AlignCenter, str(value))

    def label_font(self) -> QFont:
        font = QFont(self.font())
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.85))
        return font

    def label_boxes(self) -> list[tuple[int, QRectF]]:
        """Where the axis labels go: the rolled value, both ends and about a
        dozen between, each whole inside the chart (the ends of 1000d6 once read ".000" and "599") and none over
        another."""
        rects = self.bar_rects()
        if not rects:
            return []
        advance = QFontMetrics(self.label_font()).horizontalAdvance
        bottom = self.height() - 20
        step = max(1, len(rects) // 12)
        first = [v for v in (self.rolled, rects[0][0], rects[-1][0]) if v is not None]
        order = first + [v for i, (v, _) in enumerate(rects) if i % step == 0]
        centres = {value: rect.center().x() for value, rect in rects}
        placed: list[tuple[int, QRectF]] = []
        for value in dict.fromkeys(order):  # each once, the ones that matter most first
            if value not in centres:
                continue
            width = advance(str(value)) + 6
            left = min(max(0.0, centres[value] - width / 2), self.width() - width)
            box = QRectF(left, bottom + 2, width, 16)
            if not any(box.intersects(other) for _, other in placed):
                placed.append((value, box))
        return sorted(placed, key=lambda item: item[1].left())


class DicePanel(QWidget):
    def __init__(self, rng: random.Random | None = None, parent=None):
        super().__init__(parent)
        self.setObjectName("dicePanel")
        self.rng = rng or random.SystemRandom()
        self.history_rows: list[tuple[str, str, str, str]] = []

        quick = QHBoxLayout()
        self.die_buttons = {}
        for sides in QUICK_DICE:
            button = QPushButton(f"d{sides}")
            button.setObjectName(f"roll_d{sides}")
            button.setAccessibleName(self.tr("Roll a {sides}-sided die").format(sides=sides))
            button.setToolTip(self.tr("Roll a {sides}-sided die (d{sides})").format(sides=sides))
            button.setMinimumWidth(button.fontMetrics().horizontalAdvance("d20") + 8)  # six fit a narrow dock
            button.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Fixed)
            button.clicked.connect(lambda _=False, s=sides: self.roll_expression(f"d{s}"))
            quick.addWidget(button)
            self.die_buttons[sides] = button

        self.presets = QComboBox()
        self.presets.setObjectName("presets")
        self.presets.setAccessibleName(self.tr("Rolls of this system"))
        self.presets.activated.connect(self._use_preset)
        self._preset_system = None

        self.expression = QLineEdit("3d6+2")
        self.expression.setObjectName("expression")
        self.expression.setAccessibleName(self.tr("Dice to roll"))
        self.expression.setPlaceholderText(self.tr("3d6+2, 4d6kh3, 2d20kl1, 10d6>=4"))
        self.expression.returnPressed.connect(lambda: self.roll_expression(self.expression.text()))
        self.expression.textChanged.connect(self._preview)
        self.roll_button = QPushButton(self.tr("Roll"))
        self.roll_button.setObjectName("rollExpression")
        self.roll_button.clicked.connect(lambda: self.roll_expression(self.expression.text()))
        self.target = QSpinBox()
        self.target.setObjectName("target")
        self.target.setAccessibleName(self.tr("Chance of at least"))
        self.target.setRange(-10_000, 100_000)
        self.target.setValue(10)
        self.target.setPrefix(self.tr("P(≥ "))
        self.target.setSuffix(")")
        self.target.valueChanged.connect(lambda _v: self._show_odds())
        # a narrow dock (1024 px screens) gives the expression the room the Roll button's usual width took
        metrics = self.roll_button.fontMetrics()
        self.roll_button.setMinimumWidth(
            metrics.horizontalAdvance(f" {self.roll_button.text()} ") + 2 * metrics.averageCharWidth()
        )
        self.expression.setMinimumWidth(self.expression.fontMetrics().horizontalAdvance("1000d100") + 12)
        row = QHBoxLayout()
        row.addWidget(self.expression, 2)
        row.addWidget(self.roll_button)
        row.addWidget(self.target)
        self.result = plain.label("—")
        self.result.setObjectName("result")
        self.result.setStyleSheet("font-size: 20px; font-weight: bold")
        self.detail = plain.label()
        self.detail.setObjectName("rollDetail")
        self.detail.setWordWrap(True)
        self.odds = plain.label()
        self.odds.setObjectName("odds")
        self.odds.setWordWrap(True)
        self.error = plain.label()
        self.error.setObjectName("diceError")
        theme.tint(self.error, "error")
        self.error.setWordWrap(True)
        self.chart = DistributionChart()

        check = QGroupBox()
        grid = QGridLayout(check)
        self.check_die = QComboBox()
        self.check_die.setObjectName("checkDie")
        self.check_die.setAccessibleName(self.tr("Check die"))
        self.check_mod = QSpinBox()
        self.check_mod.setObjectName("checkModifier")
        self.check_mod.setAccessibleName(self.tr("Check modifier"))
        self.check_mod.setPrefix(self.tr("modifier "))
        self.check_reroll = QCheckBox()
        self.check_reroll.setObjectName("checkReroll")
        self.new_game = QPushButton(self.tr("New game"))
        self.new_game.setObjectName("newGame")
        self.new_game.clicked.connect(self.reset_reroll)
        self.new_game.setEnabled(False)
        self.check_attacks = QSpinBox()
        self.check_attacks.setObjectName("checkAttacks")
        self.check_attacks.setAccessibleName(self.tr("Check attacks"))
        self.check_attacks.setRange(1, 200)
        self.check_attacks.setValue(1)
        self.check_attacks.setSuffix(self.tr(" attack"))
        self.check_button = QPushButton(self.tr("Roll check"))
        self.check_button.setObjectName("rollCheck")
        self.check_button.clicked.connect(self.roll_check)
        self.check_chance = plain.label()
        self.check_chance.setObjectName("checkChance")
        self.check_chance.setWordWrap(True)
        self.check_die.currentIndexChanged.connect(self._check_preview)
        self.check_mod.valueChanged.connect(self._check_preview)
        self.check_attacks.valueChanged.connect(self._check_preview)
        self.check_reroll.toggled.connect(self._check_preview)
        # two columns, so a narrow dock keeps every control in view
        grid.addWidget(self.check_die, 0, 0)
        grid.addWidget(self.check_mod, 0, 1)
        grid.addWidget(self.check_attacks, 1, 0)
        grid.addWidget(self.check_button, 1, 1)
        grid.addWidget(self.check_reroll, 2, 0, 1, 2)
        grid.addWidget(self.new_game, 3, 1)
        grid.addWidget(self.check_chance, 4, 0, 1, 2)

        self.table = QTableWidget(0, 0)
        self.table.setObjectName("chanceTable")
        self.table.setAccessibleName(self.tr("Chances"))
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setDefaultSectionSize(TABLE_ROW)
        table_box = QGroupBox()
        QVBoxLayout(table_box).addWidget(self.table)

        self.history = QTableWidget(0, 4)
        self.history.setObjectName("history")
        self.history.setAccessibleName(self.tr("Roll history"))
        self.history.setHorizontalHeaderLabels([self.tr("Time"), self.tr("Roll"), self.tr("Result"), self.tr("Dice")])
        self.history.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.history.verticalHeader().hide()
        # the panel's width, never a sideways scroll: the time and result as wide as they are, the roll and
        # its dice share the rest (cut with "…", whole in the tool tip)
        header = self.history.horizontalHeader()
        fit, share = QHeaderView.ResizeMode.ResizeToContents, QHeaderView.ResizeMode.Stretch
        for column, mode in enumerate((fit, share, fit, share)):
            header.setSectionResizeMode(column, mode)
        self.history.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.history.verticalHeader().setDefaultSectionSize(20)
        self.clear_button = QPushButton(self.tr("Clear history"))
        self.clear_button.setObjectName("clearHistory")
        self.clear_button.clicked.connect(self.clear_history)
        history_box = QGroupBox(self.tr("History"))
        hl = QVBoxLayout(history_box)
        hl.addWidget(self.history)
        hl.addWidget(self.clear_button)

        layout = QVBoxLayout(self)
        layout.addLayout(quick)
        layout.addWidget(self.presets)
        layout.addLayout(row)
        layout.addWidget(self.error)
        result_row = QHBoxLayout()
        result_row.addWidget(self.result)
        result_row.addWidget(self.detail, 1)
        layout.addLayout(result_row)
        layout.addWidget(self.odds)
        layout.addWidget(self.chart, 1)
        layout.addWidget(check)
        layout.addWidget(table_box)
        self.check_box, self.table_box = check, table_box
        layout.addWidget(history_box, 1)
        self._current: tuple[Expression, int | None] | None = None
        self._check: DieCheck | None = None
        self._preview(self.expression.text())
        # until a document names its system, the default system's check
        self.set_check(get_system(default_system()).reference.dice_check)

    def focus_input(self) -> None:
        self.expression.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.expression.selectAll()

    # --- presets -----------------------------------------------------------------------
    def set_presets(self, system) -> None:
        """The rolls ``system`` uses all the time (activation, to-hit, saves...)."""
        if system is self._preset_system:
            return
        self._preset_system = system
        self.set_check(system.reference.dice_check)
        self.presets.clear()
        self.presets.addItem(self.tr("{system}: common rolls…").format(system=system.presentation.short_name), None)
        for label, expression, target in system.reference.dice_presets():
            self.presets.addItem(label, (expression, target))

    def _use_preset(self, index: int) -> None:
        data = self.presets.itemData(index)
        if not data:
            return
        expression, target = data
        self.target.blockSignals(True)
        self.target.setValue(target)
        self.target.blockSignals(False)
        self.expression.setText(expression)
        self._preview(expression)  # a new question: the previous roll no longer answers it

    # --- free expressions ------------------------------------------------------------
    def _clear_result(self) -> None:
        self.result.setText("—")
        self.detail.clear()

    def _preview(self, text: str) -> None:
        """The odds of what is typed; whatever was rolled before is cleared, never left beside it."""
        self._clear_result()
        try:
            expr = parse(text)
        except DiceError as exc:
            if text.strip():
                self._no_roll(str(exc), self.tr(NOT_A_ROLL))
            else:
                self._no_roll("", self.tr(NOTHING_ROLLED))
            return
        self.error.clear()
        self._current = (expr, None)
        self._show_odds()

    def _no_roll(self, error: str, empty: str) -> None:
        """The expression is not a roll (a typo, or nothing): its error, no odds, a chart that says why."""
        self.error.setText(error)
        self._current = None
        self.odds.clear()
        self.chart.show_distribution([], None, None, "", empty)

    def _show_odds(self, rolled: int | None = None) -> None:
        if self._current is None:
            return
        expr, last = self._current
        rolled = rolled if rolled is not None else last
        try:
            dist = distribution(expr)
        except DiceError as exc:
            self.odds.setText(str(exc))
            self.chart.show_distribution([], None, None, "", self.tr(TOO_MANY_TOTALS))
            return
        target = self.target.value()
        text = self.tr("mean {mean} · range {low}–{high} · P(≥ {target}) = {chance}").format(
            mean=i18n.number(dist.mean, 2),
            low=dist.low,
            high=dist.high,
            target=target,
            chance=i18n.chance(dist.at_least(target)),
        )
        if rolled is not None:
            text += self.tr(" · P(rolled {rolled} or more) = {chance}").format(
                rolled=rolled, chance=i18n.chance(dist.at_least(rolled))
            )
        self.odds.setText(text)
        self.chart.show_distribution(dist.items(), rolled, target, self.tr("{roll}: exact odds").format(roll=expr))

    def roll_expression(self, text: str) -> bool:
        try:
            expr = parse(text)
        except DiceError as exc:
            self._clear_result()
            self._no_roll(str(exc), self.tr(NOT_A_ROLL))
            return False
        self.error.clear()
        if text != self.expression.text():
            self.expression.blockSignals(True)
            self.expression.setText(text)
            self.expression.blockSignals(False)
        result = roll(expr, self.rng)
        self._current = (expr, result.total)
        self.result.setText(str(result.total))
        self.detail.setText(summarise(result.details, sum(len(term.faces) for term in result.terms)))
        self._show_odds(result.total)
        self._add_history(str(expr), str(result.total), result.details)
        return True

    # --- the system's one-die check ----------------------------------------------------------
    def set_check(self, check: DieCheck | None) -> None:
        """Offer ``check`` (a system's one-die check) and its chance table; hide both for None."""
        self.check_box.setVisible(check is not None)
        self.table_box.setVisible(check is not None)
        if check is None or check == self._check:
            return
        self._check = check
        self.check_box.setTitle(check.title)
        self.table_box.setTitle(self.tr("Chance of {target}+ by die and modifier").format(target=check.target))
        self.check_die.blockSignals(True)
        self.check_mod.blockSignals(True)
        self.check_die.clear()
        for sides in check.dice:
            self.check_die.addItem(f"d{sides}", sides)
        self.check_die.setCurrentIndex(max(0, self.check_die.findData(check.default_die)))
        self.check_mod.setRange(min(check.modifiers), max(check.modifiers))
        self.check_die.blockSignals(False)
        self.check_mod.blockSignals(False)
        self.check_reroll.setVisible(bool(check.reroll))
        self.new_game.setVisible(bool(check.reroll))
        if check.reroll:
            self.check_reroll.setToolTip(
                self.tr("{reroll} is one re-roll per game: spend it on the first failure of this roll").format(
                    reroll=check.reroll
                )
            )
            self.new_game.setToolTip(self.tr("Give {reroll} its one re-roll back").format(reroll=check.reroll))
        self._fill_chance_table(check)
        self.reset_reroll()

    def _fill_chance_table(self, check: DieCheck) -> None:
        self.table.clear()
        self.table.setRowCount(len(check.dice))
        self.table.setColumnCount(len(check.modifiers))
        self.table.setHorizontalHeaderLabels([f"{m:+d}" if m else "±0" for m in check.modifiers])
        self.table.setVerticalHeaderLabels([f"d{s}" for s in check.dice])
        for r, (_label, row_values) in enumerate(chance_table(check)):
            for c, p in enumerate(row_values):
                item = QTableWidgetItem(i18n.chance(p))
                item.setTextAlignment(Qt.AlignmentFlag.AlignCenter)
                item.setToolTip(self.tr("exactly {fraction}").format(fraction=p))
                self.table.setItem(r, c, item)
        self.table.setFixedHeight(TABLE_ROW * len(check.dice) + self.table.horizontalHeader().sizeHint().height() + 4)

    def _check_values(self):
        assert self._check is not None
        sides = self.check_die.currentData()
        modifier = self.check_mod.value()
        reroll = self.check_reroll.isChecked() and self.check_reroll.isEnabled() and bool(self._check.reroll)
        attacks = self.check_attacks.value()
        return sides, modifier, reroll, attacks, check_odds(sides, modifier, attacks, self._check.target)

    def _check_preview(self, *_args) -> None:
        if self._check is None:
            return
        sides, modifier, reroll, attacks, odds = self._check_values()
        self.check_attacks.setSuffix(self.tr(" attack(s)", "", attacks))
        per_attack = self.tr("{die}: {chance} per attack ({fraction}); ").format(
            die=f"d{sides}{modifier:+d}", chance=i18n.chance(odds.chance), fraction=odds.chance
        )
        hits = self.tr("%n attack(s): mean {mean} hits, at least one {chance}", "", attacks)
        text = per_attack + hits.format(
            mean=i18n.number(odds.mean(odds.plain), 2), chance=i18n.chance(odds.at_least(odds.plain, 1))
        )
        if odds.chance < 1 and self._check.reroll and self.check_reroll.isEnabled():
            text += self.tr("\nwith your {reroll} re-roll spent here: mean {mean} hits, at least one {chance}").format(
                reroll=self._check.reroll,
                mean=i18n.number(odds.mean(odds.rerolled), 2),
                chance=i18n.chance(odds.at_least(odds.rerolled, 1)),
            )
        self.check_chance.setText(text)
        self._check_dist = odds.rerolled if reroll else odds.plain

    def roll_check(self) -> int:
        sides, modifier, reroll, attacks, _odds = self._check_values()
        assert self._check is not None
        self._check_preview()
        target = self._check.target
        hits, faces = roll_check(sides, modifier, attacks, rerolls=1 if reroll else 0, target=target, rng=self.rng)
        attacks_text = self.tr("%n attack(s)", "", attacks)
        label = f"{attacks_text} d{sides}{modifier:+d} {target}+{' ' + self._check.reroll if reroll else ''}"
        hits_text = self.tr("%n hit(s)", "", hits)
        self.result.setText(hits_text)
        self.detail.setText(summarise(", ".join(faces), len(faces)))
        chance = i18n.chance(sum(p for k, p in self._check_dist if k >= hits))
        self.odds.setText(self.tr("P({hits} or more hits) = {chance}").format(hits=hits, chance=chance))
        self.chart.show_distribution(self._check_dist, hits, None, self.tr("{roll}: successes").format(roll=label))
        self._add_history(label, hits_text, ", ".join(faces))
        if any("→" in face for face in faces):
            self.spend_reroll()
        return hits

    def spend_reroll(self) -> None:
        """The game's one re-roll is used: no more until a new game."""
        self.check_reroll.setChecked(False)
        self.check_reroll.setEnabled(False)
        self.check_reroll.setText(
            self.tr("{reroll} re-roll spent this game").format(reroll=self._check.reroll if self._check else "")
        )
        self.new_game.setEnabled(True)
        self._check_preview()

    def reset_reroll(self) -> None:
        self.check_reroll.setEnabled(True)
        self.check_reroll.setText(
            self.tr("Spend the {reroll} re-roll here").format(reroll=self._check.reroll if self._check else "")
        )
        self.new_game.setEnabled(False)
        self._check_preview()

    # --- history ---------------------------------------------------------------------------
    def _add_history(self, expression: str, result: str, dice: str) -> None:
        row = (time.strftime("%H:%M:%S"), expression, result, dice)
        self.history_rows.insert(0, row)
        self.history.insertRow(0)
        for c, text in enumerate(row):
            item = QTableWidgetItem(text)
            item.setToolTip(plain.tip(text) if c in (1, 3) else "")
            self.history.setItem(0, c, item)

    def clear_history(self) -> None:
        self.history_rows.clear()
        self.history.setRowCount(0)
