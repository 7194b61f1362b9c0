"""The table pack: one self-contained HTML page of an army for a phone at the table (``warbench pack``,
File ▸ Export ▸ Table Pack; the contract ``shared/spec/pack.md``, the guide's "The table pack").

The page is made from the template ``resources/pack/page.html.j2`` by Jinja2 with autoescape on: every
name, note and rule text from a file is text, never markup. Its style and script are the files beside
the template, written into the page and allowed by their SHA-256 in its Content-Security-Policy, whose
``default-src`` is ``'none'``: the page loads, sends and runs nothing else. What it shows comes from the
model (:mod:`model.pack.content`); its own words are in :mod:`model.pack.words`; the army code is in the
page as text and as a QR code (:mod:`model.pack.qr`).
"""

from __future__ import annotations

import base64
import hashlib
import json
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from warbench.model import __version__
from warbench.model.army_code import army_code
from warbench.model.pack import content
from warbench.model.pack import state as pack_state
from warbench.model.pack.qr import qr
from warbench.model.pack.words import words
from warbench.model.resources import resources_dir

if TYPE_CHECKING:
    import jinja2

    from warbench.model.army import Army


class PackError(ValueError):
    """An army whose pack cannot be made (an opponent of another system); the message says why."""


@lru_cache(maxsize=1)
def _environment() -> jinja2.Environment:
    import jinja2  # only for a pack: every other command starts without it

    folder = resources_dir() / "pack"
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(folder),
        autoescape=True,
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
    )


def _resource(name: str) -> str:
    return (resources_dir() / "pack" / name).read_text(encoding="utf-8")


def _hash(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def csp(script: str, style: str) -> str:
    """The page's Content-Security-Policy: nothing at all but its own script and style (by their hashes)."""
    return (
        f"default-src 'none'; script-src {_hash(script)}; style-src {_hash(style)}; "
        "img-src 'none'; base-uri 'none'; form-action 'none'"
    )


def script_json(data: Any) -> str:
    """``data`` as JSON safe inside a ``<script>`` element: no ``<`` (so no ``</script>`` nor ``<!--``)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"), allow_nan=False)
    return text.replace("<", "\\u003c").replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def build_pack(army: Army[Any, Any], opponent: Army[Any, Any] | None = None, language: str = "en") -> bytes:
    """The table pack of ``army`` (its odds against ``opponent``, or itself) in ``language``, as UTF-8 bytes."""
    import markupsafe

    from warbench.model.systems import system_for

    system = system_for(army)
    if opponent is not None and system_for(opponent).id != system.id:
        raise PackError(f"a {system_for(opponent).id} army cannot face a {system.id} army")
    page_words = words(language)
    entries, anchors = content.glossary(army, system)
    dice = content.dice(system)
    total, limit = content.points(army, system)
    key = pack_state.army_key(army)
    code = army_code(army)
    data = {
        "key": key,
        "words": page_words,
        "search": content.search_data(entries),
        "dice": dice,
        "tracker": content.tracker(army, system),
    }
    js, css = _resource("pack.js"), _resource("pack.css")
    page = (
        _environment()
        .get_template("page.html.j2")
        .render(
            language=language,
            w=page_words,
            csp=csp(js, css),
            code=code,
            qr=qr(code),
            army_name=content.text(army.name),
            opponent_name=content.text((opponent or army).name),
            system_name=content.text(system.name),
            points=total,
            limit=limit,
            currency=system.presentation.currency,
            cards=content.unit_cards(army, system, anchors),
            glossary=entries,
            presets=dice["presets"],
            odds=content.odds(system, army, opponent or army),
            version=__version__,
            data=markupsafe.Markup(script_json(data)),
            js=markupsafe.Markup(js),
            css=markupsafe.Markup(css),
        )
    )
    return page.encode("utf-8")
