"""The table page is a game screen on a desktop and a phone (issue 37): at 1280×800, 1366×768,
1920×1080 and 375×800, at your turn, the game's picture (a phone's: the felt, the towers or the
lanes; its scores panel comes after the hand), EVERY card of your hand (every row, not only the
first), every choice and every card of the trick lie wholly within the viewport without scrolling
(bottom ≤ the viewport's height, right ≤ its width) and nothing scrolls sideways, in every game
(Hearts 3/4, Jass, Putz 3/5, 3-2-5, 5 Towers 2, 3, 4 and 5, Clash of Decks). The spans are
measured as scripts/measure_span.py measures them, over the script's own list of tables.

One table per game, measured at each size in turn (the window resized, as a person turns a phone or
resizes a window): the same hand at every size, and eleven tables instead of forty-four."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from tests.web.conftest import SCREENSHOTS
from tests.web.helpers import create_table, pick_name, start_game, wait_turn

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "scripts"))
from measure_span import GAMES, SPAN  # the script's own table list and measure

SIZES = [(375, 800), (1280, 800), (1366, 768), (1920, 1080)]
GAMES_HERE = GAMES
# the cards on the felt are placed for the felt's width (felt.js notes it): a resize has been answered
PLACED = "() => [...document.querySelectorAll('.felt')].every(f => f.dataset.width === String(f.clientWidth))"


@pytest.mark.parametrize("game", list(GAMES_HERE))
def test_picture_whole_hand_and_choices_fit_one_screen_at_your_turn(server, browser, game):
    name, options, seats = GAMES_HERE[game]
    width, height = SIZES[0]
    page = browser.new_page(viewport={"width": width, "height": height})
    pick_name(page, server.url, "Kim")
    create_table(page, name, options, seats)
    start_game(page)
    assert wait_turn(page) == "mine"
    too_far = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        page.wait_for_function(PLACED)
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => requestAnimationFrame(r)))")  # laid out anew
        page.evaluate("() => window.scrollTo(0, 0)")
        spans = page.evaluate(SPAN)
        page.screenshot(path=str(SCREENSHOTS / f"game-screen-{game}-{width}x{height}.png"))
        at = f"{game} at {width}×{height}"
        assert spans["picture"] > 0, f"{at}: no picture"
        assert spans["hand_first_row"] or spans["choices"], f"{at}: neither hand nor choices at your turn"
        for part in ("picture", "hand", "choices"):
            if spans[part] > height:
                too_far.append(f"{at}: the {part} ends at {spans[part]} px, below {height}")
        too_far += [f"{at}: {what}, not wholly inside {width}×{height}" for what in spans["outside"]]
        if spans["wide"] > width:
            too_far.append(f"{at}: the page is {spans['wide']} px wide, it scrolls sideways")
    page.close()
    assert not too_far, "; ".join(too_far)
