"""A shared army file can never forge markup in a text export (``warbench text``, Copy Army as Text).

Every name of a file (army, unit, element, weapon) is data: in BBCode it can open no tag in any forum
dialect (``[noparse]`` is not universal), in Markdown it can make no link, image, HTML, heading, rule,
list or code block, in every format it stays on its line and pings no one. Each test builds the same
army twice, once with hostile names and once with a plain "N" for each, and checks that the two
exports have the same tags, the same Markdown structure and the same lines.
"""

from __future__ import annotations

import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from markdown_it import MarkdownIt

from tests.helpers import army_data, element
from warbench.model.costing import price_army
from warbench.model.fileio import army_from_data
from warbench.model.textexport import army_text

#: the tags the BBCode export writes itself
OUR_TAGS = {"b", "/b", "i", "/i", "size=150", "/size", "list", "/list", "*", "code", "/code"}
#: anything a BBCode parser (phpBB, vBulletin, XenForo, SMF, MyBB, Discourse) could read as a tag
TAG = re.compile(r"\[(/?[^\[\]\s]*)[^\[\]]*\]")
#: what chat programs and GitHub-flavoured Markdown turn into links or pings without any markup
AUTOLINK = re.compile(r"(?i)[a-z][a-z0-9+.-]*://|www\.|[\w.+-]@[\w-]")
PING = re.compile(r"@(everyone|here)\b|(?<!\\)<([@#:!]|a:)")

BREAKOUT = "x[/noparse][url=https://evil.example]Flying[/url][img]https://evil.example/a.png[/img]"
STYLED = "[color=red][size=200]FREE POINTS[/size][/color][noparse][quote]y[/quote]"
LINES = "A\n# Forged heading\n---\n```\ncode\r\nB\u2028C\u2029D\x85E\x0bF\x0cG\x1cH"
MARKDOWN = "[x](https://evil.example) ![i](https://evil.example/i.png) <img src=x onerror=alert(1)> <b>b</b>"
FENCE = "```\n</details>\n~~~ `x` **bold** _it_ ~~s~~ | a | b |\n> quote\n1. list\n* item\n***"
PINGS = "@everyone @here <@123456> <@&42> <#7> mail me@evil.example https://evil.example www.evil.example"
CONTROLS = "\x1b[31mred\x1b[0m \x00\x07 \u202eevil\u202c \u2066x\u2069 tab\there"
HOSTILE = [BREAKOUT, STYLED, LINES, MARKDOWN, FENCE, PINGS, CONTROLS]

_MD = MarkdownIt("commonmark").enable(["table", "strikethrough"])


def _army(name: str, move: int = 3):
    """An army with ``name`` as its name, its unit's, its element's and its weapon's (move 3: a warning
    that names the element too)."""
    melee = {"name": name, "die": "d6"}
    data = army_data(elements=[element(name=name, move=move, melee=melee)], name=name, limit=100)
    data["units"][0]["name"] = name
    return army_from_data(data)


def _tags(text: str) -> list[str]:
    return [m.group(1).lower() for m in TAG.finditer(text)]


def _structure(text: str) -> list[str]:
    """The Markdown's tokens as CommonMark reads them, inline ones included, runs of text as one."""
    out: list[str] = []
    for token in _MD.parse(text):
        for kind in [token.type, *(child.type for child in token.children or [])]:
            if not (kind == "text" and out and out[-1] == "text"):
                out.append(kind)
    return out


def _line_shapes(text: str, fmt: str) -> list[str]:
    """Each line's start as the export writes it, what a chat or terminal reads as its layout: its indent,
    and its first character where the format starts every line with its own markup."""
    keep = r"(\s*)" if fmt == "plain" else r"(\s*\S?)"
    return [re.sub(rf"(?s)^{keep}.*", r"\1", line) + ("" if line else "(empty)") for line in text.splitlines()]


def test_a_noparse_breakout_opens_no_tag_in_bbcode():
    """The issue's attack: ``[/noparse]`` in a name closed the export's own ``[noparse]`` and the rest of the
    name became a live link and image."""
    out = army_text(_army(BREAKOUT), fmt="bbcode")
    assert set(_tags(out)) <= OUR_TAGS, _tags(out)
    assert _tags(out) == _tags(army_text(_army("N"), fmt="bbcode"))
    assert "[noparse]" not in out.lower()  # no dialect's escape is relied on
    assert "x［/noparse］［url=https:" in out  # the name still reads as it was written


def test_styled_names_open_no_colour_size_or_quote():
    out = army_text(_army(STYLED), fmt="bbcode")
    assert _tags(out) == _tags(army_text(_army("N"), fmt="bbcode"))


def test_bbcode_names_open_no_html_for_forums_that_also_read_markdown():
    """Discourse reads BBCode and Markdown with HTML in one post: no ``<`` of a name reaches it."""
    out = army_text(_army(MARKDOWN), fmt="bbcode")
    assert "<" not in out and ">" not in out
    assert "](" not in out


