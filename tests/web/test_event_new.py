"""The create-event page (/events/new) in a real browser, by keyboard alone, at 1366×768 and 375×800:
a person with an account fills in the form, a wrong value gets the room's sentence on the page (the
field marked and focused, nothing made), the right ones make the event and open its page; a visitor
without an account is told to register; axe-core finds nothing, and nothing is wider than the screen."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import Page, expect

from tests.web.test_events import api, press_link
from tests.web.test_games import axe_violations
from tests.web.test_people import register_in_lobby

SIZES = [(1366, 768), (375, 800)]


def retype(page: Page, label: str, text: str) -> None:
    page.get_by_label(label, exact=True).focus()
    page.keyboard.press("Control+A")
    page.keyboard.type(text)


def fits(page: Page, width: int) -> None:
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    page.screenshot(path=f"/tmp/event-new-{width}.png", full_page=True)


@pytest.mark.parametrize(("width", "height"), SIZES)
def test_an_account_makes_an_event_by_keyboard_and_reads_what_was_wrong(server, browser, width: int, height: int) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    stranger = page.context.browser.new_context(viewport={"width": width, "height": height}).new_page()  # type: ignore[union-attr]
    stranger.goto(server.url + "/events/new")
    expect(stranger.get_by_text("Events are made by accounts: log in or register in the lobby first.")).to_be_visible()
    assert stranger.locator("form#new-event").count() == 0
    assert axe_violations(stranger) == []
    register_in_lobby(page, server.url, f"Maker{uuid.uuid4().hex[:4]}")
    before = len(api(page, "GET", "/api/events")["events"])  # type: ignore[index]
    page.goto(server.url + "/events")
    press_link(page, "Make an event")
    expect(page.locator("h1")).to_have_text("Make an event")
    expect(page.locator("#new-event[data-ready]")).to_be_attached()
    assert axe_violations(page) == []
    retype(page, "Boards", "0")
    page.keyboard.press("Enter")  # submits the form
    alert = page.get_by_role("alert")
    expect(alert).to_have_text("Boards is a whole number from 1 to 32; got 0")
    expect(page.get_by_label("Boards", exact=True)).to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Boards", exact=True)).to_be_focused()
    assert axe_violations(page) == []  # with the error shown
    fits(page, width)
    retype(page, "Boards", "2")
    retype(page, "Open for (hours)", "0")
    page.keyboard.press("Enter")
    expect(alert).to_have_text("Hours is a number above 0 and at most 336; got 0.0")
    expect(page.get_by_label("Boards", exact=True)).not_to_have_attribute("aria-invalid", "true")
    expect(page.get_by_label("Open for (hours)", exact=True)).to_be_focused()
    assert len(api(page, "GET", "/api/events")["events"]) == before  # type: ignore[index]  # nothing made
    retype(page, "Open for (hours)", "2")
    page.get_by_label("Game", exact=True).focus()
    page.keyboard.type("Hearts")  # the select's type-ahead
    expect(page.get_by_label("Game", exact=True)).to_have_value("hearts")
    page.get_by_label("The bots", exact=True).focus()
    page.keyboard.type("Easy")
    expect(page.get_by_label("The bots", exact=True)).to_have_value("easy")
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")  # the hours field, then the button
    expect(page.get_by_role("button", name="Make the event")).to_be_focused()
    page.keyboard.press("Enter")
    page.wait_for_url("**/events/*", wait_until="commit")
    expect(page.locator("h1")).to_have_text("Duplicate: Hearts, 2 boards")
    event = page.url.rsplit("/", 1)[1]
    made = api(page, "GET", f"/api/events/{event}")
    assert made["bots"] == "easy" and made["boards"] == 2 and made["game"] == "hearts"  # type: ignore[index]
    assert abs(made["closes"] - made["created"] - 2 * 3600) < 1  # type: ignore[index]
    assert axe_violations(page) == []
    context.close()
