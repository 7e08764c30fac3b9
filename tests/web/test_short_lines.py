"""Fewer words where a sound says it, and a pass said once (issue 38, points 2 and 3), read only
through what a screen reader hears (tests/web/listening.py: the live regions and the log):

- a whole game of Hearts, Jass, 3-2-5 and 5 Towers in German (tests/web/test_listening.py hears
  them in English) stays under the issue's goals: a median of 18 words a trick, 45 a round;
- with the earcons on (the default) your own move's echo is in the history, unsaid; with them
  off it is said in words;
- a Hearts pass is said once: each card with its count while chosen, never again after Confirm;
- a Putz decision before the play (the trump six, the talon) takes two keys (its key, Enter),
  is said once, and focus goes back to the hand, never to the page's body.
"""

from __future__ import annotations

import json
import random
import statistics

import pytest
from playwright.sync_api import Page, expect

from tests.web.helpers import create_table, pick_name, play_one, play_to_end, start_game, wait_turn
from tests.web.listening import CARD_CODE, heard, median, per_segment, record

# (game, options, seats, what ends a segment, the most words a segment may take: the goals)
GERMAN = [
    ("hearts", {"players": 4, "target": 1}, ["me", "bot:random", "bot:random", "bot:random"], ["trick_won"], 18),
    ("jass", {"one_deal": True}, ["me", "bot:random", "bot:random", "bot:random"], ["trick_won"], 18),
    ("three-two-five", {"deals": 1}, ["me", "bot:random", "bot:random"], ["trick_won"], 18),
    ("five-towers", {"players": 2}, ["me", "bot:random"], ["round_started"], 45),
]
FOCUS = "() => document.activeElement === document.body ? 'body' : (document.activeElement.dataset.card ? 'card' " \
        ": document.activeElement.id || document.activeElement.tagName)"
QUIET = "localStorage.setItem('cardhall.settings', JSON.stringify({sounds: {on: false, kinds: {}}}));"


def in_german(page: Page, base: str, url: str) -> None:
    """Turn the person to German (`POST /api/players/lang`, remembered) and open the table `url`."""
    page.evaluate("() => fetch('/api/players/lang', {method: 'POST', headers: {'Content-Type': 'application/json'}, "
                  "body: JSON.stringify({lang: 'de'})})")
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", "de")


@pytest.mark.parametrize(("game", "options", "seats", "kinds", "limit"), GERMAN, ids=[g[0] for g in GERMAN])
def test_a_whole_game_heard_in_german_stays_short(server, browser, game, options, seats, kinds, limit):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    record(page, kinds)
    pick_name(page, server.url, "Kai")
    url = create_table(page, game, options, seats)
    in_german(page, server.url, url)
    start_game(page)
    play_to_end(page, random.Random(game + "de"))
    page.wait_for_timeout(300)
    lines = heard(page)
    texts = [x["text"] for x in lines]
    assert not [t for t in texts if CARD_CODE.search(t)]
    assert not [t for t in texts if t.startswith("You ") or " takes the trick" in t], "English heard in German"
    segments = per_segment(lines)
    print(f"\n{game} (de): median {median(segments)} words per segment over {len(segments)} (limit {limit})")
    assert segments and median(segments) <= limit, (game, segments)
    context.close()


def first_card_of_mine(page: Page, rng: random.Random) -> str:
    """Play (by keyboard) until a card of yours is played; its event's words."""
    for _ in range(40):
        mine = page.evaluate("""() => { const m = window.cardhallModel;
            const e = m.timeline.find((x) => x.event.type === 'card_played' && x.event.seat === m.seat());
            return e ? e.words : null; }""")
        if mine:
            return str(mine)
        assert wait_turn(page) == "mine"
        play_one(page, rng)
    raise AssertionError("no card of yours was played")


