"""Fuzzing what Warbench reads from strangers: hostile army files, game files and army codes through
their readers (and what a player then does with what is accepted), SIGKILLs during saves.

``make fuzz`` runs ``python -m tests.fuzz`` (10,000 cases of each target, 500 kills) and prints the
counts; the test suite uses the same pieces with fewer cases (tests/model/test_fuzz.py). Each case is
timed: one over ``FUZZ_HANG_SECONDS`` (5) is a hang (interrupted by an alarm where Python code runs).
Every case that raises anything but the reader's own refusal is a crash; each distinct kind (exception
type, where, message) is printed once with its first input, and written to ``FUZZ_CRASH_DIR`` if set.
"""

from __future__ import annotations

import base64
import faulthandler
import hashlib
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from warbench.model.army_code import army_code, army_from_code, pack, wrap
from warbench.model.fileio import ArmyFileError, army_from_data, dump_army, load_army, parse_army
from warbench.model.game import Game, new_game
from warbench.model.game_attack import AttackOrder
from warbench.model.game_file import GameFileError, game_bytes, parse_game
from warbench.model.game_log import log_text
from warbench.model.resources import examples_dir

#: a damage aimed at one kind of file's fields (it changes the parsed JSON in place)
Aimed = Callable[[Any, random.Random], None]

EXAMPLES = sorted(examples_dir().glob("*.army.json"))
NASTY = [
    "\x1b]0;t\x07",
    "\ud800",
    "\x00",
    "\u202e",
    "😀",
    "한",
    "A" * 300,
    "[" * 2000,
    "NaN",
    "Infinity",
    "1e400",
    "9" * 5000,
    "-0",
    "null",
    "true",
    '"',
    "\\",
    "{}",
    "[]",
]


def mutate(raw: bytes, rng: random.Random, aimed: Aimed | None = None) -> bytes:
    """One random damage to a JSON file: bytes flipped, cut, spliced, or a hostile JSON value inserted;
    with ``aimed`` (a game file's damage that knows its fields), half the time that instead."""
    if aimed is not None and rng.random() < 0.5:
        tree = json.loads(raw)
        aimed(tree, rng)
        return dumps(tree)
    kind = rng.randrange(6)
    data = bytearray(raw)
    if kind == 0 and data:
        for _ in range(rng.randint(1, 8)):
            data[rng.randrange(len(data))] = rng.randrange(256)
        return bytes(data)
    if kind == 1:
        return bytes(data[: rng.randrange(len(data) + 1)])
    if kind == 2:
        at = rng.randrange(len(data) + 1)
        return bytes(data[:at] + rng.choice(NASTY).encode("utf-8", "surrogatepass") + data[at:])
    if kind == 3:
        try:
            tree = json.loads(raw)
        except ValueError:
            return bytes(data)
        _poke(tree, rng)
        return dumps(tree)
    if kind == 4:
        depth = rng.choice([10, 63, 64, 65, 500, 5000])
        return raw.replace(b'"name"', b'"deep": ' + b"[" * depth + b"]" * depth + b', "name"', 1)
    return bytes(rng.randrange(256) for _ in range(rng.randrange(64)))


def _poke(tree, rng: random.Random) -> None:
    node = tree
    for _ in range(rng.randint(0, 6)):
        if isinstance(node, dict) and node:
            key = rng.choice(list(node))
            if not isinstance(node[key], (dict, list)) or rng.random() < 0.3:
                node[key] = _hostile(rng)
                return
            node = node[key]
        elif isinstance(node, list) and node:
            i = rng.randrange(len(node))
            if not isinstance(node[i], (dict, list)) or rng.random() < 0.3:
                node[i] = _hostile(rng)
                return
            node = node[i]
    if isinstance(node, dict):
        node[rng.choice(NASTY)] = _hostile(rng)


def _hostile(rng: random.Random):
    return rng.choice(
        [
            rng.choice(NASTY),
            float("inf"),
            float("nan"),
            -(10**40),
            10**30,
            1.5,
            True,
            None,
            [],
            {},
            [None] * rng.randrange(5),
            {"x": [1, {"y": "z"}]},
            rng.randrange(-5, 10**6),
        ]
    )


