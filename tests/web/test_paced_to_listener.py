"""Bots paced to the listener in the browser (issue 38, point 1): Ann plays by keyboard in
English (so "the bots wait until I have heard the last move" is on without asking) at a reading
rate she sets to 450 words a minute; Bo, sighted, plays the same Hearts table in German with the
mouse. After each change Ann's page tells the room how long its lines take (`hearing`, their words
at her rate), and every bot move comes no sooner than that — for Bo too, who sees nothing but the
wait (no line about it, no message of his own). The room runs with `--bot-pace 0.05`, so every wait
longer than that is the listener's. Times are the browsers' own clocks (`performance.now`)."""

from __future__ import annotations

import os
import random
import statistics
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from cardhall.room.pacing import HEAR_MAX
from cardhall.web.deltas import apply_patch
from tests.web.conftest import Server
from tests.web.helpers import create_table, pick_name, play_one, start_game, wait_turn
from tests.web.listening import heard, record

# Every message in and out of the page's WebSocket, with when (performance.now, ms).
RECORD = """
(() => {
  window.__wire = [];
  const Real = window.WebSocket;
  window.WebSocket = class extends Real {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", (e) => {
        // left: what the page still had to hear when this came (seconds; hearing.js)
        const left = window.cardhallHearing ? window.cardhallHearing() : null;
        try { window.__wire.push({ t: performance.now(), dir: "in", msg: JSON.parse(e.data), left }); } catch {}
      });
    }
    send(data) {
      try { window.__wire.push({ t: performance.now(), dir: "out", msg: JSON.parse(data) }); } catch {}
      super.send(data);
    }
  };
})();
"""


def wire(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("() => window.__wire"))


def states(page: Page) -> dict[int, tuple[float, dict[str, Any]]]:
    """Each state's version → (when it arrived, the state); the page asks for deltas (`delta=1`):
    each is applied to the state before it, as the page's model does."""
    seen: dict[int, tuple[float, dict[str, Any]]] = {}
    last: dict[str, Any] | None = None
    for w in wire(page):
        msg = w["msg"]
        if w["dir"] != "in" or msg["type"] not in ("state", "delta"):
            continue
        if msg["type"] == "delta":
            if last is None or msg["base"] != last["version"]:
                continue  # a gap: the page asks for the whole state (a `sync`), which comes as "state"
            msg = apply_patch(last, msg["patch"])
        last = msg
        seen[msg["version"]] = (w["t"], msg)
    return seen


