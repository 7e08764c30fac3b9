"""Two friends and a bot play a full Hearts deal while a spectator watches; the spectator's
DOM never holds a card that is still hidden in a hand. Reloading, coming back after missing
moves, and a second tab on the same seat."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect

from tests.web.helpers import TURN, create_table, pick_name, play_one, start_game, wait_turn

RANK_WORDS = dict(zip("23456789TJQKA", ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
                                         "jack", "queen", "king", "ace"), strict=True))
SUIT_WORDS = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def hand_of(page: Page) -> list[str]:
    return page.eval_on_selector_all("#hand button", "bs => bs.map(b => b.dataset.card)")


def leaks(spectator: Page, hidden: list[str]) -> list[str]:
    """The hidden cards that appear anywhere in the spectator's DOM (notation or words)."""
    html = spectator.content()
    found = []
    for card in hidden:
        words = f"{RANK_WORDS[card[0]]} of {SUIT_WORDS[card[1]]}"
        if re.search(rf"\b{card}\b", html) or words in html:
            found.append(card)
    return found


def test_two_friends_a_bot_and_a_spectator_play_a_hearts_deal(server, browser):
    rng = random.Random(7)
    ann_ctx, bo_ctx, eve_ctx = (browser.new_context() for _ in range(3))
    ann, bo, eve = ann_ctx.new_page(), bo_ctx.new_page(), eve_ctx.new_page()
    pick_name(ann, server.url, "Ann")
    url = create_table(ann, "hearts", {"players": 3, "target": 1}, ["me", "open", "bot:random"])

    # Bo finds the table in the lobby (it updates by itself) and sits with the keyboard
    pick_name(bo, server.url, "Bo")
    sit = bo.get_by_role("button", name="Sit at the Hearts table")
    expect(sit).to_have_count(1, timeout=10_000)
    sit.focus()
    bo.keyboard.press("Enter")
    bo.wait_for_url("**/tables/*")
    assert bo.url == url

    eve.goto(url)  # a spectator needs no name
    expect(eve.locator("#log")).to_contain_text("as a spectator")

    start_game(ann)
    # chat: capped by the field, in everyone's log, spectators included
    ann.locator("#chat").focus()
    ann.keyboard.type("good luck, Bo")
    ann.keyboard.press("Enter")
    expect(ann.locator("#log")).to_contain_text("You say: good luck, Bo")  # room_sentence: "you" for oneself
    for p in (bo, eve):
        expect(p.locator("#log")).to_contain_text("Ann says: good luck, Bo")
    assert ann.locator("#chat").get_attribute("maxlength") == "500"
    ann.keyboard.press("Tab")  # out of the text field, so single keys work again
    players = [ann, bo]
    moves = 0
    came_back = False
    while True:
        turns = [p.evaluate(TURN) for p in players]
        if "over" in turns and all(wait_turn(p) == "over" for p in players):
            break
        hidden = hand_of(ann) + hand_of(bo)
        assert leaks(eve, hidden) == []
        mover = next((p for p, t in zip(players, turns, strict=True) if t == "mine"), None)
        if mover is None:
            ann.wait_for_timeout(50)
            continue
        if mover is ann and moves > 10 and not came_back:
            # Bo leaves the page while Ann moves, then comes back to a summary of what he missed
            bo.goto(server.url + "/")
            play_one(ann, rng)
            bo.goto(url)
            expect(bo.locator("#log")).to_contain_text("While you were away", timeout=10_000)
            came_back = True
            moves += 1
            continue
        play_one(mover, rng)
        moves += 1
    assert came_back
    for p in (ann, bo, eve):
        expect(p.locator("#status")).to_contain_text("Game over")
    assert leaks(eve, hand_of(ann) + hand_of(bo)) == []
    for c in (ann_ctx, bo_ctx, eve_ctx):
        c.close()


def test_reload_resumes_and_a_second_tab_shares_the_seat(server, browser):
    rng = random.Random(3)
    ctx = browser.new_context()
    page = ctx.new_page()
    pick_name(page, server.url, "Cy")
    url = create_table(page, "three-two-five", {"deals": 1}, ["me", "bot:random", "bot:random"])
    start_game(page)
    for _ in range(3):
        assert wait_turn(page) == "mine"
        play_one(page, rng)
    wait_turn(page)
    hand = hand_of(page)

    page.reload()  # (the version grows: the table logs the disconnection and the return)
    assert wait_turn(page) == "mine"
    assert hand_of(page) == hand
    expect(page.locator("#log")).to_contain_text("You are South at this 3-2-5")

    # an illegal try gets the engine's sentence; Page Up reviews the history; remapped keys
    if page.locator('#hand button[aria-disabled="true"]').count():
        page.keyboard.press("j")
        at = page.evaluate("() => [...document.querySelectorAll('#hand button')].indexOf(document.activeElement)")
        target = page.evaluate("() => [...document.querySelectorAll('#hand button')].findIndex(b => b.ariaDisabled === 'true')")
        for _ in range(abs(target - at)):
            page.keyboard.press("ArrowRight" if target > at else "ArrowLeft")
        page.keyboard.press("Enter")
        expect(page.locator("#alert")).not_to_be_empty()
        page.keyboard.press("Escape")
    page.keyboard.press("PageUp")
    expect(page.locator("#said")).to_contain_text(" of ")
    page.locator("#settings summary").focus()
    page.keyboard.press("Enter")
    page.locator("#map-T").focus()
    page.keyboard.press("Control+A")
    page.keyboard.type("x")
    page.keyboard.press("Tab")
    page.locator("#log").focus()
    page.keyboard.press("x")
    expect(page.locator("#said")).to_contain_text("turn")
    page.keyboard.press("?")
    expect(page.locator("#help-keys")).to_contain_text("X")
    page.keyboard.press("Escape")

    # a second tab of the same player: the same seat; a move in one shows in the other
    other = ctx.new_page()
    other.goto(url)
    assert wait_turn(other) == "mine"
    assert hand_of(other) == hand
    play_one(other, rng)
    new_version = other.evaluate("() => document.getElementById('table-root').dataset.version")
    # at least that version: the bots move at once after it, and a poll may miss the exact one
    page.wait_for_function("v => Number(document.getElementById('table-root').dataset.version) >= Number(v)",
                           arg=new_version)
    assert hand_of(page) == hand_of(other)
    ctx.close()
