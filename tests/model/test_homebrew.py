"""Homebrew attributes and spells in the army file: kept, validated, priced by the ordinary costing path.

Every expected cost below is worked out by hand from Flat Out War's tables
(d6: base 4, DAC 2; d8: base 6, DAC 3; d10: base 8, DAC 4; move 1 DAC per 2";
ranged weapon 1 DAC + 1 DAC per 6"; Hit Points 50 % of the cost, rounded up).
"""

from __future__ import annotations

import json

import pytest

from tests.helpers import army_data, element
from warbench.cli import main
from warbench.model.costing import price_army
from warbench.model.fileio import ArmyFileError, army_from_data, dump_army, load_army, save_army
from warbench.model.systems import get_system, system_for

HOMEBREW = {
    "attributes": [
        {
            "id": "regenerate",
            "name": "Regenerate",
            "text": "Rolls Recovery twice.",
            "tags": ["defence"],
            "cost": {"kind": "dac", "dac": 2},
        },
        {"id": "rocket-pod", "name": "Rocket Pod", "cost": {"kind": "flat", "points": 6}},
        {"id": "searchlight", "name": "Searchlight", "cost": {"kind": "dac", "dac": 1, "die": "ranged"}},
        {"id": "long-legs", "name": "Long Legs", "cost": {"kind": "dac", "dac": 1, "per_inches": 4}},
        {"id": "banner", "name": "Banner", "cost": {"kind": "percent", "percent": 10}},
        {"id": "clumsy", "name": "Clumsy", "cost": {"kind": "percent", "percent": -10}},
        {"id": "heavy-pack", "name": "Heavy Pack", "cost": {"kind": "flat", "points": -3}},
    ],
    "spells": [
        {"id": "mud", "name": "Mud", "difficulty": 2, "range": 12, "duration": 1, "text": "Ground turns to mud."}
    ],
}


def _army(homebrew=HOMEBREW, system="fow-special-ops", **element_kw):
    data = army_data(system, [element(**element_kw)])
    data["homebrew"] = homebrew
    return data


def _priced(**element_kw):
    army = army_from_data(_army(**element_kw))
    ec = price_army(army, system_for(army)).units[0].elements[0]
    return ec.cost_each, {line.item: line.points for line in ec.breakdown}


def test_flat_cost_adds_its_points():
    # d6 base 4 + Rocket Pod 6 = 10
    cost, lines = _priced(attributes=["rocket-pod"])
    assert cost == 4 + 6
    assert lines["[homebrew] Rocket Pod"] == 6


def test_negative_flat_cost_takes_points_off():
    # d8 base 6 - 3 = 3
    assert _priced(die="d8", attributes=["heavy-pack"])[0] == 6 - 3


def test_dac_cost_is_dac_of_the_base_die():
    # d8: base 6 + 2 DAC × 3 = 12
    cost, lines = _priced(die="d8", attributes=["regenerate"])
    assert cost == 6 + 2 * 3
    assert lines["[homebrew] Regenerate (2 DAC of d8)"] == 6


def test_dac_of_the_ranged_weapons_die():
    # d6 base 4; rifle d10 12": (1 + 2) DAC × 4 = 12; Searchlight 1 DAC of d10 = 4 -> 20
    cost, lines = _priced(ranged={"name": "Rifle", "die": "d10", "range": 12}, attributes=["searchlight"])
    assert cost == 4 + 3 * 4 + 1 * 4
    assert lines["[homebrew] Searchlight (1 DAC of d10)"] == 4


def test_dac_of_a_weapon_the_element_lacks_costs_nothing_and_warns():
    army = army_from_data(_army(attributes=["searchlight"]))
    cost = price_army(army, system_for(army))
    assert cost.units[0].elements[0].cost_each == 4
    assert any("Searchlight requires a ranged weapon" in str(w) for w in cost.warnings)


@pytest.mark.parametrize(("inches", "dacs"), [(4, 1), (5, 2), (8, 2), (9, 3), (0, 0)])
def test_dac_per_inches_rounds_the_range_up(inches, dacs):
    # d6 base 4 + ⌈inches / 4⌉ DAC × 2
    cost, lines = _priced(attributes=[{"id": "long-legs", "range": inches}])
    assert cost == 4 + dacs * 2
    assert lines[f'[homebrew] Long Legs {inches}" ({dacs} DAC of d6)'] == dacs * 2


