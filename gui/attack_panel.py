"""The play view's attack: the attacker (the element picked last in a side's list), one of its attacks (the
one that can reach: ranged where it has a ranged weapon), a target (any element of either side), the
situations (none ticked for a new attacker but those the states imply), all its figures or one; the exact
odds and the distribution of the whole attack (``Game.attack``: the matchup's, never a second calculation),
then Roll (every die of every figure shown) and Apply (that same outcome, logged as one step). A roll is a
fact: once rolled, the attack's inputs wait until it is applied (Ctrl+Z takes it back), so no roll is
quietly replaced by another; the rules' own re-rolls (a system's re-roll) are picked before the roll.

Keyboard: Enter on the attacker's row goes to the target, Enter there rolls, Enter on Apply applies and
goes back to the attacker."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QLocale, QObject, Qt, Signal
from PySide6.QtWidgets import (
    QCheckBox,
    QComboBox,
    QGridLayout,
    QGroupBox,
    QHBoxLayout,
    QListWidget,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import plain, play_text, theme
from warbench.model.game import Ref
from warbench.model.game_attack import AttackOrder, AttackOutcome
from warbench.model.game_file import GameFileError
from warbench.model.game_log import element_name
from warbench.model.i18n import attack as attack_word
from warbench.model.i18n import label as data_label
from warbench.model.i18n import quoting
from warbench.model.matchup import MatchupError
from warbench.model.systems.combat import combat_of
from warbench.model.systems.play import PlayError

if TYPE_CHECKING:
    from warbench.gui.game_document import GameChange, GameDocument

ENTER = (Qt.Key.Key_Return, Qt.Key.Key_Enter)
SITUATION_COLUMNS = 3  # the most columns of situations, on a wide screen


def rule_text(rule: str) -> str:
    """A rule the odds or the states name (why an attack is forbidden or harmless) in the window's language
    where the catalogue has it; else, in another language than English, the English as a quotation."""
    shown = data_label(rule)
    return QLocale().quoteString(shown) if shown == rule and quoting() else shown


class AttackPanel(QGroupBox):
    """Pick, see the odds, roll, apply. ``rolled`` is the outcome shown (None before a roll)."""

    applied = Signal()  # an attack was applied (the view takes the focus back to the attacker)
    attackerChanged = Signal(object)  # the attacker's Ref, or None
    targetChanged = Signal(object)  # the target's Ref, or None
    waiting = Signal(bool)  # a roll waits for Apply (True), or none does: the view's other steps wait with it

    def __init__(self, document: GameDocument, rng: random.Random | None = None, parent: QWidget | None = None):
        super().__init__(parent)
        self.setTitle(self.tr("Attack"))
        self.setObjectName("attackPanel")
        self.document = document
        self.rng = rng or random.Random()
        self.attacker: Ref | None = None
        self.rolled: AttackOutcome | None = None  # rolled and not yet applied: the inputs wait for Apply
        self._odds_memo: tuple[tuple[Any, ...], AttackOutcome] | None = None  # the last odds worked out (_odds)
        self._implied: set[str] = set()  # the situations ticked because the states imply them (_tick_implied)
        self._marked: Ref | None = None  # the target last said (targetChanged)
        self._moved = ""  # the target was removed and gave way to the next: said after Apply
        self._boxes: dict[str, QCheckBox] = {}
        self._columns = 0  # the situations' columns now (as many as the width holds, at most SITUATION_COLUMNS)
        self._system_id = ""

        self.attacker_label = plain.label(self.tr("Pick an element of either side: it attacks"))
        self.attacker_label.setObjectName("playAttacker")
        self.attacker_label.setWordWrap(True)
        self.weapon = QComboBox()
        self.weapon.setObjectName("playWeapon")
        self.weapon.setAccessibleName(self.tr("Attack and weapon"))
        self.target = QComboBox()
        self.target.setObjectName("playTarget")
        self.target.setAccessibleName(self.tr("Target"))
        for combo in (self.weapon, self.target):
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
            combo.setMinimumContentsLength(12)
            combo.currentIndexChanged.connect(self._inputs_changed)
            combo.installEventFilter(self)
        self.situations = QWidget()
        self.situations.setObjectName("playSituations")
        self.situations_layout = QGridLayout(self.situations)
        self.situations_layout.setContentsMargins(0, 0, 0, 0)
        # the width decides the columns, not the columns the width (three of long labels overflowed the window)
        self.situations.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.situations.installEventFilter(self)
        self.odds = plain.label("")
        self.odds.setObjectName("playOdds")
        self.odds.setWordWrap(True)
        self.odds.setAccessibleName(self.tr("Odds"))
        self.odds.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
        self.forbidden = plain.label("")
        theme.tint(self.forbidden, "error")
        self.forbidden.setObjectName("playForbidden")
        self.forbidden.setWordWrap(True)
        self.forbidden.hide()
        self.roll_button = QPushButton(self.tr("&Roll"))
        self.roll_button.setObjectName("playRoll")
        self.roll_button.setAccessibleName(self.tr("Roll the dice"))
        self.apply_button = QPushButton(self.tr("A&pply to Target"))
        self.apply_button.setObjectName("playApply")
        self.apply_button.setAccessibleName(self.tr("Apply the rolled outcome to the target"))
        for button in (self.roll_button, self.apply_button):
            button.setAutoDefault(True)  # Enter presses the focused button
        self.roll_button.clicked.connect(self.roll)
        self.apply_button.clicked.connect(self.apply)
        self.rolls = QListWidget()
        self.rolls.setObjectName("playRolls")
        self.rolls.setAccessibleName(self.tr("Dice rolled"))
        self.rolls.setWordWrap(True)

        self.outcome = plain.label("")
        self.outcome.setObjectName("playOutcome")
        self.outcome.setWordWrap(True)
        self.outcome.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)

        picks = QGridLayout()
        picks.addWidget(plain.label(self.tr("Attack:")), 0, 0)
        picks.addWidget(self.weapon, 0, 1)
        picks.addWidget(plain.label(self.tr("Target:")), 1, 0)
        picks.addWidget(self.target, 1, 1)
        self.reroll = QComboBox()
        self.reroll.setObjectName("playReroll")
        self.reroll.setAccessibleName(self.tr("Re-roll to spend"))
        self.reroll.setToolTip(
            self.tr("Spend a re-roll the rules give (once a game or a turn): the odds are the matchup's with it")
        )
        self.reroll.currentIndexChanged.connect(self._reroll_changed)
        self.reroll_label = plain.label(self.tr("Re-roll:"))
        picks.addWidget(self.reroll_label, 2, 0)
        picks.addWidget(self.reroll, 2, 1)
        self.whole = QCheckBox(self.tr("All its figures attack"))
        self.whole.setObjectName("playWhole")
        self.whole.setAccessibleName(self.tr("All the attacker's figures attack in one roll"))
        self.whole.setToolTip(self.tr("Every figure of the attacker makes its attack in one roll, applied as one step"))
        self.whole.setChecked(True)
        self.whole.toggled.connect(lambda _on: self._inputs_changed())
        picks.addWidget(self.whole, 3, 0, 1, 2)
        picks.setColumnStretch(1, 1)
        # the odds, the dice, Roll, Apply and the outcome: a bar the view keeps in sight under the attack's
        # scrolled part (a system's 14 situations pushed them out of the window at 1024x700)
        self.bar = QWidget()
        self.bar.setObjectName("playAttackButtons")
        self.bar.installEventFilter(self)
        bar = QVBoxLayout(self.bar)
        bar.setContentsMargins(0, 0, 0, 0)
        bar.addWidget(self.odds)
        bar.addWidget(self.forbidden)
        bar.addWidget(self.rolls)
        buttons = QHBoxLayout()
        buttons.addWidget(self.roll_button)
        buttons.addWidget(self.apply_button)
        buttons.addWidget(self.outcome, 1)
        bar.addLayout(buttons)
        layout = QVBoxLayout(self)
        layout.addWidget(self.attacker_label)
        layout.addLayout(picks)
        layout.addWidget(self.situations)
        layout.addStretch(1)  # at the top when the view gives it more height than it needs
        self.fit_heights()
        self.fill_targets()
        document.changed.connect(self._game_changed)
        self._show_odds()

    # --- inputs -------------------------------------------------------------------
    def set_attacker(self, ref: Ref | None) -> None:
        """``ref`` attacks (None: none does): its situations start unticked but for those the states imply, its
        attack the one that can reach. Refused, said, while a roll waits for Apply."""
        if ref == self.attacker:
            return
        if self.rolled is not None:
            self._say(self.tr("Apply the dice rolled first (Ctrl+Z takes them back)"))
            return
        self.attacker = ref
        if ref is None:
            self.attacker_label.setText(self.tr("Pick an element of either side: it attacks"))
        else:
            self.attacker_label.setText(
                self.tr("Attacker: {element}").format(element=element_name(self.document.game, ref.text))
            )
            system = self.document.system(ref.side)
            if system.id != self._system_id:
                self._build_situations(system)
        self._clear_situations()
        if ref is not None:
            self.fill_targets()  # the other side's elements first, never the attacker itself
        self._fill_weapons(reach=True)
        self._tick_implied()
        self._inputs_changed()
        self.attackerChanged.emit(ref)

    def _clear_situations(self) -> None:
        self._implied = set()
        for box in self._boxes.values():
            box.blockSignals(True)
            box.setChecked(False)
            box.blockSignals(False)

    def _tick_implied(self) -> None:
        """The situations the attacker's and the target's states imply, ticked (prone, stunned...); those the
        last pair's states ticked and these do not, unticked (a prone target's "prone" does not stay for the
        next target)."""
        target = self.target.currentData()
        implied: set[str] = set()
        if self.attacker is not None and target is not None:
            turn = self.document.system(self.attacker.side).turn
            implied = turn.play_situation(self.document.state(self.attacker), self.document.state(target))
        implied &= self._boxes.keys()
        for name in (self._implied - implied) & self._boxes.keys():
            self._boxes[name].blockSignals(True)
            self._boxes[name].setChecked(False)
            self._boxes[name].blockSignals(False)
        for name in implied:
            self._boxes[name].blockSignals(True)
            self._boxes[name].setChecked(True)
            self._boxes[name].blockSignals(False)
        self._implied = implied

    @staticmethod
    def row_of(combo: QComboBox, data: Any) -> int:
        """The row of ``combo`` holding ``data`` (-1: none); QComboBox.findData cannot compare Python values."""
        return next((i for i in range(combo.count()) if combo.itemData(i) == data), -1)

    def select_weapon(self, kind: str, weapon: str) -> bool:
        row = self.row_of(self.weapon, (kind, weapon))
        self.weapon.setCurrentIndex(row)
        return row >= 0

    def select_target(self, ref: Ref) -> bool:
        row = self.row_of(self.target, ref)
        self.target.setCurrentIndex(row)
        return row >= 0

    def situation(self) -> tuple[str, ...]:
        return tuple(name for name, box in self._boxes.items() if box.isChecked())

    def fill_targets(self) -> None:
        """Every element of both sides but the attacker (it cannot attack itself), the other side's first and
        one of them chosen (the attacker's own side after them: a player may still pick one); the target kept
        when it is on the other side."""
        game = self.document.game
        mine = self.attacker.side if self.attacker is not None else 0
        current = self.target.currentData()
        self.target.blockSignals(True)
        self.target.clear()
        for side in (1 - mine, mine):
            for u, unit in enumerate(game.armies[side].units):
                for e in range(len(unit.elements)):
                    ref = Ref(side, u, e)
                    if ref != self.attacker:
                        self.target.addItem(element_name(game, ref.text), ref)
        kept = self.row_of(self.target, current) if current is not None and current.side != mine else -1
        self.target.setCurrentIndex(kept if kept >= 0 else self._first_living())
        self.target.blockSignals(False)

    def _build_situations(self, system: Any) -> None:
        for box in self._boxes.values():
            self.situations_layout.removeWidget(box)
            box.hide()
            box.deleteLater()
        self._boxes = {}
        self._system_id = system.id
        for s in system.combat.situations if system.combat else ():
            box = QCheckBox(data_label(s.label))  # the system's words, translated (model/i18n.py)
            box.setObjectName(f"play-situation-{s.name}")
            box.setAccessibleName(data_label(s.label))
            box.setToolTip(plain.tip(data_label(s.help)))
            box.toggled.connect(lambda _on: self._inputs_changed())
            self._boxes[s.name] = box
        self._columns = 0
        self._place_situations()
        # Tab from the target through the situations to Roll (made last, they came after the log)
        chain = [self.target, self.reroll, self.whole, *self._boxes.values(), self.roll_button, self.apply_button]
        chain.append(self.rolls)
        for before, after in zip(chain, chain[1:], strict=False):
            QWidget.setTabOrder(before, after)

    def _place_situations(self) -> None:
        """The situations in as many columns as the panel's width holds (one at least, three at most)."""
        boxes = list(self._boxes.values())
        if not boxes:
            return
        spacing = max(0, self.situations_layout.horizontalSpacing())
        widest = max(box.sizeHint().width() for box in boxes) + spacing
        columns = max(1, min(SITUATION_COLUMNS, (self.situations.width() + spacing) // widest))
        if columns == self._columns:
            return
        self._columns = columns
        for box in boxes:
            self.situations_layout.removeWidget(box)
        for i, box in enumerate(boxes):
            self.situations_layout.addWidget(box, i // columns, i % columns)

    def _fill_weapons(self, reach: bool = False) -> None:
        """The attacker's attacks, each with its weapon's name: ``ranged — Rifle``; the one picked kept, or
        (``reach``, a new attacker) the first that can reach: a ranged one where it has one."""
        current = self.weapon.currentData()
        self.weapon.blockSignals(True)
        self.weapon.clear()
        if self.attacker is not None:
            game, ref = self.document.game, self.attacker
            system = game.systems[ref.side]
            element = system.play.play_element(game.element(ref), game.state(ref))
            combat = system.combat
            for kind, i in combat.attack_kinds(element) if combat else []:
                try:
                    weapon = (
                        combat_of(system).attack_checked(element, (kind, i), element, frozenset(), strict=False).weapon
                    )
                except MatchupError:
                    continue
                if self.row_of(self.weapon, (kind, weapon)) < 0:
                    shown = attack_word(kind) if weapon == kind else f"{attack_word(kind)} — {data_label(weapon)}"
                    self.weapon.addItem(shown, (kind, weapon))
        found = -1 if reach else self.row_of(self.weapon, current)
        if found < 0:
            kinds = [self.weapon.itemData(i)[0] for i in range(self.weapon.count())]
            found = next((i for i, kind in enumerate(kinds) if kind != "melee"), 0)
        self.weapon.setCurrentIndex(max(found, 0))
        self.weapon.blockSignals(False)

    def _inputs_changed(self, *_args: Any) -> None:
        if self.target.currentData() != self._marked:
            self._marked = self.target.currentData()
            self._tick_implied()  # what the new target's state implies
            self.targetChanged.emit(self._marked)
        self._fill_rerolls()
        self._reroll_changed()

    def _reroll_changed(self, *_args: Any) -> None:
        if self.rolled is None:  # (the inputs wait while a roll does: see _lock)
            self.rolls.clear()
            self._say("")
        self._show_odds()

    def _lock(self, locked: bool) -> None:
        """While a roll waits for Apply, nothing that would roll again or change what was rolled."""
        for widget in (self.weapon, self.target, self.reroll, self.whole, self.situations):
            widget.setEnabled(not locked)
        self.waiting.emit(locked)

    def _fill_rerolls(self) -> None:
        """The re-rolls this attack can spend (the matchup gives their odds, the element has one left)."""
        current = self.reroll.currentData()
        self.reroll.blockSignals(True)
        self.reroll.clear()
        self.reroll.addItem(self.tr("None"), None)
        try:
            out = self._attack(quiet=True)
        except GameFileError:
            out = None
        offered = out.rerolls if out is not None and not out.refused else ()
        for who in offered:
            assert out is not None
            ref = out.order.attacker if who == "attacker" else out.order.target
            try:  # one left to spend
                self.document.system(ref.side).turn.play_spend_reroll(self.document.state(ref))
            except PlayError:
                continue
            name = combat_of(self.document.system(out.order.attacker.side)).reroll_name
            whose = self.tr("The attacker's {reroll}") if who == "attacker" else self.tr("The target's {reroll}")
            self.reroll.addItem(whose.format(reroll=name), who)
        self.reroll.setCurrentIndex(max(0, self.row_of(self.reroll, current)))
        self.reroll.blockSignals(False)
        for widget in (self.reroll, self.reroll_label):
            widget.setVisible(self.reroll.count() > 1)

    def _game_changed(self, change: GameChange) -> None:
        if change.reset:
            self.rolled = None  # (another game: its roll goes with it)
            self._lock(False)
            self.attacker = None
            self.fill_targets()
            self.set_attacker(None)
            return
        target = self.target.currentData()
        if target in change.elements and self._removed(target):
            self._next_target(target)
        if change.round or {self.attacker, self.target.currentData()} & set(change.elements):  # what the odds read
            # the dice shown stay; a roll the step made stale is dropped (Apply would refuse it)
            if self.attacker in change.elements:
                self._fill_weapons()  # a weapon lost, a die lowered: the attacks the state leaves
            self.rolled = None
            self._lock(False)
            self._fill_rerolls()  # one spent, or back after an undo
            self._show_odds()

    def _first_living(self) -> int:
        """The row of the first element listed (the other side's first) still in play; 0 when none is."""
        return next((i for i in range(self.target.count()) if not self._removed(self.target.itemData(i))), 0)

    def _removed(self, ref: Ref) -> bool:
        state = self.document.state(ref)
        return "figures" in state and not state["figures"]

    def _next_target(self, gone: Ref) -> None:
        """The target was removed: the next element of its side still in play (after it in the list, then
        from the top), said in the outcome; the target stays when none is left."""
        rows = self.target.count()
        start = self.target.currentIndex()
        for step in range(1, rows):
            row = (start + step) % rows
            ref = self.target.itemData(row)
            if ref.side == gone.side and ref != self.attacker and not self._removed(ref):
                self.target.blockSignals(True)  # (the dice shown stay)
                self.target.setCurrentIndex(row)
                self.target.blockSignals(False)
                self._marked = ref
                self.targetChanged.emit(ref)
                self._moved = self.tr("{gone} is removed: the target is now {next}").format(
                    gone=self.target.itemText(start), next=self.target.itemText(row)
                )
                break
        else:
            self._moved = self.tr("{gone} is removed: its side has no element left in play").format(
                gone=self.target.itemText(start)
            )
        self._say(self._moved)  # (Apply says it after the outcome)

    # --- odds, roll, apply ---------------------------------------------------------------
    def order(self, reroll: str | None = None) -> AttackOrder | None:
        """The attack the inputs ask for (None: no attacker, attack or target picked)."""
        picked = self.weapon.currentData()
        target = self.target.currentData()
        if self.attacker is None or picked is None or target is None:
            return None
        kind, weapon = picked
        return AttackOrder(self.attacker, target, kind, weapon, self.situation(), reroll, self.whole.isChecked())

    def _attack(self, seed: int | None = None, reroll: str | None = None, quiet: bool = False) -> AttackOutcome | None:
        """``Game.attack`` for the inputs (``seed``: rolled with it, else the odds only), or None with the
        reason shown (``quiet``: the GameFileError raised, nothing shown)."""
        picked = self.weapon.currentData()
        target = self.target.currentData()
        if self.attacker is None or picked is None or target is None:
            if not quiet:
                self.odds.setText("" if self.attacker is None else self.tr("This element has no attack"))
            return None
        order = self.order(reroll)
        assert order is not None
        try:
            return self._odds(order) if seed is None else self.document.roll(order, seed)
        except GameFileError as exc:
            if quiet:
                raise
            self.odds.setText(
                self.tr("Cannot attack: {reason}").format(reason=str(exc).removeprefix("attack: "))
            )  # the CLI's "attack: " said once
            return None

    def _odds(self, order: AttackOrder) -> AttackOutcome:
        """The odds of ``order`` (``GameDocument.odds``), worked out once for the states and round they read
        (the re-rolls offered and the odds shown ask for the same attack)."""
        states = (repr(self.document.state(order.attacker)), repr(self.document.state(order.target)))
        key = (order, *states, self.document.round)
        if self._odds_memo is None or self._odds_memo[0] != key:
            self._odds_memo = (key, self.document.odds(order))
        return self._odds_memo[1]

    def _show_odds(self) -> None:
        if self.attacker is not None:
            figures = self.document.game.figures(self.attacker)
            self.whole.setText(self.tr("All its figures attack ({figures})").format(figures=figures))
            self.whole.setVisible(figures > 1)
        out = self._attack(reroll=self.reroll.currentData())
        ok = out is not None and not out.refused
        self.roll_button.setEnabled(ok and self.rolled is None)
        self.apply_button.setEnabled(self.rolled is not None)
        refused = out.refused if out is not None else ""
        self.forbidden.setVisible(bool(refused))
        if out is None:
            return
        if refused:
            self.odds.setText(play_text.odds(self.tr("P(hit)"), str(out.p_hit)))
            self.forbidden.setText(self.tr("Forbidden: {rule}").format(rule=rule_text(refused)))
            self.odds.setMinimumHeight(0)  # one line: the rule under it, no gap (the attack above keeps its room)
            return
        self.odds.setText("\n".join(self._odds_lines(out)))
        self._fit_odds()

    def _fit_odds(self) -> None:
        """The odds never cut: at least as tall as their lines need at the bar's width (the attack's scrolled
        part above gives way), four lines at least (the distribution's line appears without moving Roll)."""
        line = self.bar.fontMetrics().lineSpacing()
        width = self.bar.width() if self.bar.width() > 100 else self.odds.width()
        self.odds.setMinimumHeight(max(line * 4, self.odds.heightForWidth(width)))

    def _odds_lines(self, out: AttackOutcome) -> list[str]:
        implied = [self._boxes[s].text() if s in self._boxes else s for s in out.situation if s not in self.situation()]
        p_hit = play_text.odds(self.tr("P(hit)"), str(out.p_hit))  # (lupdate reads no tr() inside an f-string)
        p_damage = play_text.odds(self.tr("P(damage)"), str(out.p_damage))
        lines = [
            f"{p_hit}   ·   {p_damage}",
            self.tr("{shots}; each damage: {damage}").format(
                shots=play_text.shots(out.shots), damage=data_label(out.damage_is)
            ),
        ]
        if len(out.distribution) > 1:
            distribution = play_text.distribution(out)
            lines.append(
                self.tr("{figures}, total damage {distribution}").format(
                    figures=play_text.figures(out.figures), distribution=distribution
                )
                if out.figures > 1
                else self.tr("Total damage {distribution}").format(distribution=distribution)
            )
        if implied:
            lines.append(self.tr("Also read from the states: {situations}").format(situations=", ".join(implied)))
        if out.harmless_by:  # it may hit, but cannot harm this target (issue 37)
            lines.append(self.tr("hits, no damage: {rule}").format(rule=rule_text(out.harmless_by)))
        if out.state_odds.get("carried_hits"):  # the hits the target already carries count in its odds
            with_them = play_text.odds(self.tr("P(damage)"), out.state_odds["p_damage_with_carried"])
            carried = out.state_odds["carried_hits"]
            lines.append(self.tr("With the %Ln hit(s) it carries: {odds}", "", carried).format(odds=with_them))
        if out.not_applied:  # (the rules' reasons, each naming its situation)
            said = []
            for name, why in out.not_applied.items():
                label = self._boxes[name].text() if name in self._boxes else name
                said.append(why if repr(name) in why or label in why else f"{label}: {why}")
            lines.append(self.tr("Not applied: {reasons}").format(reasons="; ".join(said)))
        return lines

    def roll(self) -> AttackOutcome | None:
        """Roll the dice (a fresh seed) and show every figure's; Apply then records this outcome. Not again
        before Apply: a roll is a fact."""
        if self.rolled is not None:
            return None
        out = self._attack(seed=self.rng.randrange(2**63), reroll=self.reroll.currentData())
        if out is None or out.refused:
            return None
        self.rolled = out
        self.rolls.clear()
        for number, rolls in enumerate(out.figure_rolls, 1):
            figure = self.tr("Figure {number}: ").format(number=number) if len(out.figure_rolls) > 1 else ""
            for roll in rolls:
                mark = "↻ " if roll.get("tie") else "✔ " if roll.get("success") else "✘ "
                self.rolls.addItem(figure + mark + play_text.roll(roll))
        self._say(
            self.tr("{hits}, {damage}{effects}: press Apply to Target").format(
                hits=play_text.hits(out.hits),
                damage=play_text.damage(out.damage),
                effects=play_text.effects(out.effects),
            )
        )
        self._lock(True)
        self.roll_button.setEnabled(False)
        self.apply_button.setEnabled(True)
        self.apply_button.setFocus(Qt.FocusReason.OtherFocusReason)
        return out

    def apply(self) -> AttackOutcome | None:
        """Apply the rolled outcome to the target (and the attacker's activation), logged and undoable."""
        if self.rolled is None:
            return None
        rolled = self.rolled
        self._moved = ""
        self.rolled = None
        self._lock(False)
        try:
            out = self.document.apply(rolled)  # (a target removed gives way: _moved)
        except GameFileError as exc:
            self._say(str(exc))
            self._show_odds()
            return None
        said = self.tr("Applied: {hits}, {damage}").format(
            hits=play_text.hits(out.hits), damage=play_text.damage(out.damage)
        )
        self._say(f"{said}. {self._moved}" if self._moved else said)
        self.applied.emit()
        return out

    def fit_heights(self) -> None:
        """Heights in lines of the font the bar shows (the play view's is larger than the application's): the
        dice a list of four lines (it scrolls: 8 figures never push the buttons down), the outcome two lines
        whatever it says (a long message never moves the layout; the whole of it is its tool tip), the odds
        at least four (the distribution's line kept)."""
        line = self.bar.fontMetrics().lineSpacing()
        self.rolls.setFixedHeight(line * 4 + 2 * self.rolls.frameWidth())
        self.outcome.setFixedHeight(line * 2 + 2)
        self._fit_odds()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.FontChange:
            self.fit_heights()

    def _say(self, text: str) -> None:
        """The outcome's message (two lines at most shown; the whole of it in its tool tip)."""
        self.outcome.setText(text)
        self.outcome.setToolTip(plain.tip(text) if text else "")

    # --- keyboard --------------------------------------------------------------------------
    def eventFilter(self, obj: QObject, event: QEvent) -> bool:
        """The situations re-placed when their width changes; Enter in the target list rolls (the list's popup takes
        Enter while it is open)."""
        if obj is self.situations and event.type() == QEvent.Type.Resize:
            self._place_situations()
        if obj is self.bar and event.type() == QEvent.Type.Resize:
            self._fit_odds()  # (its lines at the new width)
        if obj is self.target and event.type() == QEvent.Type.KeyPress and event.key() in ENTER:  # type: ignore[attr-defined]
            if self.roll_button.isEnabled():
                self.roll()
            return True
        return super().eventFilter(obj, event)