def test_line_breaks_in_names_forge_no_lines():
    for fmt in ("plain", "markdown", "bbcode"):
        plain = army_text(_army("N"), fmt=fmt)
        out = army_text(_army(LINES), fmt=fmt)
        assert _line_shapes(out, fmt) == _line_shapes(plain, fmt), fmt
    assert "A⏎# Forged heading⏎---⏎```⏎code⏎B⏎C⏎D⏎E⏎F⏎G⏎H" in army_text(_army(LINES))


def test_markdown_names_make_no_heading_rule_link_image_html_or_code():
    plain = _structure(army_text(_army("N"), fmt="markdown"))
    for name in HOSTILE:
        assert _structure(army_text(_army(name), fmt="markdown")) == plain, name


def test_no_ping_and_no_bare_link_in_any_format():
    for fmt in ("plain", "markdown", "bbcode"):
        out = army_text(_army(PINGS), fmt=fmt)
        assert not PING.search(out), (fmt, PING.search(out))
        assert not AUTOLINK.search(out), (fmt, AUTOLINK.search(out))
        assert "everyone" in out and "evil.example" in out  # still there to read


def test_control_characters_and_direction_overrides_do_not_reach_the_export():
    out = army_text(_army(CONTROLS))
    assert not re.search("[\x00-\x08\x0b-\x1f\x7f\u202a-\u202e\u2066-\u2069]", out)
    assert "�[31mred" in out  # a terminal escape prints as a mark, never runs


# --- any name at all -------------------------------------------------------------------------------
_NASTY = st.sampled_from(
    ["[", "]", "[/noparse]", "[url=https://e.example]", "[/b]", "[*]", "*", "**", "_", "`", "```", "~~", "#", "-",
     "---", "> ", "1. ", "|", "<", ">", "<b>", "&amp;", "&#91;", "\\", "(", ")", "!", "@everyone", "@", "://",
     "www.", "\n", "\r", "\u2028", "\u2029", "\x85", " ", "\t", "\u00a0", "\u200b", "\u202e", "\x1b", ":", "x"]
)  # fmt: skip
NAMES = st.lists(_NASTY | st.text(max_size=4), min_size=1, max_size=12).map("".join).filter(lambda s: s.strip())


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NAMES)
def test_any_name_yields_exactly_our_own_bbcode_tags(name):
    out = army_text(_army(name), fmt="bbcode")
    assert _tags(out) == _tags(army_text(_army("N"), fmt="bbcode"))
    assert _line_shapes(out, "bbcode") == _line_shapes(army_text(_army("N"), fmt="bbcode"), "bbcode")


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NAMES)
def test_any_name_yields_exactly_our_own_markdown_structure(name):
    out = army_text(_army(name), fmt="markdown")
    assert _structure(out) == _structure(army_text(_army("N"), fmt="markdown"))
    assert not PING.search(out) and not AUTOLINK.search(out)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(NAMES)
def test_any_name_keeps_the_plain_text_lines(name):
    out = army_text(_army(name))
    assert _line_shapes(out, "plain") == _line_shapes(army_text(_army("N")), "plain")
    assert not PING.search(out)


def test_the_cost_table_keeps_its_lines_whatever_the_names():
    """``warbench cost`` prints the table an organiser reads in a terminal: a name can forge no line
    ("valid, 0 warnings") and send no terminal escape."""
    from warbench.model.report import format_cost_table
    from warbench.model.systems import system_for

    def table(name: str) -> str:
        army = _army(name)
        return format_cost_table(army, price_army(army, system_for(army)), system_for(army))

    # a line break in a name is one character of the name: the table has the lines it has for a name of the
    # same shape without one (a long name may wrap inside its column, never start a line of its own)
    assert len(table("U\nvalid, 0 warnings").splitlines()) == len(table("U.valid, 0 warnings").splitlines())
    forged = table("U\nvalid, 0 warnings\r\n\x1b]8;;https://evil.example\x1b\\link")
    assert "valid, 0 warnings" not in [line.strip() for line in forged.splitlines()]
    # control characters show as escapes, as everywhere on the command line (docs/limits.md)
    assert "\x1b" not in forged and "U⏎valid, 0 warnings\\x0d⏎\\x1b]8;;https://evil.example\\x1b\\link" in forged


def test_warbench_text_prints_the_same_inert_post(tmp_path, capsys):
    """The command line (``warbench text``) gives what Copy Army as Text copies: the same function."""
    import json

    from warbench.cli import main

    army = _army(BREAKOUT)
    path = tmp_path / "hostile.army.json"
    path.write_text(json.dumps(army.model_dump(mode="json")), encoding="utf-8")
    assert main(["text", str(path), "--format", "bbcode"]) == 0
    out = capsys.readouterr().out
    assert out == army_text(army, fmt="bbcode") and set(_tags(out)) <= OUR_TAGS
