"""Attribute and spell browsers, and the quick-lookup palette.

Each browser is one ``ReferenceModel`` (a QAbstractTableModel over the system's
entries) plus one ``ReferenceFilter`` (a QSortFilterProxyModel ranking rows by
``model.search``). Matched words are highlighted by ``HighlightDelegate``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass
from html import escape
from typing import Any, cast

from PySide6.QtCore import (
    QAbstractTableModel,
    QCoreApplication,
    QEvent,
    QModelIndex,
    QPersistentModelIndex,
    QRectF,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtGui import QAbstractTextDocumentLayout, QFont, QFontMetrics, QPalette, QTextDocument
from PySide6.QtWidgets import (
    QAbstractItemView,
    QApplication,
    QCheckBox,
    QComboBox,
    QDialog,
    QHBoxLayout,
    QLineEdit,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QStyle,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QTableView,
    QTextBrowser,
    QVBoxLayout,
    QWidget,
)

from warbench.gui import plain, theme
from warbench.model.i18n import label as data_label
from warbench.model.i18n import mid_sentence, noun, quoted
from warbench.model.rules import Attribute, Spell
from warbench.model.search import Entry, entries_of, find, highlight_spans, query_words
from warbench.model.systems import get_system, system_ids, system_names
from warbench.model.systems.reference import ReferenceUse
from warbench.model.usage import used_by

Index = QModelIndex | QPersistentModelIndex
#: Qt 6.10 added begin/endFilterChange and deprecated invalidateFilter; 6.9 has only the latter
_HAS_FILTER_CHANGE = hasattr(QSortFilterProxyModel, "endFilterChange")  # 6.9 has begin but not end
# PySide6 before 6.11 types neither endFilterChange nor QStyleOptionViewItem's fields (font, rect, state...)
# and PaintContext.palette, though they are there at run time: those uses go through ``Any`` so the code
# type-checks on the oldest PySide6 it supports (pyproject.toml) as on the newest.


@dataclass(frozen=True)
class Column:
    title: str
    value: Callable[[Any], str]
    highlight: bool = False


def _name(entry) -> str:
    return (
        QCoreApplication.translate("reference", "{name} [homebrew]").format(name=entry.name)
        if entry.homebrew
        else entry.name
    )


def attribute_columns(system) -> list[Column]:
    return [
        Column(QCoreApplication.translate("reference", "Name"), _name, True),
        Column(data_label(system.reference.reference_cost_title), lambda a: a.cost.text),
        Column(QCoreApplication.translate("reference", "Tags"), lambda a: ", ".join(a.tags), True),
        Column(QCoreApplication.translate("reference", "Summary"), lambda a: a.summary, True),
    ]


def _stat(index: int) -> Callable[[Any], str]:
    return lambda spell: spell.stats[index]


def spell_columns(system) -> list[Column]:
    """Name, the first three of the system's spell stats, summary (the detail pane shows them all)."""
    stats = [Column(data_label(title), _stat(i)) for i, title in enumerate(system.schema.spell_model.stat_titles[:3])]
    return [
        Column(QCoreApplication.translate("reference", "Name"), _name, True),
        *stats,
        Column(QCoreApplication.translate("reference", "Summary"), lambda s: s.summary, True),
    ]


def marked(
    text: str, query: str, also: tuple[str, ...] = (), selected: bool = False, palette: QPalette | None = None
) -> str:
    """``text`` as HTML with the query's words (and ``also``: the words a typo was read as) highlighted,
    everything escaped, in the palette's highlight colours (turned around on a ``selected`` row)."""
    out, last = [], 0
    fore, back = theme.mark_colours(palette or QApplication.palette(), selected)
    style = f"color:{fore.name()};background:{back.name()}"
    for begin, end in highlight_spans(text, query, also):
        out.append(escape(text[last:begin]))
        out.append(f'<span style="{style}">{escape(text[begin:end])}</span>')
        last = end
    out.append(escape(text[last:]))
    return "".join(out)


class FittedTable(QTableView):
    """The browsers' table: its columns fit the width it has (:meth:`ReferenceBrowser.fit_columns`)."""

    resized = Signal()

    def resizeEvent(self, event) -> None:  # noqa: N802 - Qt's name
        super().resizeEvent(event)
        self.resized.emit()


