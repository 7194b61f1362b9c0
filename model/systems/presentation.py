"""The presentation facet of a rule system: how its elements read on the sheet, the cards and in text.

Every system has one (``RuleSystem.presentation``); a system's module defines its subclass and names it in its
``facets`` (``model.systems.base.Facets``). A facet is built with its system (``Presentation(system)``) and reads
the system's data and catalogue through ``self.system``: a homebrew copy of the system builds its own
(``RuleSystem.with_homebrew``)."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from warbench.model import i18n
from warbench.model.columns import NAME_COLUMN, SheetColumn
from warbench.model.i18n import label, ngettext
from warbench.model.systems.facet import Facet, S


def plural(value: Any, noun: str) -> str:
    """``noun`` (an English plural) as it goes with ``value``, in the model's language: "unit" for 1 (or -1), else
    "units"; "pt" for 1 "pts" (the catalogue's plural forms: "Einheit", "Einheiten")."""
    if not noun.endswith("s"):
        return label(noun)
    try:
        count = int(abs(value)) if abs(value) == int(abs(value)) else 2  # 1.5 pts: the plural
    except (TypeError, ValueError):
        count = 2
    return ngettext(noun[:-1], noun, count)


def counted(value: Any, noun: str) -> str:
    """``value`` and ``noun`` (a plural) as a player writes them: "1 unit", "3 units", "1 fire point"."""
    return f"{value} {plural(value, noun)}"


class Presentation(Facet[S], ABC):
    """How a system's elements read: the army table's row, a unit card, a line of text (see the module)."""

    #: columns of the army table (text and PDF sheet) before the generic Cost / Qty / Total, each with
    #: its share of the sheet's width; ``sheet_cells`` gives one row of them
    columns: ClassVar[tuple[SheetColumn, ...]] = (NAME_COLUMN,)
    #: words of this system's rules that no code outside its module may use (tests/test_system_terms.py also
    #: checks its id, names, module, dice check and coined situation names)
    rule_terms: ClassVar[tuple[str, ...]] = ()

    @property
    def short_name(self) -> str:
        """The system's name where room is short (``short_name`` in system.json; its name by default)."""
        short: str = self.system.data.get("short_name", self.system.name)
        return short

    @property
    def currency(self) -> str:
        """What the system's points are called (``currency`` in system.json; "pts" by default)."""
        currency: str = self.system.data.get("currency", "pts")
        return label(currency)  # "Pkt." in German (model/i18n.py)

    @property
    def sheet_columns(self) -> tuple[str, ...]:
        """The titles of :attr:`columns`."""
        return tuple(column.title for column in self.columns)

    @abstractmethod
    def sheet_cells(self, element: Any) -> list[str]:
        """One army-table row for ``element``: a cell for each of :attr:`columns`."""

    def card_stats(self, element: Any) -> list[tuple[str, str]]:
        """(label, value) pairs for a unit card's stat line."""
        return []

    def card_lines(self, element: Any) -> list[str]:
        """Plain-text lines for a unit card under the stats (weapons, attributes...)."""
        return []

    def card_rule_ids(self, element: Any) -> list[tuple[str, str]]:
        """("attribute" | "spell", id) of the entries whose rule a unit card prints in compact form."""
        system = self.system
        return [("attribute", a) for a in system.reference.attribute_ids(element)] + [
            ("spell", s) for s in system.reference.spell_ids(element)
        ]

    def text_parts(self, element: Any) -> list[str]:
        """The element as short phrases for a one-line text export (``warbench text``)."""
        return [f"{i18n.stat(stat)} {value}" for stat, value in self.card_stats(element)] + self.card_lines(element)

    def table_terms(self, element: Any) -> set[str]:
        """What ``element`` has that a rules table may need (``RuleTable.needs``): its attribute and spell
        ids; a system adds its own words (a weapon kind)."""
        return {*self.system.reference.attribute_ids(element), *self.system.reference.spell_ids(element)}

    def figures_text(self, figures: dict[str, Any]) -> str:
        """The system's ``army_figures`` as one line for sheets and totals."""
        return ", ".join(counted(value, key.replace("_", " ")) for key, value in figures.items())
