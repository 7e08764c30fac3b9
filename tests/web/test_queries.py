"""Short queries and the spoken list of choices (issue 29, points 1–2), with the keyboard: L says
the choice buttons' own words in their order (a 5 Towers build step too, never joined with "; "
inside a choice)."""

from __future__ import annotations

from playwright.sync_api import Page

from tests.web.helpers import create_table, pick_name, start_game, wait_turn
from tests.web.test_languages import choose_language

SAID = "() => document.getElementById('said').textContent"
BUTTONS = "() => [...document.querySelectorAll('#choices button')].map((b) => b.textContent.trim())"


def press(page: Page, key: str) -> str:
    """Press `key` and return what the page says (the polite "said" region)."""
    page.evaluate("() => { document.getElementById('said').textContent = ''; }")
    page.keyboard.press(key)
    page.wait_for_function(f"() => ({SAID})().length > 0")
    return str(page.evaluate(SAID))


def to_a_build(page: Page) -> None:
    """Bid the most each time (the highest "bid N" button) until this seat builds."""
    for _ in range(200):
        assert wait_turn(page) == "mine", "the game ended before a build of this seat"
        if page.evaluate("() => window.cardhallModel.legal().some((n) => n.startsWith('take '))"):
            return
        version = page.evaluate("() => window.cardhallModel.version")
        page.evaluate("""() => {
            const bs = [...document.querySelectorAll('#choices button')];
            const n = (b) => Number((b.dataset.id.match(/(\\d+)$/) || [0, -1])[1]);
            bs.sort((a, b) => n(b) - n(a))[0].click();
        }""")
        page.wait_for_function("v => window.cardhallModel.version > v", arg=version)
    raise AssertionError("no build of this seat")


def test_l_says_the_choice_buttons_in_their_words_and_order(server, browser):
    """(The picker's steps and "Back one step" are in tests/web/js/keys.test.js.)"""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    create_table(page, "five-towers", {"players": 2}, ["me", "bot:random"])
    start_game(page)
    assert wait_turn(page) == "mine"
    page.locator("#play-h").focus()
    assert press(page, "l") == "Your choices: " + "; ".join(page.evaluate(BUTTONS)) + "."  # the bids

    to_a_build(page)
    page.locator("#play-h").focus()
    buttons = page.evaluate(BUTTONS)
    assert press(page, "l") == "Your choices: " + "; ".join(buttons) + "."
    # a whole build is said as a person would: no "; " inside it
    builds = page.evaluate("""() => {
        const m = window.cardhallModel; return m.legal().map((n) => m.choice(n));
    }""")
    assert builds and not [b for b in builds if ";" in b], builds[:3]
    assert all(b.startswith("take ") and " then place " in b for b in builds), builds[:3]
    context.close()


def test_towers_of_the_others_and_the_lanes_on_keys(server, browser):
    """5 Towers: 1–5 one of your towers, Shift+1–5 that tower of the others; Clash: 1 and 2 a lane,
    both sides. One sentence each, pressed on the keyboard, and listed by F1 in the reader's language."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    create_table(page, "five-towers", {"players": 3}, ["me", "bot:random", "bot:random"])
    start_game(page)
    wait_turn(page)
    page.locator("#play-h").focus()
    assert press(page, "1") == page.evaluate("() => window.cardhallModel.key('1').text")
    others = press(page, "Shift+1")
    assert others == page.evaluate("() => window.cardhallModel.key('Shift+1').text")
    # the others by the names the felt shows (two random bots told apart by their seat's number)
    assert others.startswith("Bot (random) 1: ") and "Bot (random) 2: " in others and "Candy" in others, others
    assert press(page, "Shift+5").count("Sand") == 2
    page.keyboard.press("F1")
    help_text = page.inner_text("#help-keys")
    assert "Shift+1\nthe others' towers: Candy" in help_text and "Shift+5\nthe others' towers: Sand" in help_text
    page.keyboard.press("Escape")
    # the command field takes the key by its name too
    page.locator("#command").fill("shift+2")
    page.evaluate("() => { document.getElementById('said').textContent = ''; }")
    page.locator("#command").press("Enter")
    page.wait_for_function(f"() => ({SAID})().length > 0")
    assert page.evaluate(SAID) == page.evaluate("() => window.cardhallModel.key('Shift+2').text")

    page.goto(server.url + "/")
    create_table(page, "clash-of-decks", {}, ["me", "bot:random"])
    start_game(page)
    wait_turn(page)
    page.locator("#play-h").focus()
    top, bottom = press(page, "1"), press(page, "2")
    assert top.startswith("Top lane, your side, from the bridge: ") and "Top lane, Bot (random)'s side" in top, top
    assert bottom.startswith("Bottom lane, your side, from the bridge: ") and "Bot (random)'s side" in bottom, bottom
    choose_language(page, "ru")  # the picker: stored with the player, so the game's words are Russian too
    wait_turn(page)
    page.keyboard.press("F1")
    help_text = page.inner_text("#help-keys")
    assert "1\nверхний ряд, обе стороны" in help_text and "2\nнижний ряд, обе стороны" in help_text, help_text
    page.keyboard.press("Escape")
    page.locator("#play-h").focus()
    assert press(page, "1").startswith("Верхний ряд")
    context.close()
