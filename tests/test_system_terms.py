"""No shared code names a rule system or its rule terms: only the system's own module (model/systems/)
and data (resources/) do. Every system found by the registry is checked, with the toy one from the test
tree: its id, names, module and class, its dice check, its coined situation names (``long-range``...)
and the ``rule_terms`` it declares ("DAC", "Lucky"...)."""

from __future__ import annotations

import re
from pathlib import Path

from warbench.model.resources import load_system_file
from warbench.model.systems import get_system, system_ids

ROOT = Path(__file__).resolve().parents[1]
SHARED = ("model", "gui", "warbench")


def shared_files() -> list[Path]:
    files = [p for package in SHARED for p in sorted((ROOT / package).rglob("*.py"))]
    return [p for p in files if "systems" not in p.relative_to(ROOT).parts[:2]]


def terms_of(system_id: str) -> set[str]:
    system = get_system(system_id)
    check = system.reference.dice_check
    terms = {
        system.id,
        system.name,
        system.presentation.short_name,
        load_system_file(system_id)["module"].rsplit(".", 1)[-1],
        type(system).__name__,
        *((check.title, check.reroll) if check else ()),
        *system.presentation.rule_terms,
        *(s.name for s in (system.combat.situations if system.combat else ()) if re.search(r"[-\d]", s.name)),
    }
    return {t for t in terms if t}


def named(text: str, term: str) -> bool:
    return re.search(rf"(?<![\w-]){re.escape(term)}(?![\w-])", text, re.IGNORECASE) is not None


def test_the_terms_cover_what_the_systems_declare(toy_system):
    fow = terms_of("fow-special-ops")
    assert {"fow-special-ops", "Flat Out War – Special Operations", "flatoutwar", "FlatOutWar"} <= fow
    assert {"DAC", "Lucky", "long-range"} <= fow and "flank" not in fow  # plain words are not a system's own
    assert "difficulty" in fow  # its spells' cost: shared code shows a spell's stats as its spell model words them
    assert {"toy-tanks", "Toy Tanks", "toy_tanks", "Toy Tanks gunnery (5+)"} <= terms_of("toy-tanks")
    assert named('return f"{self.dac:+d} DAC"', "DAC") and not named("a dace", "DAC")
    assert not named("fow-special-ops-2", "fow-special-ops")


def test_shared_code_names_no_system_and_no_rule_term(toy_system):
    files = {p.relative_to(ROOT).as_posix(): p.read_text(encoding="utf-8") for p in shared_files()}
    assert "model/rules.py" in files and "gui/matchup_panel.py" in files and "model/systems/base.py" not in files
    assert {"fow-special-ops", "fubar", "duke-it-out", "2d6-skirmish", "toy-tanks"} <= set(system_ids())
    found = [
        f"{path}:{text.count(chr(10), 0, text.lower().find(term.lower())) + 1}: {term!r} ({system_id})"
        for system_id in system_ids()
        for term in sorted(terms_of(system_id))
        for path, text in files.items()
        if named(text, term)
    ]
    assert not found, "system terms in shared code:\n" + "\n".join(found)
