"""Words on the wire (`?words=1`, cardhall.web.words): each event comes with its sentence and each
state with the table, choices, steps and keys in words, in the connection's language, phrased
once per (table, version, viewer, language); without `?words=1` the messages are as before."""

from __future__ import annotations

import asyncio
import json
import random
import re
from typing import Any

import httpx
import msgspec
import websockets

import cardhall
from cardhall.core.text import STEPWISE_OVER, text_ui
from cardhall.room.table import Seat, Table
from cardhall.web.protocol import Event, State, json_schema
from cardhall.web.words import Cache, Speaker


def new_player(client: httpx.Client, name: str, lang: str = "en") -> str:
    r = client.post("/api/players", json={"name": name, "lang": lang})
    assert r.status_code == 200, r.text
    return str(r.json()["token"])


async def read_until_state(ws: Any, version: int = 0, timeout: float = 20) -> list[dict[str, Any]]:
    """The messages up to and including the first state at `version` or later."""
    out = []
    while True:
        msg = json.loads(await asyncio.wait_for(ws.recv(), timeout))
        out.append(msg)
        if msg["type"] == "state" and msg["version"] >= version:
            return out


def test_a_words_connection_hears_each_event_and_state_in_words(server):
    client = httpx.Client(base_url=server.url)
    token = new_player(client, "Kim")
    auth = {"Authorization": f"Bearer {token}"}
    table = client.post("/api/tables", headers=auth, json={"game": "hearts", "options": {"players": 3, "target": 1},
                                                            "seats": ["me", "bot:random", "bot:random"]}).json()
    ws_url = server.url.replace("http", "ws") + f"/ws/tables/{table['id']}?token={token}"

    async def run() -> tuple[list[dict[str, Any]], list[dict[str, Any]], list[dict[str, Any]]]:
        async with websockets.connect(ws_url + "&words=1") as en, websockets.connect(ws_url + "&words=1&lang=ru") as ru, \
                websockets.connect(ws_url) as plain:
            for ws in (en, ru, plain):
                await read_until_state(ws)
            r = client.post(f"/api/tables/{table['id']}/start", headers=auth, json={})
            assert r.status_code == 200, r.text
            said = [await read_until_state(ws, r.json()["version"]) for ws in (en, ru, plain)]
            state = said[0][-1]
            while not state["legal"]:  # the bots' moves until it is Kim's turn
                said = [s + await read_until_state(ws, state["version"] + 1) for s, ws in zip(said, (en, ru, plain),
                                                                                                 strict=True)]
                state = said[0][-1]
            return said[0], said[1], said[2]

    english, russian, plain = asyncio.run(run())
    for messages in (english, russian, plain):  # every message is one of the protocol's, words or not
        for m in messages:
            msgspec.convert(m, State if m["type"] == "state" else Event)
    assert all("words" not in m for m in plain)
    events = [m for m in english if m["type"] == "event"]
    assert events and all(isinstance(m["words"], str) for m in events)
    assert "The game starts." in [m["words"] for m in events]
    assert [m["event"] for m in events] == [m["event"] for m in plain if m["type"] == "event"]
    assert "Игра начинается." in [m["words"] for m in russian if m["type"] == "event"]
    state = english[-1]
    words = state["words"]
    assert set(words["choices"]) == set(state["legal"]) and all(words["choices"].values())
    assert words["keys"]["T"]["text"].startswith("Your turn")
    assert all(words["words"][card] for card in state["view"]["hand"])
    assert words["title"] == "Hearts" and words["lang"] == "en" and words["render"]
    assert russian[-1]["words"]["lang"] == "ru" and russian[-1]["words"]["title"] == "Червы"


def hearts_table() -> Table:
    game = cardhall.load("hearts", players=3)
    seats = [Seat.person("p0", "Ann"), Seat.robot("random"), Seat.robot("random")]
    return Table("t1", game, 5, seats, host="p0")


def test_each_change_is_phrased_once_per_viewer_and_language():
    """Two connections of one viewer in one language share the phrasing; another language is
    phrased once more; a later state is phrased again."""
    table = hearts_table()
    changes = table.start("p0", 0.0)
    cache = Cache()
    speakers = [Speaker("t1", table.game, code, cache) for code in ("en", "en", "cs")]
    for speaker in speakers:
        for change in changes:
            for event in change.events[0]:
                assert speaker.take(Event(change.version, event)) == []
        out = msgspec.to_builtins(speaker.take(table.state_message(0)))
        assert [m["type"] for m in out][-1] == "state" and out[-1]["words"]["lang"] == speaker.code
    assert cache.made == 2 * 2  # (the events of the start, the state) × (en, cs)
    (chat,) = table.chat("p0", "hello", 1.0)
    said = speakers[0].take(Event(chat.version, chat.events[0][0]))
    said += speakers[0].take(table.state_message(0))
    assert isinstance(said[0], Event) and said[0].words == "You say: hello" and cache.made == 6
    speakers[1].take(table.state_message(0))
    assert cache.made == 6


