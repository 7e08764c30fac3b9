"""Duplicate events on a real room (SQLite and PostgreSQL): three accounts enter, play every board
(the takeover bot finishes each after they leave it), and read the standings; the same board is the
same deal for everyone; bad input gets a sentence and changes nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import time
import uuid
from typing import Any

import httpx
import pytest

from tests.room.helpers import Server

PASSWORD = "correct horse battery"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def account(server: Server) -> dict[str, str]:
    made = httpx.post(server.url + "/api/accounts", json={"name": f"Dup{uuid.uuid4().hex[:6]}", "password": PASSWORD})
    assert made.status_code == 201, made.text
    return dict(made.json())


def new_event(server: Server, token: str, **body: Any) -> httpx.Response:
    return httpx.post(server.url + "/api/events", headers=bearer(token),
                      json={"kind": "duplicate", "game": "three-two-five", "boards": 2, "bots": "random",
                            "hours": 1, **body})


def wait_over(server: Server, token: str, table: str, invite: str | None) -> dict[str, Any]:
    end = time.monotonic() + 120
    while time.monotonic() < end:
        now = httpx.get(server.url + f"/api/tables/{table}", params={"invite": invite or ""},
                        headers=bearer(token)).json()
        if now["status"] == "over":
            return dict(now)
        time.sleep(0.2)
    raise AssertionError("the board's table did not end in 120 s")


def play_board(server: Server, token: str, event: str) -> dict[str, Any]:
    """Ask for the next board, check a reload gives the same table, leave it to the takeover bot."""
    got = httpx.get(server.url + f"/api/events/{event}/next", headers=bearer(token))
    assert got.status_code == 200, got.text
    board = got.json()
    if board.get("done"):
        return dict(board)
    again = httpx.get(server.url + f"/api/events/{event}/next", headers=bearer(token)).json()
    if again != board:  # the bots ended it meanwhile (a 5 Towers round the start player's bid of all five ends)
        assert wait_over(server, token, board["table"], board["invite"])["status"] == "over"
        return dict(board)
    assert again == board  # a reload resumes the same table
    left = httpx.post(server.url + f"/api/tables/{board['table']}/leave", headers=bearer(token))
    assert left.status_code == 200, left.text
    wait_over(server, token, board["table"], board["invite"])
    return dict(board)


def record(server: Server, token: str, board: dict[str, Any]) -> dict[str, Any]:
    got = httpx.get(server.url + f"/api/tables/{board['table']}/record", params={"invite": board["invite"]},
                    headers=bearer(token))
    assert got.status_code == 200, got.text
    return dict(got.json())


def test_three_entries_play_the_same_boards_and_read_the_standings(server: Server) -> None:
    people = [account(server) for _ in range(3)]
    made = new_event(server, people[0]["token"])
    assert made.status_code == 201, made.text
    event = made.json()
    assert "secret" not in event and event["boards"] == 2 and event["status"] == "open"
    for p in people:
        entered = httpx.post(server.url + f"/api/events/{event['id']}/entries", headers=bearer(p["token"]))
        assert entered.status_code == 201, entered.text
    firsts = []
    for i, p in enumerate(people):
        firsts.append(play_board(server, p["token"], event["id"]))
        mine = httpx.get(server.url + f"/api/events/{event['id']}/standings", headers=bearer(p["token"])).json()
        # before the close, only the boards the viewer finished are shown: board 1 of those who played it
        assert [len(e["boards"]) for e in mine["entries"]].count(1) == i + 1
        assert all(b["board"] == 1 for e in mine["entries"] for b in e["boards"])
        assert sum(f["count"] for f in mine["frequencies"]["1"]) == i + 1
    seeds = {record(server, p["token"], b)["seed"] for p, b in zip(people, firsts, strict=True)}
    assert len(seeds) == 1  # the same deal for everyone
    outsider = account(server)
    hidden = httpx.get(server.url + f"/api/events/{event['id']}/standings", headers=bearer(outsider["token"])).json()
    assert all(e["boards"] == [] and e["percent"] is None for e in hidden["entries"])
    assert hidden["frequencies"] == {}
    watch = httpx.get(server.url + f"/api/tables/{firsts[0]['table']}", headers=bearer(outsider["token"]))
    assert watch.status_code == 404  # an event's table cannot be watched or read without its invite
    for p in people:
        second = play_board(server, p["token"], event["id"])
        assert second["board"] == 2
        assert play_board(server, p["token"], event["id"]) == {"done": True}
    refused = httpx.post(server.url + f"/api/events/{event['id']}/close", headers=bearer(people[1]["token"]))
    assert refused.status_code == 403 and "creator" in refused.json()["error"]
    closed = httpx.post(server.url + f"/api/events/{event['id']}/close", headers=bearer(people[0]["token"]))
    assert closed.status_code == 200 and closed.json()["status"] == "over"
    final = httpx.get(server.url + f"/api/events/{event['id']}/standings").json()
    assert final["final"] is True and len(final["entries"]) == 3
    for entry in final["entries"]:
        assert [b["board"] for b in entry["boards"]] == [1, 2]
        assert entry["percent"] == round(sum(b["percent"] for b in entry["boards"]) / 2, 2)
        assert all(0 <= b["matchpoints"] <= 4 for b in entry["boards"])
    assert sum(b["matchpoints"] for e in final["entries"] for b in e["boards"] if b["board"] == 1) == 6
    assert final["entries"][0]["rank"] == 1
    late = httpx.get(server.url + f"/api/events/{event['id']}/next", headers=bearer(people[0]["token"]))
    assert late.status_code == 409 and "over" in late.json()["error"]
    entry = httpx.post(server.url + f"/api/events/{event['id']}/entries", headers=bearer(outsider["token"]))
    assert entry.status_code == 409
    listed = httpx.get(server.url + "/api/events", params={"status": "over"}).json()["events"]
    assert event["id"] in [e["id"] for e in listed]
    # the pages write each number as the reader's language does: «33,33 %» in Russian, never "33.33"
    pages = {f"/events/{event['id']}": [e["percent"] for e in final["entries"]],
             f"/events/{event['id']}/boards/1": [b["percent"] for e in final["entries"] for b in e["boards"] if b["board"] == 1]}
    for path, percents in pages.items():
        page = httpx.get(server.url + path, params={"lang": "ru"})
        assert page.status_code == 200, page.text
        for percent in percents:
            written = f"{percent:g}"
            assert written.replace(".", ",") + "\u00a0%" in page.text, (path, written)
            assert "." not in written or written not in page.text, (path, written)


def test_bad_input_gets_a_sentence_and_changes_nothing(server: Server) -> None:
    me = account(server)
    before = httpx.get(server.url + "/api/events").json()["events"]
    for body, word in [({"kind": "knockout"}, "kind"), ({"game": "chess"}, "duplicate"), ({"boards": 0}, "boards"),
                       ({"boards": "many"}, "boards"), ({"bots": "god"}, "bots"), ({"hours": -1}, "hours"),
                       ({"options": {"colour": "red"}}, "colour"),
                       ({"game": "five-towers", "options": {"players": 9}}, "players"),
                       ({"game": "putz", "options": {"players": 4}}, "players")]:
        got = new_event(server, me["token"], **body)
        assert got.status_code in (400, 409), (body, got.status_code, got.text)
        assert word in got.json()["error"], (body, got.text)
    assert httpx.get(server.url + "/api/events").json()["events"] == before
    guest = httpx.post(server.url + "/api/players", json={"name": "Guesty"}).json()
    assert new_event(server, guest["token"]).status_code == 409
    event = new_event(server, me["token"]).json()
    assert httpx.post(server.url + f"/api/events/{event['id']}/entries", headers=bearer(guest["token"])).status_code == 403
    assert httpx.get(server.url + f"/api/events/{event['id']}/next", headers=bearer(me["token"])).status_code == 409
    assert httpx.post(server.url + f"/api/events/{event['id']}/entries", headers=bearer(me["token"])).status_code == 201
    twice = httpx.post(server.url + f"/api/events/{event['id']}/entries", headers=bearer(me["token"]))
    assert twice.status_code == 409 and "already" in twice.json()["error"]
    assert httpx.get(server.url + f"/api/events/{event['id']}").json()["entries"] == 1
    out = httpx.delete(server.url + f"/api/events/{event['id']}/entries", headers=bearer(me["token"]))
    assert out.status_code == 200 and out.json()["entries"] == 0
    missing = httpx.get(server.url + "/api/events/nosuchevent/standings")
    assert missing.status_code == 404 and "no event" in missing.json()["error"]
    assert httpx.get(server.url + "/api/events", params={"status": "later"}).status_code == 400


def everything_seen(server: Server, token: str, event: str, others: list[str], names: list[str]) -> str:
    """Every answer `token` gets from the room about the event, the others' tables and profiles, the
    lobby: one text to search (a refusal only repeats the address asked for: it must be a 404 or 409)."""
    seen = []
    for path in [f"/api/events/{event}", "/api/events", f"/api/events/{event}/standings", "/api/tables",
                 *[f"/api/players/{n}" for n in names],
                 *[f"/api/tables/{t}{tail}" for t in others for tail in ("", "/record", "/replay", "/history")]]:
        got = httpx.get(server.url + path, headers=bearer(token))
        if got.status_code == 200:
            seen.append(got.text)
        else:
            assert got.status_code in (404, 409), (path, got.status_code, got.text)
    return "\n".join(seen)


def test_nothing_of_a_board_reaches_an_entry_before_they_play_it(server: Server) -> None:
    """A plays both boards; B, entered, has played none: nothing B can read holds A's tables of
    them, their scores or frequencies; once B has finished board 1, board 1 is shown to B and board 2
    is still not."""
    a, b = account(server), account(server)
    event = new_event(server, a["token"]).json()["id"]
    for p in (a, b):
        assert httpx.post(server.url + f"/api/events/{event}/entries", headers=bearer(p["token"])).status_code == 201
    tables_a = [play_board(server, a["token"], event)["table"] for _ in range(2)]
    seen = everything_seen(server, b["token"], event, tables_a, [a["name"], b["name"]])
    assert not any(t in seen for t in tables_a)
    standings = httpx.get(server.url + f"/api/events/{event}/standings", headers=bearer(b["token"])).json()
    assert standings["frequencies"] == {} and all(e["boards"] == [] for e in standings["entries"])
    first_b = play_board(server, b["token"], event)
    assert first_b["board"] == 1
    seen = everything_seen(server, b["token"], event, tables_a, [a["name"]])
    assert tables_a[0] in seen and tables_a[1] not in seen
    standings = httpx.get(server.url + f"/api/events/{event}/standings", headers=bearer(b["token"])).json()
    assert set(standings["frequencies"]) == {"1"}
    assert {x["board"] for e in standings["entries"] for x in e["boards"]} == {1}


def test_the_terminal_lists_events_and_reads_standings(server: Server, tmp_path_factory: pytest.TempPathFactory) -> None:
    me = account(server)
    event = new_event(server, me["token"]).json()["id"]
    env = {**os.environ, "XDG_DATA_HOME": str(tmp_path_factory.mktemp("data")), "CARDHALL_LANG": "en"}
    listed = subprocess.run([sys.executable, "-m", "cardhall", "event", "list", server.url], env=env,
                            capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr
    assert f"{event}: 3-2-5 (Teen Do Paanch), 2 boards, entries: 0, open until" in listed.stdout
    assert "Hearts, 8 boards" in listed.stdout  # the daily events
    shown = subprocess.run([sys.executable, "-m", "cardhall", "event", "standings", f"{server.url}/events/{event}"],
                           env=env, capture_output=True, text=True, timeout=60)
    assert shown.returncode == 0 and "Standings so far" in shown.stdout, shown.stderr
    wrong = subprocess.run([sys.executable, "-m", "cardhall", "event", "standings", f"{server.url}/events/nope"],
                           env=env, capture_output=True, text=True, timeout=60)
    assert wrong.returncode != 0 and "no event" in wrong.stderr
    bad = subprocess.run([sys.executable, "-m", "cardhall", "event", "play", f"{server.url}/tables/x", "--name", "N"],
                         env=env, capture_output=True, text=True, timeout=60)
    assert bad.returncode != 0 and "not the address of an event" in bad.stderr


@pytest.mark.parametrize("game", ["five-towers", "putz"])
def test_five_towers_rounds_and_putz_deals_are_boards_scored_by_the_game_and_matchpoints(server: Server, game: str) -> None:
    """A 5 Towers board is one round, a Putz board one deal: two entries play both boards (the
    takeover bot finishes each), each board's score is the seat's own score at the game's end, the
    same deal for both, and the matchpoints compare the two."""
    people = [account(server) for _ in range(2)]
    event = new_event(server, people[0]["token"], game=game).json()
    assert event["game"] == game and event["boards"] == 2
    for p in people:
        assert httpx.post(server.url + f"/api/events/{event['id']}/entries", headers=bearer(p["token"])).status_code == 201
    for p in people:
        while not play_board(server, p["token"], event["id"]).get("done"):
            pass
    assert httpx.post(server.url + f"/api/events/{event['id']}/close", headers=bearer(people[0]["token"])).status_code == 200
    final = httpx.get(server.url + f"/api/events/{event['id']}/standings").json()
    rows = {e["name"]: e for e in final["entries"]}
    option = "one_round" if game == "five-towers" else "one_deal"
    seeds = []
    for p in people:
        boards = rows[p["name"]]["boards"]
        assert [b["board"] for b in boards] == [1, 2]
        replays = [httpx.get(server.url + "/api" + b["replay"], headers=bearer(p["token"])).json() for b in boards]
        assert all(r["options"][option] is True and r["deals"] == 1 for r in replays)  # one round / deal, then over
        assert [b["score"] for b in boards] == [r["scores"][0] for r in replays]  # the seat's own score
        seeds.append([r["seed"] for r in replays])
    assert seeds[0] == seeds[1]  # the same deals for both
    first, second = rows[people[0]["name"]]["boards"], rows[people[1]["name"]]["boards"]
    for mine, theirs in zip(first, second, strict=True):
        expected = 2 if mine["score"] > theirs["score"] else 1 if mine["score"] == theirs["score"] else 0
        assert mine["matchpoints"] == expected and mine["matchpoints"] + theirs["matchpoints"] == 2
