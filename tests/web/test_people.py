"""People in the browser, keyboard only: register in the header's account dialog, log in from a second browser
context, a rated game against a bot to the end, the rating in the profile, the replay page
stepped through with the keys (each step said in words), a private table's replay refused to
others, and axe-core finding nothing on the new pages."""

from __future__ import annotations

import time
import uuid
from typing import Any

import httpx
from playwright.sync_api import Page, expect

from tests.web.test_games import axe_violations

PASSWORD = "correct horse battery"


def type_into(page: Page, field: str, text: str) -> None:
    page.locator(field).focus()
    page.keyboard.type(text)


def open_account(page: Page) -> None:
    """The header's "Log in or register" (Enter on it) opens the dialog, the focus in its first field."""
    page.locator("#nav-account").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#account-dialog")).to_be_visible()
    expect(page.locator("#login-name")).to_be_focused()


def register_in_lobby(page: Page, base: str, name: str) -> None:
    page.goto(base + "/")
    open_account(page)
    type_into(page, "#reg-name", name)
    page.keyboard.press("Tab")
    page.keyboard.type(PASSWORD)
    page.keyboard.press("Enter")
    expect(page.locator("#account-state")).to_have_text(f"You are logged in as {name}.")


def finished_table(page: Page, **table: Any) -> str:
    """A Clash of Decks duel against the `easy` bot, made by the page's own (cookie) session,
    started and left to the takeover bot until it ends; its id."""
    made = page.evaluate("""body => fetch('/api/tables', {method: 'POST', headers: {'Content-Type': 'application/json'},
        body: JSON.stringify(body)}).then(r => r.json())""", {"game": "clash-of-decks", "seats": ["me", "bot:easy"], **table})
    table_id = made["id"]
    for step in ("start", "leave"):
        page.evaluate("url => fetch(url, {method: 'POST'}).then(r => r.status)", f"/api/tables/{table_id}/{step}")
    end = time.monotonic() + 120
    while time.monotonic() < end:
        if page.evaluate("url => fetch(url).then(r => r.json()).then(t => t.status)", f"/api/tables/{table_id}") == "over":
            return str(table_id)
        time.sleep(0.3)
    raise AssertionError("the game did not end in 120 s")


