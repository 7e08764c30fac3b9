"""Every multi-choice step said, with its count (issue 38, point 3): a 5 Towers build is chosen in
three steps (the cards taken, the tower top demolished, where each card goes); each answer given
by keyboard is said once with the next step's number of all and its question, and focus stays on
the step's choices — never on the page's body."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.helpers import create_table, pick_name, start_game, wait_turn

SAID = "() => document.getElementById('said').textContent"


def test_a_5_towers_build_step_by_step_by_keyboard(server, browser):
    context = browser.new_context()
    page = context.new_page()
    pick_name(page, server.url, "Ivo")
    create_table(page, "five-towers", {"players": 2}, ["me", "bot:random"])
    start_game(page)
    for _ in range(12):  # bid until a build of mine asks its steps (a bid of 5 wins the bidding)
        assert wait_turn(page) == "mine"
        if "Which cards" in page.locator("#picker-path").inner_text():
            break
        page.locator("#choices button").last.click()
    else:
        raise AssertionError("no build of mine came")
    first = page.locator("#choices button").first
    answer = first.inner_text().rstrip(" …")
    first.focus()
    page.keyboard.press("Enter")
    expect(page.locator("#said")).to_contain_text("Step 2 of 3:")
    said = page.evaluate(SAID)
    assert said.startswith(f"Chosen: {answer}."), said
    assert page.evaluate("() => document.activeElement.closest('#choices') !== null")
    page.keyboard.press("Enter")
    expect(page.locator("#said")).to_contain_text("Step 3 of 3:")
    context.close()
