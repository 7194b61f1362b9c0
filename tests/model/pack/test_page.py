"""The table pack's page (model/pack/__init__.py, content.py): self-contained, escaped, the army's own content,
small enough for a phone. (Its behaviour in a browser: test_browser.py.)"""

from __future__ import annotations

import base64
import hashlib
import re
from html.parser import HTMLParser

import pytest

from tests.helpers import army_data, element
from warbench.model.army_code import army_code, army_from_code
from warbench.model.fileio import army_bytes, army_from_data, load_army
from warbench.model.pack import PackError, build_pack, script_json
from warbench.model.pack.words import WORDS
from warbench.model.resources import examples_dir

EXAMPLES = sorted(examples_dir().glob("*.army.json"))
MOST_BYTES = 300 * 1024


class Page(HTMLParser):
    """The tags, attributes, texts and raw script and style contents of a page."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.tags: list[tuple[str, dict[str, str | None]]] = []
        self.texts: list[str] = []
        self.raw: dict[str, list[str]] = {"script": [], "style": []}
        self._in: str | None = None
        self.feed(html)

    def handle_starttag(self, tag, attrs):
        self.tags.append((tag, dict(attrs)))
        self._in = tag if tag in self.raw else None

    def handle_endtag(self, tag):
        self._in = None

    def handle_data(self, data):
        if self._in:
            self.raw[self._in].append(data)
        else:
            self.texts.append(data)


@pytest.fixture(scope="module")
def packs():
    return {path.name: build_pack(load_army(path)).decode("utf-8") for path in EXAMPLES}


def test_every_example_pack_is_under_300_kb(packs):
    sizes = {name: len(html.encode("utf-8")) for name, html in packs.items()}
    assert max(sizes.values()) <= MOST_BYTES, sizes


def test_the_page_names_nothing_outside_itself_and_its_policy_allows_only_its_own_script_and_style(packs):
    for name, html in packs.items():
        page = Page(html)
        policy = [
            a["content"] for t, a in page.tags if t == "meta" and a.get("http-equiv") == "Content-Security-Policy"
        ]
        assert len(policy) == 1, name
        directives = dict(d.strip().split(" ", 1) for d in policy[0].split(";"))
        assert directives["default-src"] == "'none'"
        assert "unsafe" not in policy[0]
        for tag, attrs in page.tags:
            assert "src" not in attrs, (name, tag)
            assert attrs.get("href", "#").startswith("#"), (name, tag, attrs)
            assert not any(k.startswith("on") for k in attrs), (name, tag)
            assert "style" not in attrs, (name, tag)
        assert not re.search(r"url\(|@import|https?://", "".join(page.raw["style"]))
        scripts = [a for t, a in page.tags if t == "script"]
        assert [a.get("type") for a in scripts] == ["application/json", None]
        code, style = page.raw["script"][-1], page.raw["style"][0]
        for kind, text in (("script-src", code), ("style-src", style)):
            digest = base64.b64encode(hashlib.sha256(text.encode()).digest()).decode()
            assert directives[kind] == f"'sha256-{digest}'", (name, kind)
        assert not re.search(r"\b(fetch|XMLHttpRequest|WebSocket|EventSource|sendBeacon|innerHTML|eval)\b", code)


def test_the_page_holds_the_army_code_first_so_warbench_import_reads_the_army(packs):
    for path in EXAMPLES:
        army = load_army(path)
        html = packs[path.name]
        assert html.index(army_code(army)) < html.index("<title>")
        assert army_bytes(army_from_code(html)) == army_bytes(army)


def test_cards_and_glossary_hold_every_element_and_each_rule_text_once(packs):
    army = load_army(examples_dir() / "human-force.army.json")
    page = Page(packs["human-force.army.json"])
    cards = [a for t, a in page.tags if t == "article" and a.get("class") == "card"]
    assert len(cards) == sum(len(u.elements) for u in army.units)
    html = packs["human-force.army.json"]
    from warbench.model.systems import system_for

    brave = system_for(army).catalogue.attributes["brave"].summary
    assert html.count(brave) == 2  # the glossary's text, and the search's copy of it (the page's data)
    anchors = {a["id"] for t, a in page.tags if t == "article" and "id" in a}
    links = {a["href"][1:] for t, a in page.tags if t == "a" and a.get("href", "").startswith("#g")}
    assert links and links <= anchors


#: the elements the page's template writes: a name never adds one
TAGS = set(
    "html head meta title style body header h1 p bdi nav a main section h2 article h3 div table thead tr th tbody "
    "td ul li span label input select option button details summary textarea code script dl dt dd svg rect path".split()
)
HOSTILE = ["<img src=x onerror=alert(1)>", "</script><script>alert(1)</script>", "javascript:alert(1)", "\u202eevil"]


def test_hostile_names_are_text_never_markup():
    data = army_data(
        "fow-special-ops", [element(name=HOSTILE[1], ranged={"name": HOSTILE[2], "die": "d6", "range": 6})]
    )
    data["name"] = HOSTILE[0]
    data["units"][0]["name"] = HOSTILE[3] + " WARBENCH1-AAAA-00000000"
    data["units"][0]["notes"] = "\n".join(HOSTILE)
    html = build_pack(army_from_data(data)).decode("utf-8")
    page = Page(html)
    assert {t for t, _a in page.tags} <= TAGS
    text = "".join(page.texts)
    assert HOSTILE[0] in text and HOSTILE[1] in text and HOSTILE[2] in text
    assert "\u202e" not in html and "\ufffdevil" in text
    assert len(page.raw["script"]) == 2 and "</script>" not in page.raw["script"][0]
    assert "WARBENCH1-AAAA" not in html  # a name holds no army code an import would read
    assert army_from_code(html).name == HOSTILE[0]


def test_script_json_cannot_close_its_element():
    assert "<" not in script_json({"a": "</script><!-- \u2028"})
    assert "\u2028" not in script_json({"a": "\u2028"})


def test_the_page_is_in_the_language_asked_for():
    army = load_army(examples_dir() / "fubar-rifle-platoon.army.json")
    german = build_pack(army, language="de").decode("utf-8")
    assert '<html lang="de"' in german and WORDS["de"]["reset"] in german and WORDS["en"]["reset"] not in german
    with pytest.raises(ValueError, match="en, de"):
        build_pack(army, language="fr")


def test_an_opponent_of_another_system_is_refused():
    with pytest.raises(PackError, match="cannot face"):
        build_pack(
            load_army(examples_dir() / "human-force.army.json"),
            load_army(examples_dir() / "fubar-rifle-platoon.army.json"),
        )


def test_the_odds_are_the_matchups_against_the_opponent():
    from fractions import Fraction

    from warbench.model.matchup import matchup_json
    from warbench.model.odds import percent_text
    from warbench.model.systems import system_for

    army = load_army(examples_dir() / "human-force.army.json")
    opponent = load_army(examples_dir() / "alien-force.army.json")
    html = build_pack(army, opponent).decode("utf-8")
    pair = matchup_json(system_for(army), army, opponent)["pairs"][0]
    hit, damage = pair["p_hit"], pair["p_damage"]
    row = (
        f'<td title="{hit}">{percent_text(Fraction(hit))}</td>'
        f'<td title="{damage}">{percent_text(Fraction(damage))}</td>'
    )
    assert row in html
    assert "Alien Force" in html


def test_a_large_armys_odds_are_left_to_warbench_matchup():
    from benchmarks._armies import big_army

    army = big_army(50)
    elements = sum(len(unit.elements) for unit in army.units)
    html = build_pack(army).decode("utf-8")
    assert WORDS["en"]["too_many_odds"].format(attackers=elements, targets=elements) in html
    assert "<details>" not in html
    assert len(html) < 10 * len(build_pack(big_army(5)))  # the cards and the tracker grow with the army
