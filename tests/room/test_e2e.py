"""End to end over a real `python -m cardhall serve` (SQLite and PostgreSQL): full games of every
game through HTTP + WebSocket, two people at a table, a spectator who never receives a hidden
card, a reconnect that gets exactly what it missed, private tables, and wire-format checks."""

from __future__ import annotations

import json
import random
import subprocess
import sys
import time
from typing import Any

import msgspec
import pytest

import cardhall
from cardhall.core.record import Record
from cardhall.web.protocol import ServerMessage
from tests.room.helpers import ROOT, Person, Server, play_out

ROOM_EVENTS = {"sat", "left", "started", "chat", "takeover", "reclaimed", "clock_warning", "game_over",
               "connected", "disconnected"}

GAMES = [  # one game of each, with short options where the game has them
    ("five-towers", {"players": 3}),
    ("hearts", {"target": 30}),
    ("jass", {}),
    ("putz", {"players": 3}),
    ("three-two-five", {"deals": 1}),
    ("clash-of-decks", {}),
]


def check_wire(messages: list[dict[str, Any]]) -> None:
    """Every message the server sent has a type of wire protocol v1."""
    for message in messages:
        msgspec.convert(message, ServerMessage)


def normal(data: Any) -> str:
    return json.dumps(data, sort_keys=True)


def seats_for(game: str, options: dict[str, Any], *first: str) -> list[str]:
    n = cardhall.load(game, **options).num_players
    return [*first, *["bot:random"] * (n - len(first))]


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_full_game_with_bots(server: Server, game: str, options: dict[str, Any]) -> None:
    ann = Person(server, "Ann")
    table = ann.create(game, seats_for(game, options, "me"), options)
    assert table["status"] == "waiting" and table["seats"][0]["player"] == ann.player
    sock = ann.watch(table["id"])
    first = sock.until(lambda m: m["type"] == "state")
    assert first["seat"] == 0 and first["status"] == "waiting"
    ann.start(table["id"])
    play_out([sock], seed=len(game))
    final = sock.state
    assert final is not None and final["over"] and final["status"] == "over"
    versions = [m["version"] for m in sock.messages if m["type"] == "state"]
    assert versions == sorted(versions)
    check_wire(sock.messages)
    # the record: it replays exactly (what `cardhall replay --check` does) and ends with the scores shown
    record = Record.from_json(ann.http.get(f"/api/tables/{table['id']}/record").json())
    assert record.check().scores() == final["scores"]
    shown = ann.http.get(f"/api/tables/{table['id']}").json()
    assert shown["status"] == "over" and shown["state"]["seat"] is None and shown["state"]["version"] == final["version"]
    sock.close()


