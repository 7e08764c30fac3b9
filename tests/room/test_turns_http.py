"""Turn-based play over HTTP, in-process (the room's clock moved by hand): `POST /api/tables` with
`turn_based`, `GET /api/players/me/turns`, vacations; bad input answers a sentence with a 4xx."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx

from cardhall.room.actor import TableActor
from cardhall.room.registry import Room
from cardhall.room.turns import bank_for
from cardhall.web.app import create_app
from tests.room.test_turns import T0, Clock, anns_turn, until

HOUR = 3600.0


def test_turn_based_tables_over_http(tmp_path: Path) -> None:
    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        clock = Clock()
        room.clock = clock
        try:
            app = create_app(room, "s" * 32)
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room") as http:
                made = (await http.post("/api/players", json={"name": "Ann"})).json()
                auth = {"Authorization": f"Bearer {made['token']}"}
                seats = ["me", "bot:random", "bot:random", "bot:random"]
                bad_bodies: list[Any] = [{"hours_per_move": 0}, {"hours_per_move": 200}, {"hours_per_move": "x"},
                                         {"hours": 5}, 12, [], "daily"]
                for bad in bad_bodies:
                    answer = await http.post("/api/tables", json={"game": "hearts", "seats": seats, "turn_based": bad},
                                             headers=auth)
                    assert answer.status_code == 400, (bad, answer.text)
                    assert "hours_per_move" in answer.json()["error"]
                answer = await http.post("/api/tables", json={"game": "hearts", "seats": seats, "clock": 30,
                                                              "turn_based": {"hours_per_move": 24}}, headers=auth)
                assert answer.status_code == 400 and "clock" in answer.json()["error"]
                answer = await http.post("/api/tables", json={"game": "hearts", "seats": seats,
                                                              "turn_based": {"hours_per_move": 24}}, headers=auth)
                assert answer.status_code == 201, answer.text
                table = answer.json()
                assert table["policy"]["turn_hours"] == 24 and table["turn"] is None
                assert (await http.get("/api/players/me/turns", headers=auth)).json() == []
                assert (await http.post(f"/api/tables/{table['id']}/start", json={}, headers=auth)).status_code == 200
                actor = room.tables[table["id"]]
                assert isinstance(actor, TableActor)
                await until(lambda: anns_turn(actor), "Ann's turn")
                waiting = (await http.get("/api/players/me/turns", headers=auth)).json()
                assert [t["id"] for t in waiting] == [table["id"]]
                assert waiting[0]["turn"]["since"] == T0 and waiting[0]["turn"]["bank"] == round(bank_for(24))
                async with httpx.AsyncClient(transport=httpx.ASGITransport(app=app), base_url="http://room") as nobody:
                    assert (await nobody.get("/api/players/me/turns")).status_code == 401
                # vacation: bad days are sentences; a good one moves the table's deadline
                for bad_days in (0, 15, "3", None, 2.5):
                    answer = await http.post("/api/players/me/vacation", json={"days": bad_days}, headers=auth)
                    assert answer.status_code == 400 and "days" in answer.json()["error"], answer.text
                answer = await http.post("/api/players/me/vacation", json={"days": 3}, headers=auth)
                assert answer.status_code == 201 and answer.json()["on_vacation"], answer.text
                assert actor.table.deadline() == T0 + 24 * HOUR + bank_for(24) + 3 * 86400
                assert (await http.get("/api/players/me/vacation", headers=auth)).json()["days_left"] == 27
                ended = await http.delete("/api/players/me/vacation", headers=auth)
                assert ended.status_code == 200 and not ended.json()["on_vacation"]
                assert actor.table.deadline() == T0 + 24 * HOUR + bank_for(24)
                again = await http.delete("/api/players/me/vacation", headers=auth)
                assert again.status_code == 400 and "not on vacation" in again.json()["error"]
        finally:
            await room.close()
    asyncio.run(go())