@pytest.mark.parametrize("sounds", [True, False], ids=["earcons-on", "earcons-off"])
def test_your_own_card_is_its_earcon_alone_and_words_without_sounds(server, browser, sounds):
    context = browser.new_context()
    if not sounds:
        context.add_init_script(QUIET)
    page = context.new_page()
    record(page, ["trick_won"])
    pick_name(page, server.url, "Uli")
    create_table(page, "three-two-five", {"deals": 1}, ["me", "bot:random", "bot:random"])
    start_game(page)
    words = first_card_of_mine(page, random.Random(5))
    page.wait_for_timeout(200)
    texts = [x["text"] for x in heard(page)]
    in_log = page.locator("#log p", has_text=words)
    expect(in_log).to_have_count(1)  # in the history either way (Page Up reads it)
    if sounds:
        assert words not in texts, "your own card was said beside its earcon"
        expect(in_log).to_have_attribute("aria-hidden", "true")
        assert "card" in page.evaluate("() => window.cardhallSounds.heard")
    else:
        assert texts.count(words) == 1, (words, texts[-6:])
    context.close()


def test_a_hearts_pass_is_said_once(server, browser):
    """Each card of the pass is said once, with its count, while chosen; after Confirm the three
    cards are not said again (they were, twice, before issue 38: the count, then each card's
    event "You choose the … to pass (n of 3)." in the log); "Passing is done." once."""
    context = browser.new_context()
    page = context.new_page()
    record(page, [])
    pick_name(page, server.url, "Pia")
    create_table(page, "hearts", {"players": 4}, ["me", "bot:random", "bot:random", "bot:random"])
    start_game(page)
    assert wait_turn(page) == "mine"
    page.keyboard.press("j")
    for number in (1, 2, 3):
        page.keyboard.press("Enter")
        expect(page.locator("#said")).to_contain_text(f"{number} of 3")
        if number < 3:
            page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # on Confirm, where the third card sent focus
    expect(page.locator("#log")).to_contain_text("Passing is done.", timeout=30_000)
    page.wait_for_timeout(300)
    texts = [x["text"] for x in heard(page)]
    counted = [t for t in texts if " of 3" in t and not t.startswith("Your turn")]
    assert len(counted) == 3 and len(set(counted)) == 3, counted  # each card once, with its count
    assert not [t for t in texts if "to pass (" in t], "the pass was said again after Confirm"
    assert len([t for t in texts if t.startswith("Passing is done.")]) == 1
    expect(page.locator("#log")).to_contain_text("to pass (3 of 3).")  # still in the history
    assert page.evaluate(FOCUS) in ("card", "hand-h")
    context.close()


DECIDE = """() => { const m = window.cardhallModel; if (!m.isMyTurn()) return null;
  const legal = m.legal(); return legal.includes('take talon') ? 'H' : legal.includes('exchange six') ? 'G' : null; }"""


def test_a_putz_decision_in_two_keys_said_once(server, browser):
    """Putz's exchanges (the trump six, G; the talon, H): the key says the choice and that Enter
    plays it; Enter plays it; its line is said once; focus is on the hand, never the body."""
    context = browser.new_context()
    page = context.new_page()
    record(page, [])
    pick_name(page, server.url, "Ida")
    create_table(page, "putz", {"players": 3}, ["me", "bot:random", "bot:random"])
    start_game(page)
    rng = random.Random("putz")
    counts: list[int] = []
    keys: list[str] = []
    for _ in range(400):
        if wait_turn(page, 120_000) == "over" or len(counts) >= 1:
            break
        key = page.evaluate(DECIDE)
        if not key:
            play_one(page, rng)
            continue
        page.locator("#hand h2, #hand-h").first.evaluate("h => { h.tabIndex = -1; h.focus(); }")  # on the page
        assert page.evaluate(FOCUS) != "body"
        before = len(heard(page))
        version = page.evaluate("() => document.getElementById('table-root').dataset.version")
        page.keyboard.press(key.lower())
        expect(page.locator("#said")).to_contain_text("Press Enter to play it.")
        assert page.inner_text("#said").count("Enter") == 1, page.inner_text("#said")  # how to confirm, said once
        page.keyboard.press("Enter")
        page.wait_for_function("v => document.getElementById('table-root').dataset.version !== v", arg=version)
        page.wait_for_timeout(300)
        new = [x["text"] for x in heard(page)[before:] if x["region"] == "log"]
        mine = [t for t in new if t.startswith("You ")]
        assert len(mine) == len(set(mine)) == 1, new  # the decision said once
        assert page.evaluate(FOCUS) != "body", (key, new)
        counts.append(2)
        keys.append(key)
    assert counts, "no exchange or talon decision came to this seat"
    print(f"\nkeys for a Putz exchange: {statistics.median(counts)} ({json.dumps(counts)}; {json.dumps(keys)})")
    context.close()