def test_accounts_ratings_profile_and_replay_keyboard_only(server, browser) -> None:
    name = f"Vera{uuid.uuid4().hex[:5]}"
    first = browser.new_context()
    page = first.new_page()
    register_in_lobby(page, server.url, name)
    expect(page.locator("#name-form")).to_be_hidden()  # no guest name while logged in
    assert axe_violations(page) == []
    table_id = finished_table(page, rated=True)

    second = browser.new_context()  # another device: the name and the password
    other = second.new_page()
    other.goto(server.url + "/")
    open_account(other)
    other.keyboard.type(name.upper())
    other.keyboard.press("Tab")
    other.keyboard.type(PASSWORD)
    other.keyboard.press("Enter")
    expect(other.locator("#account-state")).to_have_text(f"You are logged in as {name}.")
    expect(other.locator("#account-dialog")).to_be_hidden()
    expect(other.locator("#profile-link")).to_be_focused()  # the header's account menu, open
    other.keyboard.press("Enter")
    expect(other.locator("h1")).to_have_text(name)
    rating = other.get_by_role("row").filter(has_text="Clash of Decks, 2 players")
    expect(rating).to_contain_text("?")  # provisional after one rated game
    profile = httpx.get(server.url + f"/api/players/{name}").json()
    shown = profile["ratings"]["clash-of-decks:2"]
    expect(rating).to_contain_text(f"{shown['rating']}?")
    assert shown["mu"] != 25.0
    assert axe_violations(other) == []

    link = other.get_by_role("link", name="the replay of this Clash of Decks game")
    link.focus()
    other.keyboard.press("Enter")
    other.wait_for_function("() => document.getElementById('replay-root').dataset.ready === 'true'")
    replay = httpx.get(server.url + f"/api/tables/{table_id}/replay").json()
    count = len(replay["steps"])
    step = other.locator("#step")
    expect(step).to_contain_text(f"Move 0 of {count}")
    other.keyboard.press("ArrowRight")
    assert replay["part"] is None and replay["deals"] == 1  # Clash is played in one go: no deal is said
    expect(step).to_have_text(f"Move 1 of {count}. " + " ".join(replay["steps"][0]["said"]))
    expect(other.locator("#board p").first).to_have_text(replay["steps"][0]["table"].split("\n")[0])
    other.keyboard.press("End")
    expect(step).to_contain_text(f"Move {count} of {count}")
    expect(other.locator("#result")).to_have_text(replay["result"])
    other.keyboard.press("ArrowLeft")
    expect(step).to_contain_text(f"Move {count - 1} of {count}")
    other.keyboard.press("Home")
    expect(step).to_contain_text(f"Move 0 of {count}")
    other.keyboard.press("PageDown")  # one deal: Clash has one, so to the end
    expect(step).to_contain_text(f"Move {count} of {count}")
    hands = other.locator("#hands li")
    expect(hands).to_have_count(2)
    assert not [t for t in hands.all_inner_texts() if "((" in t or "))" in t]  # the seat, then who: no brackets in brackets
    assert axe_violations(other) == []

    czech = browser.new_context(locale="cs-CZ", extra_http_headers={"Accept-Language": "cs"})
    reader = czech.new_page()
    reader.goto(server.url + f"/tables/{table_id}/replay")
    reader.wait_for_function("() => document.getElementById('replay-root').dataset.ready === 'true'")
    said_cs = httpx.get(server.url + f"/api/tables/{table_id}/replay?lang=cs").json()["steps"][0]["said"]
    reader.keyboard.press("ArrowRight")
    expect(reader.locator("#step")).to_contain_text(" ".join(said_cs))
    assert said_cs != replay["steps"][0]["said"]

    board = other
    board.goto(server.url + "/leaderboards/clash-of-decks")
    expect(board.locator("h1")).to_contain_text("Clash of Decks")
    expect(board.get_by_text("The bots:").first).to_contain_text("medium 1500")
    assert axe_violations(board) == []
    page.goto(server.url + "/")  # log out everywhere from the first device: the second one's session ends too
    expect(page.locator("#account-name")).to_have_text(name)
    page.locator("#account-name").focus()  # the name in the header opens the account's menu
    page.keyboard.press("Enter")
    expect(page.locator("#logout-all")).to_be_visible()
    page.locator("#logout-all").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#account-state")).to_have_text("You are logged out on every device.", timeout=20_000)
    expect(page.locator("#nav-account")).to_be_focused()  # "Log in or register" again
    assert other.evaluate("() => fetch('/api/players/me').then(r => r.status)") == 401
    for ctx in (first, second, czech):
        ctx.close()


def test_a_private_replay_is_refused_to_others_in_the_browser(server, browser) -> None:
    host_ctx, other_ctx = browser.new_context(), browser.new_context()
    host = host_ctx.new_page()
    register_in_lobby(host, server.url, f"Host{uuid.uuid4().hex[:5]}")
    table_id = finished_table(host, private=True)
    host.goto(server.url + f"/tables/{table_id}/replay")
    host.wait_for_function("() => document.getElementById('replay-root').dataset.ready === 'true'")
    stranger = other_ctx.new_page()
    answer = stranger.goto(server.url + f"/tables/{table_id}/replay")
    assert answer is not None and answer.status == 404  # the page that says so (issue 37), not an empty replay
    expect(stranger.locator("#missing-reason")).to_contain_text(f'There is no table "{table_id}" here')
    expect(stranger.locator("#hands li")).to_have_count(0)
    host_ctx.close()
    other_ctx.close()
