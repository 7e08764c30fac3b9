"""Reviewing the history while bots play (issue 29, point 4): Page Up/Down keep their place as
lines arrive and say "n of m"; Home/End go to the ends with a cue; V changes the view; Z repeats
the last line; F1 opens the keys list from anywhere and Escape gives focus back, never to the body.
Issue 38: the review comes home when you move, when the turn becomes yours, and after a pause."""

from __future__ import annotations

import random
import re

from playwright.sync_api import expect

from tests.web.helpers import create_table, pick_name, play_one, start_game, wait_turn

SAID = "() => document.getElementById('said').textContent"
FOCUS = "() => document.activeElement === document.body ? 'body' : document.activeElement.id || document.activeElement.tagName"


def said_after(page, key: str) -> str:
    page.evaluate("() => { document.getElementById('said').textContent = ''; }")
    page.keyboard.press(key)
    page.wait_for_function(f"() => ({SAID})().length > 0")
    return str(page.evaluate(SAID))


def position(text: str) -> tuple[int, int, str]:
    m = re.search(r"(\d+) of (\d+): (.*)$", text)
    assert m, f"no 'n of m' in {text!r}"
    return int(m[1]), int(m[2]), m[3]


def test_review_keeps_its_place_while_bots_play(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    rng = random.Random("review")
    pick_name(page, server.url, "Kim")
    create_table(page, "hearts", {"players": 4}, ["me", "bot:random", "bot:random", "bot:random"])
    start_game(page)
    for _ in range(6):  # the three passes and some cards: bots' lines stream in between
        assert wait_turn(page) == "mine"
        play_one(page, rng)
    assert wait_turn(page) == "mine"
    page.locator("#play-h").evaluate("h => { h.tabIndex = -1; h.focus(); }")

    said_after(page, "PageUp")
    number, total, line = position(said_after(page, "PageUp"))
    assert number == total - 1
    lines = page.locator("#log p")
    assert lines.nth(number - 1).inner_text() == line
    expect(lines.nth(number - 1)).to_have_class(re.compile("reviewing"))

    page.keyboard.press("k")  # new lines arrive while the review is in place ("wait for me", then "go on")
    expect(page.locator("#log")).to_contain_text("The bots wait for you")
    page.keyboard.press("k")
    expect(page.locator("#log")).to_contain_text("You let the bots go on.")
    assert page.locator("#log p").count() > total
    after, grown, previous = position(said_after(page, "PageUp"))
    assert after == number - 1 and grown > total, "Page Up lost its place when lines arrived"
    assert previous == lines.nth(after - 1).inner_text()

    # your own move ends the review, though the turn is not yours again yet (the bots wait here): after a
    # trick you win, the turn is yours before and after your move, so the turn alone would not end it
    page.keyboard.press("k")
    expect(page.locator("#log p").last).to_contain_text("The bots wait for you")
    said_after(page, "PageUp")
    expect(page.locator("#log .reviewing")).to_have_count(1)
    play_one(page, rng)
    expect(page.locator("#log .reviewing")).to_have_count(0)
    page.keyboard.press("k")
    assert wait_turn(page) == "mine"

    # the review comes home (issue 38): when the turn becomes yours again, Page Up reads the newest line
    said_after(page, "PageUp")
    expect(page.locator("#log .reviewing")).to_have_count(1)
    play_one(page, rng)
    assert wait_turn(page) == "mine"
    expect(page.locator("#log .reviewing")).to_have_count(0)
    newest, count, text = position(said_after(page, "PageUp"))
    assert newest == count and text == page.locator("#log p").last.inner_text()
    # and so it does after a pause (20 s; the page's clock is moved on here)
    position(said_after(page, "PageUp"))
    page.evaluate("""() => { const real = performance.now.bind(performance);
                             performance.now = () => real() + 25000; }""")
    newest, count, _ = position(said_after(page, "PageUp"))
    assert newest == count, "Page Up after a pause did not start from the newest line"

    top = said_after(page, "Home")
    assert top.startswith("Top of the history. 1 of ")
    assert said_after(page, "PageUp").startswith("Top of the history. 1 of ")
    end = said_after(page, "End")
    assert end.startswith("End of the history.") and position(end)[0] == position(end)[1]
    assert said_after(page, "PageDown") == "End of the history."

    assert said_after(page, "v").startswith("History view: game, ")
    n, m, game_line = position(said_after(page, "PageUp"))
    assert n == m and page.locator("#log p[data-view='game']").last.inner_text() == game_line
    assert said_after(page, "z") == game_line
    for _ in range(3):
        page.keyboard.press("v")  # chat, room, and back to all

    # F1 from a field, Escape back to it; "?" then Escape never leaves focus on the body
    page.locator("#chat").focus()
    page.keyboard.press("F1")
    expect(page.locator("#help")).to_be_visible()
    assert page.evaluate(FOCUS) == "help-h"
    page.keyboard.press("Escape")
    expect(page.locator("#help")).to_be_hidden()
    assert page.evaluate(FOCUS) == "chat"
    page.locator("#play-h").focus()
    page.evaluate("() => document.activeElement.blur()")
    assert page.evaluate(FOCUS) == "body"
    page.keyboard.press("?")
    page.keyboard.press("Escape")
    assert page.evaluate(FOCUS) != "body"
    context.close()
