""""Wait for me" by the keyboard (issue 29, point 6): K asks the bots to wait, said in the log;
the person's own move still goes, the bots' do not; K again lets them go on. The keys list
names it."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.conftest import SCREENSHOTS
from tests.web.helpers import create_table, pick_name, start_game, wait_turn

MOVES = "() => window.cardhallModel.state.moves"


def test_k_holds_the_bots_until_pressed_again(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    pick_name(page, server.url, "Wim")
    create_table(page, "hearts", {"players": 4}, ["me", "bot:random", "bot:random", "bot:random"])
    start_game(page)
    assert wait_turn(page) == "mine"
    page.locator("#log").focus()
    page.keyboard.press("k")
    expect(page.locator("#log")).to_contain_text("The bots wait for you; they play again once you let them go on.")
    page.wait_for_function("() => window.cardhallModel.state.seats[window.cardhallModel.seat()].hold === true")

    for _ in range(5):  # her own moves are never held back: she plays until a bot is to move (passing: 3 cards)
        if not page.evaluate("() => window.cardhallModel.isMyTurn()"):
            break
        card = page.evaluate("""() => {
            const m = window.cardhallModel;
            return m.hand().find((c) => m.legal().some((n) => n.endsWith(c)));
        }""")
        moves = page.evaluate(MOVES)
        page.locator("#command").fill(page.evaluate("c => window.cardhallModel.word(c)", card))
        page.locator("#command").press("Enter")
        page.wait_for_function(f"m => ({MOVES})() > m", arg=moves)
    mine = page.evaluate(MOVES)
    page.locator("#chat").fill("one moment")  # a round trip through the table's actor after her moves
    page.locator("#chat").press("Enter")
    expect(page.locator("#log")).to_contain_text("You say: one moment")
    assert page.evaluate("() => window.cardhallModel.isMyTurn()") is False  # a bot is to move, and waits
    assert page.evaluate(MOVES) == mine

    page.locator("#log").focus()
    page.keyboard.press("k")
    expect(page.locator("#log")).to_contain_text("You let the bots go on.")
    page.wait_for_function(f"m => ({MOVES})() > m || window.cardhallModel.isMyTurn()", arg=mine)

    page.keyboard.press("?")
    expect(page.locator("#help-keys")).to_contain_text("wait for me: the bots wait until you press it again (go on)")
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "wait-for-me.png"))
    context.close()
