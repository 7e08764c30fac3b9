"""A lost connection: the room restarts under the page (same port, same database); the page
reconnects by itself to the same seat and state and says what happened meanwhile."""

from __future__ import annotations

import random

from playwright.sync_api import expect

from tests.web.helpers import create_table, pick_name, play_one, start_game, wait_turn
from tests.web.test_together import hand_of


def test_the_page_reconnects_after_the_room_restarts(server, browser):
    rng = random.Random(5)
    ctx = browser.new_context()
    page = ctx.new_page()
    pick_name(page, server.url, "Flo")
    create_table(page, "hearts", {"players": 3, "target": 1}, ["me", "bot:random", "bot:random"])
    start_game(page)
    for _ in range(4):
        assert wait_turn(page) == "mine"
        play_one(page, rng)
    assert wait_turn(page) == "mine"
    hand = hand_of(page)

    server.stop()
    expect(page.locator("#status")).to_contain_text("connection is lost")
    server.start()
    expect(page.locator("#log")).to_contain_text("Reconnected.", timeout=30_000)
    assert wait_turn(page) == "mine"
    assert hand_of(page) == hand
    play_one(page, rng)  # and the game goes on
    ctx.close()
