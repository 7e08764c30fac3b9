"""A person away longer than the table's grace period: the takeover bot plays their seat and
everyone hears it; coming back takes the seat back, is said to the person, and they play on."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.web.helpers import create_table, open_create, pick_name, play_one, start_game, wait_turn


def test_a_takeover_is_announced_and_returning_takes_the_seat_back(server, browser):
    rng = random.Random(14)
    kim_ctx = browser.new_context()
    kim = kim_ctx.new_page()
    pick_name(kim, server.url, "Kim")
    open_create(kim)
    kim.locator("#grace").fill("2")  # the lobby's "a bot plays for them after N seconds" field
    # a far target: the bots (and the takeover bot) move at once, and a game to 100 could end while Kim is away
    url = create_table(kim, "hearts", {"players": 3, "target": 100000}, ["me", "bot:random", "bot:random"])
    start_game(kim)

    watcher_ctx = browser.new_context()
    watcher = watcher_ctx.new_page()
    pick_name(watcher, server.url, "Wes")
    watcher.goto(url)
    expect(watcher.locator("#log")).to_contain_text("You watch this Hearts table")

    kim.close()  # Kim closes the page; after 2 s a bot plays her seat
    expect(watcher.locator("#log")).to_contain_text("Kim is away; the medium bot plays for them", timeout=30_000)
    expect(watcher.locator("#seats")).to_contain_text("a bot plays for them")

    kim = kim_ctx.new_page()  # Kim comes back
    kim.goto(url)
    expect(kim.locator("#log")).to_contain_text("You are back and play again.", timeout=30_000)
    # the watcher first hears every move the bots made while Kim was away (at pace 0 that can be
    # whole deals on a loaded machine), then her return
    expect(watcher.locator("#log")).to_contain_text("Kim is back and plays again.", timeout=30_000)
    expect(watcher.locator("#seats")).not_to_contain_text("a bot plays for them")
    assert wait_turn(kim) == "mine"
    play_one(kim, rng)  # her move is taken: the seat is hers again
    assert kim.evaluate("() => window.cardhallLast.seats[0].takeover") is False
    kim_ctx.close()
    watcher_ctx.close()
