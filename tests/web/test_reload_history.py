"""The table keeps its history over a reload (issue 28, point 6): a person plays a few moves of
Hearts and chats, reloads the page, and the history holds every line it held before, in order,
once each (GET /api/tables/ID/history up to the version shown, then the socket's `since`); the
earlier part is exactly what a live connection of that viewer hears (a spectator's too: no card
the viewer may not know)."""

from __future__ import annotations

import json
import random

import httpx
from playwright.sync_api import expect
from websockets.sync.client import connect

from tests.web.helpers import create_table, pick_name, play_one, start_game, wait_turn

LINES = ("() => [...document.querySelectorAll('#log p.line.event')]"
         ".map(p => [Number(p.dataset.version), p.textContent, p.dataset.view])")


def chat(page, text: str) -> None:
    page.locator("#chat").focus()
    page.keyboard.type(text)
    page.keyboard.press("Enter")
    expect(page.locator("#log p[data-view='chat']").filter(has_text=text)).to_have_count(1)
    page.locator("#play-h").evaluate("h => { h.tabIndex = -1; h.focus(); }")  # out of the field: keys play again


def heard_live(server, table: str, since: int) -> list[list[object]]:
    """What a spectator's connection hears after `since`, each event with its words, up to its state."""
    heard: list[list[object]] = []
    with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table}?words=1&since={since}", open_timeout=30) as ws:
        while True:
            m = json.loads(ws.recv(30))
            if m["type"] == "state":
                return heard
            if m["type"] == "event" and m.get("words"):
                heard.append([m["version"], m["words"]])


def test_chat_and_events_survive_a_reload(server, browser) -> None:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    rng = random.Random("reload")
    pick_name(page, server.url, "Rea")
    create_table(page, "hearts", {"players": 3}, ["me", "bot:random", "bot:random"])
    table = page.url.rsplit("/", 1)[-1]
    expect(page.locator("#waiting")).to_be_visible()
    expect(page.get_by_label("Your name at this table")).to_be_hidden()  # she has a name and a seat
    start_game(page)
    chat(page, "good luck all")
    for _ in range(4):  # the passes and the first cards: the bots' lines come in between
        assert wait_turn(page) == "mine"
        play_one(page, rng)
    chat(page, "nice trick")
    assert wait_turn(page) == "mine"
    before = page.evaluate(LINES)
    assert len(before) > 8 and any("nice trick" in line[1] for line in before)

    page.reload()
    expect(page.locator("#log p.note").filter(has_text="earlier line")).to_have_count(1)
    assert wait_turn(page) == "mine"
    after = page.evaluate(LINES)
    # every line of before, in order (the page's first state came after the seats were taken: the
    # restored history also holds those first lines, which the log had not shown)
    assert [line for line in after if line[0] >= before[0][0]][:len(before)] == before, \
        "the history after the reload differs from before it"
    assert len({(v, text) for v, text, _ in after}) == len(after), "a line is there twice"
    assert [v for v, _, _ in after] == sorted(v for v, _, _ in after), "the lines are out of order"
    for text in ("good luck all", "nice trick"):
        assert sum(text in line[1] for line in after) == 1
    assert [line[2] for line in after if "good luck all" in line[1]] == ["chat"]
    # the page's own timeline holds only what it heard live: the earlier lines are not replayed
    # (no sounds, no animation, no deal summary)
    assert page.evaluate("() => window.cardhallModel.timeline.length") < len(after)

    # what the API gives a spectator is what a spectator's live connection hears, word for word:
    # the engine's events for that viewer (no card passed or held in a hand is named)
    version = int(page.evaluate("() => window.cardhallModel.version"))
    answer = httpx.get(f"{server.url}/api/tables/{table}/history", params={"until": version}, timeout=30)
    assert answer.status_code == 200, answer.text
    given = [[e["version"], e["words"]] for e in answer.json()["events"]]
    assert given and given == [h for h in heard_live(server, table, 0) if h[0] <= version]
    assert given != [[v, text] for v, text, _ in after if v <= version]  # the seat hears its own cards; a spectator does not
    page.context.close()
