"""The lobby's create form shows every game option as a proper control, in the reader's words
(issue 28): its label and help from the game's own declaration (/api/games?lang=), a checkbox for
yes or no, a select of the choices in words, a number with its range, a text field only where the
game reads free text; no raw option name, no raw value and no English left in bg, cs, es, ru."""

from __future__ import annotations

import httpx
import pytest
from playwright.sync_api import expect

import cardhall
from cardhall.core.registry import game_class
from cardhall.core.text import text_ui
from tests.language_check import english_left
from tests.web.helpers import open_create
from tests.web.test_games import axe_violations
from tests.web.test_no_english import CYRILLIC, LATIN_WORD

READ = """() => [...document.querySelectorAll('#options .field')].map(f => {
  const c = f.querySelector('input, select');
  return {id: c.id, tag: c.tagName, type: c.type || '', label: f.querySelector('label').textContent,
          hint: (f.querySelector('.hint') || {}).textContent || '', min: c.getAttribute('min'), max: c.getAttribute('max'),
          options: c.tagName === 'SELECT' ? [...c.options].map(o => [o.value, o.textContent]) : []};
})"""


def raw_forms(name: str) -> set[str]:
    return {name, name.replace("_", " "), name.replace("_", "-")}


@pytest.mark.parametrize("code", ["en", "bg", "cs", "de", "es", "ru", "fr"])
def test_every_option_is_a_control_in_the_readers_words(server, browser, code) -> None:
    page = browser.new_context().new_page()
    page.goto(f"{server.url}/?lang={code}")
    games = httpx.get(f"{server.url}/api/games", params={"lang": code}, timeout=30).json()
    open_create(page)
    for game in games:
        page.locator("#game").select_option(game["name"])
        expect(page.locator("#options legend")).to_contain_text(game["title"])
        shown = page.evaluate(READ)
        declared = game_class(game["name"]).OPTIONS
        assert [f["id"] for f in shown] == [f"opt-{o.name}" for o in declared]
        tr = text_ui(cardhall.load(game["name"]), code).tr
        domain = tr.domain
        for field, option, listed in zip(shown, declared, game["options"], strict=True):
            where = f"{code} {game['name']} {option.name}"
            assert field["label"] == listed["label"] and field["label"] not in raw_forms(option.name), where
            assert field["hint"] == listed["help"], where
            if option.kind is bool:
                assert field["type"] == "checkbox", where
            elif option.choices is not None or option.offers is not None:
                values = option.choices if option.choices is not None else option.offers
                assert field["tag"] == "SELECT" and [v for v, _ in field["options"]] == [str(v) for v in values], where
                for (value, words), real in zip(field["options"], values, strict=True):
                    # each value in the reader's words as the game declares them: a word such as
                    # "minus50" or "precon" is notation, never what the form says
                    assert words == option.value_words(real, tr), (where, value)
                    assert isinstance(real, int) or real in dict(option.labels) or option.words, (where, value)
            elif option.kind is int:
                assert field["type"] == "number", where
                assert (field["min"], field["max"]) == (str(option.minimum), str(option.maximum)), where
            else:
                assert field["type"] == "text" and field["hint"], where
            text = " ".join([field["label"], field["hint"], *(w for _, w in field["options"])])
            assert "true or false" not in text and "one of '" not in text, (where, text)
            assert not any(o.name in text for o in declared if "_" in o.name), (where, text)  # moon_mode, exact_100
            if code != "en":
                assert field["label"] != option.title(text_ui(cardhall.load(game["name"]), "en").tr), where
                left = english_left(text, code, domain) | english_left(text, code, "cardhall")
                assert not left, (where, left, text)
            if code in CYRILLIC:
                latin = {w for w in LATIN_WORD.findall(text) if w.isalpha() and len(w) > 1}
                assert not latin, (where, latin, text)
    if code == "ru":
        page.locator("#game").select_option("hearts")
        assert axe_violations(page) == []
    page.context.close()


def test_the_form_creates_the_table_with_the_chosen_values(server, browser) -> None:
    """A choice in words sends its value (a number stays a number), a number field its number."""
    page = browser.new_context().new_page()
    page.goto(server.url + "/?lang=es")
    page.locator("#name").fill("Lu")
    page.keyboard.press("Enter")
    expect(page.locator("#whoami")).to_contain_text("Lu")
    open_create(page)
    page.locator("#game").select_option("hearts")
    page.locator("#opt-players").select_option("3")
    expect(page.locator("#seats select")).to_have_count(3)
    # the seats by the game's names, as the table's sentences say them, with the number they count by
    expect(page.locator("label[for=seat-1]")).to_have_text("Este (asiento 2)")
    page.locator("#opt-moon_mode").select_option(label="restar 26 a quien dispara a la luna")
    page.locator("#opt-removed_card").select_option(label="el tres de diamantes")
    page.locator("#opt-target").fill("50")
    page.locator("#opt-queen_breaks_hearts").check()
    for i, seat in enumerate(["me", "bot:random", "bot:random"]):
        page.locator(f"#seat-{i}").select_option(seat)
    page.locator("#new-form button[type=submit]").click()
    page.wait_for_url("**/tables/*")
    table = page.url.rsplit("/", 1)[-1]
    found = httpx.get(f"{server.url}/api/tables/{table}", params={"lang": "es"}, timeout=30).json()
    assert found["seat_names"] == ["Norte", "Este", "Sur"]
    assert found["options"] == {"players": 3, "queen_breaks_hearts": True, "moon_mode": "subtract", "exact_100": "off",
                                "target": 50, "removed_card": "3D"}
    page.context.close()
