"""Declarative element forms: each rule system lists its element fields once and
the GUI builds the editor from that list (no hand-written form per system)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

FieldKind = Literal[
    "text", "int", "float", "choice", "bool", "group", "attributes", "spells", "multiline", "picks", "records"
]


@dataclass(frozen=True)
class FieldSpec:
    """One field of an element form.

    ``key`` is the field's name in the element's JSON. A ``group`` holds
    ``children`` (an optional group is a checkable box whose value is null when
    unchecked). ``picks`` is a list of names chosen from ``choices`` (weapons
    from a system's table). ``records`` is a list of objects whose fields are
    ``children`` (a weapons table). ``attributes``/``spells`` use the system's catalogue.
    ``suffix`` follows a number (``"``, ``×``). A ``text`` field with ``encode``/``decode`` edits a
    structured value as text: ``decode`` raises ValueError naming the bad part.
    """

    key: str
    label: str
    kind: FieldKind
    choices: tuple[Any, ...] = ()
    minimum: float = 0
    maximum: float = 9999
    step: float = 1
    optional: bool = False
    children: tuple[FieldSpec, ...] = ()
    default: Any = None
    tooltip: str = ""
    choice_labels: dict[Any, str] = field(default_factory=dict[Any, str])
    suffix: str = ""
    placeholder: str = ""
    encode: Callable[[Any], str] | None = None
    decode: Callable[[str], Any] | None = None
    #: a column of a ``records`` table: its share of the row, in characters it usually shows (0: 18 for text
    #: and choices, 6 for numbers); a long name gets the room, a two-digit number little
    chars: int = 0
    #: a column of a ``records`` table shown on a line of its own under its row, the field's label as the
    #: editor's placeholder: free text too long for a column on a 1024 px screen (a weapon's note)
    own_line: bool = False

    def share(self) -> int:
        return self.chars or (18 if self.kind in ("text", "choice") else 6)

    def default_value(self) -> Any:
        if self.kind == "group":
            return {c.key: c.default_value() for c in self.children}
        if self.default is not None:
            return self.default
        return {
            "text": "",
            "multiline": "",
            "int": int(self.minimum),
            "float": float(self.minimum),
            "choice": self.choices[0] if self.choices else "",
            "bool": False,
            "attributes": [],
            "spells": [],
            "picks": [],
            "records": [],
        }[self.kind]
