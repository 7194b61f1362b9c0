"""The rule systems' words a player reads that are data, not code: the element form's labels, tool tips and
choices, the reference panels' titles, the situations, the states' fields and the tracker's boxes. They are
msgids of the model's catalogue (``model/i18n.py``) translated where shown (``i18n.label``); this module lists
them so ``make translations`` adds them to the catalogue (``python -m warbench.model.i18n_data`` writes a
template, ``.pot``) and ``tests/model/test_i18n.py`` checks each has its German.

A system's words are the same in every system that uses them ("Name", "Range"): one msgid, one translation.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterable, Iterator
from typing import Any

from warbench.model.errata import errata
from warbench.model.forms import FieldSpec
from warbench.model.i18n import ATTACK, STAT
from warbench.model.resources import examples_dir
from warbench.model.systems import get_system, system_ids


def _form_words(specs: Iterable[FieldSpec]) -> Iterator[str]:
    for spec in specs:
        yield spec.label
        yield spec.tooltip
        yield spec.placeholder
        yield from (str(shown) for shown in spec.choice_labels.values())
        if spec.kind == "records" and spec.children:
            yield add_text(spec)
            yield remove_text(spec)
        yield from _form_words(spec.children)


def add_text(spec: FieldSpec) -> str:
    """A ``records`` field's Add button ("Add weapon"): one sentence of the catalogue, so German words it whole
    ("Waffe hinzufügen")."""
    return f"Add {spec.children[0].label.lower()}"


def remove_text(spec: FieldSpec) -> str:
    """A ``records`` row's Remove button ("Remove weapons {number}"), with its row's number a placeholder."""
    return f"Remove {spec.label.lower()} {{number}}"


def state_name(key: str) -> str:
    """A state's field as the play view names it ("stun pending")."""
    return key.replace("_", " ")


def system_words(system: Any) -> set[str]:
    """Every word of ``system``'s data a player reads (see the module)."""
    words = set(_form_words(system.schema.element_form)) | set(_form_words(system.schema.options_form))
    words |= set(system.reference.reference_titles) | set(system.schema.spell_model.stat_titles)
    for kind in system.homebrew.homebrew_kinds() if system.homebrew else ():  # the New…/Edit dialogs' fields
        words |= set(_form_words(kind.fields))  # (its word is a noun: ``all_nouns``)
    words.add(system.data.get("currency", "pts"))  # the points' name ("Pkt.")
    if system.combat:
        words |= {word for s in system.combat.situations for word in (s.label, s.help)}
    words |= {system.reference.reference_cost_title, *(label for _kind, label in system.reference.attribute_cost_kinds)}
    element = system.schema.new_element("x")
    words |= {column.title for column in system.presentation.columns}  # the sheet's and the text table's
    words |= {state_name(key) for key in system.play.play_state(element)}
    words |= {state_name(key) for key in system.play.play_side(system.schema.new_army("x"), [])}
    for element in _example_elements(system):  # the states and boxes of every kind of element (a vehicle's crew)
        words |= {state_name(key) for key in system.play.play_state(element)}
        words |= {boxes.label for boxes in system.play.play_boxes(element) if not DICE.search(boxes.label)}
    words |= {boxes.label for boxes in system.play.play_boxes(element)}
    words |= {entry["explanation"] for entry in errata(system.id)}  # why a printed cost is not ours (the banner)
    return {word for word in words if word.strip()}


#: nouns the model counts with ``presentation.counted`` ("1 unit", "3 units") besides each system's own
COUNTED = ("units", "elements", "figures", "shots", "hits", "steps", "models", "pts")


def system_nouns(system: Any) -> set[str]:
    """The plurals ``system``'s words count with: its currency, its models' noun, its army figures' keys."""
    keys = system.pricing.army_figures(system.schema.new_army("x"))
    kinds = system.homebrew.homebrew_kinds() if system.homebrew else ()  # "3 homebrew weapons" (the library)
    return {
        system.data.get("currency", "pts"),
        system.schema.model_noun,
        *map(state_name, keys),
        *(k.word + "s" for k in kinds),
    }


def all_nouns() -> set[str]:
    """Every plural noun the model counts with (:data:`COUNTED` and each system's), ending in "s"."""
    found = set(COUNTED)
    for system_id in system_ids():
        found |= system_nouns(get_system(system_id))
    return {noun for noun in found if noun.endswith("s")}


#: a label built in code around dice ("Die d8 d6 d4"): its words are marked where it is built
DICE = re.compile(r"\bd\d+\b")


def _example_elements(system: Any) -> list[Any]:
    """The elements of the example armies of ``system`` (resources/examples)."""
    found = []
    for path in sorted(examples_dir().glob("*.army.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        if data.get("system") == system.id:
            army = system.schema.army_model.model_validate(data)
            found += [element for unit in army.units for element in unit.elements]
    return found


def attack_words() -> set[str]:
    """Every system's attacks' kinds, and each as the matchup lists it ("Extra weapon"): msgctxt ``i18n.ATTACK``."""
    found: set[str] = set()
    for system_id in system_ids():
        combat = get_system(system_id).combat
        kinds = {kind for action in combat.actions() for kind in action} if combat else set()
        found |= kinds | {kind.replace("-", " ").capitalize() for kind in kinds}
    return found


def stat_words() -> set[str]:
    """Every system's unit-card stat line's words (msgctxt ``i18n.STAT``: short forms)."""
    found: set[str] = set()
    for system_id in system_ids():
        system = get_system(system_id)
        for element in [system.schema.new_element("x"), *_example_elements(system)]:
            found |= {stat for stat, _value in system.presentation.card_stats(element)}
    return found


def all_words() -> dict[str, set[str]]:
    """Each word of every rule system's data and the systems that use it, and the example armies' names (the
    start page lists them; an example opens as a copy named in the window's language)."""
    found: dict[str, set[str]] = {}
    for path in sorted(examples_dir().glob("*.army.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        found.setdefault(data["name"], set()).add(data["system"])
    for system_id in system_ids():
        for word in system_words(get_system(system_id)):
            found.setdefault(word, set()).add(system_id)
    return found


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def template() -> str:
    """The catalogue template (.pot) of :func:`all_words`, sorted, each with the systems using it."""
    out = ['msgid ""', 'msgstr ""', '"Content-Type: text/plain; charset=UTF-8\\n"', ""]
    for word, systems in sorted(all_words().items()):
        out += [f"#. {', '.join(sorted(systems))}", f"msgid {_quoted(word)}", 'msgstr ""', ""]
    for context, words in ((STAT, stat_words()), (ATTACK, attack_words())):
        for word in sorted(words):
            out += [f"msgctxt {_quoted(context)}", f"msgid {_quoted(word)}", 'msgstr ""', ""]
    for noun in sorted(all_nouns()):
        out += [f"msgid {_quoted(noun[:-1])}", f"msgid_plural {_quoted(noun)}", 'msgstr[0] ""', 'msgstr[1] ""', ""]
    return "\n".join(out)


if __name__ == "__main__":  # pragma: no cover (make translations)
    sys.stdout.write(template())
