"""Take the README's pictures of the table page from real games (docs/images/table-*.png).

Starts `python -m cardhall serve` on a free port (a temporary database; bots at pace 0), opens
the lobby in Debian's Chromium (Playwright) and plays, as a person would:

- `table-hearts.png` (1280×800): "Play Hearts with bots" (one click, medium bots), the three
  cards passed by clicks, then cards played by clicks until a whole trick is held on the felt;
- `table-hearts-phone.png` (375×800): the same table on a phone, as it opens (no scrolling);
- `table-five-towers-phone.png` (375×800): 5 Towers against a bot, bidding by a click on the
  offer, then a build begun by clicks (a card taken and put on its tower);
- `table-clash-phone.png` (375×800): Clash of Decks, the board (scrolled to its top) and the
  hand's cards with their cost, attack, health and abilities;
- `table-hearts-end.png` (1280×800): a short Hearts game (three players, to 1 point) to its end
  screen;
- `lobby.png` (1366×768) and `lobby-phone.png` (375×800): the lobby's first screen, after those
  games (the tables are listed).

    python scripts/table_images.py [--out docs/images] [--seed 1]

Look at each picture before committing it (they show whatever the random deals gave).
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.conftest import ARGS, CHROMIUM, Server  # the tests' server and browser flags
from tests.web.helpers import create_table, pick_name, play_one, play_to_end, start_game, wait_turn

HELD = "() => { const f = document.getElementById('felt'); return Boolean(f) && f.dataset.held === '1'; }"
MODEL = "window.cardhallModel"


def long_hold(page) -> None:
    """A finished trick stays on the felt until the picture is taken."""
    page.evaluate("() => localStorage.setItem('cardhall.settings', JSON.stringify({hold: 600000}))")


def click_a_card(page, rng: random.Random) -> None:
    """Play one card of the hand by a click (Hearts' passing: select three, then confirm)."""
    version = page.evaluate(f"() => {MODEL}.version")
    playable = page.locator('#hand button.card[aria-disabled="false"]')
    if page.locator("#select-bar").is_visible():
        for i in rng.sample(range(playable.count()), 3):
            playable.nth(i).click()
        page.locator("#select-confirm").click()
        page.wait_for_function("() => !document.getElementById('hand').dataset.sending")
        return
    playable.nth(rng.randrange(playable.count())).click()
    page.wait_for_function(f"v => {MODEL}.version > v", arg=version)


def hearts(browser, url: str, out: Path, rng: random.Random) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    pick_name(page, url, "Kim")
    long_hold(page)
    page.get_by_role("button", name="Play Hearts with bots").click()
    page.wait_for_url("**/tables/*")
    page.wait_for_function("() => window.cardhallLast && document.getElementById('felt')")
    for _ in range(60):
        if page.evaluate(HELD) and wait_turn(page) == "mine":
            break
        if wait_turn(page) == "mine":
            click_a_card(page, rng)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.mouse.move(0, 0)
    page.screenshot(path=str(out / "table-hearts.png"))
    page.set_viewport_size({"width": 375, "height": 800})
    page.evaluate("() => window.scrollTo(0, 0)")
    page.wait_for_function("() => document.getElementById('felt').clientWidth < 480")
    page.screenshot(path=str(out / "table-hearts-phone.png"))
    page.close()


def five_towers(browser, url: str, out: Path, rng: random.Random) -> None:
    page = browser.new_page(viewport={"width": 375, "height": 800})
    pick_name(page, url, "Kim")
    create_table(page, "five-towers", {"players": 2}, ["me", "bot:medium"])
    start_game(page)
    for _ in range(80):
        assert wait_turn(page) == "mine"
        legal = page.evaluate(f"() => {MODEL}.legal()")
        builds = [n for n in legal if n.startswith("take ")]
        towers = page.evaluate(f"() => Object.values({MODEL}.view().towers[{MODEL}.seat()]).flat().length")
        if builds and towers >= 4:  # a few towers stand already: the picture shows stacks
            place = builds[0].split("place ")[1].split()
            page.locator(f'#board .offer .ft-card[data-card="{place[0]}"]').first.click()
            page.locator(f'#board .ft-player.building .ft-tower[data-tower="{place[0][0]}"]').click()
            if len(place) > 1:
                page.locator(f'#board .offer .ft-card[data-card="{place[1]}"]:not(.used)').first.click()
            break
        bids = [int(n.split()[1]) for n in legal if n.startswith("bid ")]
        if bids and max(bids):
            version = page.evaluate(f"() => {MODEL}.version")
            page.locator("#board .offer .ft-card").nth(max(bids) - 1).click()
            page.wait_for_function(f"v => {MODEL}.version > v", arg=version)
            continue
        play_one(page, rng)
    page.evaluate("() => window.scrollTo(0, 0)")
    page.screenshot(path=str(out / "table-five-towers-phone.png"))
    page.close()


def clash(browser, url: str, out: Path, rng: random.Random) -> None:
    page = browser.new_page(viewport={"width": 375, "height": 800})
    pick_name(page, url, "Kim")
    create_table(page, "clash-of-decks", {}, ["me", "bot:medium"])
    start_game(page)
    for _ in range(40):
        assert wait_turn(page) == "mine"
        creatures = page.evaluate(f"() => {MODEL}.view().board.flat(2).length")
        if creatures >= 3 and page.evaluate(f"() => {MODEL}.legal().some(n => n.startsWith('summon '))"):
            break
        play_one(page, rng)
    page.mouse.move(0, 0)
    # the board at the top of the screen: the board, the choices and the hand's cards below it
    page.evaluate("() => window.scrollTo(0, document.getElementById('board').getBoundingClientRect().top + window.scrollY - 8)")
    page.screenshot(path=str(out / "table-clash-phone.png"))
    page.close()


def hearts_end(browser, url: str, out: Path, rng: random.Random) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    pick_name(page, url, "Kim")
    create_table(page, "hearts", {"players": 3, "target": 1}, ["me", "bot:medium", "bot:medium"])
    start_game(page)
    play_to_end(page, rng)
    page.wait_for_function("() => !document.getElementById('felt').dataset.held")
    page.evaluate("() => window.scrollTo(0, 0)")
    page.mouse.move(0, 0)
    page.screenshot(path=str(out / "table-hearts-end.png"))
    page.close()


def lobby(browser, url: str, out: Path, rng: random.Random) -> None:
    """The lobby's first screen: the games' tiles, the tables and today's events."""
    for name, size in (("lobby.png", {"width": 1366, "height": 768}), ("lobby-phone.png", {"width": 375, "height": 800})):
        page = browser.new_page(viewport=size)
        page.goto(url + "/")
        page.wait_for_load_state("networkidle")
        page.screenshot(path=str(out / name))
        page.close()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path(__file__).resolve().parents[1] / "docs" / "images")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    from playwright.sync_api import sync_playwright

    args.out.mkdir(parents=True, exist_ok=True)
    server = Server(Path(tempfile.mkdtemp(prefix="cardhall-images-")))
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for take in (hearts, five_towers, clash, hearts_end, lobby):
                take(browser, server.url, args.out, random.Random(args.seed))
                print(f"{take.__name__}: done")
            browser.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
