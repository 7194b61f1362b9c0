"""Issue 26, item 5: what a homebrew attack or an absurd count in a shared army file can do to the
matchup. Each attack ran for minutes (or raised a traceback) before the bound; the command-line attacks
run in a subprocess with a timeout, so on the old code they fail rather than hang."""

from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction as F

import pytest

from tests.helpers import army_data, element
from warbench.model.fileio import ArmyFileError, army_from_data
from warbench.model.matchup import MAX_ATTACKS, AttackResult, MatchupTooLarge, activation, binomial, matrix
from warbench.model.systems import system_for

#: seconds a refused attack may take in a fresh interpreter (imports included); the old code took > 120
CLI_SECONDS = 60


def skirmish(attacks="1", shots=1, figures=6, count=1, name="Raiders") -> dict:
    """A 2D6 skirmish army whose one element carries a homebrew weapon."""
    weapon = {"id": "hb-x", "name": "Gun X", "range": 12, "shots": shots, "assault_attacks": attacks, "to_kill": 4}
    unit = {
        "name": name,
        "notes": "",
        "elements": [
            {
                "name": name,
                "quality": "regular",
                "type": "infantry",
                "figures": figures,
                "weapons": [{"weapon": "hb-x", "count": count}],
                "points": None,
            }
        ],
    }
    return {
        "format": "warbench-army",
        "schema_version": 1,
        "system": "2d6-skirmish",
        "name": "A",
        "points_limit": None,
        "options": {},
        "homebrew": {"weapons": [weapon]},
        "units": [unit],
    }


def run_cli(tmp_path, data: dict, *args: str) -> subprocess.CompletedProcess[str]:
    path = tmp_path / "a.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    code = "import sys; from warbench.cli import main; sys.exit(main(sys.argv[1:]))"
    return subprocess.run(
        [sys.executable, "-c", code, "matchup", str(path), *args],
        capture_output=True,
        text=True,
        encoding="utf-8",
        timeout=CLI_SECONDS,
    )


@pytest.mark.parametrize("attacks", ["D3000", "9" * 5000, "D99999999999", "101", "D101"])
def test_a_homebrew_assault_over_d100_is_refused_when_the_file_is_read(attacks):
    """D3000 hung the matchup for hours; "9" * 5000 raised ValueError and D99999999999 MemoryError."""
    with pytest.raises(ArmyFileError) as caught:
        army_from_data(skirmish(attacks=attacks))
    text = str(caught.value)
    assert "homebrew.weapons[0].assault_attacks" in text and "at most 100 attacks" in text
    assert len(text) < 400  # the 5,000 nines are quoted as an excerpt


def test_the_largest_assault_die_a_file_may_hold_is_worked_out():
    army = army_from_data(skirmish(attacks="D100"))
    system = system_for(army)
    result = system.combat.attack_checked(
        army.units[0].elements[0], ("close-assault", 0), army.units[0].elements[0], frozenset()
    )
    assert len(result.per_attack) == 101 and sum(result.per_attack) == 1


@pytest.mark.parametrize(
    ("what", "situation"),
    [
        (dict(shots=999_999_999), "soft-cover"),  # 10**29 shots before numbers were bounded; hung in cover
        (dict(figures=1_000_000, count=1_000_000), "hard-cover"),
        (dict(shots=301), "soft-cover"),
    ],
)
def test_the_cli_refuses_an_activation_over_the_bound_naming_element_weapon_and_bound(tmp_path, what, situation):
    done = run_cli(tmp_path, skirmish(**what), "--situation", situation)
    assert done.returncode == 2, done.stderr
    assert "'Raiders', Gun X (ranged)" in done.stderr and f"at most {MAX_ATTACKS:,} attacks" in done.stderr
    assert "Traceback" not in done.stderr


def test_an_activation_at_the_bound_is_worked_out_exactly():
    p = F(1, 6)
    at = activation([(None, 1, AttackResult("ranged", "w", p, p, "x", shots=MAX_ATTACKS))])
    assert at.damage == binomial(MAX_ATTACKS, p) and sum(at.damage) == 1
    assert at.damage[0] == F(5, 6) ** MAX_ATTACKS  # exact: the same as the closed form
    with pytest.raises(MatchupTooLarge, match="'Big', w \\(ranged\\): 1 × 301 attacks: 301 attacks"):
        activation([(element_named("Big"), 1, AttackResult("ranged", "w", p, p, "x", shots=MAX_ATTACKS + 1))])


