"""Measure how far down the table page reaches at your turn: the bottom (px, from the page's top,
unscrolled) of the game's picture, the first row of the hand, the whole hand and the choices, per
game and viewport, and every card of the hand, choice or card of the trick that is not wholly
inside the viewport (`outside`). A figure above the viewport's height means the player scrolls to
play.

Starts `python -m cardhall serve` (a temporary database; bots at pace 0), opens the lobby in
Debian's Chromium (Playwright), creates each table against random bots and waits for your turn.

    python scripts/measure_span.py [--sizes 1280x800,1366x768,1920x1080,375x800] [--games hearts3,jass]
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.conftest import ARGS, CHROMIUM, Server  # the tests' server and browser flags
from tests.web.helpers import create_table, pick_name, start_game, wait_turn

GAMES: dict[str, tuple[str, dict[str, object], list[str]]] = {
    "hearts3": ("hearts", {"players": 3}, ["me", "bot:random", "bot:random"]),
    "hearts4": ("hearts", {"players": 4}, ["me", "bot:random", "bot:random", "bot:random"]),
    "jass": ("jass", {}, ["me", "bot:random", "bot:random", "bot:random"]),
    "putz3": ("putz", {"players": 3}, ["me", "bot:random", "bot:random"]),
    "putz5": ("putz", {"players": 5}, ["me"] + ["bot:random"] * 4),
    "three-two-five": ("three-two-five", {"deals": 1}, ["me", "bot:random", "bot:random"]),
    "five-towers2": ("five-towers", {"players": 2}, ["me", "bot:random"]),
    "five-towers3": ("five-towers", {"players": 3}, ["me"] + ["bot:random"] * 2),
    "five-towers4": ("five-towers", {"players": 4}, ["me"] + ["bot:random"] * 3),
    "five-towers5": ("five-towers", {"players": 5}, ["me"] + ["bot:random"] * 4),
    "clash": ("clash-of-decks", {}, ["me", "bot:random"]),
}

SPAN = """() => {
  const bottom = (el) => el ? Math.round(el.getBoundingClientRect().bottom + window.scrollY) : 0;
  const hand = [...document.querySelectorAll('#hand button.card')];
  const firstTop = hand.length ? Math.min(...hand.map(b => b.getBoundingClientRect().top)) : 0;
  const firstRow = hand.filter(b => Math.abs(b.getBoundingClientRect().top - firstTop) < 4);
  // the choices: the picker's buttons and, while cards are chosen together (Hearts' passing), the bar's
  const choices = [...document.querySelectorAll('#choices button, #select-bar button')].filter(b => b.getClientRects().length);
  // a phone (one column) puts what of the picture comes after the move in the page's order (the
  // game's panel with trump and scores, a setting) after the hand by design: its picture is the
  // felt, the towers or the lanes
  const phone = getComputedStyle(document.querySelector('.layout')).display === 'flex';
  const playOrder = Number(getComputedStyle(document.querySelector('.play')).order);
  const parts = [...document.querySelectorAll('#picture > *')]
    .filter(p => !(phone && Number(getComputedStyle(p).order) > playOrder));
  // every card of the hand (its button and its face), every choice and every card of the trick: the
  // ones not wholly inside the viewport as the page stands (unscrolled when measured so)
  const box = (e) => e.getBoundingClientRect();
  const inside = (r) => r.left >= 0 && r.top >= 0 && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  const named = [...hand.map(b => [`card ${b.dataset.card}`, b]),
                 ...hand.map(b => [`face of ${b.dataset.card}`, b.querySelector('.pcard')]),
                 ...choices.map(b => [`choice "${b.textContent.trim()}"`, b]),
                 ...[...document.querySelectorAll('.felt .pot > .pcard:not(.gone)')].map(c => ['a card of the trick', c])];
  const outside = named.filter(([, e]) => e && !inside(box(e))).map(([what, e]) => {
    const r = box(e);
    return `${what} at ${Math.round(r.left)}–${Math.round(r.right)} × ${Math.round(r.top)}–${Math.round(r.bottom)}`;
  });
  return {
    // the picture's parts (a desktop lays them out with `display: contents` on #picture): the lowest
    picture: phone ? Math.max(0, ...parts.map(bottom))
                   : Math.max(bottom(document.getElementById('picture')), ...parts.map(bottom)),
    hand_first_row: firstRow.length ? Math.max(...firstRow.map(bottom)) : 0,
    hand: hand.length ? Math.max(...hand.map(bottom)) : 0,
    choices: choices.length ? Math.max(...choices.map(bottom)) : 0,
    page: document.documentElement.scrollHeight,
    wide: document.documentElement.scrollWidth,
    outside,
  };
}"""


def measure(server_url: str, browser, game: str, width: int, height: int) -> dict[str, object]:
    """One table of `game` at one viewport: its spans at your first turn."""
    name, options, seats = GAMES[game]
    page = browser.new_page(viewport={"width": width, "height": height})
    pick_name(page, server_url, "Kim")
    create_table(page, name, options, seats)
    start_game(page)
    wait_turn(page)
    page.evaluate("() => window.scrollTo(0, 0)")
    spans = page.evaluate(SPAN)
    page.close()
    return {"game": game, "viewport": f"{width}x{height}", **spans}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1280x800,1366x768,1920x1080,375x800")
    parser.add_argument("--games", default=",".join(GAMES))
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    server = Server(Path(tempfile.mkdtemp(prefix="cardhall-span-")))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for size in args.sizes.split(","):
                width, height = (int(x) for x in size.split("x"))
                for game in args.games.split(","):
                    print(json.dumps(measure(server.url, browser, game, width, height)), flush=True)
            browser.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
