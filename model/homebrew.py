"""Homebrew entries: an army's own attributes and spells (the army file's ``homebrew`` section).

The section travels in the army file so that the army prices the same on every
machine (``shared/spec/army-file.md``, "Homebrew entries"). It is kept in the
army as the JSON it was read from (an unknown field to the envelope), so every
field a newer writer adds survives a save. A system turns the section into
catalogue entries (``Homebrew.homebrew_entries``); ``RuleSystem.with_homebrew``
gives the system with those entries added, and everything (validation, costing,
browsers, sheets) then goes through the ordinary code path.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from warbench.model.forms import FieldSpec

if TYPE_CHECKING:
    from warbench.model.army import Army
    from warbench.model.rules import Catalogue

HOMEBREW_FIELD = "homebrew"


@dataclass(frozen=True)
class HomebrewKind:
    """One kind of homebrew entry the window lets the player make (``Homebrew.homebrew_kinds``).

    ``key`` is the section's list (``"weapons"``), ``word`` names one entry (``"weapon"``), ``browser``
    is the browser that lists and offers it (``"attribute"`` or ``"spell"``). ``fields`` are the
    dialog's fields after the name. By default each edits the entry's field of the same key; a kind
    whose entry is shaped otherwise (a nested ``cost``) gives ``load`` (entry -> the fields' values)
    and ``dump`` (values, the entry as it was -> the entry's fields to set; None removes one).
    ``hidden`` names the fields that do not apply to the values (the dialog hides them) and ``describe``
    says the entry in the rules' words (the dialog shows it as the values change; ValueError when
    the values make no sense)."""

    key: str
    word: str
    browser: str = "attribute"
    fields: tuple[FieldSpec, ...] = ()
    load: Callable[[dict[str, Any]], dict[str, Any]] | None = None
    dump: Callable[[dict[str, Any], dict[str, Any]], dict[str, Any]] | None = None
    hidden: Callable[[dict[str, Any]], set[str]] | None = None
    describe: Callable[[dict[str, Any]], str] | None = None


class HomebrewError(ValueError):
    """The ``homebrew`` section is not valid; ``problems`` holds one line per problem, each naming its path."""

    def __init__(self, problems: list[str]):
        self.problems = problems
        super().__init__("\n".join(problems))


def homebrew_of(army: Army[Any, Any]) -> Any:
    """The army's ``homebrew`` section as read from its file (None when it has none)."""
    return (army.model_extra or {}).get(HOMEBREW_FIELD)


def is_empty(section: Any) -> bool:
    return section is None or (isinstance(section, dict) and not any(section.values()))


KINDS = {"attribute": "attributes", "spell": "spells"}


def section_key(kind: str) -> str:
    """The section's list for ``kind``: a list's own name (``"weapons"``), or ``"attribute"``/``"spell"``."""
    return KINDS.get(kind, kind)


def section_lists(section: Any) -> list[str]:
    """The names of the section's lists of entries (every system's section is lists of entries by id)."""
    return [k for k, v in (section or {}).items() if isinstance(v, list)]


def kind_of(section: Any, entry_id: str) -> str | None:
    """The list of ``section`` that defines ``entry_id``."""
    for key in section_lists(section):
        if any(isinstance(e, dict) and e.get("id") == entry_id for e in section[key]):
            return key
    return None


def section_with(section: Any, kind: str, entry: dict[str, Any], replace_id: str | None = None) -> dict[str, Any]:
    """``section`` with ``entry`` (an attribute or spell definition) added, or put in place of ``replace_id``."""
    out = dict(section or {})
    key = section_key(kind)
    entries = list(out.get(key) or [])
    for i, old in enumerate(entries):
        if isinstance(old, dict) and old.get("id") == (replace_id or entry.get("id")):
            entries[i] = entry
            break
    else:
        entries.append(entry)
    out[key] = entries
    return out


def section_without(section: Any, kind: str, entry_id: str) -> dict[str, Any]:
    out = dict(section or {})
    key = section_key(kind)
    out[key] = [e for e in out.get(key) or [] if not (isinstance(e, dict) and e.get("id") == entry_id)]
    return out


def entry_of(section: Any, kind: str, entry_id: str) -> dict[str, Any] | None:
    for entry in (section or {}).get(section_key(kind)) or []:
        if isinstance(entry, dict) and entry.get("id") == entry_id:
            return entry
    return None


def free_id(section: Any, catalogue: Catalogue, kind: str, name: str) -> str:
    """An id for a new entry named ``name``: its slug, numbered when taken (by any entry of the section,
    or by a built-in entry of the system's own ``catalogue``, ``system.root.catalogue``)."""
    from warbench.model.rules import slug

    key = section_key(kind)
    base = slug(name) or key.rstrip("s")
    taken = {e.get("id") for k in section_lists(section) for e in section[k] if isinstance(e, dict)}
    resolve = catalogue.resolve_spell if key == "spells" else catalogue.resolve_attribute
    candidate, n = base, 1
    while candidate in taken or resolve(candidate) is not None:
        n += 1
        candidate = f"{base}-{n}"
    return candidate
