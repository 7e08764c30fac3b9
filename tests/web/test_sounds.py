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
    kinds = page.locator("#sounds select")
    assert kinds.count() == 13 and page.locator("#sounds input").count() == 1  # one control a kind, one switch for all
    page.locator("#sound-card").focus()
    page.keyboard.press("Home")  # the first level: off (a select changes with the arrows and Home/End)
    assert page.locator("#sound-card").input_value() == "off"
    page.locator("#play-h").evaluate("h => { h.tabIndex = -1; h.focus(); }")  # out of the field: keys again
    before = page.evaluate("() => window.cardhallSounds.heard.length")
    play_one(page, rng)
    wait_turn(page)
    after = page.evaluate("() => window.cardhallSounds.heard").__getitem__(slice(before, None))
    assert "card" not in after and page.evaluate(EXPECTED).count("card") > expected.count("card")
    page.reload()
    page.locator("#settings summary").click()
    assert page.locator("#sound-card").input_value() == "off" and page.locator("#set-sounds").is_checked()
    assert page.locator("#sound-turn").input_value() == "medium"  # the others as they were
    context.close()


SPEECH_SPY = """
window.spoken = [];
if (window.speechSynthesis) {
  window.speechSynthesis.speak = (u) => { window.spoken.push({text: u.text, lang: u.lang}); };
}
"""


def test_speaking_through_the_browsers_speech_synthesis(server, browser):
    """The setting "speak through the browser's speech synthesis": every line the page would put
    in its live regions is spoken by `speechSynthesis` in the page's language, the live regions
    go quiet (aria-live off) so a screen reader does not say it twice, and it is remembered."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.add_init_script(SPEECH_SPY)
    rng = random.Random("speech")
    pick_name(page, server.url, "Kim")
    create_table(page, "hearts", {"players": 4}, ["me", "bot:random", "bot:random", "bot:random"])
    start_game(page)
    assert wait_turn(page) == "mine"
    assert page.evaluate("() => window.spoken") == []  # off by default: the screen reader speaks
    assert page.get_attribute("#said", "aria-live") == "polite"
    page.locator("#settings summary").click()
    page.locator("#set-speech").focus()
    page.keyboard.press("Space")
    assert page.get_attribute("#said", "aria-live") == "off" and page.get_attribute("#log", "aria-live") == "off"
    page.locator("#play-h").evaluate("h => { h.tabIndex = -1; h.focus(); }")  # out of the field: keys again
    lines = page.evaluate("() => document.getElementById('log').children.length")
    for _ in range(4):
        assert wait_turn(page) == "mine"
        play_one(page, rng)
    wait_turn(page)
    spoken = page.evaluate("() => window.spoken")
    # each new history line spoken, but your own move's echo (its earcon says it) and the pass's cards
    # (said while chosen), which are in the log aria-hidden (issue 38)
    logged = page.evaluate(f"() => [...document.getElementById('log').children].slice({lines})"
                           ".filter(p => p.getAttribute('aria-hidden') !== 'true').map(p => p.textContent)")
    texts = [s["text"] for s in spoken]
    assert logged and all(line in texts for line in logged), (logged, texts)
    assert {s["lang"] for s in spoken} == {"en"}
    page.reload()
    page.locator("#settings summary").click()
    assert page.locator("#set-speech").is_checked()
    assert page.get_attribute("#said", "aria-live") == "off"
    context.close()
