"""The table page is a game screen on a desktop and a phone (issue 37): at 1280×800, 1366×768,
1920×1080 and 375×800, at your turn, the game's picture (a phone's: the felt, the towers or the
lanes; its scores panel comes after the hand), the first row of your hand and your choices lie
within the viewport without scrolling, in every game (Hearts 3/4, Jass, Putz 3/5, 3-2-5,
5 Towers 2, 3, 4 and 5, Clash of Decks). The spans are measured as scripts/measure_span.py
measures them, over the script's own list of tables."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.web.conftest import SCREENSHOTS
from tests.web.helpers import create_table, pick_name, start_game, wait_turn

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from measure_span import GAMES, SPAN  # the script's own table list and measure

SIZES = [(1280, 800), (1366, 768), (1920, 1080), (375, 800)]
GAMES_HERE = GAMES


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_picture_first_hand_row_and_choices_fit_one_screen_at_your_turn(server, browser, size):
    width, height = size
    too_low = []
    for game, (name, options, seats) in GAMES_HERE.items():
        page = browser.new_page(viewport={"width": width, "height": height})
        pick_name(page, server.url, "Kim")
        create_table(page, name, options, seats)
        start_game(page)
        assert wait_turn(page) == "mine"
        page.evaluate("() => window.scrollTo(0, 0)")
        spans = page.evaluate(SPAN)
        assert spans["picture"] > 0, f"{game}: no picture"
        assert spans["hand_first_row"] or spans["choices"], f"{game}: neither hand nor choices at your turn"
        page.screenshot(path=str(SCREENSHOTS / f"game-screen-{game}-{width}x{height}.png"))
        for part in ("picture", "hand_first_row", "choices"):
            if spans[part] > height:
                too_low.append(f"{game}: {part} ends at {spans[part]} px, below {height}")
        page.close()
    assert not too_low, "; ".join(too_low)