def test_record_is_accepted_by_replay_check(server: Server, tmp_path: Any) -> None:
    ann = Person(server, "Ann")
    table = ann.create("three-two-five", ["bot:random"] * 3, {"deals": 1})
    early = ann.http.get(f"/api/tables/{table['id']}/record")
    assert early.status_code == 409 and "not over" in early.json()["error"]
    sock = ann.watch(table["id"])
    ann.start(table["id"])
    sock.until(lambda m: m["type"] == "state" and m["over"])
    path = tmp_path / "game.json"
    path.write_text(ann.http.get(f"/api/tables/{table['id']}/record").text)
    done = subprocess.run([sys.executable, "-m", "cardhall", "replay", "--check", str(path)],
                          capture_output=True, text=True, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode == 0 and done.stdout.startswith("OK"), done.stdout + done.stderr


def test_two_people_with_bots_and_a_spectator_who_sees_no_hidden_card(server: Server) -> None:
    ann, bob, eve = Person(server, "Ann"), Person(server, "Bob"), Person(server, None)
    table = ann.create("hearts", ["me", "open", "bot:random", "bot:random"], {"target": 30})
    tid = table["id"]
    early = ann.post(f"/api/tables/{tid}/start", ok=False)
    assert early.status_code == 400 and "open" in early.json()["error"]
    assert bob.post(f"/api/tables/{tid}/sit", {"seat": 1}).json()["seats"][1]["name"] == "Bob"
    not_host = bob.post(f"/api/tables/{tid}/start", ok=False)
    assert not_host.status_code == 400 and "host" in not_host.json()["error"]
    watcher = eve.watch(tid)
    a, b = ann.watch(tid), bob.watch(tid)
    for s in (watcher, a, b):
        s.until(lambda m: m["type"] == "state")
    assert (a.state["seat"], b.state["seat"], watcher.state["seat"]) == (0, 1, None)
    ann.start(tid)
    a.send({"type": "chat", "text": "good luck"})
    play_out([a, b], seed=7)
    watcher.until(lambda m: m["type"] == "state" and m["over"])
    for s in (a, b, watcher):
        check_wire(s.messages)
    said = {"type": "chat", "name": "Ann", "text": "good luck", "seat": 0, "player": ann.player}
    assert any(e["event"] == said for e in watcher.events())

    # the spectator saw exactly the public side of every move: each view is a public view of the
    # replayed game, each game event what the engine gives spectators, and never a legal move
    record = Record.from_json(ann.http.get(f"/api/tables/{tid}/record").json())
    state = record.new_game().new_state(record.seed)
    public_views = {normal(state.public_view())}
    public_events = []
    hidden_hands = set()  # every seat's whole hand whenever it was not public
    for text in record.actions:
        for seat in range(4):
            hand = state.view(seat).get("hand")
            if hand and len(hand) > 1 and normal(hand) not in normal(state.public_view()):
                hidden_hands.add(normal(hand))
        public_events += state.apply_with_events(state.game.parse_action(text, state))[None]
        public_views.add(normal(state.public_view()))
    assert hidden_hands
    seen = [m for m in watcher.messages if m["type"] == "state" and m["status"] != "waiting"]
    assert seen and all(normal(m["view"]) in public_views and m["legal"] == [] for m in seen)
    game_events = [m["event"] for m in watcher.events() if m["event"]["type"] not in ROOM_EVENTS - {"game_over"}]
    over = {"type": "game_over", "scores": state.scores(), "winners": state.winners()}  # the table's, after the engine's
    assert [normal(e) for e in game_events] == [normal(e) for e in [*public_events, over]]
    # and no seat's hidden hand reached the spectator, in any message
    wire = normal(watcher.messages)
    assert not any(hand in wire for hand in hidden_hands)
    for s in (a, b, watcher):
        s.close()


def test_seat_scouting_before_the_start_learns_no_card(server: Server) -> None:
    """Eve sits in each open seat of a waiting Hearts table in turn, reads everything the room
    sends her there, and leaves; then she sits down and the host starts. Nothing she was sent
    before the start holds a view or a legal move, and no card of the other hands."""
    ann, eve = Person(server, "Ann"), Person(server, "Eve")
    tid = ann.create("hearts", ["me", "open", "open", "open"], {"target": 30})["id"]
    sock = eve.watch(tid)
    sock.until(lambda m: m["type"] == "state")
    for seat in (1, 2, 3):
        eve.post(f"/api/tables/{tid}/sit", {"seat": seat})
        sock.send({"type": "sync", "since": 0})
        sock.until(lambda m, seat=seat: m["type"] == "state" and m["seat"] == seat)
        assert ann.http.get(f"/api/tables/{tid}").json()["state"]["view"] == {}
        eve.post(f"/api/tables/{tid}/leave")
    before = list(sock.messages)
    eve.post(f"/api/tables/{tid}/sit", {"seat": 3})
    bob, cy = Person(server, "Bob"), Person(server, "Cy")
    bob.post(f"/api/tables/{tid}/sit", {"seat": 1})
    cy.post(f"/api/tables/{tid}/sit", {"seat": 2})
    ann.start(tid)
    mine = sock.until(lambda m: m["type"] == "state" and m["status"] == "playing")
    assert mine["seat"] == 3 and len(mine["view"]["hand"]) == 13
    states = [m for m in before if m["type"] == "state"]
    assert states and all(m["view"] == {} and m["legal"] == [] for m in states)
    others = []  # the other three hands, as their holders see them once the game has started
    for person in (ann, bob, cy):
        theirs = person.watch(tid)
        others += theirs.until(lambda m: m["type"] == "state" and m["status"] == "playing")["view"]["hand"]
        theirs.close()
    assert len(others) == 39
    wire = normal([[m.get("view"), m.get("legal"), m.get("event")] for m in before])
    assert not any(f'"{card}"' in wire for card in others)
    sock.close()


def test_reconnect_with_sync_gets_exactly_what_it_missed(server: Server) -> None:
    ann, bob = Person(server, "Ann"), Person(server, "Bob")
    table = ann.create("hearts", ["me", "open", "bot:random", "bot:random"], {"target": 30})
    tid = table["id"]
    bob.post(f"/api/tables/{tid}/sit", {})
    a, b_steady, b_flaky = ann.watch(tid), bob.watch(tid), bob.watch(tid)
    for s in (a, b_steady, b_flaky):
        s.until(lambda m: m["type"] == "state")
    ann.start(tid)
    b_flaky.until(lambda m: m["type"] == "state" and m["status"] == "playing")
    b_flaky.poll()
    last_seen = b_flaky.state["version"]
    b_flaky.close()
    # the game goes on for a while (Ann chats too), Bob's other connection keeps him at the table
    a.send({"type": "chat", "text": "where did you go?"})
    play_out([a, b_steady], seed=3, stop=lambda: bool(a.state and a.state["version"] > last_seen + 30))
    end = time.monotonic() + 60
    while not (a.my_turn() or b_steady.my_turn()):  # let the bots play on until a person is to move
        assert time.monotonic() < end, "no person was to move within 60 s"
        a.poll()  # either socket may hold the news: wait on neither
        b_steady.poll()
        time.sleep(0.02)
    back = bob.watch(tid)
    hello = back.until(lambda m: m["type"] == "state")
    now = hello["version"]
    got = back.sync(last_seen)
    if b_steady.state["version"] < now:  # its last messages may still be on the way
        b_steady.until(lambda m: m["type"] == "state" and m["version"] >= now)
    expected = [m for m in b_steady.events() if last_seen < m["version"] <= now]
    assert got == expected and len(got) > 30
    # a version too old for the kept history: just the state
    back.send({"type": "sync", "since": -1})
    again = back.recv(30)
    assert again["type"] == "state"
    for s in (a, b_steady, back):
        s.close()


def test_lobby_mine_and_private_tables(server: Server) -> None:
    ann, bob = Person(server, "Ann"), Person(server, "Bob")
    public = ann.create("hearts", ["me", "open", "open", "bot:easy"])
    private = ann.create("jass", ["me", "open", "bot:random", "bot:random"], private=True)
    invite = private["invite"]
    lobby = [t["id"] for t in bob.http.get("/api/tables").json()]
    assert public["id"] in lobby and private["id"] not in lobby
    mine = [t["id"] for t in ann.http.get("/api/tables?mine=1", headers=ann.headers).json()]
    assert {public["id"], private["id"]} <= set(mine)
    hidden = bob.http.get(f"/api/tables/{private['id']}")
    assert hidden.status_code == 404 and "no table" in hidden.json()["error"]
    refused = bob.post(f"/api/tables/{private['id']}/sit", {"seat": 1}, ok=False)
    assert refused.status_code == 404
    seen = bob.http.get(f"/api/tables/{private['id']}?invite={invite}").json()
    assert "invite" not in seen and seen["id"] == private["id"]
    bob.post(f"/api/tables/{private['id']}/sit", {"seat": 1, "invite": invite})
    sock = bob.watch(private["id"])  # seated now: no invite needed
    assert sock.until(lambda m: m["type"] in ("state", "error"))["seat"] == 1
    stranger = Person(server, None).watch(private["id"])
    assert "no table" in stranger.until(lambda m: True)["message"]
    assert bob.post(f"/api/tables/{public['id']}/sit", {}).json()["seats"][1]["name"] == "Bob"
    left = bob.post(f"/api/tables/{public['id']}/leave").json()
    assert left["seats"][1]["kind"] == "open"
    sock.close()


def test_games_catalog_and_schema(server: Server) -> None:
    http = Person(server, None).http
    games = {g["name"]: g for g in http.get("/api/games").json()}
    assert list(games) == ["five-towers", "hearts", "jass", "putz", "three-two-five", "clash-of-decks"]
    assert games["putz"]["players"] == [3, 5] and games["hearts"]["players"] == [3, 4]
    assert "apple" in games["putz"]["aliases"]
    target = next(o for o in games["hearts"]["options"] if o["name"] == "target")
    assert target["default"] == 100 and "whole number" in target["allowed"] and target["description"]
    assert {b["spec"] for b in games["jass"]["bots"]} >= {"bot:random", "bot:easy", "bot:medium", "bot:hard"}
    schema = http.get("/api/protocol").json()
    assert {"ClientMessage", "ServerMessage", "Act", "State"} <= set(schema["$defs"])


def test_cookie_needs_the_same_origin(server: Server) -> None:
    person = Person(server, None)
    made = person.http.post("/api/players", json={"name": "Cat"})
    assert "cardhall_token" in made.cookies
    body = {"game": "hearts", "seats": ["me", "open", "open", "open"]}
    forged = person.http.post("/api/tables", json=body, headers={"Origin": "http://evil.example"})
    assert forged.status_code == 403 and "Origin" in forged.json()["error"]  # another site: refused outright
    bare = person.http.post("/api/tables", json=body)  # the cookie alone, no Origin: not enough to change anything
    assert bare.status_code == 401 and "Origin" in bare.json()["error"]
    same = person.http.post("/api/tables", json=body, headers={"Origin": server.url})
    assert same.status_code == 201, same.text


def test_the_clock_warns_then_the_takeover_bot_plays_and_the_person_takes_back(server: Server) -> None:
    """The service wakes at the table's deadline: a warning, then at expiry the takeover bot plays
    the seat (announced); the person's next move takes the seat back, even one the bot's instant
    move overtook (it was refused as stale and the takeover went on to the game's end, a regression)."""
    ann = Person(server, "Ann")
    # three deals: the takeover bot (medium, the heuristic) moves at once, so Ann's move is usually
    # overtaken by it; sending it still takes her seat back
    table = ann.create("three-two-five", ["me", "bot:random", "bot:random"], {"deals": 3}, clock=1)
    assert table["policy"]["clock"] == 1
    sock = ann.watch(table["id"])
    sock.until(lambda m: m["type"] == "state")
    ann.start(table["id"])
    warning = sock.until(lambda m: m["type"] == "event" and m["event"]["type"] == "clock_warning")
    assert warning["event"]["seat"] == 0
    takeover = sock.until(lambda m: m["type"] == "event" and m["event"]["type"] == "takeover")
    assert takeover["event"] == {"type": "takeover", "seat": 0, "name": "Ann", "bot": "medium", "reason": "clock"}
    rng = random.Random(1)
    end = time.monotonic() + 120
    while not any(e["event"]["type"] == "reclaimed" for e in sock.events()):  # Ann plays: she is back
        assert time.monotonic() < end
        assert not (sock.state and sock.state["over"]), "the game ended and Ann's moves never took her seat back"
        if sock.my_turn():
            sock.act_random(rng)
        sock.recv(60)
    assert any(e["event"] == {"type": "reclaimed", "seat": 0, "name": "Ann"} for e in sock.events())
    sock.close()
