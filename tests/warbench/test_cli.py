"""The headless command line: cost table, cost JSON contract, schema, broken files."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from warbench.cli import main
from warbench.model.resources import examples_dir

HUMAN = str(examples_dir() / "human-force.army.json")
GOOD = {
    "format": "warbench-army",
    "schema_version": 1,
    "system": "fow-special-ops",
    "name": "A",
    "points_limit": None,
    "units": [
        {
            "name": "U",
            "elements": [
                {
                    "name": "E",
                    "type": "trooper",
                    "count": 2,
                    "die": "d6",
                    "move": 4,
                    "melee": None,
                    "ranged": None,
                    "attributes": [],
                    "spells": [],
                }
            ],
        }
    ],
}


def _with(path_value_pairs):
    data = json.loads(json.dumps(GOOD))
    for path, value in path_value_pairs:
        target = data
        *parents, last = path
        for key in parents:
            target = target[key]
        if value is KeyError:
            del target[last]
        else:
            target[last] = value
    return json.dumps(data).encode()


EL = ("units", 0, "elements", 0)
BROKEN = {
    "not-json": (
        b"{ this is not json",
        ["not valid JSON: Expecting property name enclosed in double quotes at line 1 column 3"],
    ),
    "raw-control-character": (
        b'{"name": "a\x01b"}',
        ["not valid JSON: Invalid control character at line 1 column 12"],
    ),
    "empty-file": (b"", ["file is empty"]),
    "whitespace-only": (b"  \n\t", ["file is empty"]),
    "binary-junk": (bytes(range(128, 256)) * 4, ["file is not UTF-8 text (bad byte at offset 0); is it an army file?"]),
    "top-level-list": (b"[1, 2]", ["(top level): must be a JSON object, found list"]),
    "wrong-die": (
        _with([(EL + ("die",), "d7")]),
        ["U ▸ E: die 'd7' is not a die (use one of d4, d6, d8, d10, d12, d20) — at units[0].elements[0].die"],
    ),
    "negative-count": (
        _with([(EL + ("count",), -3)]),
        ["U ▸ E: count must be at least 1 (found -3) — at units[0].elements[0].count"],
    ),
    "unknown-attribute": (
        _with([(EL + ("attributes",), [{"id": "laser-eyes"}])]),
        [
            "U ▸ E: attributes[0].id 'laser-eyes' is not an attribute of this system"
            " — at units[0].elements[0].attributes[0].id"
        ],
    ),
    "missing-field": (_with([(EL + ("die",), KeyError)]), ["U ▸ E: die is missing — at units[0].elements[0].die"]),
    "future-version": (
        _with([(("schema_version",), 2)]),
        [
            "schema_version: the file is version 2, newer than version 1 that this Warbench reads; "
            "open it with a newer Warbench"
        ],
    ),
    "wrong-format": (
        _with([(("format",), "battlescribe")]),
        ["format: must be 'warbench-army' (found 'battlescribe')"],
    ),
    "unknown-system": (
        _with([(("system",), "chess")]),
        [
            "system: 'chess' is not a known system "
            "(one of: fow-special-ops, fow-universal-1.7, fubar, duke-it-out, 2d6-skirmish)"
        ],
    ),
    "move-as-text": (
        _with([(EL + ("move",), "fast")]),
        ["U ▸ E: move must be a whole number (found 'fast') — at units[0].elements[0].move"],
    ),
    "units-not-list": (_with([(("units",), {"a": 1})]), ["units: must be a list (found dict)"]),
    "two-problems": (
        _with([(EL + ("die",), "d3"), (EL + ("type",), "tank")]),
        [
            "U ▸ E: type must be one of 'trooper' or 'vehicle' (found 'tank') — at units[0].elements[0].type",
            "U ▸ E: die 'd3' is not a die (use one of d4, d6, d8, d10, d12, d20) — at units[0].elements[0].die",
        ],
    ),
}


@pytest.mark.parametrize("content,expected", BROKEN.values(), ids=BROKEN.keys())
def test_broken_file_exits_2_with_one_line_per_problem(tmp_path, capsys, content, expected):
    path = tmp_path / "broken.army.json"
    path.write_bytes(content)
    assert main(["cost", str(path), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert sorted(err.splitlines()) == sorted(f"warbench: {path}: {line}" for line in expected)


def test_missing_file(tmp_path, capsys):
    assert main(["cost", str(tmp_path / "nope.army.json")]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_broken_file_in_a_real_process_prints_no_traceback(tmp_path):
    path = tmp_path / "junk.army.json"
    path.write_bytes(b"\x00\xff junk")
    run = subprocess.run([sys.executable, "-m", "warbench.cli", "cost", str(path)], capture_output=True, text=True)
    assert run.returncode == 2
    assert "Traceback" not in run.stderr and run.stderr.count("\n") == 1


def test_cost_json_contract(capsys):
    assert main(["cost", HUMAN, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {"system", "name", "points_limit", "total", "warnings", "units"} <= set(out)
    assert (out["system"], out["name"], out["points_limit"]) == ("fow-special-ops", "Human Force", 1000)
    tactical = out["units"][1]
    assert tactical["name"] == "Tactical Squad" and tactical["cost"] == 8 * 26 + 40
    troop = tactical["elements"][0]
    assert (troop["name"], troop["count"], troop["cost_each"]) == ("Tactical Troop", 8, 26)
    assert troop["breakdown"][0] == {"item": "base d6", "points": 4}
    assert sum(line["points"] for line in troop["breakdown"]) == 26
    for unit in out["units"]:
        assert unit["cost"] == sum(e["cost_each"] * e["count"] for e in unit["elements"])
    assert out["total"] == sum(u["cost"] for u in out["units"]) == 996
    assert out["warnings"] == []


def test_cost_table(capsys):
    assert main(["cost", HUMAN]) == 0
    out = capsys.readouterr().out
    header = next(line for line in out.splitlines() if line.startswith("Name/Type"))
    assert header.split() == [
        "Name/Type",
        "Die",
        "Melee",
        "Ranged",
        "Range",
        "Move",
        "Attributes",
        "Cost",
        "Qty",
        "Total",
    ]
    assert "Tactical Troop" in out and "unit subtotal: 248" in out
    assert "Total: 996 / 1000 pts (4 pts to spare)   [published total: 1002]" in out
    assert "Hover APC: ours 72, published 84 (errata fow-so-2)" in out


def test_warnings_in_table(tmp_path, capsys):
    path = tmp_path / "a.army.json"
    path.write_bytes(_with([(EL + ("move",), 3), (("points_limit",), 10)]))
    assert main(["cost", str(path)]) == 0
    out = capsys.readouterr().out
    assert (
        "Warnings (2):" in out
        and 'U / E: MOVE 3" is not a multiple of 2' in out
        and "over the 10 pts limit by 6" in out
    )


def test_schema_is_the_army_file_json_schema(capsys):
    assert main(["schema"]) == 0
    schema = json.loads(capsys.readouterr().out)
    assert schema["type"] == "object"
    assert {"format", "schema_version", "system", "name", "points_limit", "options", "units"} <= set(
        schema["properties"]
    )
    element = next(v for k, v in schema["$defs"].items() if k.endswith("Element"))
    assert {"name", "type", "count", "die", "move", "melee", "ranged", "attributes", "spells"} <= set(
        element["properties"]
    )


def test_systems_lists_both_editions(capsys):
    assert main(["systems"]) == 0
    out = capsys.readouterr().out
    assert "fow-special-ops" in out and "fow-universal-1.7" in out


@pytest.mark.parametrize(
    "name", ["Plain", "Del\x7fete", "Caf\xe9", "C1\x9b[2J", "Line\u2028Sep", "txt.\u202eexe", "Iso\u2066late\u2069"]
)
def test_cost_json_escapes_what_a_terminal_obeys_and_nothing_else(tmp_path, capsys, name):
    """DEL, C1 controls, line separators and the bidi overrides and isolates (issue 35) become JSON escapes, in
    ASCII text too; other text is as json.dumps writes it, and the value read back is the name."""
    data = json.loads(json.dumps(GOOD))
    data["name"] = data["units"][0]["name"] = name  # the army's name is a piece of text of its own
    path = tmp_path / "a.army.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert main(["cost", str(path), "--json"]) == 0
    out = capsys.readouterr().out
    assert json.loads(out)["name"] == json.loads(out)["units"][0]["name"] == name
    expected = json.dumps(name, ensure_ascii=False)
    for char in "\x7f\x9b\u2028\u202e\u2066\u2069":
        expected = expected.replace(char, f"\\u{ord(char):04x}")
    assert out.count(f'"name": {expected}') == 2
    assert not any(char in out for char in "\x7f\x9b\u2028\u202e\u2066\u2069")


def test_import_prints_the_army_name_inert(tmp_path, capsys):
    """Issue 35: ``warbench import`` printed the army's name raw: an OSC title change, a C1 CSI, a bidi
    override and a line break forging a line of output reached the terminal."""
    from warbench.model.army_code import army_code
    from warbench.model.fileio import load_army

    army = load_army(HUMAN)
    army.name = "Evil\x1b]0;pwned\x07\x9b[2J\u202eexe.txt\nforged line"
    post = tmp_path / "post.txt"
    post.write_text(f"look: {army_code(army)}", encoding="utf-8")
    assert main(["import", str(post), "-o", str(tmp_path / "out.army.json")]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and "\nforged" not in out
    assert not any(char in out for char in "\x1b\x07\x9b\u202e")
    assert "Evil\\x1b]0;pwned\\x07\\x9b[2J\\u202eexe.txt forged line" in out


def test_cost_runs_without_the_cycle_collector_and_turns_it_back_on(monkeypatch, capsys, tmp_path):
    import gc

    import warbench.model.costing

    seen = []
    real = warbench.model.costing.price_army

    def spy(*args, **kwargs):
        seen.append(gc.isenabled())
        return real(*args, **kwargs)

    monkeypatch.setattr(warbench.model.costing, "price_army", spy)
    assert gc.isenabled()
    assert main(["cost", HUMAN, "--json"]) == 0
    assert seen == [False] and gc.isenabled()
    assert main(["cost", str(tmp_path / "missing.army.json")]) == 2
    assert gc.isenabled()


def test_cost_builds_only_the_army_file_models_it_validates():
    """Army-file models are built on first use (pydantic's defer_build), so a command does not pay for
    the models of homebrew sections, weapons it has none of, or other systems' shapes."""
    code = f"""
import io, sys
from warbench.model.army import FileModel
from warbench.cli import main
from warbench.model.fileio import load_army

sys.stdout = io.StringIO()
assert main(["cost", {HUMAN!r}, "--json"]) == 0
sys.stdout = sys.__stdout__

def below(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from below(sub)

models = set(below(FileModel))
built = {{m for m in models if m.__pydantic_complete__}}
assert type(load_army({HUMAN!r})) in built
print(len(built), len(models))
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    built, defined = map(int, proc.stdout.split())
    assert built < defined / 2, proc.stdout


def _after_costing_every_example(then: str) -> dict:
    """What the Python code ``then`` prints as JSON, run after `warbench cost --json` of every example (each
    system) in a fresh interpreter, with ``costed``: the modules loaded by then."""
    code = f"""
import io, json, sys
from warbench.model.resources import examples_dir
from warbench.cli import main

sys.stdout = io.StringIO()
for path in sorted(examples_dir().glob("*.army.json")):
    assert main(["cost", str(path), "--json"]) == 0, path
sys.stdout = sys.__stdout__
costed = sorted(sys.modules)
{then}
"""
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True)
    return json.loads(proc.stdout)


def test_cost_loads_no_attack_model_nor_table_play():
    """Costing never asks for odds or a game: `warbench cost` loads neither the odds nor the modules of any system's
    combat, play and turn facets (built on first use: model.systems.base)."""
    loaded = _after_costing_every_example(
        """
from warbench.model.systems import get_system, system_ids

systems = [get_system(sid) for sid in system_ids()]
facets = [f for s in systems for f in (s.combat, s.play, s.turn) if f is not None]
print(json.dumps({"costed": costed, "facets": sorted({type(f).__module__ for f in facets})}))
"""
    )
    costed, facets = set(loaded["costed"]), set(loaded["facets"])
    assert {"warbench.model.costing", "warbench.model.systems.base"} <= costed  # it did cost
    assert {"warbench.model.systems.flatoutwar.combat", "warbench.model.systems.fubar.play"} <= facets  # they are found
    never = facets | {
        "warbench.model.odds",
        "warbench.model.attack_steps",
        "warbench.model.systems.play",
        "warbench.model.systems.combat",
        "warbench.model.matchup",
    }
    assert sorted(costed & never) == []


def test_cost_reads_no_signature_from_a_builtins_text():
    """pydantic reads the signature of each field's default factory, and Python 3.11 parses a builtin's (``list``'s)
    from its text with tokenize, whose patterns take 3-5 ms to compile in each process: the fields of the models
    costing builds default to ``model.army.new_list`` instead."""
    found = _after_costing_every_example(
        """
from pydantic import BaseModel

def below(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from below(sub)

built = {m for m in below(BaseModel) if m.__module__.startswith("warbench.model") and m.__pydantic_complete__}
factories = [(m.__name__, n, f.default_factory) for m in built for n, f in m.model_fields.items() if f.default_factory]
text = [f"{m}.{n}: {f!r}" for m, n, f in factories if getattr(f, "__text_signature__", None) is not None]
print(json.dumps({"factories": len(factories), "text": sorted(text)}))
"""
    )
    assert found["factories"] > 5  # the army models' list fields
    assert found["text"] == []


def test_a_command_is_parsed_by_its_own_subparser_alone_as_by_the_whole_parser(capsys):
    """`warbench cost FILE` builds only the cost subparser; what it reads, and its usage, are the whole parser's."""
    import pytest

    from warbench.cli import COMMANDS, _parser, parse

    lines = {
        "cost": ["cost", "a.army.json", "--json", "--repair"],
        "schema": ["schema", "game"],
        "systems": ["systems"],
        "sheet": ["sheet", "a.army.json", "-o", "a.pdf", "--merge"],
        "cards": ["cards", "a.army.json", "-o", "a.pdf", "--per-page", "4", "--tick-boxes", "--build-time"],
        "tracker": ["tracker", "a.army.json", "-o", "t.pdf", "--paper", "letter"],
        "roll": ["roll", "3d6", "--odds"],
        "text": ["text", "a.army.json", "--format", "bbcode"],
        "matchup": ["matchup", "a.army.json", "--situation", "flank"],
        "balance": ["balance", "a.army.json", "--pool", "b.army.json", "--pool", "dir", "--json"],
        "reprice": ["reprice", "a.army.json", "--system", "fow-universal-1.7", "-o", "b.army.json"],
        "import": ["import", "-", "-o", "b.army.json"],
        "pack": ["pack", "a.army.json", "b.army.json", "-o", "a.html", "--language", "de"],
        "game": ["game", "attack", "g.game.json", "--attacker", "a:1/1", "--target", "b:1/1", "--attack", "ranged"],
        "desktop": ["desktop", "install", "--data-home", "/tmp/share"],
        "verify": ["verify", "a.army.json", "--against", "ABCD1234", "--limit", "500", "--json"],
        "check": ["check", "lists", "post.txt", "--system", "fubar", "--no-homebrew", "--report", "r.html"],
    }
    assert set(lines) == set(COMMANDS)
    for command, argv in lines.items():
        assert parse(argv) == _parser().parse_args(argv)
        assert len(_parser(command)._subparsers._group_actions[0].choices) == 1  # type: ignore[union-attr]
    errors = []
    for parser in (_parser("cost"), _parser()):
        with pytest.raises(SystemExit):
            parser.parse_args(["cost"])
        errors.append(capsys.readouterr().err)
    assert errors[0] == errors[1] and errors[0].startswith("usage: warbench cost [-h] [--json] [--repair] file")


@pytest.mark.parametrize(
    "argv",
    [
        ["cost", "nope.army.json"],
        ["matchup", HUMAN, "nope.army.json"],
        ["roll", "2x"],
        ["game", "state", "nope.game.json"],
        ["sheet", "nope.army.json", "-o", "nope.pdf"],
    ],
)
def test_every_error_line_says_warbench_wrote_it(tmp_path, monkeypatch, capsys, argv):
    """A line in a script's log says who wrote it: every line on stderr starts with ``warbench: ``."""
    monkeypatch.chdir(tmp_path)
    assert main(argv) != 0
    err = capsys.readouterr().err
    assert err and all(line.startswith("warbench: ") for line in err.splitlines())


def test_text_and_sheets_in_german_on_request_english_by_default(capsys, tmp_path):
    """``--language de``: the export's own words and numbers in German; without it, English as before (and
    the model's language is English again for the next command)."""
    from pypdf import PdfReader

    army = str(examples_dir() / "duke-it-out-brick-brigade.army.json")
    assert main(["text", army, "--language", "de"]) == 0
    german = capsys.readouterr().out
    assert "Gesamt: 17 / 20 Pkt." in german and "je 1 = 3 Pkt." in german and "1,5 Pkt." in german
    assert main(["text", army]) == 0
    english = capsys.readouterr().out
    assert "Total: 17 / 20 pts" in english and "1.5 pts" in english and "Gesamt" not in english
    pdf = tmp_path / "armee.pdf"
    assert main(["sheet", army, "-o", str(pdf), "--language", "de"]) == 0
    assert "Armee gesamt:" in "".join(page.extract_text() for page in PdfReader(pdf).pages)
    assert main(["cost", army]) == 0
    assert "pts" in capsys.readouterr().out  # the next command: English
