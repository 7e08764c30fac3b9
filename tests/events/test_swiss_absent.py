"""No-shows and a killed room in Swiss events, on real rooms (SQLite and PostgreSQL).

- An entrant who never comes to their table: after `grace` seconds the takeover bot plays their
  seat (the others' table goes on), the table counts as their loss (0 points, `missed`), and
  after two missed tables they are withdrawn: not seated in round 3, `next` says done.
- SIGKILL of the room mid-round: after the restart every finished table is counted once, the
  table being played goes on to its end, and the next round is seated and announced.
"""

from __future__ import annotations

from pathlib import Path

import httpx
import pytest

from tests.events.swiss_helpers import Entrant, event_of, swiss_event, wait_for
from tests.room.helpers import Server, play_out
from tests.services import make_database


@pytest.mark.long  # waits out the room's clock (tests/lanes.py)
def test_a_no_show_gets_a_bot_a_loss_and_after_two_is_withdrawn(server: Server) -> None:
    people = [Entrant(server, "Ns") for _ in range(4)]
    present, absent = people[:3], people[3]
    try:
        event = swiss_event(people[0], grace=10)
        for p in people:
            assert p.call("POST", f"/api/events/{event['id']}/entries").status_code == 201
        for p in present:
            p.online()
        assert people[0].call("POST", f"/api/events/{event['id']}/start").status_code == 200
        for round_no in (1, 2):
            notices = [p.table_notice(event["id"], round_no) for p in present]
            assert len({n["table"] for n in notices}) == 1  # four entrants: one table, the absent one's too
            sockets = [p.sit(n["table"], n["invite"]) for p, n in zip(present, notices, strict=True)]
            play_out(sockets, seed=round_no, timeout=180)  # the absent seat is played by the bot after grace
            taken = [m["event"] for m in sockets[0].messages
                     if m["type"] == "event" and m["event"].get("type") == "takeover"]
            assert taken and taken[0]["name"] == absent.name
            for s in sockets:
                s.close()
        notices = [p.table_notice(event["id"], 3) for p in present]
        shown = event_of(server, event["id"])
        assert [s for s in shown["tables"][0]["seats"] if s is not None and s["name"] == absent.name] == []
        assert sum(1 for s in shown["tables"][0]["seats"] if s is None) == 1  # the absent one's place: a bot
        assert absent.call("GET", f"/api/events/{event['id']}/next").json() == {"done": True}
        sockets = [p.sit(n["table"], n["invite"]) for p, n in zip(present, notices, strict=True)]
        play_out(sockets, seed=3)
        for s in sockets:
            s.close()
        wait_for(lambda: event_of(server, event["id"])["status"] == "over")
        standings = httpx.get(server.url + f"/api/events/{event['id']}/standings").json()["entries"]
        gone = next(e for e in standings if e["name"] == absent.name)
        assert gone["withdrawn"] is True and gone["missed"] == 2 and gone["points"] == 0 and gone["played"] == 0
        assert [r["missed"] for r in gone["rounds"]] == [True, True] and gone["rank"] == len(standings)
        assert all(e["played"] == 3 and not e["withdrawn"] for e in standings if e["name"] != absent.name)
    finally:
        for p in people:
            p.close()


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_a_swiss_event_survives_sigkill_mid_round(backend: str, request: pytest.FixtureRequest,
                                                   tmp_path: Path) -> None:
    server = Server(make_database(backend, request, tmp_path), tmp_path / "server.log").start()
    people = [Entrant(server, "Kl") for _ in range(6)]
    try:
        event = swiss_event(people[0], rounds=2, grace=900)
        for p in people:
            assert p.call("POST", f"/api/events/{event['id']}/entries").status_code == 201
            p.online()
        assert people[0].call("POST", f"/api/events/{event['id']}/start").status_code == 200
        notices = {p.name: p.table_notice(event["id"], 1) for p in people}
        first, second = sorted({n["table"] for n in notices.values()})
        sockets = {p.name: p.sit(notices[p.name]["table"], notices[p.name]["invite"]) for p in people}
        play_out([s for name, s in sockets.items() if notices[name]["table"] == first], seed=1)
        wait_for(lambda: event_of(server, event["id"])["tables"][0]["over"] or
                 event_of(server, event["id"])["tables"][1]["over"])
        before = httpx.get(server.url + f"/api/events/{event['id']}/standings").json()["entries"]
        done_before = {e["name"]: e["rounds"][0]["points"] for e in before if e["rounds"][0]["points"] is not None}
        assert len(done_before) == 3
        for s in sockets.values():
            s.close()
        for p in people:
            p.close()
        server.kill()

        server.start()
        shown = event_of(server, event["id"])
        assert shown["status"] == "running" and shown["round"] == 1
        assert sorted(t["over"] for t in shown["tables"]) == [False, True]
        rest = [p for p in people if notices[p.name]["table"] == second]
        for p in people:
            p.online()
        play_out([p.sit(second, notices[p.name]["invite"]) for p in rest], seed=2)
        round2 = {p.name: p.table_notice(event["id"], 2) for p in people}
        sockets = {p.name: p.sit(round2[p.name]["table"], round2[p.name]["invite"]) for p in people}
        play_out(list(sockets.values()), seed=3)
        wait_for(lambda: event_of(server, event["id"])["status"] == "over")
        final = httpx.get(server.url + f"/api/events/{event['id']}/standings").json()["entries"]
        assert all([r["round"] for r in e["rounds"]] == [1, 2] and e["played"] == 2 for e in final)
        assert {e["name"]: e["rounds"][0]["points"] for e in final if e["name"] in done_before} == done_before
        assert all(e["points"] == sum(r["points"] for r in e["rounds"]) for e in final)
        for s in sockets.values():
            s.close()
    finally:
        for p in people:
            p.close()
        assert server.stop() == 0, server.log.read_text()
