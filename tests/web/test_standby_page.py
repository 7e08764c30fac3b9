"""A Swiss event's standby list in two real browsers (1280 and 375 pixels), keyboard only: the
event takes 2 places and has 2 entries; Bob's page says it is full and offers "Put me on the
standby list", which he presses; the page then says his number and lists him; when an entrant
withdraws, his people bar says the place is his, with a link to the event that Enter follows;
axe-core finds nothing on the page at either width."""

from __future__ import annotations

import uuid

from playwright.sync_api import expect

from tests.web.test_events import api
from tests.web.test_games import axe_violations
from tests.web.test_people import register_in_lobby
from tests.web.test_swiss_pages import HEARTS_ONE_DEAL, press


def test_stand_by_and_be_placed_by_keyboard(server, browser) -> None:
    pages, names = [], []
    for i, width in enumerate((1280, 375, 1280)):
        page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
        names.append(f"Sb{i}{uuid.uuid4().hex[:4]}")
        register_in_lobby(page, server.url, names[-1])
        pages.append(page)
    ann, bob, cid = pages
    made = api(ann, "POST", "/api/events", {"kind": "swiss", "game": "hearts", "options": HEARTS_ONE_DEAL, "rounds": 2,
                                            "grace": 60, "bots": "random", "hours": 1, "places": 2})
    event = made["id"]  # type: ignore[index]
    for page in (ann, cid):
        api(page, "POST", f"/api/events/{event}/entries")
    bob.goto(f"{server.url}/events/{event}")
    expect(bob.locator("#event-you[data-ready]")).to_be_attached()
    expect(bob.get_by_text("This event is full.")).to_be_visible()
    expect(bob.get_by_role("button", name="Join this event")).to_have_count(0)
    assert axe_violations(bob) == []
    press(bob, "button", "Put me on the standby list")
    expect(bob.get_by_text("You are number 1 on the standby list")).to_be_visible()
    expect(bob.get_by_role("heading", name="Standby list")).to_be_visible()
    expect(bob.locator("ol li")).to_have_text([names[1]])
    assert axe_violations(bob) == []
    expect(bob.locator("html[data-room=open]")).to_be_attached()
    api(cid, "DELETE", f"/api/events/{event}/entries")
    expect(bob.locator("#people-live")).to_have_text(
        "A place is yours: you are entered in the Hearts event from its standby list; you play from round 1.")
    link = bob.get_by_role("link", name="Go to the event")
    link.focus()
    bob.keyboard.press("Enter")
    expect(bob.get_by_role("button", name="Withdraw")).to_be_visible()  # entered
    expect(bob.get_by_role("heading", name="Standby list")).to_have_count(0)
    assert axe_violations(bob) == []
