"""The table pack in a real browser: Debian's headless Chromium at 390 × 844 (``tests/model/pack/browser.py``).

One browser for the module. Where no browser can be driven the tests skip, saying why (CI installs
``chromium`` and ``chromium-driver``: ``.ci/run``)."""

from __future__ import annotations

import json

import pytest

from tests.helpers import army_data, element
from tests.model.pack import browser
from warbench.cli import main
from warbench.model.fileio import army_from_data, load_army
from warbench.model.pack import build_pack
from warbench.model.pack.content import glossary, search_entries
from warbench.model.resources import examples_dir
from warbench.model.search import find
from warbench.model.systems import system_for

pytestmark = pytest.mark.skipif(bool(browser.missing()), reason=browser.missing() or "a browser is here")

#: the security tests' hostile texts, each trying to set document.title (the canary) if it ever ran
CANARY = "pwned"
HOSTILE = [
    f"<img src=x onerror=\"document.title='{CANARY}'\">",
    f"</script><script>document.title='{CANARY}'</script>",
    f"javascript:document.title='{CANARY}'",
    "\u202eevil\u202c \u2066isolated\u2069",
    f"<a href=\"javascript:document.title='{CANARY}'\">link</a>",
]


@pytest.fixture(scope="module")
def driver():
    driver = browser.start()
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def pages(tmp_path_factory):
    folder = tmp_path_factory.mktemp("pack")
    made = {}
    for name in ("human-force", "fubar-rifle-platoon", "universal-1.7-example-units"):
        path = folder / f"{name}.html"
        path.write_bytes(build_pack(load_army(examples_dir() / f"{name}.army.json")))
        made[name] = path
    hostile = army_data(
        "fow-special-ops",
        [element(name=HOSTILE[1], attributes=["hostile"], ranged={"name": HOSTILE[2], "die": "d6", "range": 12})],
        name=HOSTILE[0],
    )
    hostile["units"][0]["name"] = HOSTILE[3]
    hostile["units"][0]["notes"] = f"first line\n{HOSTILE[0]}\r\n{HOSTILE[1]}"
    hostile["units"].append({"name": HOSTILE[4], "elements": [element(name=HOSTILE[0] + "W" * 300)]})
    hostile["homebrew"] = {
        "attributes": [
            {"id": "hostile", "name": HOSTILE[4], "text": " ".join(HOSTILE), "cost": {"kind": "flat", "points": 1}}
        ]
    }
    made["hostile"] = folder / "hostile.html"
    made["hostile"].write_bytes(build_pack(army_from_data(hostile)))
    made["hostile-data"] = hostile
    return made


def _open(driver, path):
    driver.get(path.as_uri())
    driver.execute_script("localStorage.clear()")
    driver.get(path.as_uri())
    browser.requests(driver)  # what loading the page asked for is checked in its own test


def test_the_cards_show_at_phone_width(driver, pages):
    _open(driver, pages["human-force"])
    army = load_army(examples_dir() / "human-force.army.json")
    cards = driver.find_elements("css selector", "#cards article.card")
    assert len(cards) == sum(len(u.elements) for u in army.units)
    first = cards[0]
    assert first.is_displayed()
    assert first.find_element("css selector", "h3").text == army.units[0].elements[0].name
    assert first.rect["x"] >= 0 and first.rect["x"] + first.rect["width"] <= browser.WIDTH
    assert driver.execute_script("return document.documentElement.scrollWidth") <= browser.WIDTH


def test_search_finds_a_rule_as_the_window_does(driver, pages):
    _open(driver, pages["human-force"])
    army = load_army(examples_dir() / "human-force.army.json")
    entries, _anchors = glossary(army, system_for(army))
    field = driver.find_element("id", "q")
    field.send_keys("brav")
    shown = [e for e in driver.find_elements("css selector", "#entries article") if e.is_displayed()]
    assert shown and shown[0].find_element("css selector", "h3").text == "Brave"
    listed = search_entries(entries)
    for query in ("brav", "agile", "armour", "reroll", "flyng", "die", "hit points", "xyzzy", "comand", "move 4"):
        expected = [e.id for e in find(listed, query).entries]
        assert driver.execute_script("return window.warbenchSearch(arguments[0])", query) == expected, query


def test_search_finds_what_the_windows_search_finds_over_a_longer_glossary(driver, pages):
    _open(driver, pages["universal-1.7-example-units"])
    army = load_army(examples_dir() / "universal-1.7-example-units.army.json")
    listed = search_entries(glossary(army, system_for(army))[0])
    assert len(listed) > 10
    words = sorted({w.lower() for e in listed for w in (e.name + " " + e.summary).split() if len(w) > 3})[:40]
    typos = [w[:2] + w[3:] for w in words[:15]]  # a letter left out: the fuzzy step
    for query in [*words, *typos, "RE-ROLL", "armour save", "Zoë", "x", "the d6"]:
        expected = [e.id for e in find(listed, query).entries]
        assert driver.execute_script("return window.warbenchSearch(arguments[0])", query) == expected, query


