"""History, replays, ratings and profiles on a real server (SQLite and PostgreSQL): a rated game
against bots played to the end moves the person's rating and shows in their profile with its
replay; a replay of an unfinished game shows nothing; a private table's replay is only for those
who could see the table; only standard options can be rated."""

from __future__ import annotations

import re
import time
import uuid

import httpx

from tests.room.helpers import Server

PASSWORD = "correct horse battery"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def account(server: Server) -> dict[str, str]:
    made = httpx.post(server.url + "/api/accounts", json={"name": f"Ria{uuid.uuid4().hex[:6]}", "password": PASSWORD})
    assert made.status_code == 201, made.text
    return dict(made.json())


def played_out(server: Server, token: str, **table: object) -> dict[str, object]:
    """Make a Clash of Decks duel table with the person and a bot, start it, leave it to the
    takeover bot, and wait until the game is over; its summary."""
    made = httpx.post(server.url + "/api/tables", headers=bearer(token),
                      json={"game": "clash-of-decks", "seats": ["me", "bot:easy"], **table})
    assert made.status_code == 201, made.text
    summary = made.json()
    for step in ("start", "leave"):
        done = httpx.post(server.url + f"/api/tables/{summary['id']}/{step}", headers=bearer(token))
        assert done.status_code == 200, done.text
    end = time.monotonic() + 120
    while time.monotonic() < end:
        now = httpx.get(server.url + f"/api/tables/{summary['id']}", headers=bearer(token)).json()
        if now["status"] == "over":
            return dict(now)
        time.sleep(0.3)
    raise AssertionError("the game did not end in 120 s")


def test_a_rated_game_moves_the_rating_and_shows_in_the_profile(server: Server) -> None:
    me = account(server)
    before = httpx.get(server.url + f"/api/players/{me['name']}").json()
    assert before["ratings"] == {} and before["games"] == []
    table = played_out(server, me["token"], rated=True)
    assert table["rated"] is True
    profile = httpx.get(server.url + f"/api/players/{me['name'].lower()}").json()
    rating = profile["ratings"]["clash-of-decks:2"]
    assert rating["games"] == 1 and rating["mu"] != 25.0 and rating["sigma"] < 25 / 3
    assert rating["provisional"] is True and rating["rating"] == round(60 * rating["mu"])
    assert profile["record"] == {"clash-of-decks": {"played": 1, "won": 1 if profile["games"][0]["place"] == 1 else 0}}
    game = profile["games"][0]
    assert game["table"] == table["id"] and game["rated"] is True and game["replay"] == f"/tables/{table['id']}/replay"
    assert [s["kind"] for s in game["seats"]] == ["person", "bot"] and game["seats"][1]["bot"] == "easy"
    board = httpx.get(server.url + "/api/leaderboards/clash-of-decks").json()
    assert board["anchors"]["clash-of-decks:2"]["medium"] == 1500
    assert board["pools"] == {}  # one rated game is not enough to be listed
    unknown = httpx.get(server.url + "/api/leaderboards/chess")
    assert unknown.status_code == 400


def test_the_replay_has_every_move_and_hand_in_the_readers_language(server: Server) -> None:
    me = account(server)
    table = played_out(server, me["token"])
    assert table["rated"] is False
    replay = httpx.get(server.url + f"/api/tables/{table['id']}/replay?lang=cs").json()
    record = httpx.get(server.url + f"/api/tables/{table['id']}/record").json()
    assert [s["action"] for s in replay["steps"]] == record["actions"]
    assert all(s["said"] and all(isinstance(t, str) and t for t in s["said"]) for s in replay["steps"])
    assert all(len(s["hands"]) == 2 for s in replay["steps"])
    assert all(s["table"] for s in replay["steps"])  # the table in words after each move
    assert replay["result"].startswith("Konec hry")  # the game's own words, in Czech
    casual = httpx.get(server.url + f"/api/players/{me['name']}").json()
    assert casual["ratings"] == {} and casual["games"][0]["rated"] is False


def test_an_unfinished_game_has_no_replay(server: Server) -> None:
    me = account(server)
    made = httpx.post(server.url + "/api/tables", headers=bearer(me["token"]),
                      json={"game": "hearts", "seats": ["me", "bot:random", "bot:random", "bot:random"]}).json()
    for status in ("waiting", "playing"):
        if status == "playing":
            assert httpx.post(server.url + f"/api/tables/{made['id']}/start", headers=bearer(me["token"])).status_code == 200
        answer = httpx.get(server.url + f"/api/tables/{made['id']}/replay", headers=bearer(me["token"]))
        assert answer.status_code == 409 and "not over yet" in answer.json()["error"]
        assert set(answer.json()) == {"error"}
        assert not re.search(r"\b[2-9TJQKA][CDHS]\b", answer.text), answer.text  # not one card


def test_a_private_replay_is_only_for_those_who_could_see_the_table(server: Server) -> None:
    host = account(server)
    table = played_out(server, host["token"], private=True)
    other = account(server)
    path = f"/api/tables/{table['id']}/replay"
    assert httpx.get(server.url + path).status_code == 404
    assert httpx.get(server.url + path, headers=bearer(other["token"])).status_code == 404
    assert httpx.get(server.url + path, headers=bearer(host["token"])).status_code == 200
    invite = httpx.get(server.url + "/api/tables?mine=1", headers=bearer(host["token"])).json()
    assert invite == []  # a finished table is no longer among the unfinished ones
    seen_by_other = httpx.get(server.url + f"/api/players/{host['name']}", headers=bearer(other["token"])).json()
    assert seen_by_other["games"] == []  # nor listed in the host's history for others
    seen_by_host = httpx.get(server.url + f"/api/players/{host['name']}", headers=bearer(host["token"])).json()
    assert [g["table"] for g in seen_by_host["games"]] == [table["id"]]


def test_only_standard_options_are_rated(server: Server) -> None:
    me = account(server)
    refused = httpx.post(server.url + "/api/tables", headers=bearer(me["token"]),
                         json={"game": "hearts", "options": {"target": 1}, "rated": True})
    assert refused.status_code == 400 and "standard options" in refused.json()["error"] and "target" in refused.json()["error"]
    solo = httpx.post(server.url + "/api/tables", headers=bearer(me["token"]),
                      json={"game": "clash-of-decks", "options": {"solo": True}, "rated": True})
    assert solo.status_code == 400 and "one player" in solo.json()["error"]
    three = httpx.post(server.url + "/api/tables", headers=bearer(me["token"]),
                       json={"game": "hearts", "options": {"players": 3}, "rated": True})
    assert three.status_code == 201 and three.json()["rated"] is True
