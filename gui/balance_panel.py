"""The Balance dock: is each element worth its points? Value against points over a pool of designs (a scatter
with the system's curve), a bar per element of the army (its value over what its points predict), and the
selected element's figures with what changed since it was selected (the what-if: edit a field in the element
form and see Δpoints and Δvalue as you type).

Nothing here works out odds or costs: :mod:`model.balance` does, from the matchup's odds and the costing."""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QPointF, QRectF, Qt
from PySide6.QtGui import QPainter, QPainterPath, QPalette, QPen
from PySide6.QtWidgets import (
    QComboBox,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QSizePolicy,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import dialogs, i18n, plain, theme
from warbench.gui.scrolling import scrolled
from warbench.gui.selection import Selection
from warbench.model.balance import (
    WINDOW_PAIRS,
    BalanceError,
    Design,
    Lab,
    PoolArmy,
    Report,
    example_pool,
    library_pool,
    points_label,
)
from warbench.model.cost_lines import points_text
from warbench.model.fileio import ArmyFileError, load_army
from warbench.model.i18n import label as model_label
from warbench.model.matchup import MatchupError
from warbench.model.reprice import RepriceError, other_editions, reprice
from warbench.model.usertext import one_line

if TYPE_CHECKING:  # pragma: no cover
    from warbench.gui.document import ArmyDocument

# the pool's sources, in the combo box's order
EXAMPLES, OWN, LIBRARY, FILES = "examples", "own", "library", "files"


def _positive(design: Design) -> tuple[float, float] | None:
    """(points, value) of a design the scatter can place on its logarithmic axes (both above 0, value finite)."""
    value = design.value
    if design.points is None or design.points <= 0 or value is None or value <= 0:
        return None
    return float(design.points), float(value)


class ScatterChart(QWidget):
    """Value against points, both on logarithmic axes (the curve ``c × points ** b`` is then a straight line):
    the pool's designs as rings, the army's as dots, the selected element larger, in the highlight colour."""

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("balanceScatter")
        self.setMinimumSize(220, 180)
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Preferred)
        self.report: Report | None = None
        self.selected: int | None = None  # index among report.designs

    def set_report(self, report: Report | None, selected: int | None) -> None:
        self.report, self.selected = report, selected
        self.update()

    def _points(self) -> tuple[list[tuple[float, float]], list[tuple[float, float] | None]]:
        report = self.report
        if report is None:
            return [], []
        pool = [p for p in map(_positive, report.pool) if p is not None]
        return pool, [_positive(d) for d in report.designs]

    def paintEvent(self, _event: Any) -> None:
        painter = QPainter(self)
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.Text)
        painter.fillRect(self.rect(), palette.color(QPalette.ColorRole.Base))
        pool, own = self._points()
        placed = pool + [p for p in own if p is not None]
        metrics = painter.fontMetrics()
        margin = metrics.height() + 6
        area = QRectF(margin + 4, 6, self.width() - margin - 12, self.height() - 2 * margin - 6)
        painter.setPen(text)
        painter.drawText(
            QRectF(0, self.height() - metrics.height() - 2, self.width(), metrics.height()),
            Qt.AlignmentFlag.AlignCenter,
            self.tr("Points (log scale)"),
        )
        painter.save()
        painter.translate(metrics.height(), area.center().y())
        painter.rotate(-90)
        painter.drawText(
            QRectF(-area.height() / 2, -metrics.height(), area.height(), metrics.height()),
            Qt.AlignmentFlag.AlignCenter,
            self.tr("Value (log scale)"),
        )
        painter.restore()
        painter.setPen(QPen(theme.mix(text, palette.color(QPalette.ColorRole.Base), 0.6), 1))
        painter.drawRect(area)
        if not placed:
            painter.setPen(text)
            painter.drawText(area, Qt.AlignmentFlag.AlignCenter | Qt.TextFlag.TextWordWrap, self.tr("Nothing to plot"))
            painter.end()
            return
        xs = [math.log(x) for x, _y in placed]
        ys = [math.log(y) for _x, y in placed]
        x0, x1 = min(xs) - 0.2, max(xs) + 0.2
        y0, y1 = min(ys) - 0.2, max(ys) + 0.2

        def at(x: float, y: float) -> QPointF:
            return QPointF(
                area.left() + (math.log(x) - x0) / (x1 - x0) * area.width(),
                area.bottom() - (math.log(y) - y0) / (y1 - y0) * area.height(),
            )

        self._scale(painter, area, placed)
        self._curve(painter, area, at, x0, x1, text)
        self._dots(painter, pool, own, at, palette)
        painter.end()

    @staticmethod
    def _scale(painter: QPainter, area: QRectF, placed: list[tuple[float, float]]) -> None:
        """The lowest and highest points (under the axis's ends) and values (at its left, bottom and top)."""
        metrics = painter.fontMetrics()
        h = metrics.height()
        xs, ys = [x for x, _y in placed], [y for _x, y in placed]
        painter.drawText(
            QRectF(area.left(), area.bottom() + 1, 80, h), Qt.AlignmentFlag.AlignLeft, points_label(min(xs))
        )
        right = QRectF(area.right() - 80, area.bottom() + 1, 80, h)
        painter.drawText(right, Qt.AlignmentFlag.AlignRight, points_label(max(xs)))
        painter.drawText(
            QRectF(area.left() + 3, area.top() + 2, 80, h), Qt.AlignmentFlag.AlignLeft, i18n.number(max(ys), 2)
        )
        low = QRectF(area.left() + 3, area.bottom() - h - 2, 80, h)
        painter.drawText(low, Qt.AlignmentFlag.AlignLeft, i18n.number(min(ys), 2))

    def _curve(self, painter: QPainter, area: QRectF, at: Any, x0: float, x1: float, text: Any) -> None:
        curve = self.report.curves.get("value") if self.report else None
        if curve is None:
            return
        path = QPainterPath()
        for i in range(33):
            x = math.exp(x0 + (x1 - x0) * i / 32)
            point = at(x, max(curve.predict(x), 1e-300))
            path.lineTo(point) if i else path.moveTo(point)
        painter.save()
        painter.setClipRect(area)
        painter.setPen(QPen(text, 1, Qt.PenStyle.DashLine))
        painter.drawPath(path)
        painter.restore()

    def _dots(self, painter: QPainter, pool: list[Any], own: list[Any], at: Any, palette: QPalette) -> None:
        text = palette.color(QPalette.ColorRole.Text)
        highlight = theme.readable(palette.color(QPalette.ColorRole.Highlight), palette.color(QPalette.ColorRole.Base))
        painter.setBrush(Qt.BrushStyle.NoBrush)
        painter.setPen(QPen(theme.mix(text, palette.color(QPalette.ColorRole.Base), 0.45), 1))
        for x, y in pool:
            painter.drawEllipse(at(x, y), 3, 3)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(text)
        for point in own:
            if point is not None:
                painter.drawEllipse(at(*point), 3.5, 3.5)
        if self.selected is not None and self.selected < len(own) and own[self.selected] is not None:
            painter.setBrush(highlight)
            painter.setPen(QPen(text, 1.5))
            painter.drawEllipse(at(*own[self.selected]), 6, 6)


