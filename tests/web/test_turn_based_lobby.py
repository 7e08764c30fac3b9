"""The lobby's turn-based parts in a real browser: the create form offers turn-based play with
the keyboard alone (a number of hours out of range is held back with the browser's sentence); "While you were away" lists a table
that moved on since the last visit and says it once; the notices part says in words why push is
not offered on a room without it; axe-core finds nothing."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

from tests.web.helpers import open_create, pick_name
from tests.web.test_games import axe_violations


def test_a_turn_based_table_from_the_form_with_the_keyboard(server, browser):
    ctx = browser.new_context()
    page = ctx.new_page()
    pick_name(page, server.url, "Uma")
    open_create(page)  # "Create a table" is collapsed on the lobby's first screen
    page.locator("#grace").focus()
    page.keyboard.press("Tab")
    expect(page.locator("#turn-based")).to_be_focused()
    expect(page.locator("#hours-per-move")).to_be_disabled()
    page.keyboard.press("Space")
    expect(page.locator("#turn-based")).to_be_checked()
    expect(page.locator("#grace")).to_be_disabled()  # no takeover for being away at a turn-based table
    page.keyboard.press("Tab")
    expect(page.locator("#hours-per-move")).to_be_focused()
    page.keyboard.press("Control+A")
    page.keyboard.type("200")
    page.keyboard.press("Enter")
    assert page.locator("#hours-per-move").evaluate("(e) => e.validity.rangeOverflow && e.validationMessage !== ''")
    assert "/tables/" not in page.url  # the browser's own sentence holds the form back
    page.locator("#hours-per-move").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("36")
    page.keyboard.press("Enter")
    page.wait_for_url("**/tables/*")
    table = page.url.rsplit("/", 1)[1].split("?")[0]
    shown = page.evaluate("(id) => fetch(`/api/tables/${id}`).then((r) => r.json())", table)
    assert shown["policy"]["turn_hours"] == 36, shown["policy"]
    ctx.close()


@pytest.mark.parametrize("arrival", ["/", "/tables/{table}", "/players/{name}", "/events"])
def test_while_you_were_away_and_the_notices_part(server, browser, arrival):
    """"While you were away" is a part of every page (the lobby, a table, a profile, the events):
    the page a person arrives at lists the tables and says it once; the next page has nothing."""
    ctx = browser.new_context()
    page = ctx.new_page()
    name = "Vic" + str(len(arrival))
    pick_name(page, server.url, name)
    with page.expect_response("**/api/players/me/away"):
        page.goto(server.url + "/")  # the first visit: stored, nothing to say
    expect(page.locator("#away")).to_be_hidden()
    table = page.evaluate("""async () => {
        const post = (path, body) => fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
                                                 body: JSON.stringify(body)}).then((r) => r.json());
        const t = await post("/api/tables", {game: "hearts", seats: ["me", "bot:random", "bot:random", "bot:random"],
                                             turn_based: {hours_per_move: 24}});
        await post(`/api/tables/${t.id}/start`, {});
        return t.id;
    }""")
    page.wait_for_function("""async (id) => {
        const r = await fetch("/api/players/me/turns");
        return (await r.json()).some((t) => t.id === id);
    }""", arg=table, timeout=30_000)
    with page.expect_response("**/api/players/me/away"):
        page.goto(server.url + arrival.format(table=table, name=name))
    expect(page.locator("#away")).to_be_visible()
    link = page.locator("#away-list h3 a")
    expect(link).to_have_count(1)
    expect(link).to_have_attribute("href", f"/tables/{table}")
    expect(link).to_contain_text("your turn")
    expect(page.locator("#away-list li li").first).not_to_be_empty()
    expect(page.locator("#away-said")).to_contain_text("While you were away, play went on at 1 table of yours.")
    assert axe_violations(page) == []
    page.screenshot(path=str(server.tmp / f"away{len(arrival)}.png"))
    if arrival == "/":
        expect(page.locator("#notices-part")).to_be_visible()
        expect(page.locator("#push-here")).to_be_disabled()
        expect(page.locator("#push-status")).to_contain_text("--push-contact")  # this room has no push: said why
    page.goto(server.url + "/")  # said once: the next visit has nothing new
    expect(page.locator("#away")).to_be_hidden()
    ctx.close()
