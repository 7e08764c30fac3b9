"""The command field (issue 29, point 5): a key or a word typed in a text field, which a screen
reader leaves to the page in any mode, answers as the key does; a card or a choice in words is
played when exactly one matches; "help" opens the keys list and Escape comes back to the field."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.helpers import create_table, pick_name, start_game, wait_turn

SAID = "() => document.getElementById('said').textContent"


def command(page, text: str) -> str:
    page.evaluate("() => { document.getElementById('said').textContent = ''; }")
    page.locator("#command").fill(text)
    page.locator("#command").press("Enter")
    page.wait_for_function(f"() => ({SAID})().length > 0")
    return str(page.evaluate(SAID))


def test_the_command_field_answers_like_the_keys(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    create_table(page, "hearts", {"players": 4}, ["me", "bot:random", "bot:random", "bot:random"])
    start_game(page)
    assert wait_turn(page) == "mine"
    turn = page.evaluate("() => window.cardhallModel.key('T').text")
    assert command(page, "t") == turn
    assert command(page, "turn") == turn
    assert command(page, "zzz").startswith("Nothing matches “zzz”")

    # a card in words plays it (a pass here): the move is made, and confirmed once in the log
    card = page.evaluate("""() => {
        const m = window.cardhallModel;
        return m.hand().find((c) => m.legal().some((n) => n.endsWith(c)));
    }""")
    words = page.evaluate("c => window.cardhallModel.word(c)", card)
    version = page.evaluate("() => window.cardhallModel.version")
    page.locator("#command").fill(words)
    page.locator("#command").press("Enter")
    page.wait_for_function("v => window.cardhallModel.version > v", arg=version)
    expect(page.locator("#alert")).to_be_empty()
    assert card not in page.evaluate("() => window.cardhallModel.hand()")

    page.locator("#command").fill("help")
    page.locator("#command").press("Enter")
    expect(page.locator("#help")).to_be_visible()
    page.keyboard.press("Escape")
    expect(page.locator("#help")).to_be_hidden()
    assert page.evaluate("() => document.activeElement.id") == "command"
    context.close()
