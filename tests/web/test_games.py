"""A full game of each of the five games, keyboard only, from the lobby to the final scores,
against random bots; axe-core on each table in mid-play and screenshots at two widths."""

from __future__ import annotations

import random

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from tests.web.conftest import SCREENSHOTS
from tests.web.helpers import create_table, pick_name, play_one, play_to_end, start_game, wait_turn

# short options so a whole game takes seconds: (game, options, seats)
GAMES = [
    ("five-towers", {"players": 2}, ["me", "bot:random"]),
    ("clash-of-decks", {}, ["me", "bot:random"]),
    ("jass", {}, ["me", "bot:random", "bot:random", "bot:random"]),
    ("hearts", {"players": 3, "target": 1}, ["me", "bot:random", "bot:random"]),
    ("three-two-five", {"deals": 1}, ["me", "bot:random", "bot:random"]),
]


def axe_violations(page) -> list[str]:
    results = Axe().run(page)
    return [f"{v['id']}: {v['help']} ({len(v['nodes'])} nodes: {v['nodes'][0]['target']})"
            for v in results.response["violations"]]


TRICK_GAMES = ("jass", "hearts", "three-two-five")
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}
VIEW = "() => window.cardhallLast && window.cardhallLast.view"


def check_trick_panel(page) -> None:
    """The trick games' panel: a labelled region saying trump and the led suit in words, and
    a row per seat with the scores the view holds, the player's own row marked "(you)"."""
    panel = page.get_by_role("region", name="Trump, led suit and scores")
    expect(panel).to_be_visible()
    view = page.evaluate(VIEW)
    facts = panel.locator("#panel-facts")
    if "trump" in view:
        expect(facts.locator("div", has=page.locator("dt", has_text="Trump"))).to_contain_text(
            SUIT_WORDS[view["trump"]] if view["trump"] else "not chosen yet")
    trick = view.get("trick") or []
    if trick:
        first = trick[0][1] if isinstance(trick[0], list) else trick[0]
        expect(facts.locator("div", has=page.locator("dt", has_text="Led suit"))).to_contain_text(SUIT_WORDS[first[-1]])
    rows = panel.locator("tbody tr")
    expect(rows).to_have_count(len(view["scores"]))
    mine = rows.nth(view["seat"])
    expect(mine).to_contain_text("(you)")
    expect(mine.locator("td").last).to_have_text(str(view["scores"][view["seat"]]))
    if "tricks_won" in view:
        expect(panel.locator("thead")).to_contain_text("Tricks won")
        expect(panel.locator("thead")).to_contain_text("Contract")


def said_once(page) -> None:
    """The T answer on your turn repeats the status line (whole, or its part after "Your turn.",
    as in Clash of Decks): announced, but not shown twice."""
    said, line = page.inner_text("#said").strip(), page.inner_text("#status").strip()
    height = page.evaluate("() => document.getElementById('said').getBoundingClientRect().height")
    if said in line:
        assert height <= 1, f"the status line is shown twice: {line!r}"
    else:
        assert height > 1, f"the answer {said!r} is hidden though the status says {line!r}"


