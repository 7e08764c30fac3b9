"""The daily duplicate: one event per game each UTC day, made once however often (or by however
many nodes) it is asked, from midnight for 24 hours with medium bots; `--no-daily` makes none."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import httpx
import pytest

from cardhall.events.daily import DAILY_BOARDS, day_start, open_daily
from cardhall.room.registry import Room
from tests.room.helpers import Server
from tests.services import make_database


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_each_day_opens_one_event_per_game_once(backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    url = make_database(backend, request, tmp_path)

    async def run() -> tuple[list[str], list[str], list[str]]:
        one, two = await Room.open(url, restore=False), await Room.open(url, restore=False)
        try:
            noon = day_start(time.time()) + 12 * 3600
            first = await open_daily(one, noon)
            again = await asyncio.gather(open_daily(one, noon + 60), open_daily(two, noon + 60))
            tomorrow = await open_daily(two, noon + 24 * 3600)
            return first, [*again[0], *again[1]], tomorrow
        finally:
            await one.close()
            await two.close()

    first, again, tomorrow = asyncio.run(run())
    assert len(first) == len(DAILY_BOARDS) and again == [] and len(tomorrow) == len(DAILY_BOARDS)


def test_a_room_opens_todays_events_and_no_daily_opens_none(tmp_path: Path) -> None:
    with_daily = Server(f"sqlite:///{tmp_path / 'a.db'}", tmp_path / "a.log").start()
    try:
        end = time.monotonic() + 30
        while time.monotonic() < end:
            listed = httpx.get(with_daily.url + "/api/events", params={"status": "open"}).json()["events"]
            if len(listed) == len(DAILY_BOARDS):
                break
            time.sleep(0.2)
        assert {e["game"]: e["boards"] for e in listed} == DAILY_BOARDS
        assert all(e["bots"] == "medium" and e["daily"] and e["closes"] - e["created"] == 86400 for e in listed)
    finally:
        assert with_daily.stop() == 0
    without = Server(f"sqlite:///{tmp_path / 'b.db'}", tmp_path / "b.log", extra=["--no-daily"]).start()
    try:
        time.sleep(1)
        assert httpx.get(without.url + "/api/events").json()["events"] == []
    finally:
        assert without.stop() == 0


def test_todays_duplicate_summary_has_progress_and_yesterdays_result(tmp_path: Path) -> None:
    from cardhall.events import duplicate
    from cardhall.events.daily import summary
    from cardhall.people.accounts import Accounts

    async def run() -> dict[str, object]:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.db'}", restore=False)
        try:
            me = await Accounts(room.store).register("Daisy", "correct horse battery")
            now = time.time()
            await open_daily(room, now - 86400)
            await open_daily(room, now)
            shown = await summary(room, me, now)
            today = {e["game"]: e for e in shown["today"]}  # type: ignore[union-attr]
            await duplicate.enter(room, today["hearts"]["id"], me, None)
            board = await duplicate.next_board(room, today["hearts"]["id"], me, None)
            return {"shown": shown, "board": board}
        finally:
            await room.close()

    got = asyncio.run(run())
    shown = got["shown"]
    assert sorted(e["game"] for e in shown["today"]) == sorted(DAILY_BOARDS)  # type: ignore[index]
    assert all(e["played"] == 0 and e["percent"] is None for e in shown["today"])  # type: ignore[index]
    assert all(e["percent"] is None for e in shown["yesterday"])  # type: ignore[index]
    assert len(shown["yesterday"]) == len(DAILY_BOARDS)  # type: ignore[index]
    assert got["board"]["board"] == 1  # type: ignore[index]