def loader_case(raw: bytes) -> str:
    """'ok' or 'clean' (the file error); anything else raises."""
    try:
        army = parse_army(raw, "fuzz.army.json")
    except ArmyFileError as exc:
        assert exc.problems and all(len(p) <= 400 and "\n" not in p for p in exc.problems), exc.problems
        return "clean"
    again = parse_army(dump_army(army).encode("utf-8"))  # what opens can be saved and opens again
    assert again.model_dump() == army.model_dump()
    return "ok"


def run_loader(cases: int, seed: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    raws = [p.read_bytes() for p in EXAMPLES]
    return run_target((mutate(rng.choice(raws), rng) for _ in range(cases)), loader_case)


# --- the harness every target shares -------------------------------------------------------------


class Hang(BaseException):
    """Raised by the alarm in a case that runs too long (a BaseException: no ``except Exception`` keeps it)."""


@dataclass
class Crash:
    """One distinct kind of crash: how often, and the first input that gave it."""

    what: str
    count: int = 0
    first: bytes = b""
    trace: str = ""


@dataclass
class Tally:
    counts: dict[str, int] = field(default_factory=lambda: dict.fromkeys(("cases", "ok", "clean", "other", "hangs"), 0))
    crashes: dict[str, Crash] = field(default_factory=dict)


def hang_seconds() -> float:
    return float(os.environ.get("FUZZ_HANG_SECONDS", "5"))


def _raise_hang(signum: int, frame: Any) -> None:
    raise Hang


def _as_bytes(value: bytes | str) -> bytes:
    return value if isinstance(value, bytes) else value.encode("utf-8", "surrogatepass")


def _crash_kind(exc: BaseException) -> str:
    """The exception's type, the line of Warbench's own code it came from, and the start of its message with
    numbers and quoted values blurred (one kind, whatever field or value it names)."""
    frames = traceback.extract_tb(exc.__traceback__)
    ours = [f for f in frames if "/model/" in f.filename or "/warbench/" in f.filename] or frames
    where = f"{Path(ours[-1].filename).name}:{ours[-1].lineno}" if ours else "?"
    message = re.sub(r"'[^']*'", "'…'", re.sub(r"\d+", "N", str(exc).splitlines()[0] if str(exc) else ""))[:70]
    return f"{type(exc).__name__} at {where}: {message}"


def _one_case(tally: Tally, value: bytes | str, case: Callable[[Any], str], limit: float) -> None:
    tally.counts["cases"] += 1
    faulthandler.dump_traceback_later(limit * 12, exit=True)  # stuck in C where no alarm reaches: stop, loudly
    started = time.perf_counter()
    signal.setitimer(signal.ITIMER_REAL, limit)
    try:
        result = case(value)
    except Hang:
        result = "hangs"
    except Exception as exc:  # noqa: BLE001 - counted and shown
        result = "other"
        crash = tally.crashes.setdefault(_crash_kind(exc), Crash(_crash_kind(exc)))
        if not crash.count:
            crash.first, crash.trace = _as_bytes(value), traceback.format_exc()
        crash.count += 1
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        faulthandler.cancel_dump_traceback_later()
    if result != "hangs" and time.perf_counter() - started > limit:
        result = "hangs"  # ran past the limit where the alarm could not interrupt it
    if result == "hangs":
        crash = tally.crashes.setdefault("hang", Crash(f"hang: a case over {limit:g} s"))
        crash.first = crash.first or _as_bytes(value)
        crash.count += 1
    tally.counts[result] += 1


def run_target(values: Iterator[bytes | str], case: Callable[[Any], str]) -> dict[str, Any]:
    """``case`` on every value: the counts (cases, ok, clean, other = crashes, hangs, seconds) and, under
    "crashes", each distinct kind of crash and hang."""
    tally = Tally()
    limit = hang_seconds()
    started = time.perf_counter()
    old = signal.signal(signal.SIGALRM, _raise_hang)
    try:
        for value in values:
            _one_case(tally, value, case, limit)
    finally:
        signal.signal(signal.SIGALRM, old)
    return {**tally.counts, "seconds": time.perf_counter() - started, "crashes": tally.crashes}


def report(name: str, counts: dict[str, Any]) -> None:
    """One line of figures; each distinct crash on standard error, its first input written to ``FUZZ_CRASH_DIR``."""
    print(
        f"{name}: {counts['cases']:,} cases, {counts['ok']:,} accepted (and used), {counts['clean']:,} refused "
        f"cleanly, {counts['other']} crashes, {counts['hangs']} hangs ({counts['seconds']:.1f} s)"
    )
    folder = os.environ.get("FUZZ_CRASH_DIR")
    for crash in counts["crashes"].values():
        print(f"  {name} {crash.what} ({crash.count} cases); first: {crash.first[:300]!r}", file=sys.stderr)
        if folder:
            digest = hashlib.sha1(crash.what.encode()).hexdigest()[:10]
            Path(folder).mkdir(parents=True, exist_ok=True)
            (Path(folder) / f"{name}-{digest}.input").write_bytes(crash.first)
            (Path(folder) / f"{name}-{digest}.txt").write_text(f"{crash.what}\n\n{crash.trace}", encoding="utf-8")


# --- hostile values for game files and army codes -------------------------------------------------

#: a text value that ``dumps`` writes as raw JSON text (what json.dumps cannot write: 1e400, deep nesting)
RAW = "\x00raw:"
_RAW_WRITTEN = re.compile(r'"\\u0000raw:([^"]*)"')


def dumps(tree: Any) -> bytes:
    """JSON bytes of ``tree``, NaN and lone surrogates as they are, each ``RAW`` text as the raw JSON it holds."""
    text = json.dumps(tree, allow_nan=True)
    return _RAW_WRITTEN.sub(lambda m: m[1], text).encode("utf-8", "surrogatepass")


def _deep(rng: random.Random) -> str:
    depth = rng.choice([63, 64, 65, 1000, 100_000])
    return RAW + rng.choice(["[" * depth + "]" * depth, '{"a":' * depth + "1" + "}" * depth])


def _game_hostile(rng: random.Random) -> Any:
    """A value a game file must survive anywhere: the army file's hostile values, numbers past any
    machine word, dice that are no numbers, deep nesting, huge lists."""
    return rng.choice(
        [
            _hostile(rng),
            _hostile(rng),
            2**63,
            2**64 + 1,
            -(2**63) - 1,
            10**400,
            RAW + "1e400",
            RAW + "-1e400",
            RAW + "1e-400",
            RAW + "1" * 5000,
            ["x", "y"],
            [2**63, 1],
            [1.5, -3],
            [[1], {"a": 2}],
            {"": None, "a": [None]},
            "5",
            "-1",
            _deep(rng),
            [0] * (1_000_000 if rng.random() < 0.02 else rng.choice([1_000, 10_000, 100_000])),
            ["x"] * rng.choice([1_000, 100_000]),
        ]
    )


#: every field of a step of the log (game_file.LogEntry), and one it does not have
_ENTRY_KEYS = (
    "action round seed attacker target attack weapon situation p_hit p_damage rolls hits damage effects "
    "round_before first changes extra"
).split()
_ROLL_KEYS = "rolled rolled rolled total need side bonus modifier tie success step dice extra".split()
_INDEXES = [-1, 2, 3, 99, 10**6, 2**63, -(2**63), "0", 0.5, True, None, [0]]


def _entries(tree: Any) -> list[dict[str, Any]]:
    return [e for key in ("log", "redo") for e in (tree.get(key) or []) if isinstance(e, dict)]


def _dicts(node: Any, out: list[dict[str, Any]], depth: int = 0) -> list[dict[str, Any]]:
    """Every object in ``node`` (an army's own at most a few levels down: they are many)."""
    if isinstance(node, dict):
        out.append(node)
        children = list(node.values())
    elif isinstance(node, list):
        children = node
    else:
        return out
    if depth < 8:
        for child in children:
            _dicts(child, out, depth + 1)
    return out


def _aim_step(tree: Any, rng: random.Random) -> None:
    entries = _entries(tree)
    if entries:
        rng.choice(entries)[rng.choice(_ENTRY_KEYS)] = _game_hostile(rng)


def _aim_roll(tree: Any, rng: random.Random) -> None:
    rolls = [r for e in _entries(tree) for r in (e.get("rolls") or []) if isinstance(r, dict)]
    if rolls:
        roll, key = rng.choice(rolls), rng.choice(_ROLL_KEYS)
        roll[key] = (
            rng.choice([["x", "y"], ["x"], []]) if key == "rolled" and rng.random() < 0.3 else _game_hostile(rng)
        )


def _aim_change(tree: Any, rng: random.Random) -> None:
    changes = [c for e in _entries(tree) for c in (e.get("changes") or []) if isinstance(c, dict)]
    if not changes:
        return
    change = rng.choice(changes)
    key = rng.choice(["side", "unit", "element", "side", "unit", "element", "before", "after"])
    if key in ("before", "after") and isinstance(change.get(key), dict) and change[key] and rng.random() < 0.6:
        change[key][rng.choice(list(change[key]))] = _game_hostile(rng)
    else:
        change[key] = rng.choice(_INDEXES) if key in ("side", "unit", "element") else _game_hostile(rng)


def _aim_state(tree: Any, rng: random.Random) -> None:
    states = [s for side in tree.get("sides") or [] for unit in side.get("state") or [] for s in unit]
    if states and isinstance(state := rng.choice(states), dict) and state:
        state[rng.choice([*state, "extra"])] = _game_hostile(rng)


def _aim_top(tree: Any, rng: random.Random) -> None:
    key = rng.choice(["format", "schema_version", "round", "system", "sides", "log", "redo", "extra"])
    wrong = {"format": ["warbench-army", "", "WARBENCH-GAME"], "schema_version": [0, 2, 2**63, "1", 1.0, True]}
    tree[key] = rng.choice(wrong[key]) if key in wrong and rng.random() < 0.5 else _game_hostile(rng)


def _aim_unknown(tree: Any, rng: random.Random) -> None:
    rng.choice(_dicts(tree, []))[rng.choice(["extra", "x", "\u202e", "rolls_"])] = _game_hostile(rng)


def _aim_shape(tree: Any, rng: random.Random) -> None:
    """Steps moved between the log and the redo list, repeated, the sides swapped or cut."""
    log, redo = tree.get("log") or [], tree.get("redo") or []
    choice = rng.randrange(4)
    if choice == 0 and log:
        tree["redo"] = [*redo, log.pop()]
    elif choice == 1:
        tree["log"] = log * rng.choice([2, 10, 100])
    elif choice == 2 and isinstance(tree.get("sides"), list):
        tree["sides"] = tree["sides"][::-1] if rng.random() < 0.5 else tree["sides"][:1]
    else:
        tree["log"] = redo + log


def aim_game(tree: Any, rng: random.Random) -> None:
    """One damage aimed at a game file's fields: its steps, rolls, changes, states, envelope, unknown fields."""
    aims = [_aim_step, _aim_roll, _aim_roll, _aim_change, _aim_change, _aim_state, _aim_top, _aim_unknown, _aim_shape]
    if isinstance(tree, dict):
        rng.choice(aims)(tree, rng)


# --- game files -----------------------------------------------------------------------------------


@cache
def example_games() -> tuple[bytes, ...]:
    """A game of each example army against itself, with attacks, new rounds, an initiative roll, a state set
    by hand and a step undone, so that its log holds every kind of step and its redo list one."""
    games = []
    for path in EXAMPLES:
        army = load_army(path)
        game = new_game(army)
        rng = random.Random(path.name)
        refs = [
            f"{s}:{u + 1}/{e + 1}" for s in "ab" for u, unit in enumerate(army.units) for e in range(len(unit.elements))
        ]
        for turn in range(12):
            _some_attack(game, refs, rng, turn)
            if turn in (4, 9):
                game.next_round()
            if turn == 2:
                try:
                    game.initiative(seed=turn)
                except GameFileError:
                    pass  # a system without an initiative roll
        game.set_state(refs[0], "activated", True)
        game.undo()
        games.append(game_bytes(game.file))
    return tuple(games)


def _some_attack(game: Game, refs: list[str], rng: random.Random, seed: int) -> None:
    attacker, target = rng.sample(refs, 2)
    system = game.systems[0]
    ref = game.ref(attacker)
    element = system.play.play_element(game.element(ref), game.state(ref))
    kinds = system.combat.attack_kinds(element) if system.combat else []
    if kinds:
        try:
            order = AttackOrder(ref, game.ref(target), rng.choice(kinds)[0], whole=rng.random() < 0.5)
            game.apply(game.attack(order, seed))
        except GameFileError:
            pass  # an attack the rules refuse (a ground weapon at a flyer)


def game_case(raw: bytes) -> str:
    """'ok' (read, then shown, exported, undone and redone and saved as a player would) or 'clean' (the
    game file error, one short line); anything else raises."""
    from warbench.output import json_text  # what ``warbench game state --json`` prints

    try:
        file, armies = parse_game(raw, "fuzz.game.json")
    except GameFileError as exc:
        assert len(str(exc)) <= 600 and "\n" not in str(exc), str(exc)[:1000]
        return "clean"
    game = Game(file, armies)
    json_text(game.state_json())
    log_text(game, "markdown")
    for _ in range(3):
        if game.file.log:
            game.undo()
    for _ in range(4):  # the steps undone, and one the file had in its redo list
        if game.file.redo:
            game.redo()
    json_text(game.state_json())
    log_text(game)
    game_bytes(game.file)  # saved (game_bytes reads what it would write back first)
    return "ok"


def run_games(cases: int, seed: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    games = example_games()
    return run_target((mutate(rng.choice(games), rng, aim_game) for _ in range(cases)), game_case)


# --- army codes -----------------------------------------------------------------------------------


@cache
def example_codes() -> tuple[str, ...]:
    return tuple(army_code(load_army(path)) for path in EXAMPLES)


@cache
def bomb(kind: int) -> bytes:
    """The compressed bytes of a decompression bomb: 12 MB of ``[0,0,…]`` (JSON an army reader parses),
    150 MB of zeros, 150 MB of spaces (past the file limit)."""
    return [
        lambda: _packed(b"[" + b"0," * 6_000_000 + b"0]"),
        lambda: _packed(b"0" * 150_000_000),
        lambda: _packed(b" " * 150_000_000),
    ][kind]()


def _packed(data: bytes) -> bytes:
    return base64.b32decode(_padded(pack(data).split("-")[1]))


def _padded(payload: str) -> str:
    return payload + "=" * (-len(payload) % 8)


def _damaged(data: bytes, rng: random.Random) -> bytes:
    """Compressed bytes flipped, cut, extended or given garbage after their end."""
    data = bytearray(data)
    kind = rng.randrange(4)
    if kind == 0 and data:
        for _ in range(rng.randint(1, 4)):
            data[rng.randrange(len(data))] = rng.randrange(256)
    elif kind == 1:
        del data[rng.randrange(len(data) + 1) :]
    elif kind == 2:
        data += bytes(rng.randrange(256) for _ in range(rng.randint(1, 40)))
    else:
        at = rng.randrange(len(data) + 1)
        data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return bytes(data)


def mutate_code(code: str, rng: random.Random) -> str:
    """One damage to an army code: characters changed, cut, its compressed bytes or its army's JSON damaged
    under a correct checksum (so that it is unpacked and read), a decompression bomb, a wrong version,
    characters a chat program adds, the code inside other text."""
    prefix, payload, _checksum = code.split("-")
    kind = rng.randrange(8)
    if kind == 0:
        chars = list(code)
        for _ in range(rng.randint(1, 4)):
            chars[rng.randrange(len(chars))] = rng.choice(["A", "Z", "2", "7", "8", "1", "-", "a", "=", "é", "\x00"])
        return "".join(chars)
    if kind == 1:
        return code[: rng.randrange(len(code) + 1)]
    if kind == 2:
        return wrap(_damaged(base64.b32decode(_padded(payload)), rng))
    if kind == 3:
        army = json.dumps(json.loads(army_from_code(code).model_dump_json()), separators=(",", ":"))
        return pack(mutate(army.encode("utf-8"), rng))
    if kind == 4 and rng.random() < 0.02:
        return wrap(bomb(rng.randrange(3)))
    if kind == 5:
        version = rng.choice(["0", "2", "01", "999999999", "9" * 9 + "9", "1" * 50])
        return code.replace(prefix, f"WARBENCH{version}", 1)
    if kind == 6:
        chars = list(code)
        for _ in range(rng.randint(1, 20)):
            chars.insert(
                rng.randrange(len(chars) + 1), rng.choice([" ", "\n", "> ", "\u200b", "\u00ad", "\ufeff", "\t"])
            )
        return "".join(chars)
    around = rng.choice(["", "Here is my list: ", "[quote]", "WARBENCH1-", "WARBENCH1-AAAA-", "x" * 10_000])
    return (
        around
        + rng.choice([code, code + code, code * 200, code[::-1], payload * 50])
        + rng.choice(["", "\n", "-", "00"])
    )


def code_case(text: str) -> str:
    """'ok' (read, and its own code reads back as the same army) or 'clean' (the code or file error); anything
    else raises."""
    try:
        army = army_from_code(text)
    except ArmyFileError as exc:
        assert exc.problems and all(len(p) <= 400 and "\n" not in p for p in exc.problems), exc.problems
        return "clean"
    assert army_from_code(army_code(army)).model_dump() == army.model_dump()
    return "ok"


def run_codes(cases: int, seed: int = 0) -> dict[str, Any]:
    rng = random.Random(seed)
    codes = example_codes()
    return run_target((mutate_code(rng.choice(codes), rng) for _ in range(cases)), code_case)


WRITER = r"""
import sys
from warbench.model.fileio import army_from_data, save_army
from warbench.model.game import new_game
from warbench.model.game_file import save_game
import json
a, b, target, game_target = sys.argv[1:5]
armies = [army_from_data(json.loads(open(p, encoding="utf-8").read())) for p in (a, b)]
small = json.loads(open(a, encoding="utf-8").read())
small["units"] = small["units"][: len(small["units"]) // 40]
games = [new_game(army_from_data(dict(small, name=name))) for name in ("old", "new")]
print("ready", flush=True)
i = 0
while True:
    save_army(armies[i % 2], target)
    save_game(games[i % 2].file, game_target)
    i += 1
"""


def _kill_files(folder: Path) -> tuple[list[Path], dict[str, str], dict[str, str]]:
    """Two big armies (200 KB each) and the army and game files each kill round checks: their texts as saved."""
    big = json.loads((examples_dir() / "human-force.army.json").read_text(encoding="utf-8"))
    armies = []
    for name in ("old", "new"):
        path = folder / f"{name}.json"
        path.write_text(json.dumps(dict(big, name=name, units=big["units"] * 40)), encoding="utf-8")
        armies.append(path)
    expected = {load_army(p).name: dump_army(load_army(p)) for p in armies}
    games = {name: game_bytes(new_game(army_from_data(dict(big, name=name))).file).decode() for name in ("old", "new")}
    return armies, expected, games


def _temporaries(folder: Path) -> int:
    return sum(1 for p in folder.iterdir() if p.name.endswith(".tmp"))


def run_kills(kills: int, folder: Path, seed: int = 0) -> dict[str, int]:
    """SIGKILL a process saving two armies and two games in turn, at random moments; each target must always
    load as one of them; the temporaries a kill leaves (strays) are counted after every kill, and the next
    save must leave none, of the army or the game, behind."""
    from warbench.model.fileio import save_army

    rng = random.Random(seed)
    armies, expected, games = _kill_files(folder)
    target, game_target = folder / "target.army.json", folder / "target.game.json"
    target.write_text(expected["old"], encoding="utf-8")
    game_target.write_text(games["old"], encoding="utf-8")
    counts = {"kills": 0, "complete": 0, "temporaries_seen": 0, "temporaries_left": 0}
    root = Path(__file__).resolve().parents[1]  # the project, so the writer imports this model
    while counts["kills"] < kills:
        proc = subprocess.Popen(
            [sys.executable, "-c", WRITER, *map(str, armies), str(target), str(game_target)],
            stdout=subprocess.PIPE,
            cwd=root,
        )
        proc.stdout.readline()
        time.sleep(rng.uniform(0, 0.05))
        os.kill(proc.pid, signal.SIGKILL)
        proc.wait()
        proc.stdout.close()
        counts["kills"] += 1
        text = target.read_text(encoding="utf-8")
        assert text in expected.values(), "target is not one complete army"
        assert game_target.read_text(encoding="utf-8") in games.values(), "game target is not one complete game"
        counts["complete"] += 1
        counts["temporaries_seen"] += _temporaries(folder)  # strays of this kill round
        save_army(army_from_data(json.loads(text)), target)
        left = [p for p in folder.iterdir() if p.name.endswith(".tmp")]
        counts["temporaries_left"] += len(left)
        assert not left, left
    return counts


def main() -> int:
    import tempfile

    cases = int(os.environ.get("FUZZ_CASES", "10000"))
    kills = int(os.environ.get("FUZZ_KILLS", "500"))
    failed = False
    for name, run in (("army files", run_loader), ("game files", run_games), ("army codes", run_codes)):
        counts = run(cases)
        report(name, counts)
        failed |= bool(counts["other"] or counts["hangs"])
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as folder:
        killed = run_kills(kills, Path(folder))
    print(
        f"kills: {killed['kills']} SIGKILLs during army and game saves, {killed['complete']} rounds with both "
        f"targets complete (old or new), {killed['temporaries_seen']} stray temporaries right after the kills, "
        f"{killed['temporaries_left']} after the next save "
        f"({time.perf_counter() - started:.1f} s)"
    )
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
