"""A Swiss event in three real browsers (1280, 1280 and 375 pixels): three people find it on
/events and join by keyboard; its creator starts it by keyboard; the others hear the round on
the room socket wherever they are (the notice's button takes the focus, so Enter goes to the
table); the page says each one's next table, then the final standings and the round with its
table and replay; axe-core finds nothing on the page before, during and after."""

from __future__ import annotations

import re
import time
import uuid

from playwright.sync_api import Page, expect

from tests.web.test_events import api
from tests.web.test_games import axe_violations
from tests.web.test_people import register_in_lobby

HEARTS_ONE_DEAL = {"target": 1, "moon_mode": "add", "exact_100": "off"}


def press(page: Page, role: str, name: str | re.Pattern[str]) -> None:
    target = page.get_by_role(role, name=name)  # type: ignore[arg-type]
    expect(target).to_be_visible()
    target.focus()
    page.keyboard.press("Enter")


def join_by_keyboard(page: Page, base: str) -> None:
    page.goto(base + "/events")
    press(page, "link", re.compile(r"^Swiss: Hearts, 1 round"))
    expect(page.locator("#event-you[data-ready]")).to_be_attached()
    press(page, "button", "Join this event")
    expect(page.get_by_text("You have entered; the first round starts when the creator starts the event.")).to_be_visible()


def test_three_people_join_hear_the_round_and_read_the_standings(server, browser) -> None:
    pages = []
    for i in range(3):
        context = browser.new_context(viewport={"width": 1280 if i != 2 else 375, "height": 800})
        page = context.new_page()
        register_in_lobby(page, server.url, f"Sw{i}{uuid.uuid4().hex[:4]}")
        pages.append(page)
    made = api(pages[0], "POST", "/api/events", {"kind": "swiss", "game": "hearts", "options": HEARTS_ONE_DEAL,
                                                 "rounds": 1, "grace": 900, "bots": "random", "hours": 1})
    event = made["id"]  # type: ignore[index]
    for page in pages:
        join_by_keyboard(page, server.url)
        assert axe_violations(page) == []
    for page in pages[1:]:
        expect(page.locator("html[data-room=open]")).to_be_attached()
    press(pages[0], "button", "Start the event")
    expect(pages[0].get_by_text("Round 1: your table is ready.")).to_be_visible()
    assert axe_violations(pages[0]) == []
    for page in pages[1:]:  # the notice on the room socket: its button has the focus, Enter goes to the table
        expect(page.locator("#people-live")).to_contain_text("Round 1 of 1: your table of Hearts is ready.")
        expect(page.get_by_role("button", name="Go to your table")).to_be_focused()
        page.keyboard.press("Enter")
        page.wait_for_url("**/tables/**", wait_until="commit")
    tables = set()
    for page in pages:  # back to the event page (a table page left open may hold its bots), then leave
        page.goto(f"{server.url}/events/{event}")
        answer = api(page, "POST", f"/api/events/{event}/next")  # a cookie session: POST
        tables.add(answer["table"])  # type: ignore[index]
        api(page, "POST", f"/api/tables/{answer['table']}/leave")  # type: ignore[index]
    assert len(tables) == 1
    end = time.monotonic() + 120
    while api(pages[0], "GET", f"/api/events/{event}")["status"] != "over":  # type: ignore[index]
        assert time.monotonic() < end, "the event did not end in 120 s"
        time.sleep(0.3)
    for page in (pages[0], pages[2]):
        page.goto(f"{server.url}/events/{event}")
        expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
        expect(page.get_by_text("You have nothing more to play in this event.")).to_be_visible()
        expect(page.get_by_role("link", name="Replay of table 1")).to_be_visible()
        expect(page.locator("#swiss-standings tbody tr")).to_have_count(3)
        assert axe_violations(page) == []