def bot_moves(page: Page) -> list[int]:
    """The versions at which a bot moved (the state before had a bot to move, and one more move)."""
    seen = states(page)
    moved = []
    for version, (_, state) in seen.items():
        before = seen.get(version - 1)
        if before is None or before[1]["to_move"] is None:
            continue
        mover = before[1]["seats"][before[1]["to_move"]]
        if mover["kind"] == "bot" and state["moves"] > before[1]["moves"]:
            moved.append(version)
    return moved


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A room whose bots wait a little for people (`--bot-pace 0.05`): only such a room holds
    them for a listener (one with `--bot-pace 0`, the other browser tests', holds none)."""
    srv = Server(tmp_path_factory.mktemp("room"), bot_pace="0.05")
    yield srv
    srv.stop()


def test_the_bots_wait_for_the_listener_and_the_sighted_person_sees_only_the_wait(server, browser):
    ann_ctx = browser.new_context()
    bo_ctx = browser.new_context(locale="de-CH", extra_http_headers={"Accept-Language": "de"})
    for ctx in (ann_ctx, bo_ctx):
        ctx.add_init_script(RECORD)
    ann, bo = ann_ctx.new_page(), bo_ctx.new_page()
    pick_name(ann, server.url, "Ann")
    url = create_table(ann, "hearts", {"players": 3, "target": 1}, ["me", "open", "bot:random"])

    # Ann's reading rate, in the settings (stored for her in the room)
    ann.wait_for_function("() => Boolean(window.cardhallModel && window.cardhallModel.state)")
    ann.locator("#settings summary").focus()
    ann.keyboard.press("Enter")
    expect(ann.locator("#set-wait")).to_be_checked()  # she plays by keyboard: on without asking
    ann.locator("#set-rate").fill("450")
    ann.locator("#set-rate").press("Tab")
    ann.wait_for_function("() => fetch('/api/players/me/listening').then(r => r.json()).then(s => s.rate === 450)")
    ann.locator("#settings summary").click()

    bo.goto(server.url + "/?lang=de")
    bo.locator("#name").fill("Bo")
    bo.locator("#name").press("Enter")
    expect(bo.locator("#whoami")).to_contain_text("Bo")
    bo.goto(url)
    bo.locator("#sit-buttons button").first.click()
    expect(bo.locator("html")).to_have_attribute("lang", "de")
    ann.wait_for_function("() => window.cardhallModel.state.seats.every((s) => s.kind !== 'open')")
    ann.locator("#log").focus()
    start_game(ann)

    rng = random.Random(3)
    for _ in range(600):  # both play until the bot has moved often enough
        if len(bot_moves(bo)) >= 8:
            break
        for page, by_keys in ((ann, True), (bo, False)):
            if page.evaluate("() => window.cardhallModel.isMyTurn() && !window.cardhallModel.isOver()"):
                if by_keys:
                    play_one(page, rng)
                else:  # Bo clicks a card he may play (a card at a time for the pass, then Confirm)
                    ok = page.locator("#select-confirm")
                    if ok.is_visible() and ok.get_attribute("aria-disabled") == "false":
                        ok.click()
                    else:
                        page.locator("#hand button:not([aria-disabled=true]):not([aria-pressed=true])").first.click()
        ann.wait_for_timeout(150)
    assert len(bot_moves(bo)) >= 8, (ann.inner_text("#status"), bo.inner_text("#status"), ann.inner_text("#alert"))

    told = {w["msg"]["version"]: (w["t"], w["msg"]["seconds"]) for w in wire(ann)
            if w["dir"] == "out" and w["msg"]["type"] == "hearing"}
    assert told, "Ann's page never told the room what it was hearing"
    assert any(seconds > 0.5 for _, seconds in told.values())  # lines at 450 words a minute take time
    ann_states, bo_states = states(ann), states(bo)
    held = 0
    for version in bot_moves(bo):
        if version - 1 not in told or version not in ann_states:
            continue
        sent_at, seconds = told[version - 1]
        # the bot's move reached Ann no sooner than her page said it would have heard the change before
        # (at most the bound after that change, which came a little before her page told of it)
        need = seconds * 1000 - 20 if seconds < HEAR_MAX else (HEAR_MAX - 0.5) * 1000
        seconds = min(seconds, HEAR_MAX - 0.5)
        assert ann_states[version][0] - sent_at >= need, (version, seconds)
        # and Bo saw the same wait (his clock: from the change before to the bot's move)
        if version - 1 in bo_states and seconds > 0.3:
            assert bo_states[version][0] - bo_states[version - 1][0] >= seconds * 1000 - 300, (version, seconds)
            held += 1
    assert held >= 3
    assert not [w for w in wire(bo) if w["dir"] == "out" and w["msg"]["type"] == "hearing"]  # Bo holds nothing
    bo_log = bo.inner_text("#log")
    assert "Bots" not in bo_log.replace("Bot (", "")  # nothing said about the wait
    ann_ctx.close()
    bo_ctx.close()


@pytest.fixture(scope="module")
def default_pace(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A room at `cardhall serve`'s default bot pace (0.8 s), as the issue measured."""
    srv = Server(tmp_path_factory.mktemp("room"), bot_pace="0.8")
    yield srv
    srv.stop()


WPM = 300  # the reading rate (the default)


def tricks_heard(page: Page) -> list[tuple[float, float]]:
    """Each whole trick: (how long it lasted on this page, seconds to hear its lines at `WPM`).
    A trick runs from the state after one trick's end to the next end; its lines are what the
    live regions and the log said meanwhile (tests/web/listening.py)."""
    ends = [w["t"] for w in wire(page) if w["dir"] == "in" and w["msg"]["type"] == "event"
            and w["msg"]["event"].get("type") == "trick_won"]
    counts: dict[int, int] = {}
    for line in heard(page):
        counts[line["ends"]] = counts.get(line["ends"], 0) + len(line["text"].split())
    return [((ends[i] - ends[i - 1]) / 1000, counts.get(i, 0) * 60 / WPM) for i in range(1, len(ends))]


@pytest.mark.parametrize("listening", [False, True], ids=["bots-not-waiting", "bots-wait-for-the-listener"])
def test_a_whole_hearts_game_at_the_default_pace_speech_against_trick_time(default_pace, browser, listening):
    """The issue's measure: a whole Hearts game by keyboard against three random bots at the
    default pace, each trick's speech at 300 words a minute against how long the trick lasted;
    the player moves once it has heard what its page said (as the issue's model chooses its moves
    from what it heard).
    With the bots waiting for the listener the speech fits the trick in at least 90 % of tricks
    (the issue's goal); without, the figures are printed (the "before"). `LISTEN_TARGET` sets the
    game's target (default 1: one deal)."""
    context = browser.new_context()
    context.add_init_script(RECORD)
    page = context.new_page()
    record(page, ["trick_won"])
    pick_name(page, default_pace.url, "Kim" if listening else "Lea")
    page.evaluate("w => fetch('/api/players/me/listening', {method: 'PUT', headers: {'Content-Type': "
                  "'application/json'}, body: JSON.stringify({wait: w, rate: 300})})", listening)
    target = int(os.environ.get("LISTEN_TARGET", "1"))
    create_table(page, "hearts", {"players": 4, "target": target}, ["me", "bot:random", "bot:random", "bot:random"])
    start_game(page)
    rng = random.Random(38)
    for _ in range(400):  # a listener moves once it has heard what its page said (`cardhallHearing`)
        if wait_turn(page) == "over":
            break
        page.wait_for_function("() => window.cardhallHearing() === 0", timeout=30_000)
        if page.evaluate("() => window.cardhallModel.isMyTurn()"):
            play_one(page, rng)
    assert wait_turn(page) == "over"
    page.wait_for_timeout(300)
    tricks = tricks_heard(page)
    fits = sum(1 for lasted, speech in tricks if speech <= lasted)
    arrived = {w["msg"]["version"]: w["left"] for w in wire(page) if w["dir"] == "in" and w["msg"]["type"] in ("state", "delta")}
    moves = bot_moves(page)
    behind = [v for v in moves if (arrived.get(v) or 0) > 0.5]  # a bot's card came while the page still spoke
    print(f"\nhearts, bots {'waiting for' if listening else 'not waiting for'} the listener, {WPM} wpm: "
          f"{len(tricks)} tricks, median trick {statistics.median(t for t, _ in tricks):.1f} s, median speech "
          f"{statistics.median(s for _, s in tricks):.1f} s, speech longer than the trick in "
          f"{len(tricks) - fits} of {len(tricks)}; a bot's move came while the page still had over 0.5 s to say in "
          f"{len(behind)} of {len(moves)}")
    assert len(tricks) >= 10
    if listening:
        assert fits >= 0.9 * len(tricks), tricks
        assert len(behind) <= 0.1 * len(moves), behind
    context.close()


# Every trick game, in English and German (issue 38: measured in two languages): a whole deal by
# keyboard at the default pace, the bots waiting for the listener (on by default for a keyboard player).
TRICK_GAMES = {
    "hearts": ({"players": 4, "target": 1}, ["me", "bot:random", "bot:random", "bot:random"]),
    "jass": ({"one_deal": True}, ["me", "bot:random", "bot:random", "bot:random"]),
    "three-two-five": ({"deals": 1}, ["me", "bot:random", "bot:random"]),
}


@pytest.mark.parametrize("lang", ["en", "de"])
@pytest.mark.parametrize("game", list(TRICK_GAMES))
def test_every_trick_game_speech_fits_the_trick(default_pace, browser, game, lang):
    """Words a trick (median, the issue's goal ≤ 18) and speech at 300 words a minute against the
    trick's time at the default pace: no longer in ≥ 90 % of tricks; the page's lines in `lang`.
    `LISTEN_WAIT=0` measures with the bots not waiting for the listener (printed, not held)."""
    waiting = os.environ.get("LISTEN_WAIT", "1") != "0"
    context = browser.new_context()
    context.add_init_script(RECORD)
    page = context.new_page()
    record(page, ["trick_won"])
    pick_name(page, default_pace.url, f"Mo{lang}{game[:2]}{int(waiting)}")
    page.evaluate("w => fetch('/api/players/me/listening', {method: 'PUT', headers: {'Content-Type': "
                  "'application/json'}, body: JSON.stringify({wait: w, rate: 300})})", waiting)
    options, seats = TRICK_GAMES[game]
    url = create_table(page, game, options, seats)
    page.evaluate("l => fetch('/api/players/lang', {method: 'POST', headers: {'Content-Type': 'application/json'}, "
                  "body: JSON.stringify({lang: l})})", lang)
    page.goto(url)
    expect(page.locator("html")).to_have_attribute("lang", lang)
    start_game(page)
    rng = random.Random(game + lang)
    for _ in range(400):  # a listener moves once it has heard what its page said (`cardhallHearing`)
        if wait_turn(page) == "over":
            break
        page.wait_for_function("() => window.cardhallHearing() === 0", timeout=30_000)
        if page.evaluate("() => window.cardhallModel.isMyTurn()"):
            play_one(page, rng)
    page.wait_for_timeout(300)
    tricks = tricks_heard(page)
    fits = sum(1 for lasted, speech in tricks if speech <= lasted)
    words = [speech * WPM / 60 for _, speech in tricks]
    print(f"\n{game} ({lang}), bots {'waiting' if waiting else 'not waiting'}, {WPM} wpm: {len(tricks)} tricks, "
          f"median {statistics.median(words):.0f} words a trick, "
          f"median trick {statistics.median(t for t, _ in tricks):.1f} s, "
          f"speech {statistics.median(s for _, s in tricks):.1f} s, "
          f"speech no longer than the trick in {fits} of {len(tricks)}")
    assert len(tricks) >= 7
    assert statistics.median(words) <= 18, words
    if waiting:
        assert fits >= 0.9 * len(tricks), tricks
    context.close()