def bar_names(designs: list[Design]) -> list[str]:
    """Each design's element, with its unit where two units hold elements of that name ("Orc (Orc Guard)"), on
    one line."""
    seen: dict[str, set[str]] = {}
    for design in designs:
        seen.setdefault(design.element, set()).add(design.unit)
    named = [d.element if len(seen[d.element]) == 1 else f"{d.element} ({d.unit})" for d in designs]
    return [one_line(name) for name in named]  # a bar is one line high: a line break shown as ⏎


class RatioBars(QWidget):
    """A bar per element of the army: its value over what its points predict, on a log scale around 1×
    (right: more than its points predict, too cheap; left: too dear); the selected one in the highlight colour."""

    ROW = 18

    def __init__(self, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("balanceBars")
        self.setSizePolicy(QSizePolicy.Policy.Expanding, QSizePolicy.Policy.Fixed)
        self.rows: list[tuple[str, float | None]] = []
        self.selected: int | None = None
        self.setMinimumHeight(self.ROW + 8)

    def set_rows(self, rows: list[tuple[str, float | None]], selected: int | None) -> None:
        self.rows, self.selected = rows, selected
        self.setMinimumHeight(self.ROW * max(1, len(rows)) + 8)
        self.updateGeometry()
        self.update()

    def paintEvent(self, _event: Any) -> None:
        painter = QPainter(self)
        palette = self.palette()
        text = palette.color(QPalette.ColorRole.Text)
        base = palette.color(QPalette.ColorRole.Base)
        painter.fillRect(self.rect(), base)
        if not self.rows:  # no report yet: no axis of 1× standing alone
            return
        bar = theme.mix(text, base, 0.55)
        highlight = theme.readable(palette.color(QPalette.ColorRole.Highlight), base)
        name_w = min(self.width() // 2, 160)
        middle = name_w + (self.width() - name_w - 8) / 2
        half = (self.width() - name_w - 8) / 2
        metrics = painter.fontMetrics()
        painter.setPen(QPen(text, 1))
        painter.drawLine(QPointF(middle, 2), QPointF(middle, self.height() - 2))
        for i, (name, ratio) in enumerate(self.rows):
            top = 4 + i * self.ROW
            # cut in the middle: "Ghoblin …n Mob" and "Ghoblin …itches" still differ
            shown = metrics.elidedText(name, Qt.TextElideMode.ElideMiddle, name_w - 6)
            painter.setPen(text)
            painter.drawText(QRectF(2, top, name_w - 4, self.ROW), Qt.AlignmentFlag.AlignVCenter, shown)
            if ratio is None or ratio <= 0:
                painter.drawText(QRectF(middle + 4, top, half, self.ROW), Qt.AlignmentFlag.AlignVCenter, "–")
                continue
            share = max(-1.0, min(1.0, math.log(ratio) / math.log(4)))  # 4× (or a quarter) fills the half
            width = share * half
            rect = QRectF(min(middle, middle + width), top + 3, abs(width), self.ROW - 6)
            painter.fillRect(rect, highlight if i == self.selected else bar)
            label = f"{i18n.number(ratio, 2)}×"
            painter.setPen(text)
            side = (
                QRectF(middle - half, top, half - 4, self.ROW) if share > 0 else QRectF(middle + 4, top, half, self.ROW)
            )
            align = Qt.AlignmentFlag.AlignRight if share > 0 else Qt.AlignmentFlag.AlignLeft
            painter.drawText(side, align | Qt.AlignmentFlag.AlignVCenter, label)
        painter.end()


class BalancePanel(QWidget):
    """The selected element's balance against a pool, read from the window's one :class:`Selection`; refreshed
    once per change of the document while shown (the element form's edits as they are typed)."""

    def __init__(self, selection: Selection, parent: QWidget | None = None):
        super().__init__(parent)
        self.setObjectName("balancePanel")
        self.selection = selection
        selection.changed.connect(self._selection_changed)
        self.document: ArmyDocument | None = None
        self.report: Report | None = None
        self.files: list[Path] = []
        self._lab: Lab | None = None
        self._lab_for: tuple[Any, ...] = ()
        self._seen: tuple[Any, ...] = ()
        self._baseline: tuple[Any, Design] | None = None  # (position, the design when it was selected)
        self._library_reads = 0

        layout = QVBoxLayout(self)
        row = QHBoxLayout()
        self.pool_label = QLabel(self.tr("&Pool:"))
        self.source = QComboBox()
        self.source.setObjectName("balancePool")
        self.source.setAccessibleName(self.tr("Pool of designs"))
        self.source.addItem(self.tr("This system's example armies"), EXAMPLES)
        self.source.addItem(self.tr("This army itself"), OWN)
        self.source.addItem(self.tr("Your library's designs"), LIBRARY)
        self.source.setToolTip(self.tr("The designs each element is judged against: its targets and its attackers"))
        self.pool_label.setBuddy(self.source)
        self.source.currentIndexChanged.connect(self._source_changed)
        self.files_button = QPushButton(self.tr("Army &files…"))
        self.files_button.setObjectName("balanceFiles")
        self.files_button.setAccessibleName(self.tr("Choose the pool's army files"))
        self.files_button.clicked.connect(self.choose_files)
        self.source.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.source.setMinimumContentsLength(12)  # a long source elides: the panel keeps its dock's width
        row.addWidget(self.pool_label)
        row.addWidget(self.source, 1)
        layout.addLayout(row)
        files_row = QHBoxLayout()
        self.edition_button = QPushButton(self.tr("Other &edition…"))
        self.edition_button.setObjectName("balanceEdition")
        self.edition_button.setAccessibleName(self.tr("Price this army under another edition of its game"))
        self.edition_button.clicked.connect(self.reprice)
        self.edition_button.hide()
        self.reprice_dialog: Any = None
        files_row.addWidget(self.edition_button)
        files_row.addStretch(1)
        files_row.addWidget(self.files_button)
        layout.addLayout(files_row)
        self.status = plain.label()
        self.status.setObjectName("balanceStatus")
        self.status.setWordWrap(True)
        self.status.setAccessibleName(self.tr("Pool and measure"))
        layout.addWidget(self.status)
        self.summary = plain.label()
        self.summary.setObjectName("balanceSummary")
        self.summary.setWordWrap(True)
        self.summary.setAccessibleName(self.tr("Selected element's balance"))
        self.summary.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.summary)
        self.what_if = plain.label()
        self.what_if.setObjectName("balanceWhatIf")
        self.what_if.setWordWrap(True)
        self.what_if.setAccessibleName(self.tr("Change since the element was selected"))
        layout.addWidget(self.what_if)
        self.scatter = ScatterChart()
        self.scatter.setAccessibleName(self.tr("Value against points"))
        layout.addWidget(self.scatter, 1)
        self.bars = RatioBars()
        self.bars.setAccessibleName(self.tr("Each element's value over what its points predict"))
        # the bars scroll when the dock is shorter than the army (the last rows were cut off, no scroll bar)
        self.bars_scroll = scrolled(self.bars, "balanceBarsScroll", self.tr("Each element's bar"))
        self.bars_scroll.setMinimumHeight(RatioBars.ROW * 3 + 8)
        layout.addWidget(self.bars_scroll, 1)

    # --- inputs -----------------------------------------------------------------
    def focus_input(self) -> None:
        self.source.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def set_document(self, document: ArmyDocument) -> None:
        """Called on every change of the document while the panel is shown, and when it is shown again; a call
        that changes nothing it shows costs nothing."""
        seen = (document, document.army, document.system, self.selection.position)
        if seen == self._seen:
            return
        self._seen = seen
        self.document = document
        self.edition_button.setVisible(bool(other_editions(document.army.system)))
        self.refresh()

    def _selection_changed(self) -> None:
        if self.document is not None and self.isVisible():
            self.set_document(self.document)

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        if self.document is not None:
            self.set_document(self.document)

    def reprice(self) -> None:
        """The army priced under the other edition of its game, in a window of its own beside the builder."""
        from warbench.gui.reprice_dialog import RepriceDialog  # lazy: only the editions' armies need it
        from warbench.model.systems import system_names

        doc = self.document
        others = other_editions(doc.army.system) if doc is not None else []
        if doc is None or not others:
            return
        try:
            result = reprice(doc.army, others[0])
        except (RepriceError, ArmyFileError) as exc:
            dialogs.show_error(self, self.tr("Cannot price the army under another edition"), str(exc))
            return
        if self.reprice_dialog is not None:
            self.reprice_dialog.close()
        self.reprice_dialog = RepriceDialog(result, system_names()[others[0]], self)
        self.reprice_dialog.show()

    def _source_changed(self, _index: int) -> None:
        self._library_reads += 1  # the library is read afresh each time it is chosen
        self._baseline = None  # another pool measures the element anew: no change of the element to show
        self.refresh()

    def choose_files(self) -> None:
        """Add an army file to the pool (the source becomes "army files")."""
        doc = self.document
        folder = str(doc.path.parent) if doc is not None and doc.path else ""
        path = dialogs.open_path(self, folder)
        if path:
            self.set_pool_files([*self.files, Path(path)])

    def set_pool_files(self, files: list[Path]) -> None:
        self.files = list(files)
        index = self.source.findData(FILES)
        text = self.tr("%Ln army file(s)", "", len(self.files))
        if index < 0:
            self.source.addItem(text, FILES)
            index = self.source.count() - 1
        self.source.setItemText(index, text)
        if self.source.currentIndex() == index:
            self._baseline = None  # (another pool, as _source_changed says)
            self.refresh()
        else:
            self.source.setCurrentIndex(index)

    def _pool_key(self, doc: ArmyDocument) -> tuple[Any, ...]:
        """What the pool is made of: the lab is kept while it (and the system) stays the same."""
        source = self.source.currentData()
        if source == OWN:
            return (OWN, doc.army)
        if source == FILES:
            return (FILES, tuple(self.files))
        if source == LIBRARY:  # read again each time the lab is made: designs saved since are in
            return (LIBRARY, doc.army.system, self._library_reads)
        return (EXAMPLES, doc.army.system)

    def _pool(self, doc: ArmyDocument) -> list[PoolArmy]:
        """The pool's armies; ArmyFileError for a file that does not load."""
        source = self.source.currentData()
        if source == OWN:
            return [PoolArmy(doc.army.name, doc.army)]
        if source == FILES:
            return [PoolArmy(str(p), load_army(p)) for p in self.files]
        if source == LIBRARY:
            from warbench.gui.library import library  # lazy: the library module is the window's, not the dock's

            pool, problems = library_pool(library(), doc.army.system)
            if pool is None:
                raise BalanceError(
                    self.tr("your library has no designs of this system to judge against")
                    + "".join(f"\n{line}" for line in problems[:5])
                )
            return [pool]
        return example_pool(doc.army.system)

    def _lab_of(self, doc: ArmyDocument) -> Lab:
        """The lab for this pool and system, kept while neither changes (only an edited design is then worked out)."""
        key = (doc.system, self._pool_key(doc))
        if self._lab is None or key != self._lab_for:
            self._lab = Lab(doc.system, self._pool(doc), WINDOW_PAIRS)
            self._lab_for = key
        return self._lab

    # --- output -----------------------------------------------------------------
    def refresh(self) -> None:
        doc = self.document
        if doc is None:
            return
        try:
            lab = self._lab_of(doc)
            self.report = lab.report(doc.army, doc.cost)
        except ArmyFileError as exc:
            self._fail("\n".join(exc.shown))
            return
        except (BalanceError, MatchupError) as exc:
            self._fail(str(exc))
            return
        report = self.report
        self.status.setText(
            self.tr("Against {elements} of {armies}; damage counted as {measure}").format(
                elements=self.tr("%Ln element(s)", "", report.pool_elements),
                armies=self.tr("%Ln army(s)", "", len(report.files)),
                measure="; ".join(model_label(unit) for unit in report.measure.split("; ")),
            )
        )
        index = self._selected_index(doc)
        self.scatter.set_report(report, index)
        self.bars.set_rows(
            [(name, d.ratios.get("value")) for name, d in zip(bar_names(report.designs), report.designs)], index
        )
        if index is not None:  # the selected element's bar in sight
            self.bars_scroll.ensureVisible(0, RatioBars.ROW * index + RatioBars.ROW // 2, 0, RatioBars.ROW)
        self._show_selected(index)
        self.scatter.setAccessibleDescription(self.summary.text())
        self.bars.setAccessibleDescription(
            "\n".join(
                self.tr("{element}: {ratio}× what its points predict").format(
                    element=name, ratio="–" if ratio is None else i18n.number(ratio, 2)
                )
                for name, ratio in self.bars.rows
            )
        )

    def _fail(self, why: str) -> None:
        self.report = None
        self._lab = None
        self.status.setText(self.tr("No balance: {reason}").format(reason=why))
        self.summary.clear()
        self.what_if.clear()
        self.scatter.set_report(None, None)
        self.bars.set_rows([], None)

    def _selected_index(self, doc: ArmyDocument) -> int | None:
        position = self.selection.position
        if position is None:
            return None
        ui, ei = position
        if ei is None:
            return None
        index = sum(len(unit.elements) for unit in doc.army.units[:ui]) + ei
        return index if self.report is not None and index < len(self.report.designs) else None

    def _show_selected(self, index: int | None) -> None:
        if index is None or self.report is None:
            self._baseline = None
            self.summary.setText(self.tr("Select an element to see its balance and its place on the curve."))
            self.what_if.clear()
            return
        design = self.report.designs[index]
        self.summary.setText(self.design_text(design))
        position = self.selection.position
        if self._baseline is None or self._baseline[0] != position:
            self._baseline = (position, design)
        self.what_if.setText(self.change_text(self._baseline[1], design))

    def design_text(self, design: Design) -> str:
        lines = [
            self.tr("{element}: {points} points; deals {deals}, takes {takes} per activation").format(
                element=plain.short(design.element),
                points=points_text(design.points),
                deals=i18n.number(design.deals, 3),
                takes=i18n.number(design.takes, 3),
            ),
            self.tr("Value {value}, {per_point} per point").format(
                value=_number(design.value, "∞"), per_point=_number(design.per_point("value"), "–")
            ),
        ]
        ratio = design.ratios.get("value")
        flagged = any(values.get("measure") == "value" for _code, values in design.codes)
        if ratio is not None and not flagged:  # (a flag of its value says it)
            lines.append(self.tr("Value {ratio}× what its points predict").format(ratio=i18n.number(ratio, 2)))
        lines += [self.flag_text(code, values) for code, values in design.codes]
        return "\n".join(lines)

    def flag_text(self, code: str, values: dict[str, Any]) -> str:
        """A flag of :func:`model.balance.judge` in the window's words."""
        ratio = i18n.number(values.get("ratio", 0), 2)
        texts = {
            "no-attack": self.tr("Has no attack: it can attack nothing"),
            "harms-nothing": self.tr("Can harm nothing in the pool"),
            "unharmed": self.tr("Nothing in the pool can harm it"),
            "no-points": self.tr("Has no points: no value per point"),
            "zero-points": self.tr("Costs {points} points: no value per point"),
            ("cheap", "deals"): self.tr("Deals {ratio}× what its points predict: too cheap"),
            ("dear", "deals"): self.tr("Deals {ratio}× what its points predict: too dear"),
            ("cheap", "lasts"): self.tr("Lasts {ratio}× what its points predict: too cheap"),
            ("dear", "lasts"): self.tr("Lasts {ratio}× what its points predict: too dear"),
            ("cheap", "value"): self.tr("Value {ratio}× what its points predict: too cheap"),
            ("dear", "value"): self.tr("Value {ratio}× what its points predict: too dear"),
        }
        text = texts.get((code, values["measure"]) if "measure" in values else code, code)
        return text.format(points=points_text(values.get("points")), ratio=ratio)

    def change_text(self, before: Design, after: Design) -> str:
        """Δpoints and Δvalue since the element was selected (the what-if of the element form's edits)."""
        if before.points is None or after.points is None:
            points = "–"
        else:
            change = after.points - before.points
            points = points_text(round(change, 2) if isinstance(change, float) else change)
        if before.value is None or after.value is None:
            value = "–"
        else:
            value = i18n.number(after.value - before.value, 3)
        return self.tr("Since selected: Δpoints {points}, Δvalue {value}").format(
            points=_signed(points), value=_signed(value)
        )


def _number(value: Fraction | None, none: str) -> str:
    return none if value is None else i18n.number(value, 3)


def _signed(text: str) -> str:
    return text if text.startswith(("-", "–", "−")) or text.strip("0.,") == "" else f"+{text}"
