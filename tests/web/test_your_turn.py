"""The "Your turn" list on every page of the room, in a real browser: a turn-based table waiting
for my move is listed in the people bar (a link to the table), its count is in the page's title,
and axe-core finds nothing."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.helpers import pick_name
from tests.web.test_games import axe_violations


def test_the_your_turn_list_and_the_count_in_the_title(server, browser):
    ctx = browser.new_context()
    page = ctx.new_page()
    pick_name(page, server.url, "Tia")
    expect(page.locator("#your-turn")).to_be_hidden()  # nothing waits yet
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
    for path in ("/", "/leaderboards/hearts"):  # every page of the room
        page.goto(server.url + path)
        link = page.locator("#your-turn-list a")
        expect(link).to_have_count(1)
        expect(link).to_have_attribute("href", f"/tables/{table}")
        expect(link).to_contain_text(f"Hearts, table {table}")
        expect(page.locator("#your-turn")).to_be_visible()
        assert page.title().startswith("(1) "), page.title()
        assert axe_violations(page) == []
    page.screenshot(path=str(server.tmp / "your-turn.png"))  # looked at: the list in the people bar
    ctx.close()
