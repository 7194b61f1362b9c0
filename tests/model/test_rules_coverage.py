"""docs/rules-coverage.md is what ``python -m warbench.model.rules_coverage`` makes now, every rule in every system's
data has a row, and every row names a test that exists."""

from __future__ import annotations

import re
from pathlib import Path

from warbench.model.rules_coverage import built_in_systems, coverage_markdown
from warbench.model.systems import get_system
from warbench.model.systems.combat import COMPUTED, LEFT_TO_TABLE

ROOT = Path(__file__).resolve().parents[2]


def test_the_document_is_up_to_date():
    doc = ROOT / "docs" / "rules-coverage.md"
    assert doc.read_text(encoding="utf-8") == coverage_markdown(), (
        "docs/rules-coverage.md is stale: run `python -m warbench.model.rules_coverage > docs/rules-coverage.md`"
    )


def data_rules(system) -> set[str]:
    """The rules the system's data holds, as its coverage rows name them (read here from the data files'
    shapes, not from the coverage code)."""
    names = {s.name for s in system.combat.situations}
    if not hasattr(system, "templates"):  # a template system's catalogue lists units: their rules are below
        names |= set(system.catalogue.attributes) | set(system.catalogue.spells)
    for template in getattr(system, "templates", {}).values():
        for rule in template.get("rules", ()):
            names.add(f"{template['name']}: {rule['name']}" + (f" ({rule['weapon']})" if "weapon" in rule else ""))
    names |= {wid for wid, w in getattr(system, "weapons", {}).items() if "name" in w}  # weapon tables
    return names


def test_every_rule_of_every_system_has_a_row():
    assert {"fow-special-ops", "fow-universal-1.7", "fubar", "duke-it-out", "2d6-skirmish"} <= set(built_in_systems())
    for sid in built_in_systems():
        system = get_system(sid)
        rows = system.combat.rules_coverage()
        named = [r.rule for r in rows]
        assert len(named) == len(set(named)), f"{sid}: a rule has two rows"
        missing = data_rules(system) - set(named)
        assert not missing, f"{sid}: rules without a row: {sorted(missing)}"
        for row in rows:
            assert row.status in (COMPUTED, LEFT_TO_TABLE) and row.how.strip(), (sid, row)
            path, _, name = row.test.partition("::")
            text = (ROOT / path).read_text(encoding="utf-8")
            assert re.search(rf"^def {re.escape(name)}\(", text, re.M), f"{sid}: {row.rule}: no test {row.test}"


def test_every_duke_template_rule_is_computed_or_has_a_reason():
    # a library template's special rule is never silently left out: each has an effect or a reason
    system = get_system("duke-it-out")
    for template in system.templates.values():
        assert template.get("rules"), template["id"]
        for rule in template["rules"]:
            assert ("effect" in rule) != ("table" in rule), (template["id"], rule)
            weapons = {w["name"] for w in template["weapons"]}
            assert rule.get("weapon", next(iter(weapons), None)) in weapons | {None}, (template["id"], rule)
        # every weapon note of the template is a rule of its own
        ruled = {rule.get("weapon") for rule in template["rules"]}
        assert all(w["name"] in ruled for w in template["weapons"] if w["note"]), template["id"]


#: the topics of play every built-in system's coverage names (those its document has)
PLAY_TOPICS = {"initiative", "activation", "recovery", "vehicle damage", "close assault", "end of game"}


def test_every_system_lists_its_rules_of_play_kept_or_left_with_a_test():
    from warbench.model.systems.play import KEPT, LEFT

    for sid in built_in_systems():
        rows = get_system(sid).play.play_rules
        topics = {r.topic for r in rows}
        assert PLAY_TOPICS <= topics, f"{sid}: no rule of play for {sorted(PLAY_TOPICS - topics)}"
        assert any(r.status == KEPT for r in rows) and any(r.status == LEFT for r in rows), sid
        for row in rows:
            assert row.status in (KEPT, LEFT) and row.how.strip(), (sid, row)
            path, _, name = row.test.partition("::")
            text = (ROOT / path).read_text(encoding="utf-8")
            assert re.search(rf"^def {re.escape(name)}\(", text, re.M), f"{sid}: {row.rule}: no test {row.test}"
        if sid.startswith("fow-"):  # the documents' morale, rout and rally
            assert {"morale", "rout", "rally", "spells"} <= topics, sid
    doc = (ROOT / "docs" / "rules-coverage.md").read_text(encoding="utf-8")
    assert doc.count("| Rule of play | Topic | At the table |") == len(built_in_systems())