def test_a_long_composite_choice_comes_in_steps_as_the_terminal_asks_it():
    """5 Towers' builds: more choices than one list holds, so each comes with its steps, the
    same (question, answer) pairs the terminal's prompt walks (`TextUI.steps`)."""
    game = cardhall.load("five-towers", players=2)
    rng = random.Random(3)
    table = Table("t2", game, 3, [Seat.person("p0", "Ann"), Seat.person("p1", "Bo")], host="p0")
    table.start("p0", 0.0)
    for _ in range(400):
        legal = table.state.legal_actions()
        if len(legal) > STEPWISE_OVER and isinstance(legal[0], tuple):
            break
        seat = table.state.to_move()
        table.act(f"p{seat}", game.format_action(rng.choice(legal)), None, 0.0)
    else:
        raise AssertionError("no build with many choices came up")
    seat = table.state.to_move()
    message = table.state_message(seat)
    words = msgspec.to_builtins(Speaker("t2", game, "en", Cache()).take(message)[-1])["words"]
    ui = text_ui(game)
    view = table.state.view(seat)
    for notation in message.legal:
        action = game.parse_action(notation, None)
        assert words["steps"][notation] == [list(s) for s in ui.steps(action, view, seat)]
        assert notation not in words["choices"][notation]  # said in words, not notation


def test_the_protocol_schema_covers_the_words():
    schema = json_schema()["$defs"]
    assert {"StateWords", "KeyWords"} <= set(schema)
    assert "words" in schema["State"]["properties"] and "words" in schema["Event"]["properties"]


def test_each_game_s_presenter_is_served_from_its_package(server):
    client = httpx.Client(base_url=server.url)
    r = client.get("/games/hearts/web/presenter.js")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/javascript") and "export default" in r.text
    assert client.get("/games/five-towers/web/style.css").status_code == 200
    for bad in ("/games/hearts/web/__init__.py", "/games/nope/web/presenter.js", "/games/hearts/web/style.css"):
        r = client.get(bad)
        assert r.status_code == 404 and "presenter" in r.json()["error"], bad
    token = new_player(client, "Pat")
    table = client.post("/api/tables", headers={"Authorization": f"Bearer {token}"},
                        json={"game": "putz", "options": {"players": 3}, "seats": ["me", "open", "open"]}).json()
    shown = client.get(f"/api/tables/{table['id']}").json()
    assert shown["presenter"] == {"script": "/games/putz/web/presenter.js", "style": "/games/putz/web/style.css"}


def test_a_phrasing_bug_never_stops_the_messages(monkeypatch, caplog):
    """A game's phrasing that fails unexpectedly is logged; the events and the state still go,
    without words (the page then shows the plain state)."""
    table = hearts_table()
    (change,) = table.start("p0", 0.0)
    speaker = Speaker("t1", table.game, "en", Cache())

    def broken(view, seat):
        raise RuntimeError("a bug in the game's words")

    monkeypatch.setattr(speaker.ui, "render", broken)
    assert speaker.take(Event(change.version, change.events[0][0])) == []
    out = msgspec.to_builtins(speaker.take(table.state_message(0)))
    assert [m["type"] for m in out] == ["event", "state"] and all("words" not in m for m in out)
    assert "cannot phrase" in caplog.text


def test_the_keys_answer_a_listener_with_buttons_in_words_only():
    """Jass's A (the rulebook's "choose or hear the trump") and 3-2-5's A tell a listener with
    buttons the suits in words and where the choices are, not what to type; the terminal's reader
    still hears the notation. 5 Towers names a tower without its notation letter: "Candy (pink)"."""
    for name, terminal in (("jass", "type trump H (hearts)"), ("three-two-five", "write trump C")):
        game = cardhall.load(name)
        state = game.new_state(1)
        seat = state.to_move()
        assert seat is not None
        view = state.view(seat)
        assert view["phase"] == "trump"
        for code in ("en", "ru", "cs"):
            said = text_ui(game, code, notation=False).shortcuts()["A"][1](view, seat)
            assert not re.search(r"trump [CDHS]\b|\b(type|write)\b", said) and "J" in said, said
        assert "spades" in text_ui(game, "en", notation=False).shortcuts()["A"][1](view, seat)
        assert terminal in text_ui(game, "en").shortcuts()["A"][1](view, seat)
    towers = cardhall.load("five-towers", players=2)
    state = towers.new_state(1)
    rng = random.Random(1)
    while not any(state.view(0)["towers"][0].values()):
        state.apply(rng.choice(state.legal_actions()))
    view = state.view(0)
    browser, terminal_ui = text_ui(towers, "en", notation=False), text_ui(towers, "en")
    for key in "12345":
        line = browser.shortcuts()[key][1](view, 0)
        assert not re.search(r"\((?:[PVGSY]), ", line), line
    rendered = browser.render(view, 0)
    assert re.search(r"\b(Candy|Spooky|Tree|Scrap|Sand) \((pink|purple|green-brown|grey|yellow)\):", rendered), rendered
    assert re.search(r"\((?:[PVGSY]), (pink|purple|green-brown|grey|yellow)\):", terminal_ui.render(view, 0))
