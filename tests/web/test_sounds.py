"""Sounds (issue 29, point 3): each kind of event plays its earcon, checked with a spy on the
audio layer (every oscillator the page makes) against the model's own timeline; a kind switched
off in the settings is silent and stays off after a reload; axe finds nothing in the settings."""

from __future__ import annotations

import random

from axe_playwright_python.sync_playwright import Axe

from tests.web.helpers import create_table, pick_name, play_one, start_game, wait_turn

SPY = """
window.oscillators = 0;
const made = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () { window.oscillators += 1; return made.call(this); };
"""

EXPECTED = """() => {
  const m = window.cardhallModel, me = m.seat(), kinds = [];
  for (const e of m.timeline) {
    const t = e.event.type;
    if (t === 'card_played') kinds.push('card');
    if (t === 'trick_won') kinds.push(e.event.seat === me ? 'won' : 'lost');
    if (t === 'hearts_broken') kinds.push('rule');
    if (t === 'pass_chosen') kinds.push('bid');
  }
  return kinds;
}"""


def test_sounds_follow_the_events(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.add_init_script(SPY)
    rng = random.Random("sounds")
    pick_name(page, server.url, "Kim")
    create_table(page, "hearts", {"players": 4}, ["me", "bot:random", "bot:random", "bot:random"])
    start_game(page)
    for _ in range(8):  # three passes, then cards: several tricks with bots' cards between
        assert wait_turn(page) == "mine"
        play_one(page, rng)
    wait_turn(page)
    heard = page.evaluate("() => window.cardhallSounds.heard")
    expected = page.evaluate(EXPECTED)
    assert [k for k in heard if k in ("card", "won", "lost", "rule", "bid")] == expected
    assert "card" in heard and ("won" in heard or "lost" in heard)
    assert heard.count("turn") >= 6  # each time the turn became mine (the three passes are one turn)
    assert page.evaluate("() => window.oscillators") >= len(heard)  # each earcon made real tones

    # the card sound off in the settings: silent from then on, and remembered
    page.locator("#settings summary").click()
    assert Axe().run(page).response["violations"] == []
    page.locator("#sound-card").focus()
    page.keyboard.press("Space")
    page.locator("#play-h").evaluate("h => { h.tabIndex = -1; h.focus(); }")  # out of the field: keys again
    before = page.evaluate("() => window.cardhallSounds.heard.length")
    play_one(page, rng)
    wait_turn(page)
    after = page.evaluate("() => window.cardhallSounds.heard").__getitem__(slice(before, None))
    assert "card" not in after and page.evaluate(EXPECTED).count("card") > expected.count("card")
    page.reload()
    page.locator("#settings summary").click()
    assert not page.locator("#sound-card").is_checked() and page.locator("#set-sounds").is_checked()
    context.close()