#: narrowest useful width of a long text column (tags, summary); below it the column gives way
LONG_COLUMN_MIN = 110


def fitted_widths(width: int, needs: list[int], long: list[bool]) -> list[int | None]:
    """Column widths for a table ``width`` pixels wide (None: hidden; the last shown column stretches).
    ``needs``: each column's content width (the name first); ``long``: text that may be cut (summary).
    Columns give way from the last, long ones first, until the rest fit without sideways scrolling."""
    shown = list(range(len(needs)))
    minimum = [LONG_COLUMN_MIN if is_long else need for need, is_long in zip(needs, long, strict=True)]
    order = [i for i in reversed(shown) if long[i]] + [i for i in reversed(shown) if not long[i] and i]
    for column in order:
        if sum(minimum[i] for i in shown) <= width:
            break
        shown.remove(column)
    out: list[int | None] = [None] * len(needs)
    for i in shown:
        out[i] = needs[i] if not long[i] else max(LONG_COLUMN_MIN, min(needs[i], width // 4))
    return out


class ReferenceModel(QAbstractTableModel):
    """One row per attribute (or spell) of a system, with the elements of the army that use it."""

    def __init__(self, kind: str, parent=None):
        super().__init__(parent)
        self.kind = kind  # "attribute" or "spell"
        self.system = None
        self.items: list = []
        self.entries: list[Entry] = []
        self.columns: list[Column] = []
        self.used_by: dict[str, list[str]] = {}

    def set_system(self, system) -> None:
        self.beginResetModel()
        self.system = system
        cat = system.catalogue
        source = cat.attributes if self.kind == "attribute" else cat.spells
        self.items = sorted(source.values(), key=lambda x: x.name.casefold())
        self.entries = entries_of(system, self.kind)  # the list the window indexes at idle after start
        self.columns = attribute_columns(system) if self.kind == "attribute" else spell_columns(system)
        self.endResetModel()

    def set_usage(self, used_by: dict[str, list[str]]) -> None:
        self.used_by = used_by
        if self.items:
            self.dataChanged.emit(self.index(0, 0), self.index(len(self.items) - 1, len(self.columns) - 1))

    def rowCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.items)

    def columnCount(self, parent: Index = QModelIndex()) -> int:
        return 0 if parent.isValid() else len(self.columns)

    def headerData(self, section: int, orientation: Qt.Orientation, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if (
            orientation == Qt.Orientation.Horizontal
            and role == Qt.ItemDataRole.DisplayRole
            and section < len(self.columns)
        ):
            return self.columns[section].title
        return None

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or index.row() >= len(self.items):
            return None
        item = self.items[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.EditRole):
            return self.columns[index.column()].value(item)
        if role == Qt.ItemDataRole.ToolTipRole:
            homebrew = self.tr("Homebrew, defined in this army.") + " " if item.homebrew else ""
            return plain.tip(homebrew + item.summary)
        if role == Qt.ItemDataRole.UserRole:
            return item.id
        if role == Qt.ItemDataRole.FontRole and index.column() == 0 and (item.id in self.used_by or item.homebrew):
            font = QFont()
            font.setBold(item.id in self.used_by)
            font.setItalic(item.homebrew)
            return font
        return None

    def category(self, row: int) -> str:
        item = self.items[row]
        return item.cost.category if self.kind == "attribute" else "spell"


class ReferenceFilter(QSortFilterProxyModel):
    """Filters by the search query (every word must match), cost kind and 'used in this army';
    sorts by search rank while a query is typed, by the clicked column otherwise."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.query = ""
        self.kind_filter = ""  # "", "bonus", "handicap", "special"
        self.used_only = False
        self._rank: dict[str, int] = {}
        self.stand_ins: tuple[str, ...] = ()  # the words mistyped query words were read as

    def set_query(self, query: str) -> None:
        self.query = query
        self._rerank()

    def set_kind(self, kind: str) -> None:
        with self.filter_change():
            self.kind_filter = kind

    def set_used_only(self, on: bool) -> None:
        with self.filter_change():
            self.used_only = on

    @contextmanager
    def filter_change(self) -> Iterator[None]:
        """Re-filter the rows after what the block changes: begin/endFilterChange where Qt has them
        (6.10+, which deprecates invalidateFilter), else invalidateFilter."""
        if _HAS_FILTER_CHANGE:
            self.beginFilterChange()
            yield
            proxy: Any = self  # typed from 6.11 on
            proxy.endFilterChange(cast(Any, QSortFilterProxyModel).Direction.Rows)
        else:
            yield
            self.invalidateFilter()

    def _rerank(self) -> None:
        model = cast(ReferenceModel, self.sourceModel())
        words = query_words(self.query)
        found = find(model.entries, self.query) if words else None
        self._rank = {e.id: len(found.entries) - i for i, e in enumerate(found.entries)} if found else {}
        self.stand_ins = found.stand_ins if found else ()
        self.invalidate()
        if words:
            self.sort(-1)
            self.sort(0, Qt.SortOrder.AscendingOrder)

    def filterAcceptsRow(self, row: int, parent: Index) -> bool:
        model = cast(ReferenceModel, self.sourceModel())
        item = model.items[row]
        if self._rank and not self._rank.get(item.id):
            return False
        if self.query.strip() and not self._rank:
            return False
        if self.kind_filter and model.category(row) != self.kind_filter:
            return False
        if self.used_only and item.id not in model.used_by:
            return False
        return True

    def lessThan(self, left: Index, right: Index) -> bool:
        model = cast(ReferenceModel, self.sourceModel())
        if self._rank:
            a, b = model.items[left.row()], model.items[right.row()]
            return (-self._rank.get(a.id, 0), a.name.casefold()) < (-self._rank.get(b.id, 0), b.name.casefold())
        return str(left.data()).casefold() < str(right.data()).casefold()


class HighlightDelegate(QStyledItemDelegate):
    """Paints cell text as rich text with the query's words highlighted."""

    def __init__(self, proxy: ReferenceFilter, parent=None):
        super().__init__(parent)
        self.proxy = proxy

    def _document(self, option: Any, text: str) -> QTextDocument:  # option: a QStyleOptionViewItem
        doc = QTextDocument()
        doc.setDefaultFont(option.font)
        doc.setDocumentMargin(2)
        selected = bool(option.state & QStyle.StateFlag.State_Selected)
        doc.setHtml(marked(text, self.proxy.query, self.proxy.stand_ins, selected, option.palette))
        return doc

    def paint(self, painter, option, index) -> None:
        model = cast(ReferenceModel, self.proxy.sourceModel())
        column = model.columns[index.column()] if index.column() < len(model.columns) else None
        if column is None or not column.highlight or not self.proxy.query.strip():
            return super().paint(painter, option, index)
        opt: Any = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        text = opt.text
        opt.text = ""
        style = opt.widget.style() if opt.widget else None
        if style:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, opt.widget)
        doc = self._document(opt, " ".join(text.split()))
        doc.setTextWidth(-1)  # one line, clipped at the cell edge like plain cells
        painter.save()
        painter.translate(opt.rect.left(), opt.rect.top() + max(0.0, (opt.rect.height() - doc.size().height()) / 2))
        painter.setClipRect(QRectF(0, 0, opt.rect.width(), opt.rect.height()))
        context: Any = QAbstractTextDocumentLayout.PaintContext()
        if opt.state & QStyle.StateFlag.State_Selected:
            context.palette.setColor(QPalette.ColorRole.Text, opt.palette.color(QPalette.ColorRole.HighlightedText))
        doc.documentLayout().draw(painter, context)
        painter.restore()


def _head(text: str) -> str:
    """A detail pane's paragraph opening with ``text`` in bold (the caller closes it)."""
    return f"<p><b>{escape(text)}</b> "


def _italic(text: str) -> str:
    return f"<p><i>{escape(text)}</i></p>"


def entry_html(
    system, kind: str, entry_id: str, query: str = "", used_by: list[str] | None = None, also: tuple[str, ...] = ()
) -> str:
    """The detail pane of an attribute, spell or rules table (``also``: more words to highlight)."""
    cat = system.catalogue

    out = []
    homebrew = _italic(QCoreApplication.translate("reference", "Homebrew: defined in this army's file."))
    if kind == "attribute":
        a = cat.attributes[entry_id]
        out.append(f"<h3>{marked(a.name, query, also)}</h3>")
        if a.homebrew:
            out.append(homebrew)
        category = f" <i>({escape(a.cost.category)})</i>" if a.cost.category else ""  # the system's word for it
        out.append(_head(QCoreApplication.translate("reference", "Cost:")) + f"{escape(a.cost.text)}{category}")
        if a.cost.note:
            out.append(f" — {escape(a.cost.note)}")
        out.append("</p>")
        out.append(f"<p>{quoted(marked(a.summary, query, also))}</p>")  # the rules' text, quoted
        needs = "; ".join(a.restrictions.describe(cat.attribute_name))
        needs = needs or QCoreApplication.translate("reference", "nothing")
        out.append(_head(QCoreApplication.translate("reference", "Requires:")) + f"{escape(needs)}</p>")
        if a.params:
            parameters = QCoreApplication.translate("reference", "Parameters:")
            out.append(_head(parameters) + f"{escape(', '.join(a.params))}</p>")
        tags = marked(", ".join(a.tags), query, also)
        out.append(_head(QCoreApplication.translate("reference", "Tags:")) + f"{tags}</p>")
    elif kind == "spell":
        s = cat.spells[entry_id]
        out.append(f"<h3>{marked(s.name, query, also)}</h3>")
        if s.homebrew:
            out.append(homebrew)
        if s.stats:
            stats = zip(s.stat_titles, s.stats, strict=True)
            out.append(f"<p>{' &nbsp; '.join(f'<b>{escape(data_label(t))}:</b> {escape(v)}' for t, v in stats)}</p>")
        effect = quoted(marked(s.summary, query, also))
        out.append(_head(QCoreApplication.translate("reference", "Effect:")) + f"{effect}</p>")
    else:
        t = cat.tables[entry_id]
        out.append(f"<h3>{marked(t.name, query, also)}</h3><p>{quoted(marked(t.summary, query, also))}</p>")
        rows = "".join("<tr>" + "".join(f"<td>{marked(c, query, also)}</td>" for c in r) + "</tr>" for r in t.rows)
        head = "".join(f"<th align=left>{escape(c)}</th>" for c in t.columns)
        out.append(f"<table cellspacing=0 cellpadding=3 border=1><tr>{head}</tr>{rows}</table>")
    if used_by is not None and kind != "table":
        if used_by:
            users = escape(", ".join(used_by))
            out.append(_head(QCoreApplication.translate("reference", "Used in this army by:")) + f"{users}</p>")
        else:
            out.append(_italic(QCoreApplication.translate("reference", "Not used in this army.")))
    return "".join(out)


class ReferenceBrowser(QWidget):
    """Search, filters, the table and the detail pane for one kind of entry."""

    addRequested = Signal(str)  # attribute id
    #: "new" with the section list to add to ("weapons"); "edit", "duplicate", "delete" with the entry's id;
    #: "library" with ""
    homebrewRequested = Signal(str, str)

    def __init__(self, kind: str, parent=None):
        super().__init__(parent)
        self.kind = kind
        self.setObjectName(f"{kind}Browser")
        self.army_system_id = ""
        self.army_system = None  # the open army's system, with its homebrew entries
        self.model = ReferenceModel(kind, self)
        self.proxy = ReferenceFilter(self)
        self.proxy.setSourceModel(self.model)
        self.system_box = QComboBox()
        self.system_box.setAccessibleName(self.tr("Rule system"))
        for sid, name in system_names().items():
            self.system_box.addItem(name, sid)
        self.system_box.activated.connect(lambda _i: self.show_system(self.system_box.currentData()))
        self.search = QLineEdit()
        self.search.setObjectName("search")
        attribute = kind == "attribute"
        self.search.setAccessibleName(self.tr("Search attributes") if attribute else self.tr("Search spells"))
        self.search.setClearButtonEnabled(True)
        self.search.setPlaceholderText(
            self.tr("Search attributes: name, rule text, tags…")
            if attribute
            else self.tr("Search spells: name, rule text, tags…")
        )
        self.search.textChanged.connect(self._query_changed)
        self.kind_box = QComboBox()
        self.kind_box.setAccessibleName(self.tr("Kind"))
        self.kind_box.setVisible(False)  # filled from the system's cost kinds in set_system
        self.kind_box.currentIndexChanged.connect(
            lambda _i: self._refilter(self.proxy.set_kind, self.kind_box.currentData())
        )
        self.used = QCheckBox(self.tr("Used in this army"))
        self.used.toggled.connect(lambda on: self._refilter(self.proxy.set_used_only, on))
        self.table = FittedTable()
        self.table.resized.connect(self.fit_columns)
        self.table.setObjectName("table")
        self.table.setAccessibleName(self.tr("Attributes") if attribute else self.tr("Spells"))
        self.table.setModel(self.proxy)
        self.table.setItemDelegate(HighlightDelegate(self.proxy, self.table))
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(0, Qt.SortOrder.AscendingOrder)
        self.table.verticalHeader().hide()
        self.table.verticalHeader().setDefaultSectionSize(22)
        self.table.horizontalHeader().setStretchLastSection(True)
        self.table.setWordWrap(False)
        self.table.selectionModel().currentRowChanged.connect(lambda *_: self._show_current())
        self.no_match = plain.label(self.tr("No match"))
        self.no_match.setObjectName("noMatch")
        self.no_match.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.no_match.setStyleSheet("font-size: 14px; padding: 12px")
        theme.tint(self.no_match, "muted")
        self.no_match.hide()
        self.detail = QTextBrowser()
        self.detail.setObjectName("detail")
        self.detail.setAccessibleName(
            self.tr("The attribute's full rule") if attribute else self.tr("The spell's full rule")
        )
        self.add_button = QPushButton(self.tr("Add to selected element"))
        self.add_button.setObjectName("addToElement")
        self.add_button.setVisible(False)
        self.add_button.clicked.connect(self._add)
        self.can_add = False
        self.homebrew_bar = QWidget()
        self.homebrew_bar.setObjectName("homebrewBar")
        bar = QVBoxLayout(self.homebrew_bar)  # two rows, so the buttons fit a narrow dock
        bar.setContentsMargins(0, 0, 0, 0)
        self._new_row, edit_row = QHBoxLayout(), QHBoxLayout()  # New … buttons and From library; the edits
        bar.addLayout(self._new_row)
        bar.addLayout(edit_row)
        self.homebrew_buttons: dict[str, QPushButton] = {}  # "new" is the first of the "new:<list>" buttons
        self.homebrew_kinds: tuple = ()  # the system's HomebrewKinds this browser lists
        for action, label in (
            ("edit", self.tr("Edit…")),
            ("duplicate", self.tr("Duplicate…")),
            ("delete", self.tr("Delete")),
            ("library", self.tr("From library…")),
        ):
            button = QPushButton(label)
            button.setObjectName(f"homebrew_{action}")
            button.setToolTip(self.tr("Your own entries are kept in the army file (and your library)"))
            button.clicked.connect(lambda _=False, a=action: self._homebrew(a))
            (self._new_row if action == "library" else edit_row).addWidget(button)
            self.homebrew_buttons[action] = button
        self._new_row.addStretch(1)
        edit_row.addStretch(1)
        self.homebrew_bar.hide()
        filters = QHBoxLayout()  # below the search, which gets the panel's whole width
        filters.addWidget(self.kind_box)
        filters.addWidget(self.used)
        filters.addStretch(1)
        self.system_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.system_box.setMinimumContentsLength(16)  # long system names elide in a narrow dock
        top = QWidget()
        top_layout = QVBoxLayout(top)
        top_layout.setContentsMargins(0, 0, 0, 0)
        top_layout.addWidget(self.table)
        top_layout.addWidget(self.no_match)
        bottom = QWidget()
        bottom_layout = QVBoxLayout(bottom)
        bottom_layout.setContentsMargins(0, 0, 0, 0)
        bottom_layout.addWidget(self.detail)
        bottom_layout.addWidget(self.add_button)
        bottom_layout.addWidget(self.homebrew_bar)
        split = QSplitter(Qt.Orientation.Vertical)
        split.addWidget(top)
        split.addWidget(bottom)
        split.setSizes([320, 200])
        layout = QVBoxLayout(self)
        layout.addWidget(self.system_box)
        layout.addWidget(self.search)
        layout.addLayout(filters)
        layout.addWidget(split, 1)

    # --- state ---------------------------------------------------------------------
    def show_system(self, system_id: str) -> None:
        self.system_box.setCurrentIndex(system_ids().index(system_id))
        on_army = system_id == self.army_system_id and self.army_system is not None
        system = self.army_system if on_army and self.army_system is not None else get_system(system_id)
        if self.model.system is not None and self.model.system.id != system.id:
            self.search.blockSignals(True)
            self.search.clear()  # the previous system's search means nothing here
            self.search.blockSignals(False)
        self.model.set_system(system)
        self._needs: list[int] | None = None  # the columns' content widths, measured once per system
        self.fit_columns()
        self._set_homebrew_kinds(system if on_army else None)
        title = data_label(system.reference.reference_titles[0 if self.kind == "attribute" else 1])
        self.search.setPlaceholderText(
            self.tr("Search {what}: name, rule text, tags…").format(what=mid_sentence(title))
        )
        use = system.reference.reference_use if self.kind == "attribute" else ReferenceUse.NONE
        self.add_button.setVisible(use is not ReferenceUse.NONE)
        self.add_button.setText(
            {
                ReferenceUse.ELEMENT: self.tr("Add to selected element"),
                ReferenceUse.UNIT: self.tr("Add to the army as a new unit"),
            }.get(use, "")
        )
        kinds = system.reference.attribute_cost_kinds if self.kind == "attribute" else ()
        if [self.kind_box.itemData(i) for i in range(1, self.kind_box.count())] != [k for k, _ in kinds]:
            self.kind_box.blockSignals(True)
            self.kind_box.clear()
            for value, label in (("", self.tr("All costs")), *kinds):
                self.kind_box.addItem(data_label(label), value)
            self.kind_box.blockSignals(False)
            self.proxy.set_kind("")
        self.kind_box.setVisible(bool(kinds))
        self.proxy.set_query(self.search.text())
        self._after_filter()

    def focus_input(self) -> None:
        self.search.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.search.selectAll()

    @property
    def title(self) -> str:
        system = self.model.system
        return data_label(system.reference.reference_titles[0 if self.kind == "attribute" else 1]) if system else ""

    def set_army(self, document) -> None:
        """Follow the open army: its system (unless the user switched), and who uses what."""
        system_id = document.army.system
        if system_id != self.army_system_id:
            self.army_system_id, self.army_system = system_id, document.system
            self.show_system(system_id)
        elif document.system is not self.army_system:  # the army's homebrew entries changed
            self.army_system = document.system
            if self.model.system is not None and self.model.system.id == system_id:
                current = self.current_id()
                self.show_system(system_id)
                if current:
                    self.select(current)
        on_army_system = self.model.system is not None and self.model.system.id == system_id
        usage = used_by(document.army, document.system, self.kind) if on_army_system else {}
        with self.proxy.filter_change() if self.used.isChecked() else nullcontext():
            self.model.set_usage(usage)
            self._after_filter()
        self._show_current()

    def set_can_add(self, enabled: bool) -> None:
        self.can_add = enabled
        self._update_add()

    def _update_add(self) -> None:
        system = self.model.system
        on_army_system = system is not None and system.id == self.army_system_id
        needs_element = system is not None and system.reference.reference_use is ReferenceUse.ELEMENT
        self.add_button.setEnabled(
            on_army_system and (self.can_add or not needs_element) and self.current_id() is not None
        )

    def _update_homebrew(self) -> None:
        system, entry_id = self.model.system, self.current_id()
        cat = system.catalogue if system is not None else None
        entries: dict[str, Attribute] | dict[str, Spell] = (
            (cat.attributes if self.kind == "attribute" else cat.spells) if cat else {}
        )
        mine = entry_id is not None and entry_id in entries and entries[entry_id].homebrew
        for action in ("edit", "duplicate", "delete"):
            self.homebrew_buttons[action].setEnabled(mine)

    def _set_homebrew_kinds(self, system) -> None:
        """One "New …" button per kind of homebrew entry the army's system lets the player make here."""
        declared = system.homebrew.homebrew_kinds() if system and system.homebrew else ()
        kinds = tuple(k for k in declared if k.browser == self.kind)
        if [(k.key, k.word) for k in kinds] != [(k.key, k.word) for k in self.homebrew_kinds]:
            self.homebrew_kinds = kinds
            bar = self._new_row
            for name in [n for n in self.homebrew_buttons if n.startswith("new")]:
                button = self.homebrew_buttons.pop(name)
                if name != "new":
                    bar.removeWidget(button)
                    button.hide()
                    button.deleteLater()
            for i, kind in enumerate(kinds):
                button = QPushButton(self.tr("New {kind}…").format(kind=noun(kind.word)))
                button.setObjectName(f"homebrew_new_{kind.key}")
                button.setToolTip(
                    self.tr("Make your own {kind}: it is kept in the army file (and your library)").format(
                        kind=noun(kind.word)
                    )
                )
                button.clicked.connect(lambda _=False, key=kind.key: self.homebrewRequested.emit("new", key))
                bar.insertWidget(i, button)
                self.homebrew_buttons[f"new:{kind.key}"] = button
            if kinds:
                self.homebrew_buttons["new"] = self.homebrew_buttons[f"new:{kinds[0].key}"]
        self.homebrew_bar.setVisible(bool(kinds))

    def _homebrew(self, action: str) -> None:
        self.homebrewRequested.emit(action, "" if action == "library" else self.current_id() or "")

    def fit_columns(self) -> None:
        """Every column readable in the width the panel has, without sideways scrolling: the name as wide
        as the longest name, the short columns (cost, range…) as their content; tags and summary share
        what is left, and in a narrow panel they give way first (the entry below shows them in full)."""
        columns, header = self.model.columns, self.table.horizontalHeader()
        if not columns:
            return
        if getattr(self, "_needs", None) is None or len(self._needs or ()) != len(columns):
            self._needs = self._column_needs()
        long = [column.highlight and i > 0 for i, column in enumerate(columns)]
        widths = fitted_widths(self.table.viewport().width(), self._needs or [], long)
        for i, width in enumerate(widths):
            self.table.setColumnHidden(i, width is None)
            if width is not None:
                header.resizeSection(i, width)

    def _column_needs(self) -> list[int]:
        """Each column's width for its widest text (names in bold, as used entries are shown), header included."""
        bold = QFont(self.table.font())
        bold.setBold(True)
        plain, strong = self.table.fontMetrics(), QFontMetrics(bold)
        pad = 2 * self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.table) + 12
        header = self.table.horizontalHeader().fontMetrics()
        needs = []
        for i, column in enumerate(self.model.columns):
            metrics = strong if i == 0 else plain
            texts = (column.value(item)[:60] for item in self.model.items)  # a long text is cut anyway
            widest = max(map(metrics.horizontalAdvance, texts), default=0)
            needs.append(max(widest + pad, header.horizontalAdvance(column.title) + 28))  # + the sort arrow
        return needs

    def _query_changed(self, text: str) -> None:
        self.proxy.set_query(text)
        self._after_filter()

    def _refilter(self, setter, value) -> None:
        setter(value)
        self._after_filter()

    def _after_filter(self) -> None:
        empty = self.proxy.rowCount() == 0
        self.no_match.setVisible(empty)
        if not self.model.items:
            self.no_match.setText(
                self.tr("{value} has no {title}").format(
                    value=self.model.system.name if self.model.system else self.tr("This system"),
                    title=self.title.lower(),
                )
            )
        else:
            self.no_match.setText(
                self.tr("No match for “{query}”").format(query=self.search.text())
                if self.search.text().strip()
                else self.tr("No match")
            )
        self.table.viewport().update()
        if not empty:
            current = self.table.currentIndex()
            if not current.isValid() or self.search.text().strip():
                self.table.setCurrentIndex(self.proxy.index(0, 0))
        self._show_current()

    def current_id(self) -> str | None:
        index = self.table.currentIndex()
        if not index.isValid() or self.proxy.rowCount() == 0:
            return None
        return self.proxy.index(index.row(), 0).data(Qt.ItemDataRole.UserRole)

    def visible_names(self) -> list[str]:
        return [self.proxy.index(r, 0).data() for r in range(self.proxy.rowCount())]

    def select(self, entry_id: str) -> None:
        for row in range(self.proxy.rowCount()):
            if self.proxy.index(row, 0).data(Qt.ItemDataRole.UserRole) == entry_id:
                self.table.setCurrentIndex(self.proxy.index(row, 0))
                return

    def reveal(self, entry_id: str) -> bool:
        """Select ``entry_id``, clearing the search and filters if they hide it; False if it is not listed."""
        if entry_id not in {item.id for item in self.model.items}:
            return False
        if entry_id not in {
            self.proxy.index(r, 0).data(Qt.ItemDataRole.UserRole) for r in range(self.proxy.rowCount())
        }:
            self.search.clear()
            self.kind_box.setCurrentIndex(0)
            self.used.setChecked(False)
        self.select(entry_id)
        self.table.scrollTo(self.table.currentIndex())
        return True

    def _show_current(self) -> None:
        entry_id = self.current_id()
        if entry_id is None or self.model.system is None:
            muted = theme.tone("muted", self.detail.palette()).name()
            self.detail.setHtml(f"<p style='color:{muted}'>{escape(self.tr('Nothing selected.'))}</p>")
        else:
            used = self.model.used_by.get(entry_id, []) if self.model.system.id == self.army_system_id else None
            self.detail.setHtml(
                entry_html(self.model.system, self.kind, entry_id, self.search.text(), used, self.proxy.stand_ins)
            )
        self._update_add()
        self._update_homebrew()

    def _add(self) -> None:
        entry_id = self.current_id()
        if entry_id:
            self.addRequested.emit(entry_id)