def test_percent_is_of_the_cost_before_percent_entries_and_hit_points():
    # d8 base 6 + move 4" (2 DAC × 3 = 6) + Regenerate 6 = 18
    # Banner 10 % of 18 = 1.8 -> 2; Clumsy -10 % of 18 = -1.8 -> -1 (rounded up)
    # Hit Points ×1: 50 % of (18 + 2 - 1 = 19) = 9.5 -> 10
    cost, lines = _priced(
        die="d8", move=4, attributes=["regenerate", "banner", "clumsy", {"id": "hit-points", "count": 1}]
    )
    assert lines["[homebrew] Banner (10% of 18)"] == 2
    assert lines["[homebrew] Clumsy (-10% of 18)"] == -1
    assert lines["Hit Points ×1"] == 10
    assert cost == 18 + 2 - 1 + 10


def test_activate_halves_a_percent_entry():
    # d6 base 4 + move 20" (10 DAC × 2 = 20) = 24; Banner 10 % of 24 = 2.4 -> 3; Activate: 3 -> 2 (= -1)
    cost, lines = _priced(move=20, attributes=["banner", {"id": "activate", "target": "banner"}])
    assert lines["[homebrew] Banner (10% of 24)"] == 3
    assert cost == 24 + 3 - 1


def test_a_free_homebrew_attribute_costs_nothing():
    data = _army(attributes=["regenerate"])
    data["options"] = {"free_attributes": ["regenerate"]}
    army = army_from_data(data)
    assert price_army(army, system_for(army)).units[0].elements[0].cost_each == 4


def test_homebrew_entries_are_in_the_catalogue_and_marked():
    army = army_from_data(_army())
    cat = system_for(army).catalogue
    assert cat.attributes["banner"].homebrew and not cat.attributes["brave"].homebrew
    assert cat.spells["mud"].homebrew
    assert cat.spells["mud"].range == '12"' and cat.spells["mud"].duration == "1 turn"
    assert cat.attributes["long-legs"].cost.text == '+1 DAC per 4"'
    assert cat.attributes["banner"].cost.text == "+10% of the element's cost"
    assert "banner" not in get_system("fow-special-ops").catalogue.attributes  # the system itself is untouched


def test_homebrew_spell_counts_against_the_magic_budget():
    # Magic budget -6: Mud (-2) + five more would go over; with Magic and Mud alone no warning
    army = army_from_data(_army(attributes=["magic"], spells=["mud"]))
    assert price_army(army, system_for(army)).warnings == ()


def test_an_army_without_homebrew_uses_the_system_itself():
    army = army_from_data(army_data(elements=[element()]))
    assert system_for(army) is get_system("fow-special-ops")


def _problems(data) -> list[str]:
    with pytest.raises(ArmyFileError) as err:
        army_from_data(data)
    return err.value.problems


def _bad_attribute(**changes):
    entry = {"id": "thing", "name": "Thing", "cost": {"kind": "flat", "points": 1}, **changes}
    return _problems(_army({"attributes": [entry]}))


def test_unknown_cost_kind_is_refused():
    assert _bad_attribute(cost={"kind": "squared", "points": 2}) == [
        "homebrew.attributes[0].cost: cost kind 'squared' is unknown (Flat Out War prices flat, dac, percent)"
    ]


def test_negative_per_inch_cost_is_refused():
    assert _bad_attribute(cost={"kind": "dac", "dac": -1, "per_inches": 4}) == [
        "homebrew.attributes[0].cost: a per-inch cost cannot be negative (dac -1 per 4 inches)"
    ]


def test_per_inches_must_be_positive():
    (problem,) = _bad_attribute(cost={"kind": "dac", "dac": 1, "per_inches": 0})
    assert problem.startswith("homebrew.attributes[0].cost.per_inches: must be at least 1")


def test_missing_cost_field_names_its_path():
    assert _bad_attribute(cost={"kind": "flat"}) == ["homebrew.attributes[0].cost.points: required field is missing"]


@pytest.mark.parametrize(
    ("changes", "problem"),
    [
        ({"id": "brave"}, "homebrew.attributes[0].id: 'brave' shadows the built-in attribute Brave"),
        (
            {"id": "armoured", "name": "Heavy Armour"},
            "homebrew.attributes[0].name: 'Heavy Armour' shadows the built-in",
        ),
        ({"id": "Big Gun"}, "homebrew.attributes[0].id: 'Big Gun' is not an id"),
    ],
)
def test_names_that_shadow_built_ins_and_bad_ids_are_refused(changes, problem):
    (found,) = _bad_attribute(**changes)
    assert found.startswith(problem)


def test_spell_shadowing_a_built_in_spell_is_refused():
    spell = {"id": "fireball", "name": "Big Fireball", "difficulty": 2}
    (found,) = _problems(_army({"spells": [spell]}))
    assert found.startswith("homebrew.spells[0].id: 'fireball' shadows the built-in spell Fireball")