def element_named(name: str):
    class Named:
        pass

    named = Named()
    named.name = name  # type: ignore[attr-defined]
    return named


def test_an_attack_that_can_do_several_damage_counts_once_per_damage():
    """Six damage a figure (a D6 of assault attacks): 51 figures are 306 > 300."""
    p = F(1, 7)
    result = AttackResult("close-assault", "w", p, p, "x", outcomes=[p] * 7)
    activation([(None, MAX_ATTACKS // 6, result)])
    with pytest.raises(MatchupTooLarge, match="up to 6 damage each: 306 attacks"):
        activation([(None, MAX_ATTACKS // 6 + 1, result)])


def test_the_matrix_holds_the_same_bound_as_the_window():
    """The mean alone costs nothing, but the matrix refuses what the panel's distribution would."""
    army = army_from_data(
        army_data("fow-special-ops", [element("Horde", melee={"name": "Axe", "die": "d6"}, count=MAX_ATTACKS + 1)])
    )
    with pytest.raises(MatchupTooLarge, match="'Horde'"):
        matrix(system_for(army), army, army)


def test_binomial_refuses_more_trials_than_the_bound():
    with pytest.raises(MatchupTooLarge, match="1,000,000,000 at once"):
        binomial(10**9, F(1, 2))


@pytest.mark.parametrize("flag", [[], ["--json"]])
def test_control_characters_in_names_never_reach_the_terminal_raw(tmp_path, flag):
    """An OSC title sequence, BEL and a C1 CSI in a unit name: printed as escapes, plain and JSON."""
    name = "U\x1b]0;pwn\x07\x9b2J\x7f"
    done = run_cli(tmp_path, skirmish(name=name), *flag)
    assert done.returncode == 0, done.stderr
    for raw in ("\x1b", "\x07", "\x9b", "\x7f"):
        assert raw not in done.stdout
    if flag:
        data = json.loads(done.stdout)
        assert data["pairs"][0]["attacker"]["unit"] == name  # escaped as JSON: the value is unchanged
    else:
        assert "U\\x1b]0;pwn\\x07\\x9b2" in done.stdout


@pytest.mark.parametrize(
    ("field", "value", "said"), [("count", "9" * 5000, "5,000 digits"), ("power", 999_999_999, "at once")]
)
def test_a_duke_weapon_of_absurd_barrels_or_power_is_refused_naming_element_and_attack(field, value, said):
    """A count text of 5,000 nines raised ValueError (int's digit limit); power 999,999,999 rolled a billion dice."""
    from warbench.model.resources import examples_dir

    data = json.loads((examples_dir() / "duke-it-out-brick-brigade.army.json").read_text(encoding="utf-8"))
    data["units"][0]["elements"][0]["weapons"][0][field] = value
    army = army_from_data(data)
    system = system_for(army)
    strider, target = army.units[0].elements[0], army.units[1].elements[0]
    with pytest.raises(MatchupTooLarge, match=f"'Strider', ranged attack 1: .*{said}"):
        system.combat.attack_checked(strider, ("ranged", 0), target, frozenset())
    with pytest.raises(MatchupTooLarge, match="'Strider'"):
        matrix(system, army, army)


def test_a_number_in_a_text_field_past_nine_digits_is_refused_not_a_value_error():
    """Duke It Out counts, ranges and Body, Flat Out War spell ranges are texts: int() of 5,000 digits raised
    ValueError (Python's digit limit) and a billion was worked out as a billion dice."""
    from warbench.model.matchup import first_number

    assert first_number("11/ST") == 11 and first_number("none", 7) == 7 and first_number("999999999") == 999_999_999
    with pytest.raises(MatchupTooLarge, match="number of 5,000 digits"):
        first_number("9" * 5000 + '"')
    with pytest.raises(MatchupTooLarge, match="number of 10 digits"):
        first_number("1000000000")


def test_a_typed_payload_of_absurd_passengers_is_a_message_not_a_memory_error():
    from warbench.model.systems.flatoutwar.models import MAX_PASSENGERS, parse_payloads

    assert parse_payloads(f"{MAX_PASSENGERS}×d6") == [["d6"] * MAX_PASSENGERS]
    for text in (f"{MAX_PASSENGERS + 1}×d6", "99999999999×d6"):
        with pytest.raises(ValueError, match="at most 1,000 passengers"):
            parse_payloads(text)
