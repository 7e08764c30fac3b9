"""The card table a sighted player sees: the seats around the felt, the trick as card faces,
the last card of every trick shown and the whole trick held before it goes to its winner,
the hand as card faces that keep their suit colour when they cannot be played."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.web.helpers import create_table, pick_name, play_one, start_game, wait_turn

HELD = "() => document.getElementById('felt').dataset.held === '1'"
FELT_CARDS = "() => document.querySelectorAll('#felt .middle .pcard').length"
TRICKS_WON = "() => window.cardhallModel.timeline.filter(e => e.event.type === 'trick_won').length"


def hearts_table(server, browser, hold: int, motion: str = "no-preference"):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    page.evaluate(f"() => localStorage.setItem('cardhall.settings', JSON.stringify({{hold: {hold}}}))")
    create_table(page, "hearts", {"players": 3, "target": 1}, ["me", "bot:random", "bot:random"])
    start_game(page)
    return context, page


def test_the_whole_trick_is_held_then_goes_to_its_winner(server, browser):
    context, page = hearts_table(server, browser, hold=2500)
    rng = random.Random(3)
    for _ in range(40):
        if page.evaluate(TRICKS_WON):
            break
        assert wait_turn(page) == "mine"
        play_one(page, rng)
    assert page.evaluate(TRICKS_WON) >= 1
    page.wait_for_function(HELD, timeout=5000)
    won = page.evaluate("() => window.cardhallModel.timeline.filter(e => e.event.type === 'trick_won').map(e => e.event.cards)")
    shown = page.evaluate("() => [...document.querySelectorAll('#felt .middle .pcard')].map(c => c.dataset.card)")
    # tricks finished one after another are shown in turn, each whole, its last card included
    assert len(shown) == 3 and sorted(shown) in [sorted(cards) for cards in won], (shown, won)
    assert page.evaluate("() => document.querySelector('#felt .middle .pcard.wins') !== null")
    page.wait_for_function(f"() => !({HELD})()", timeout=6000)
    trick = page.evaluate("() => window.cardhallModel.view().trick.length")
    assert page.evaluate(FELT_CARDS) == trick, "after the hold the table shows the trick now being played"
    context.close()


def test_seats_plates_hand_faces_and_dimmed_cards_keep_their_colour(server, browser):
    context, page = hearts_table(server, browser, hold=0, motion="reduce")
    wait_turn(page)
    plates = page.locator("#felt .plate")
    expect(plates).to_have_count(3)
    expect(plates.filter(has_text="Kim")).to_contain_text("you")
    expect(plates.filter(has_text="bot")).to_have_count(2)
    assert page.evaluate("() => document.getElementById('felt').getAttribute('aria-hidden')") == "true"
    # a card that cannot be played keeps its suit's colour (dimmed, not grey)
    colours = page.evaluate("""() => [...document.querySelectorAll('#hand button.card')].map(b => {
        const face = b.querySelector('.pcard');
        return {card: b.dataset.card, off: b.getAttribute('aria-disabled') === 'true', colour: getComputedStyle(face).color};
    })""")
    red = {c["colour"] for c in colours if c["card"][-1] in "HD"}
    black = {c["colour"] for c in colours if c["card"][-1] in "SC"}
    assert len(red) == 1 and len(black) == 1 and red != black, colours
    context.close()
