"""Measure the table page as a mouse player feels it: how long from a click on a card to that
card drawn on the table, and whether the page moves under the pointer.

Starts `python -m cardhall serve` on a free port (a temporary database; bots at pace 0), opens
the lobby in Debian's Chromium (Playwright), creates a Hearts table against two bots and plays
by clicking cards with the mouse. For each click it takes the time from the pointer going down
(in the page) to the card's face appearing on the felt (a MutationObserver), the hand's top
before the click and after the table answered, and once per deal it clicks a card that cannot
be played, so the error line appears, and checks that the hand did not move. The browser's
own layout-shift entries (those not right after an input) are summed too.

    python scripts/measure_table.py [--moves 40] [--width 1280 --height 800] [--json]

Prints the median and 90th percentile click-to-drawn time, the largest move of the hand's top,
the hand's move when the error line appeared, and the layout-shift score; exits 1 when the
hand moved under the pointer (more than 1 px).
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.web.conftest import ARGS, CHROMIUM, Server  # the tests' server and browser flags
from tests.web.helpers import create_table, pick_name, start_game

WATCH = """() => {
  window.__m = {down: null, drawn: {}, shifts: 0, sources: {}};
  document.addEventListener('pointerdown', () => { window.__m.down = performance.now(); }, true);
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (e.hadRecentInput) continue;
      window.__m.shifts += e.value;
      for (const s of e.sources || []) {
        const n = s.node && s.node.nodeType === 1 ? s.node : s.node && s.node.parentElement;
        const name = n ? (n.id ? '#' + n.id : n.tagName.toLowerCase() + '.' + [...n.classList].join('.')) : '?';
        window.__m.sources[name] = Math.round(((window.__m.sources[name] || 0) + e.value) * 1e4) / 1e4;
      }
    }
  }).observe({type: 'layout-shift', buffered: true});
  new MutationObserver(() => {
    for (const c of document.querySelectorAll('#felt .pot .pcard')) {
      const k = c.dataset.card;
      if (!(k in window.__m.drawn)) window.__m.drawn[k] = performance.now();
    }
  }).observe(document.getElementById('picture'), {subtree: true, childList: true});
}"""
HAND_TOP = "() => Math.round((document.getElementById('hand').getBoundingClientRect().top + window.scrollY) * 10) / 10"
HELD = "() => document.getElementById('felt').dataset.held !== '1'"
TURN = "() => document.getElementById('table-root').dataset.turn"


def measure(moves: int, width: int, height: int, seed: int) -> dict[str, object]:
    from playwright.sync_api import sync_playwright

    rng = random.Random(seed)
    server = Server(Path(tempfile.mkdtemp(prefix="cardhall-measure-")))
    times: list[float] = []
    hand_moves: list[float] = []
    error_moves: list[float] = []
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            page = browser.new_page(viewport={"width": width, "height": height})
            pick_name(page, server.url, "Kim")
            create_table(page, "hearts", {"players": 3, "target": 60}, ["me", "bot:random", "bot:random"])
            start_game(page)
            page.evaluate(WATCH)
            while len(times) < moves:
                page.wait_for_function(f"() => ['mine', 'over'].includes(({TURN})())", timeout=60_000)
                if page.evaluate(TURN) == "over":
                    break
                page.evaluate("() => window.scrollTo(0, 0)")
                view = page.evaluate("() => window.cardhallModel.view()")
                buttons = page.locator("#hand button.card")
                playable = [b for b in buttons.all() if b.get_attribute("aria-disabled") == "false"]
                if view["phase"] == "pass":  # select three, confirm
                    for b in rng.sample(playable, 3):
                        b.click()
                    page.locator("#select-confirm").click()
                    page.wait_for_function("() => !document.getElementById('hand').dataset.sending")
                    continue
                unplayable = [b for b in buttons.all() if b.get_attribute("aria-disabled") == "true"]
                if unplayable and len(times) % 8 == 0:  # the error line must not push the hand down
                    before = page.evaluate(HAND_TOP)
                    unplayable[0].click(force=True)  # a person can click it; Playwright waits for aria-disabled ones
                    page.wait_for_function("() => document.getElementById('alert').textContent !== ''", timeout=10_000)
                    error_moves.append(abs(page.evaluate(HAND_TOP) - before))
                    page.keyboard.press("Escape")
                page.wait_for_function(HELD)  # a person plays once the finished trick has gone
                card_button = rng.choice(playable)
                card = card_button.get_attribute("data-card")
                before = page.evaluate(HAND_TOP)
                version = page.evaluate("() => window.cardhallModel.version")
                card_button.click()
                page.wait_for_function("c => c in window.__m.drawn && window.__m.down !== null", arg=card, timeout=10_000)
                drawn = page.evaluate("c => window.__m.drawn[c] - window.__m.down", card)
                times.append(drawn)
                page.wait_for_function(f"() => window.cardhallModel.version > {version}")
                hand_moves.append(abs(page.evaluate(HAND_TOP) - before))
                page.evaluate("() => { window.__m.drawn = {}; window.__m.down = null; }")
            shifts = page.evaluate("() => window.__m.shifts")
            sources = page.evaluate("() => window.__m.sources")
            browser.close()
    finally:
        server.stop()
    times.sort()
    return {
        "viewport": f"{width}x{height}",
        "clicks": len(times),
        "click_to_drawn_ms_median": round(statistics.median(times), 1) if times else None,
        "click_to_drawn_ms_p90": round(times[int(0.9 * (len(times) - 1))], 1) if times else None,
        "hand_top_moved_px_max": max(hand_moves, default=0.0),
        "error_line_moved_hand_px_max": max(error_moves, default=0.0),
        "error_lines_shown": len(error_moves),
        "layout_shift_score": round(shifts, 4),
        "layout_shift_by_element": dict(sorted(sources.items(), key=lambda kv: -kv[1])[:6]),
    }


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--moves", type=int, default=40, help="card clicks to time (default 40)")
    ap.add_argument("--width", type=int, default=1280)
    ap.add_argument("--height", type=int, default=800)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--json", action="store_true", help="print one JSON object")
    args = ap.parse_args(argv)
    if not Path(CHROMIUM).exists():
        print(f"{CHROMIUM} is missing: install Debian's chromium to measure the page", file=sys.stderr)
        return 2
    result = measure(args.moves, args.width, args.height, args.seed)
    if args.json:
        print(json.dumps(result))
    else:
        for key, value in result.items():
            print(f"{key}: {value}")
    moved = max(float(result["hand_top_moved_px_max"]), float(result["error_line_moved_hand_px_max"]))  # type: ignore[arg-type]
    return 1 if moved > 1 else 0


if __name__ == "__main__":
    sys.exit(main())