def test_the_rollers_odds_are_warbench_rolls(driver, pages, capsys):
    _open(driver, pages["fubar-rifle-platoon"])
    from selenium.webdriver.support.select import Select

    Select(driver.find_element("id", "sides")).select_by_value("6")
    Select(driver.find_element("id", "target")).select_by_value("4")
    Select(driver.find_element("id", "count")).select_by_value("5")
    driver.find_element("id", "roll").click()
    rolled = int(driver.find_element("id", "rolled").get_attribute("data-value"))
    assert 0 <= rolled <= 5
    rows = [
        [cell.text for cell in row.find_elements("css selector", "td")]
        for row in driver.find_elements("css selector", "#odds-table tbody tr")
    ]
    capsys.readouterr()
    assert main(["roll", "5d6>=4", "--odds"]) == 0
    printed = capsys.readouterr().out.splitlines()
    assert printed[1].startswith(f"mean {driver.find_element('id', 'mean').text.split()[-1]};")
    assert rows == [line.split()[:3] for line in printed[3:]]
    marked = driver.find_element("css selector", "#odds-table tr.hit td").text
    assert marked == str(rolled)
    Select(driver.find_element("id", "preset")).select_by_index(1)  # the system's first roll
    assert Select(driver.find_element("id", "count")).first_selected_option.text == "1"
    assert driver.find_element("id", "odds-title").text == "Exact odds of 1d6"
    assert [[c.text for c in r.find_elements("css selector", "td")] for r in _rows(driver)][0] == [
        "1",
        "16.7%",
        "100.0%",
    ]


def _rows(driver):
    return driver.find_elements("css selector", "#odds-table tbody tr")


def test_a_tracker_tap_survives_a_reload_and_reset_clears_it(driver, pages):
    _open(driver, pages["fubar-rifle-platoon"])
    box = driver.find_element("css selector", "[data-box='0-0-figures-0']")
    assert box.get_attribute("aria-pressed") == "false"
    box.click()
    assert driver.switch_to.active_element.get_attribute("data-box") == "0-0-figures-0"  # the focus stays on it
    driver.refresh()
    assert driver.find_element("css selector", "[data-box='0-0-figures-0']").get_attribute("aria-pressed") == "true"
    exported = json.loads(driver.find_element("id", "export").get_attribute("value"))
    assert exported["units"][0][0]["figures"] == 7  # 8 figures, one ticked off
    driver.find_element("id", "reset").click()
    driver.switch_to.alert.accept()
    assert driver.find_element("css selector", "[data-box='0-0-figures-0']").get_attribute("aria-pressed") == "false"


def test_the_state_goes_phone_to_game_to_phone(driver, pages, tmp_path, capsys):
    _open(driver, pages["fubar-rifle-platoon"])
    source = examples_dir() / "fubar-rifle-platoon.army.json"
    # two figures lost, one suppressed, the tank's crew stunned
    for box in ("0-0-figures-0", "0-0-figures-1", "0-0-suppressed-0", "2-0-crew_stunned-0"):
        driver.find_element("css selector", f"[data-box='{box}']").click()
    driver.find_element("css selector", "button[aria-label$='one more']").click()  # round 2
    phone = driver.find_element("id", "export").get_attribute("value")
    (tmp_path / "phone.txt").write_text(f"Sent from my phone:\n{phone}\n", encoding="utf-8")
    game = tmp_path / "g.game.json"
    assert main(["game", "new", str(source), "-o", str(game)]) == 0
    assert main(["game", "import-pack", str(game), str(tmp_path / "phone.txt")]) == 0
    capsys.readouterr()
    assert main(["game", "state", str(game), "--json"]) == 0
    state = json.loads(capsys.readouterr().out)
    assert state["round"] == 2
    assert state["sides"][0]["units"][0]["elements"][0]["state"]["figures"] == 6
    assert state["sides"][0]["units"][0]["elements"][0]["state"]["suppressed"] == 1
    assert state["sides"][0]["units"][2]["elements"][0]["state"]["crew_stunned"] is True
    assert main(["game", "set", str(game), "a:2/1", "figures", "1"]) == 0  # the game goes on in the window
    capsys.readouterr()
    assert main(["game", "export-pack", str(game)]) == 0
    back = capsys.readouterr().out.strip()
    driver.find_element("id", "reset").click()
    driver.switch_to.alert.accept()
    driver.find_element("id", "import").send_keys(back)
    driver.find_element("id", "import-button").click()
    assert driver.find_element("id", "import-status").text == "Imported."
    assert json.loads(driver.find_element("id", "export").get_attribute("value")) == json.loads(back)
    assert driver.find_element("css selector", "[data-box='1-0-figures-1']").get_attribute("aria-pressed") == "true"
    driver.find_element("id", "import").clear()
    driver.find_element("id", "import").send_keys(back.replace('"round":2', '"round":"2"'))
    driver.find_element("id", "import-button").click()
    assert "nothing was changed" in driver.find_element("id", "import-status").text


