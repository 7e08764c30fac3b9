"""An arena in two real browsers (1280 and 375 pixels), keyboard only: both join on the event's
page, its creator starts it; one asks for a table and waits on the page ("Waiting for a table…"
said in the live region), the other asks and goes on to the lobby; a table is made for both (the
event's bots in the empty places after the arena's wait): the one who waited is taken to it, the
other hears "Your next table of Hearts is ready." in the people bar, whose "Go to your table"
button has the focus, and Enter takes them there; both are seated at the same table; axe-core
finds nothing on the arena's page before and while it runs."""

from __future__ import annotations

import re
import uuid

from playwright.sync_api import Page, expect

from tests.web.test_events import api
from tests.web.test_games import axe_violations
from tests.web.test_people import register_in_lobby
from tests.web.test_swiss_pages import HEARTS_ONE_DEAL, press


def table_of(page: Page) -> str:
    match = re.search(r"/tables/([^/?#]+)", page.url)
    assert match, page.url
    return match.group(1)


def test_ask_for_a_table_wait_be_seated_and_go_there_by_keyboard(server, browser) -> None:
    pages, names = [], []
    for i, width in enumerate((1280, 375)):
        page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
        names.append(f"Ar{i}{uuid.uuid4().hex[:4]}")
        register_in_lobby(page, server.url, names[-1])
        pages.append(page)
    ann, bob = pages
    made = api(ann, "POST", "/api/events", {"kind": "arena", "game": "hearts", "options": HEARTS_ONE_DEAL,
                                            "minutes": 5, "bots": "random", "hours": 1})
    event_url = f"{server.url}/events/{made['id']}"  # type: ignore[index]
    for page in pages:
        page.goto(event_url)
        expect(page.locator("#event-you[data-ready]")).to_be_attached()
        press(page, "button", "Join this event")
        expect(page.get_by_role("button", name="Withdraw")).to_be_visible()
    assert axe_violations(bob) == []
    press(ann, "button", "Start the event")
    expect(ann.get_by_role("button", name="Ask for a table")).to_be_visible()
    bob.reload()
    expect(bob.locator("#event-you[data-ready]")).to_be_attached()
    assert axe_violations(bob) == []
    press(bob, "button", "Ask for a table")
    expect(bob.locator("#event-status")).to_have_text("Waiting for a table…")
    press(ann, "button", "Ask for a table")  # then goes on to the lobby: the people bar tells her
    expect(ann.locator("#event-status")).to_have_text("Waiting for a table…")
    ann.goto(server.url + "/")
    expect(ann.locator("html[data-room=open]")).to_be_attached()
    expect(ann.locator("#people-live")).to_contain_text("Your next table of Hearts is ready.", timeout=60_000)
    expect(ann.get_by_role("button", name="Go to your table")).to_be_focused()
    ann.keyboard.press("Enter")
    ann.wait_for_url("**/tables/**", wait_until="commit")
    bob.wait_for_url("**/tables/**", wait_until="commit", timeout=60_000)  # taken there from the waiting page
    assert table_of(ann) == table_of(bob)
    seats = api(ann, "GET", f"/api/tables/{table_of(ann)}")["seats"]  # type: ignore[index]
    assert sorted(s.get("name") for s in seats if s.get("kind") != "bot") == sorted(names)
    assert sum(1 for s in seats if s.get("kind") == "bot") == 2  # the empty places: the event's bots
    for page, name in zip(pages, names, strict=True):
        expect(page.locator("main").get_by_text(name).first).to_be_visible()  # the table names them