def test_an_id_defined_twice_is_refused():
    twice = {"id": "thing", "name": "Thing", "cost": {"kind": "flat", "points": 1}}
    assert _problems(_army({"attributes": [twice, dict(twice, name="Other")]})) == [
        "homebrew.attributes[1].id: 'thing' is defined twice"
    ]


def test_an_element_using_an_undefined_homebrew_id_is_refused():
    problems = _problems(_army({"attributes": []}, attributes=["regenerate"]))
    assert problems == ["units[0].elements[0].attributes[0].id: 'regenerate' is not an attribute of this system"]


def test_per_inch_homebrew_needs_its_range():
    assert _problems(_army(attributes=["long-legs"])) == [
        "units[0].elements[0].attributes[0]: Long Legs needs 'range' in whole inches"
    ]


def test_save_load_round_trip_keeps_homebrew_and_unknown_fields(tmp_path):
    homebrew = json.loads(json.dumps(HOMEBREW))
    homebrew["attributes"][0]["x-colour"] = "green"  # a field a newer writer added
    homebrew["future_section"] = [1, 2]
    data = _army(homebrew, attributes=["regenerate", {"id": "long-legs", "range": 6}])
    path = tmp_path / "hb.army.json"
    save_army(army_from_data(data), path)
    again = load_army(path)
    saved = json.loads(path.read_text(encoding="utf-8"))
    assert saved["homebrew"] == homebrew
    assert saved["schema_version"] == 1
    assert dump_army(again) == path.read_text(encoding="utf-8")


def test_an_older_reader_keeps_the_section_as_an_unknown_field():
    """What a reader that predates homebrew does: the system without homebrew support keeps it verbatim."""
    data = _army(system="fubar")
    data["units"] = []
    army = army_from_data(data)
    assert json.loads(dump_army(army))["homebrew"] == HOMEBREW
    assert system_for(army) is get_system("fubar")


def test_cli_prices_homebrew_and_round_trips(tmp_path, capsys):
    # d8 base 6 + Regenerate 6 + Rocket Pod 6 + Banner 10 % of 18 = 2 -> 20 each, 3 elements = 60
    path = tmp_path / "hb.army.json"
    path.write_text(json.dumps(_army(die="d8", count=3, attributes=["regenerate", "rocket-pod", "banner"])))
    assert main(["cost", str(path), "--json"]) == 0
    first = capsys.readouterr().out
    out = json.loads(first)
    assert out["units"][0]["elements"][0]["cost_each"] == 20
    assert out["total"] == 60
    again = tmp_path / "again.army.json"
    save_army(load_army(path), again)  # what the window's Save writes
    assert main(["cost", str(again), "--json"]) == 0
    assert capsys.readouterr().out == first
    assert json.loads(again.read_text(encoding="utf-8"))["homebrew"] == HOMEBREW


def test_cli_reports_bad_homebrew_without_a_traceback(tmp_path, capsys):
    path = tmp_path / "bad.army.json"
    path.write_text(json.dumps(_army({"attributes": [{"id": "x", "name": "X", "cost": {"kind": "nope"}}]})))
    assert main(["cost", str(path)]) == 2
    err = capsys.readouterr().err
    assert f"{path}: Homebrew attribute “X”: cost kind 'nope' is unknown" in err
    assert "— at homebrew.attributes[0].cost\n" in err
    assert "Traceback" not in err


def test_sheet_glossary_and_cards_mark_homebrew_entries():
    import datetime as dt
    import io

    from pypdf import PdfReader

    from warbench.model.pdf.cards import deck
    from warbench.model.pdf.sheet import SheetOptions, build_sheet

    army = army_from_data(_army(attributes=["brave", "rocket-pod", "magic"], spells=["mud"]))
    pdf = build_sheet(army, SheetOptions(date=dt.date(2026, 11, 23)))
    text = " ".join(" ".join(p.extract_text().split()) for p in PdfReader(io.BytesIO(pdf)).pages)
    assert "Rocket Pod (homebrew, +6)" in text and "Brave (+1 DAC)" in text
    assert "Mud (homebrew spell, difficulty -2" in text
    subtitles = {c.title: c.subtitle for c in deck(army, everything=True) if c.kind in ("attribute", "spell")}
    assert subtitles["Rocket Pod"] == "Homebrew attribute · +6"
    assert subtitles["Brave"] == "Attribute · +1 DAC"
    assert subtitles["Mud"] == "Homebrew spell · difficulty -2"
    (unit,) = [c for c in deck(army) if c.kind == "unit"]  # its compact rules mark them too
    rules = {name: kind for name, kind, _text in unit.rules}
    assert rules["Rocket Pod"] == "homebrew, +6" and rules["Brave"] == "+1 DAC"
    assert rules["Mud"].startswith("homebrew spell, difficulty -2")