def test_no_request_leaves_the_page(driver, pages):
    page = pages["human-force"]
    driver.get(page.as_uri())
    driver.find_element("id", "q").send_keys("brave")
    driver.find_element("id", "roll").click()
    driver.find_element("css selector", "#odds details summary").click()
    assert [url for url in browser.requests(driver) if url != page.as_uri()] == []
    errors = [entry for entry in driver.get_log("browser") if entry["level"] == "SEVERE"]
    assert errors == []  # a CSP refusal (a script or style not allowed) would be logged here


def test_hostile_names_show_literally_and_run_nothing(driver, pages):
    page = pages["hostile"]
    _open(driver, page)
    assert driver.title == f"{HOSTILE[0]}: table pack"  # the canary would have made it "pwned"
    assert driver.execute_script("return document.querySelectorAll('img, iframe, object, embed').length") == 0
    hrefs = driver.execute_script("return [...document.querySelectorAll('[href]')].map(a => a.getAttribute('href'))")
    assert all(h.startswith("#") for h in hrefs)
    assert driver.find_element("css selector", "#cards h3").text == HOSTILE[1]
    assert driver.find_element("css selector", "header h1").text == HOSTILE[0]
    body = driver.find_element("tag name", "body").text
    for text in (HOSTILE[0], HOSTILE[1], HOSTILE[2], HOSTILE[4]):
        assert text in body
    assert "\u202e" not in body and "\ufffdevil\ufffd" in body  # a direction override shown as a mark, not obeyed
    notes = driver.find_element("css selector", "#cards .notes").text
    assert notes == f"first line\n{HOSTILE[0]}\n{HOSTILE[1]}"  # the note's lines kept, as text
    driver.find_element("id", "q").send_keys("script")  # the hostile rule found, its text shown as text
    driver.find_element("css selector", "[data-box='0-0-figures-0']").click()
    driver.refresh()
    assert driver.title == f"{HOSTILE[0]}: table pack"
    assert [url for url in browser.requests(driver) if url != page.as_uri()] == []


def test_cards_rules_and_odds_read_without_javascript(driver, pages):
    driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": True})
    try:
        driver.get(pages["human-force"].as_uri())
        assert driver.find_element("css selector", "#cards article.card").is_displayed()
        assert driver.find_element("css selector", "#entries article").is_displayed()
        assert driver.find_element("css selector", "#odds details").is_displayed()
        assert driver.find_element("css selector", ".nojs-note").is_displayed()
        for hidden in ("dice", "tracker"):
            assert not driver.find_element("id", hidden).is_displayed()
        assert not driver.find_element("id", "q").is_displayed()
    finally:
        driver.execute_cdp_cmd("Emulation.setScriptExecutionDisabled", {"value": False})
    driver.get(pages["human-force"].as_uri())
    assert driver.find_element("id", "tracker").is_displayed()
    assert not driver.find_element("css selector", ".nojs-note").is_displayed()


def test_the_qr_code_reads_as_the_army_code(driver, pages):
    import io

    zxingcpp = pytest.importorskip("zxingcpp", reason="zxing-cpp reads the QR (pip install -e '.[test]')")
    from PIL import Image

    from warbench.model.army_code import army_code

    _open(driver, pages["human-force"])
    image = Image.open(io.BytesIO(driver.find_element("id", "qr").screenshot_as_png))
    found = zxingcpp.read_barcodes(image)
    assert [f.text for f in found] == [army_code(load_army(examples_dir() / "human-force.army.json"))]


@pytest.mark.parametrize("width", [360, 430])
def test_nothing_overflows_from_360_to_430_pixels(driver, pages, width):
    metrics = {"height": browser.HEIGHT, "deviceScaleFactor": 1, "mobile": True}
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**metrics, "width": width})
    try:
        for name in ("human-force", "hostile"):
            _open(driver, pages[name])
            for summary in driver.find_elements("css selector", "#odds details summary"):
                summary.click()  # every attacker's table open
            assert driver.execute_script("return document.documentElement.scrollWidth") <= width, name
    finally:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride", {**metrics, "width": browser.WIDTH})


def test_a_table_wider_than_the_phone_shows_it_goes_on(driver, pages):
    """User trial 3: the expected-damage grid scrolled sideways inside its box with no hint, its last column
    cut at the edge. A scrolled box casts a shadow at an edge with more behind it (CSS scroll shadows)."""
    _open(driver, pages["human-force"])
    wide = driver.execute_script(
        "return [...document.querySelectorAll('.scroll')].filter(b => b.scrollWidth > b.clientWidth).length"
    )
    assert wide >= 1  # the five-unit grid does not fit a phone
    shadows = driver.execute_script(
        "return getComputedStyle(document.querySelector('.scroll')).backgroundImage.match(/gradient/g) || []"
    )
    assert len(shadows) == 4  # a cover and a shadow at each side
