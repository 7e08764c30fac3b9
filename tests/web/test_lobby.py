"""The lobby: a remembered guest name, the form drawn from /api/games, the open tables updating
by themselves, my unfinished tables with a way back and a way out; axe-core finds nothing."""

from __future__ import annotations

from playwright.sync_api import Route, expect

from tests.web.helpers import create_table, open_create, pick_name
from tests.web.test_games import axe_violations


def test_lobby(server, browser):
    ctx, other_ctx = browser.new_context(), browser.new_context()
    page, other = ctx.new_page(), other_ctx.new_page()
    pick_name(page, server.url, "Dee")
    page.reload()
    expect(page.locator("#whoami")).to_have_text("You are Dee")  # remembered
    expect(page.locator("#name")).to_have_value("Dee")

    # the form follows the game's options: 5 Towers with 4 players has 4 seats, even when the
    # server's answer for the options before the change arrives last (held back here; under load
    # it happened by itself and the stale answer drew 3 seats)
    held: list[Route] = []

    def hold_the_first(route: Route) -> None:
        if held:
            route.continue_()
        else:
            held.append(route)

    open_create(page)
    page.route("**/api/games/five-towers/seats?*", hold_the_first)
    page.locator("#game").select_option("five-towers")
    field = page.locator("#opt-players")
    field.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("4")
    page.keyboard.press("Tab")
    expect(page.locator("#seats select")).to_have_count(4)
    assert len(held) == 1
    with page.expect_response("**/api/games/five-towers/seats?*"):
        held[0].continue_()
    page.unroute("**/api/games/five-towers/seats?*")
    page.wait_for_timeout(300)  # the page reads the late answer; it must not redraw (no timing is asserted)
    expect(page.locator("#seats select")).to_have_count(4)
    field.focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("9")
    page.keyboard.press("Tab")
    expect(page.locator("#create-error")).to_contain_text("players")  # the game's sentence, said at the form

    # another player's new table shows up without a reload
    pick_name(other, server.url, "Eli")
    create_table(other, "hearts", {}, ["me", "open", "bot:random", "bot:random"])
    expect(page.locator("#open")).to_contain_text("Eli", timeout=10_000)
    assert axe_violations(page) == []
    page.set_viewport_size({"width": 320, "height": 700})
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the lobby scrolls sideways at 320 px by {overflow} px"

    # sit, find it among my tables, leave it from there
    page.set_viewport_size({"width": 1280, "height": 800})
    sit = page.get_by_role("button", name="Sit at the Hearts table")
    sit.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/tables/*")
    page.goto(server.url + "/")
    leave = page.get_by_role("button", name="Leave the Hearts table")
    expect(leave).to_be_visible(timeout=10_000)
    expect(page.get_by_role("link", name="Go back to the Hearts table")).to_be_visible()
    leave.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#lobby-status")).to_contain_text("You left")
    expect(page.locator("#mine li")).to_have_count(0, timeout=10_000)
    ctx.close()
    other_ctx.close()


def test_a_table_chooses_its_bots_pace(server, browser):
    """Issue 29: the bots' pace is chosen in the lobby's form, stored with the table (its policy)
    and said in the lobby's list of open tables."""
    ctx = browser.new_context()
    page = ctx.new_page()
    pick_name(page, server.url, "Pia")
    open_create(page)
    page.locator("#pace").select_option("slow")
    url = create_table(page, "three-two-five", {"deals": 1}, ["me", "bot:random", "open"])
    table = url.rstrip("/").rsplit("/", 1)[1]
    found = page.evaluate("id => fetch('/api/tables/' + id).then(r => r.json())", table)
    assert found["policy"]["pace"] == "slow"
    page.goto(server.url + "/")
    expect(page.locator("li", has_text="bots play slowly").first).to_be_visible()
    ctx.close()
