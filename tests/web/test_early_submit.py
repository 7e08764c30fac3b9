"""A person who presses Enter before the page's scripts are ready loses nothing: the form is not
sent the browser's way (a reload with the fields in the address), and the script sends it once it
takes the form. The scripts are held back on purpose here, as a slow machine or network would."""

from __future__ import annotations

import uuid

from playwright.sync_api import Route, expect


def hold(page, pattern: str) -> list[Route]:
    """Hold every request for `pattern` until the test lets it go."""
    held: list[Route] = []
    page.route(pattern, lambda route: held.append(route))
    return held


def let_go(page, pattern: str, held: list[Route]) -> None:
    for route in held:
        route.continue_()
    page.unroute(pattern)


def test_a_name_sent_before_the_lobby_script_is_ready_is_taken_once_it_is(server, browser) -> None:
    page = browser.new_context().new_page()
    held = hold(page, "**/static/lobby.js")
    page.goto(server.url + "/", wait_until="commit")
    name = f"Early{uuid.uuid4().hex[:4]}"
    page.locator("#name").focus()  # the page is drawn; its scripts wait (DOMContentLoaded waits for them)
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    page.wait_for_timeout(300)
    assert "?" not in page.url, f"the form went the browser's way: {page.url}"
    let_go(page, "**/static/lobby.js", held)
    expect(page.locator("#whoami")).to_have_text(f"You are {name}")
    assert "?" not in page.url
    page.context.close()


def test_the_language_picker_still_works_without_its_script(server, browser) -> None:
    """The one form marked data-native: its server answers ?lang= itself."""
    page = browser.new_context().new_page()
    hold(page, "**/static/common.js")  # every page script imports it: none runs
    page.goto(server.url + "/", wait_until="commit")
    page.locator("#lang-pick").select_option("cs")
    page.locator("#lang-form button").focus()
    page.keyboard.press("Enter")
    page.wait_for_url("**/?lang=cs", wait_until="commit")
    expect(page.locator("html")).to_have_attribute("lang", "cs")
    page.context.close()
