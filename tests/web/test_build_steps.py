"""Every multi-choice step said, with its count (issue 38, point 3): a 5 Towers build is chosen in
three steps when it has many ways (the cards taken, the tower top demolished, where each card
goes); each answer given by keyboard is said once with the next step's number of all and its
question ("Chosen: take Candy 9 and Sand 8. Step 2 of 3: Which tower top do you demolish?"), and
focus stays on the step's choices — never on the page's body."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from tests.web.helpers import create_table, pick_name, start_game, wait_turn

SAID = "() => document.getElementById('said').textContent"
VERSION = "() => document.getElementById('table-root').dataset.version"


def stepped_build(page) -> list[str] | None:
    """Bid 3 (a build of 3 cards has many ways) until a build of mine is asked in steps: its
    choices' labels, or None if the game ended first."""
    for _ in range(80):
        if wait_turn(page) != "mine":
            return None
        labels = page.locator("#choices button").all_inner_texts()
        if any(t.endswith("…") for t in labels):  # an answer that leads to a next step
            return labels
        pick = next((i for want in ("bid 3 ", "bid 2 ", "bid 4 ") for i, t in enumerate(labels) if t.startswith(want)), 0)
        version = page.evaluate(VERSION)
        page.locator("#choices button").nth(pick).click()
        page.wait_for_function(f"() => ({VERSION})() !== {version!r}")  # the move is in: the next turn is a new one
    return None


def test_a_5_towers_build_step_by_step_by_keyboard(server, browser):
    context = browser.new_context()
    page = context.new_page()
    pick_name(page, server.url, "Ivo")
    for _ in range(4):  # a game's random deals may give no build of several ways: then another game
        page.goto(server.url + "/")
        create_table(page, "five-towers", {"players": 2}, ["me", "bot:random"])
        start_game(page)
        labels = stepped_build(page)
        if labels:
            break
    else:
        raise AssertionError("no build of mine was asked in steps in four games")
    page.wait_for_timeout(800)  # a listener hears the turn before answering (a later turn line would cover the step's)
    at = next(i for i, t in enumerate(labels) if t.endswith("…"))
    answer = labels[at].rstrip(" …")
    page.locator("#choices button").nth(at).focus()
    assert page.evaluate("() => document.activeElement.textContent") == labels[at]
    page.keyboard.press("Enter")
    # the next step asked: the second, or the third when the second has one answer only (taken at once)
    expect(page.locator("#said")).to_contain_text(re.compile(r"Step [23] of 3: "))
    said = page.evaluate(SAID)
    assert said.startswith(f"Chosen: {answer}."), said
    assert page.evaluate("() => document.activeElement.closest('#choices') !== null")  # never the page's body
    focused = page.evaluate("() => document.activeElement.textContent")
    if focused.endswith("…") and "Step 2 of 3" in said:  # the third step asked too (not a single way left)
        page.keyboard.press("Enter")
        expect(page.locator("#said")).to_contain_text("Step 3 of 3:")
    context.close()
