"""Driving the pages with the keyboard only, as a person would: Tab, arrows, Enter, shortcuts.

`Locator.focus()` is used only where a person would press Tab a known number of times (to
reach a form field); choosing and playing are done with the page's keys (J jumps to the
choices, arrows move, Enter plays)."""

from __future__ import annotations

import random
from typing import Any

from playwright.sync_api import Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

TURN = "() => document.getElementById('table-root').dataset.turn"


def pick_name(page: Page, base: str, name: str) -> None:
    page.goto(base + "/")
    page.locator("#name").focus()
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    expect(page.locator("#whoami")).to_have_text(f"You are {name}")


def open_create(page: Page) -> None:
    """Open the lobby's "Create a table" panel (collapsed on the first screen): its heading, Enter."""
    if not page.locator("#create-panel").evaluate("d => d.open"):
        page.locator("#create-panel > summary").focus()
        page.keyboard.press("Enter")
    expect(page.locator("#game")).to_be_visible()


def create_table(page: Page, game: str, options: dict[str, Any], seats: list[str], private: bool = False) -> str:
    """Open the lobby's "Create a table" panel and fill its form with the keyboard; create the
    table and return its page URL."""
    open_create(page)
    page.locator("#game").focus()
    page.locator("#game").select_option(game)  # a keyboard user types the name; same result
    for name, value in options.items():
        field = page.locator(f"#opt-{name}")
        field.focus()
        if field.get_attribute("type") == "checkbox":
            if field.is_checked() != bool(value):
                page.keyboard.press("Space")
        elif field.evaluate("f => f.tagName") == "SELECT":  # its choices are in words: chosen by value
            field.select_option(str(value))
        else:
            page.keyboard.press("Control+A")
            page.keyboard.type(str(value))
            page.keyboard.press("Tab")
    # the seats follow the options once the room has answered for them (the form asks it)
    expect(page.locator("#seats select")).to_have_count(len(seats))
    for i, seat in enumerate(seats):
        page.locator(f"#seat-{i}").select_option(seat)
    if private:
        page.locator("#private").focus()
        page.keyboard.press("Space")
    page.get_by_role("button", name="Create the table").focus()
    page.keyboard.press("Enter")
    try:
        page.wait_for_url("**/tables/*", timeout=60_000, wait_until="commit")  # what follows waits for what it reads
    except PlaywrightTimeout:
        said = page.evaluate("() => [...document.querySelectorAll('#lobby-error, #create-error, #lobby-status, #people-alert')]"
                             ".map(e => e.id + ': ' + e.textContent).join(' | ')")
        raise AssertionError(f"no table page 60 s after Create the table; at {page.url} the lobby says: {said}") from None
    if private:  # the host is taken to the table, whose page shows the invite link with a Copy button
        expect(page.locator("#invite-link")).to_have_value(page.url)
    return page.url


def wait_turn(page: Page, timeout: float = 60_000) -> str:
    page.wait_for_function(f"() => ['mine', 'over'].includes(({TURN})())", timeout=timeout)
    return str(page.evaluate(TURN))


def play_one(page: Page, rng: random.Random) -> None:
    """Play one whole action on the player's turn: J to the choices, arrows to a random legal
    button, Enter; again for each step of a composite choice, for each use of a card shown at
    the card, and for each card of a "select, then confirm" (then Tab to Confirm, Enter), until
    the table moves on."""
    version = page.evaluate("() => document.getElementById('table-root').dataset.version")
    page.keyboard.press("j")
    for _ in range(40):
        group = page.evaluate("""() => {
            const a = document.activeElement, g = a && a.closest('#hand, #choices, #uses');
            if (!g) return null;
            const bs = [...g.querySelectorAll('button')];
            return {at: bs.indexOf(a), ids: bs.map(b => b.dataset.id || b.dataset.card || b.dataset.play || ''),
                    ok: bs.map(b => b.getAttribute('aria-disabled') !== 'true' && b.dataset.id !== 'back'
                                    && b.getAttribute('aria-pressed') !== 'true' && !b.classList.contains('cancel'))};
        }""")
        assert group is not None, "J did not reach the choices: " + page.inner_text("#status")
        usable = [i for i, ok in enumerate(group["ok"]) if ok]
        target = rng.choice(usable)
        steps = target - group["at"]
        key = "ArrowRight" if steps >= 0 else "ArrowLeft"
        if page.evaluate("() => Boolean(document.activeElement.closest('#uses'))"):
            key = "Tab" if steps >= 0 else "Shift+Tab"  # the uses at a card are a column: Tab walks them
        for _ in range(abs(steps)):
            page.keyboard.press(key)
        chosen = group["ids"][target]
        page.keyboard.press("Enter")
        if chosen and chosen.startswith("step:"):
            continue
        if page.locator("#uses").is_visible():
            continue
        if page.locator("#select-bar").is_visible():
            if page.get_attribute("#select-confirm", "aria-disabled") != "false":
                continue
            page.locator("#select-confirm").focus()  # a person Tabs past the hand to it
            page.keyboard.press("Enter")
            page.wait_for_function("() => !document.getElementById('hand').dataset.sending", timeout=30_000)
            return
        page.wait_for_function(
            "v => document.getElementById('table-root').dataset.version !== v || document.getElementById('alert').textContent",
            arg=version, timeout=30_000)
        alert = page.inner_text("#alert")
        assert not alert, f"the move was refused: {alert}"
        return
    raise AssertionError("a composite choice did not end within 40 steps")


def play_to_end(page: Page, rng: random.Random, max_moves: int = 3000) -> int:
    """Play the seat with the keyboard until the game is over; return the number of moves."""
    for moves in range(max_moves):
        if wait_turn(page) == "over":
            return moves
        play_one(page, rng)
    raise AssertionError(f"the game did not end within {max_moves} moves")


def start_game(page: Page) -> None:
    """The host starts the game with Enter (the rulebook's key) once every seat is taken."""
    expect(page.locator("#start")).to_be_visible()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => ({TURN})() !== 'waiting'")
