"""Duplicate events in real browsers: three people register, find the event on /events, enter it
and go to their board by keyboard, leave it to the table's bot, and read the standings and the
board's page (their result in a sentence, the frequency table, every entry with its replay);
before the close a board is not shown to whoever has not finished it; axe-core finds nothing on
the pages at 1280 and 375 pixels."""

from __future__ import annotations

import time
import uuid

from playwright.sync_api import Page, expect

from tests.web.test_games import axe_violations
from tests.web.test_people import register_in_lobby


def api(page: Page, method: str, path: str, body: object = None) -> object:
    return page.evaluate("""([method, path, body]) => fetch(path, {method, headers: {'Content-Type': 'application/json'},
        body: body === null ? undefined : JSON.stringify(body)}).then(r => r.json())""", [method, path, body])


def press_link(page: Page, name: str) -> None:
    link = page.get_by_role("link", name=name, exact=True)
    link.focus()
    page.keyboard.press("Enter")


def wait_over(page: Page, table: str, invite: str) -> None:
    end = time.monotonic() + 120
    while time.monotonic() < end:
        if api(page, "GET", f"/api/tables/{table}?invite={invite}")["status"] == "over":  # type: ignore[index]
            return
        time.sleep(0.3)
    raise AssertionError("the board's table did not end in 120 s")


def play_first_board(page: Page, base: str, event: str, title: str) -> None:
    """From /events by keyboard: the event, Enter this event, Play board 1 (the table page), then
    leave it to the table's bot and come back to the event."""
    page.goto(base + "/events")
    press_link(page, title)
    expect(page.locator("h1")).to_have_text(title)
    expect(page.locator("#event-you[data-ready]")).to_be_attached()
    enter = page.get_by_role("button", name="Join this event")
    enter.focus()
    page.keyboard.press("Enter")
    play = page.get_by_role("button", name="Play board 1")
    expect(play).to_be_visible()
    expect(page.locator("#event-you[data-ready]")).to_be_attached()
    play.focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/tables/**", wait_until="commit")
    table = page.url.split("/tables/")[1].split("?")[0]
    invite = page.url.split("invite=")[1].split("&")[0]
    end = time.monotonic() + 60  # the table page connects first: a page that connects after the leave takes the seat back
    while not api(page, "GET", f"/api/tables/{table}?invite={invite}")["seats"][0]["connected"]:  # type: ignore[index]
        assert time.monotonic() < end, "the table page did not connect in 60 s"
        time.sleep(0.2)
    api(page, "POST", f"/api/tables/{table}/leave")
    wait_over(page, table, invite)
    page.goto(f"{base}/events/{event}")
    expect(page.get_by_text("You have finished 1 of 1 board.")).to_be_visible()


def test_three_people_enter_play_and_read_the_standings(server, browser) -> None:
    pages = []
    for i in range(3):
        context = browser.new_context(viewport={"width": 1280 if i != 2 else 375, "height": 800})
        page = context.new_page()
        register_in_lobby(page, server.url, f"Duo{i}{uuid.uuid4().hex[:4]}")
        pages.append(page)
    made = api(pages[0], "POST", "/api/events", {"kind": "duplicate", "game": "three-two-five", "boards": 1,
                                                 "bots": "random", "hours": 1})
    event = made["id"]  # type: ignore[index]
    title = "Duplicate: 3-2-5 (Teen Do Paanch), 1 board"
    pages[0].goto(server.url + "/events")
    assert axe_violations(pages[0]) == []
    play_first_board(pages[0], server.url, event, title)
    assert axe_violations(pages[0]) == []
    # the second person, not yet played: board 1 is not shown to them
    pages[1].goto(f"{server.url}/events/{event}/boards/1")
    expect(pages[1].get_by_role("alert")).to_contain_text("shown once you have finished it")
    assert axe_violations(pages[1]) == []
    play_first_board(pages[1], server.url, event, title)
    play_first_board(pages[2], server.url, event, title)
    pages[2].goto(f"{server.url}/events/{event}")
    press_link(pages[2], "Board 1")
    expect(pages[2].locator("main p").first).to_contain_text("Board 1: your score")
    expect(pages[2].get_by_text("of 3 did better")).to_be_visible()
    assert axe_violations(pages[2]) == []  # 375 px wide
    closed = api(pages[0], "POST", f"/api/events/{event}/close")
    assert closed["status"] == "over"  # type: ignore[index]
    for page in pages:
        page.goto(f"{server.url}/events/{event}")
        expect(page.get_by_role("heading", name="Final standings")).to_be_visible()
        expect(page.locator("table.scores tbody tr")).to_have_count(3)
        press_link(page, "Board 1")
        expect(page.locator("table.scores tbody tr")).to_have_count(3)
        expect(page.get_by_role("heading", name="How often each score was made")).to_be_visible()
        assert axe_violations(page) == []
    replay = pages[1].get_by_role("link").filter(has_text="Replay of").first
    replay.focus()
    pages[1].keyboard.press("Enter")
    pages[1].wait_for_url("**/replay?invite=*", wait_until="commit")
    expect(pages[1].locator("h1")).to_be_visible()
