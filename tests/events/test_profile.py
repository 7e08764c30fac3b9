"""An event's result on the profile of each entry (the API and the page), in the reader's
language, once the event is over: never before, so a profile tells nobody a board's scores early."""

from __future__ import annotations

import re

import httpx

from tests.events.test_duplicate_api import account, bearer, new_event, play_board
from tests.room.helpers import Server


def test_a_finished_events_result_is_on_each_entrys_profile_in_words(server: Server) -> None:
    a, b, lazy = account(server), account(server), account(server)
    event = new_event(server, a["token"], boards=1).json()["id"]
    for p in (a, b, lazy):
        assert httpx.post(server.url + f"/api/events/{event}/entries", headers=bearer(p["token"])).status_code == 201
    for p in (a, b):
        while not play_board(server, p["token"], event).get("done"):
            pass
    before = httpx.get(server.url + f"/api/players/{a['name']}", headers=bearer(b["token"])).json()
    assert before["events"] == []  # open: no result yet, on the API ...
    page = httpx.get(server.url + f"/players/{a['name']}?lang=en").text
    assert "No finished events yet." in page  # ... nor on the page
    assert httpx.post(server.url + f"/api/events/{event}/close", headers=bearer(a["token"])).status_code == 200
    final = {e["name"]: e for e in httpx.get(server.url + f"/api/events/{event}/standings").json()["entries"]}
    mine = httpx.get(server.url + f"/api/players/{a['name']}", headers={"Accept-Language": "en"}).json()["events"]
    assert len(mine) == 1 and mine[0]["event"] == event and mine[0]["link"] == f"/events/{event}"
    assert mine[0]["percent"] == final[a["name"]]["percent"] and mine[0]["rank"] == final[a["name"]]["rank"]
    assert mine[0]["entries"] == 3 and mine[0]["played"] == 1
    percent = format(final[a["name"]]["percent"], "g")
    assert re.fullmatch(rf"Duplicate: 3-2-5 \(Teen Do Paanch\), 1 board \(over since [-0-9: ]+UTC\): {re.escape(percent)} %, "
                        rf"place {final[a['name']]['rank']} of 3 entries, 1 of 1 board played\.", mine[0]["words"]), mine[0]
    german = httpx.get(server.url + f"/api/players/{a['name']}", headers={"Accept-Language": "de"}).json()["events"]
    assert "Rang" in german[0]["words"] and "von 3" in german[0]["words"], german
    none = httpx.get(server.url + f"/api/players/{lazy['name']}", headers={"Accept-Language": "en"}).json()["events"]
    assert none[0]["percent"] is None and none[0]["words"].endswith("no board played.")
    page = httpx.get(server.url + f"/players/{a['name']}?lang=fr").text
    assert f'href="/events/{event}"' in page and "Classement de ce tournoi" in page