@pytest.mark.parametrize(("game", "options", "seats"), GAMES, ids=[g[0] for g in GAMES])
def test_full_game_keyboard_only(server, browser, game, options, seats):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)  # CSP reports land here too
    rng = random.Random(game)
    pick_name(page, server.url, "Kim")
    create_table(page, game, options, seats)
    start_game(page)  # the host starts the game with Enter
    assert wait_turn(page) == "mine"

    # mid-play: a few moves in, then axe, the rulebook keys, and the screenshots
    for _ in range(3):
        if wait_turn(page) == "over":
            break
        play_one(page, rng)
    if wait_turn(page) == "mine":
        assert axe_violations(page) == []
        if game in TRICK_GAMES:
            check_trick_panel(page)
        page.keyboard.press("t")
        expect(page.locator("#said")).not_to_be_empty()
        said_once(page)
        page.keyboard.press("?")
        expect(page.locator("#help")).to_be_visible()
        expect(page.locator("#help-keys")).to_contain_text("whose turn")
        page.keyboard.press("Escape")
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"{game}-1280.png"), full_page=True)
        page.set_viewport_size({"width": 375, "height": 800})
        page.evaluate("() => window.scrollTo(0, 0)")
        page.screenshot(path=str(SCREENSHOTS / f"{game}-375.png"))  # what a phone shows without scrolling
        on_phone = page.evaluate("""() => {
            const board = document.querySelector('#felt, #board').getBoundingClientRect();
            const card = document.querySelector('#hand button, #choices button').getBoundingClientRect();
            return {board: [board.top, board.bottom], card: [card.top, card.bottom]};
        }""")
        assert on_phone["board"][0] >= 0 and on_phone["board"][1] <= 800, on_phone  # the table whole on screen
        assert on_phone["card"][1] <= 800, on_phone  # and the hand's first row (or the first choice) below it
        overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
        assert overflow <= 0, f"the page scrolls sideways at 375 px by {overflow} px"
        for width in (320, 640):  # WCAG reflow: 320 CSS px, and 1280 px at 200 % zoom
            page.set_viewport_size({"width": width, "height": 800})
            overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
            assert overflow <= 0, f"the page scrolls sideways at {width} px by {overflow} px"
        page.set_viewport_size({"width": 1280, "height": 800})

    play_to_end(page, rng)
    expect(page.locator("#status")).to_contain_text("Game over")
    check_end_screen(page, len(seats))
    page.wait_for_function("() => { const f = document.getElementById('felt'); return !f || f.dataset.held !== '1'; }")
    page.wait_for_timeout(500)  # the last trick has gone to its winner
    SCREENSHOTS.mkdir(exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"{game}-end-1280.png"), full_page=True)
    page.set_viewport_size({"width": 375, "height": 800})
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(SCREENSHOTS / f"{game}-end-375.png"))
    page.set_viewport_size({"width": 1280, "height": 800})
    expect(page.locator("#log .result")).to_have_text(page.inner_text("#status"))
    if game == "five-towers":
        play_again(page, game, seats)
    assert errors == []
    context.close()


def check_end_screen(page, seats: int) -> None:
    """The end screen: the standings (a row per seat, the winners first and marked), Play again
    and Back to the lobby; axe finds nothing there either."""
    end = page.get_by_role("region", name="The game is over")
    expect(end).to_be_visible()
    expect(end.locator("#standings li")).to_have_count(seats)
    view = page.evaluate(VIEW)
    if view.get("winners"):
        expect(end.locator("#standings li").first).to_contain_text("winner")
    expect(end.get_by_role("button", name="Play again")).to_be_visible()
    expect(end.get_by_role("link", name="Back to the lobby")).to_have_attribute("href", "/")
    assert axe_violations(page) == []


def play_again(page, game: str, seats: list[str]) -> None:
    """Play again: a new table of the same game and options, the same bots, the host seated."""
    old = page.url
    page.get_by_role("button", name="Play again").click()
    page.wait_for_url(lambda url: url != old and "/tables/" in url)
    page.wait_for_function("() => window.cardhallLast && window.cardhallLast.seats")
    new = page.evaluate("() => window.cardhallLast.seats.map(s => s.kind === 'bot' ? 'bot:' + s.bot : s.kind)")
    assert new == ["person" if s == "me" else s for s in seats]
    assert page.evaluate("() => window.cardhallModel.summary.game") == game


def test_putz_panel_says_the_talon(server, browser):
    """Putz (too long for a whole game here): the panel in mid-deal, with the talon's state."""
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    rng = random.Random("putz")
    pick_name(page, server.url, "Kim")
    create_table(page, "putz", {"players": 3}, ["me", "bot:random", "bot:random"])
    start_game(page)
    for _ in range(12):
        if wait_turn(page) == "mine" and page.evaluate(VIEW)["phase"] == "play":
            break
        play_one(page, rng)
    assert page.evaluate(VIEW)["phase"] == "play"
    check_trick_panel(page)
    view = page.evaluate(VIEW)
    talon = page.locator("#panel-facts div", has=page.locator("dt", has_text="Talon"))
    expect(talon).to_contain_text("taken by" if view["talon_taken_by"] >= 0 else "not taken")
    overflow = page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"the page scrolls sideways at 375 px by {overflow} px"
    assert axe_violations(page) == []
    context.close()