class QuickLookup(QDialog):
    """Ctrl+K: search attributes, spells and core-rule tables of a system at once; Enter shows the entry."""

    def __init__(self, parent=None):
        super().__init__(parent)
        self.setObjectName("quickLookup")
        self.setWindowTitle(self.tr("Quick lookup"))
        self.resize(760, 520)
        self.system = None
        self.entries: list[Entry] = []
        self.stand_ins: tuple[str, ...] = ()
        self.input = QLineEdit()
        self.input.setObjectName("lookupInput")
        self.input.setAccessibleName(self.tr("Look up"))
        self.input.setPlaceholderText(self.tr("Type to search attributes, spells and rules tables…"))
        self.input.textChanged.connect(self.refresh)
        self.input.returnPressed.connect(self.show_current)
        self.results = QListWidget()
        self.results.setObjectName("lookupResults")
        self.results.setAccessibleName(self.tr("Matches"))
        self.results.itemActivated.connect(lambda _item: self.show_current())
        self.results.currentRowChanged.connect(lambda _row: self.show_current())
        self.detail = QTextBrowser()
        self.detail.setObjectName("lookupDetail")
        self.detail.setAccessibleName(self.tr("The full rule"))
        split = QSplitter(Qt.Horizontal)
        split.addWidget(self.results)
        split.addWidget(self.detail)
        split.setSizes([300, 460])
        self.system_label = plain.rich_label()
        layout = QVBoxLayout(self)
        layout.addWidget(self.system_label)
        layout.addWidget(self.input)
        layout.addWidget(split, 1)
        self.input.installEventFilter(self)

    def eventFilter(self, obj, event) -> bool:
        if (
            obj is self.input
            and event.type() == QEvent.Type.KeyPress
            and event.key() in (Qt.Key.Key_Down, Qt.Key.Key_Up)
        ):
            row = self.results.currentRow() + (1 if event.key() == Qt.Key.Key_Down else -1)
            if 0 <= row < self.results.count():
                self.results.setCurrentRow(row)
            return True
        return super().eventFilter(obj, event)

    def open_for(self, system) -> None:
        self.system = system
        self.entries = entries_of(system)
        self.system_label.setText(f"<b>{escape(system.name)}</b>")
        self.input.selectAll()
        self.refresh()
        self.show()
        self.raise_()
        self.activateWindow()
        self.input.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def refresh(self) -> None:
        self.results.clear()
        query = self.input.text()
        result = find(self.entries, query)
        self.stand_ins, found = result.stand_ins, result.entries
        labels = {"attribute": self.tr("Attribute"), "spell": self.tr("Spell"), "table": self.tr("Rules")}
        for entry in found:
            item = QListWidgetItem(
                f"{entry.name}   ·  {labels[entry.kind]} {entry.detail if entry.kind != 'table' else ''}".rstrip()
            )
            item.setData(Qt.ItemDataRole.UserRole, entry.key)
            self.results.addItem(item)
        if not found:
            item = QListWidgetItem(self.tr("No match for “{query}”").format(query=query))
            item.setFlags(Qt.ItemFlag.NoItemFlags)
            self.results.addItem(item)
            self.detail.setHtml("")
        else:
            self.results.setCurrentRow(0)

    def show_current(self) -> None:
        item = self.results.currentItem()
        key = item.data(Qt.ItemDataRole.UserRole) if item else None
        if not key or self.system is None:
            return
        kind, entry_id = key
        self.detail.setHtml(entry_html(self.system, kind, entry_id, self.input.text(), also=self.stand_ins))
