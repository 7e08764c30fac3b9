"""Turn-based tables (`cardhall.room.turns`): hours per move, a bank, misses and the takeover bot,
vacations, the list of tables waiting for my move, and a restart that keeps it all. Days pass on
the room's clock (`Room.clock`), never by sleeping."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Coroutine
from pathlib import Path
from typing import Any

import pytest

from cardhall.room.actor import TableActor
from cardhall.room.errors import TableError
from cardhall.room.registry import Room
from cardhall.room.turns import MISSES, bank_for, counted, end_of, hours_per_move
from cardhall.room.vacations import DAY, MAX_DAYS, YEAR_DAYS

HOUR = 3600.0
T0 = 1_900_000_000.0


class Clock:
    """The room's clock, moved on by hand."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> float:
        return self.now


async def until(check: Callable[[], bool], what: str) -> None:
    for _ in range(1000):
        if check():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"never: {what}")


async def opened(path: Path, clock: Clock) -> Room:
    room = await Room.open(f"sqlite:///{path / 'room.sqlite3'}", bot_workers=1)
    room.clock = clock
    for actor in room.tables.values():  # restored before the clock was set: look at it again
        await actor.command(lambda table, now: table.tick(now))
    return room


def anns_turn(actor: TableActor) -> bool:
    t = actor.table
    return t.status == "playing" and t.state.to_move() == 0 and t.bot_seat() is None


async def a_table(room: Room, hours: float = 24) -> tuple[str, TableActor]:
    ann = await room.new_player("Ann")
    actor = await room.create_table(ann, "hearts", {}, ["me", "bot:random", "bot:random", "bot:random"],
                                    turn_hours=hours)
    assert isinstance(actor, TableActor)
    await actor.command(lambda table, now: table.start(ann, now))
    await until(lambda: anns_turn(actor), "Ann's turn")
    return ann, actor


def run(tmp_path: Path, test: Callable[[Clock], Coroutine[Any, Any, None]]) -> None:
    asyncio.run(test(Clock()))


def kinds(actor: TableActor) -> list[str]:
    return [c.entry["kind"] for c in actor.table.history]


def test_the_turn_based_field_is_read_with_a_sentence() -> None:
    assert hours_per_move({"hours_per_move": 24}) == 24.0
    assert hours_per_move({"hours_per_move": 1}) == 1.0 and hours_per_move({"hours_per_move": 168}) == 168.0
    for bad in ({"hours_per_move": 0.5}, {"hours_per_move": 169}, {"hours_per_move": "24"}, {"hours_per_move": True},
                {"hours_per_move": float("nan")}, {}, {"hours": 24}, {"hours_per_move": 24, "x": 1}, 24, None):
        with pytest.raises(TableError) as refused:
            hours_per_move(bad)
        assert "hours_per_move" in str(refused.value)


def test_vacation_time_does_not_count() -> None:
    assert counted(0, 10 * HOUR, []) == 10 * HOUR
    assert counted(0, 10 * HOUR, [(2 * HOUR, 5 * HOUR)]) == 7 * HOUR
    assert end_of(0, 10 * HOUR, [(2 * HOUR, 5 * HOUR)]) == 13 * HOUR
    assert end_of(0, 10 * HOUR, [(-5 * HOUR, 1 * HOUR), (20 * HOUR, 30 * HOUR)]) == 11 * HOUR
    assert end_of(0, 10 * HOUR, [(0, 100 * HOUR)]) == 110 * HOUR


def test_no_takeover_for_being_away_and_the_turn_is_listed(tmp_path: Path) -> None:
    async def go(clock: Clock) -> None:
        room = await opened(tmp_path, clock)
        try:
            ann, actor = await a_table(room)
            since = actor.table.turns.started  # type: ignore[union-attr]
            assert since == T0
            await actor.command(lambda table, now: table.connect(ann, now))
            await actor.command(lambda table, now: table.disconnect(ann, now))
            clock.now += 24 * HOUR - 1  # a live table's grace (60 s) is long past; the move's hours are not
            await actor.command(lambda table, now: table.tick(now))
            assert "takeover" not in kinds(actor) and "missed" not in kinds(actor)
            waiting = await room.turns_of(ann)
            assert [t["id"] for t in waiting] == [actor.table.id]
            assert waiting[0]["turn"] == {"seat": 0, "player": ann, "since": T0, "hours_per_move": 24.0,
                                          "bank": round(bank_for(24))}
            assert await room.turns_of("nobody") == []
            # 30 hours in: 6 hours come from the bank when Ann moves
            clock.now = T0 + 30 * HOUR
            move = actor.table.game.format_action(actor.table.state.legal_actions()[0])
            await actor.command(lambda table, now: table.act(ann, move, None, now))
            assert actor.table.turns.banks[0] == bank_for(24) - 6 * HOUR  # type: ignore[union-attr]
        finally:
            await room.close()
    run(tmp_path, go)


def test_a_miss_then_the_takeover_said_to_everyone_and_kept_over_a_restart(tmp_path: Path) -> None:
    async def go(clock: Clock) -> None:
        room = await opened(tmp_path, clock)
        try:
            ann, actor = await a_table(room, hours=24)
            table_id = actor.table.id
            clock.now += 24 * HOUR + bank_for(24) - 1
            await actor.command(lambda table, now: table.tick(now))
            assert "missed" not in kinds(actor)
            assert actor.table.deadline() == T0 + 24 * HOUR + bank_for(24)
            clock.now += 1
            await actor.command(lambda table, now: table.tick(now))
            missed = [c for c in actor.table.history if c.entry["kind"] == "missed"]
            assert len(missed) == 1 and missed[0].entry["count"] == 1
            for viewer in (0, 1, 2, 3, None):  # said to everyone
                assert any(getattr(e, "count", None) == 1 for e in missed[0].events[viewer])
            await until(lambda: anns_turn(actor) and len(actor.table.state.actions) > 0
                        and actor.table.turns.stand_in is None, "Ann's next turn")  # type: ignore[union-attr]
            by = [c.entry.get("by") for c in actor.table.history if c.entry["kind"] == "act" and c.entry["seat"] == 0]
            assert by == ["takeover"]
            assert actor.table.turns.banks[0] == 0.0 and actor.table.turns.missed[0] == 1  # type: ignore[union-attr]
            started = actor.table.turns.started  # type: ignore[union-attr]
            assert started == clock.now
        finally:
            await room.close()
        clock.now += 10 * HOUR
        room = await opened(tmp_path, clock)  # a restart 10 hours into Ann's turn: it began when it began
        try:
            actor = room.tables[table_id]
            assert actor.table.turns.started == started  # type: ignore[union-attr]
            assert actor.table.turns.banks[0] == 0.0 and actor.table.turns.missed[0] == 1  # type: ignore[union-attr]
            assert actor.table.deadline() == started + 24 * HOUR
            for count in range(2, MISSES + 1):
                clock.now = actor.table.deadline()  # type: ignore[assignment]
                await actor.command(lambda table, now: table.tick(now))
                assert [c.entry["count"] for c in actor.table.history if c.entry["kind"] == "missed"][-1] == count
                if count < MISSES:
                    await until(lambda: anns_turn(actor) and actor.table.turns.stand_in is None,  # type: ignore[union-attr]
                                "Ann's next turn")
            takeover = [c for c in actor.table.history if c.entry["kind"] == "takeover"]
            assert [c.entry["reason"] for c in takeover] == ["misses"]
            assert actor.table.seats[0].takeover
            assert await room.turns_of(ann) == []
        finally:
            await room.close()
    run(tmp_path, go)


def test_a_table_waits_over_a_vacation(tmp_path: Path) -> None:
    async def go(clock: Clock) -> None:
        room = await opened(tmp_path, clock)
        try:
            ann, actor = await a_table(room, hours=24)
            clock.now += 12 * HOUR
            shown = await room.vacations.take(ann, 5, clock.now)
            assert shown["on_vacation"] and shown["days_left"] == YEAR_DAYS - 5
            await room.nudge(ann)
            budget = 24 * HOUR + bank_for(24)
            assert actor.table.deadline() == T0 + budget + 5 * DAY
            clock.now = T0 + budget + 1  # without the vacation, a miss
            await actor.command(lambda table, now: table.tick(now))
            assert "missed" not in kinds(actor)
            # ending it early: the table counts again from then
            clock.now = T0 + 2 * DAY
            await room.vacations.end(ann, clock.now)
            await room.nudge(ann)
            assert actor.table.deadline() == T0 + budget + (2 * DAY - 12 * HOUR)
            with pytest.raises(TableError):
                await room.vacations.end(ann, clock.now)
        finally:
            await room.close()
        room = await opened(tmp_path, clock)  # kept over a restart
        try:
            assert room.vacations.by_player[ann] == [(T0 + 12 * HOUR, T0 + 2 * DAY)]
            actor = next(iter(room.tables.values()))
            assert actor.table.deadline() == T0 + budget + (2 * DAY - 12 * HOUR)
        finally:
            await room.close()
    run(tmp_path, go)


def test_vacation_limits_are_sentences(tmp_path: Path) -> None:
    async def go(clock: Clock) -> None:
        room = await opened(tmp_path, clock)
        try:
            ann = await room.new_player("Ann")
            for bad in (0, MAX_DAYS + 1, 1.5, "3", True, None):
                with pytest.raises(TableError) as refused:
                    await room.vacations.take(ann, bad, clock.now)
                assert "days" in str(refused.value)
            await room.vacations.take(ann, MAX_DAYS, clock.now)
            with pytest.raises(TableError):  # one at a time
                await room.vacations.take(ann, 1, clock.now + DAY)
            clock.now += MAX_DAYS * DAY
            await room.vacations.take(ann, MAX_DAYS, clock.now)
            clock.now += MAX_DAYS * DAY
            left = YEAR_DAYS - 2 * MAX_DAYS
            with pytest.raises(TableError) as refused:
                await room.vacations.take(ann, left + 1, clock.now)
            assert f"{left} days" in str(refused.value)
            assert (await room.vacations.take(ann, left, clock.now))["days_left"] == 0
        finally:
            await room.close()
    run(tmp_path, go)


def test_a_turn_based_table_refuses_a_clock(tmp_path: Path) -> None:
    async def go(clock: Clock) -> None:
        room = await opened(tmp_path, clock)
        try:
            ann = await room.new_player("Ann")
            for bad in ({"turn_hours": 0}, {"turn_hours": 24, "clock": 30}):
                kwargs: dict[str, Any] = {"turn_hours": bad["turn_hours"], "clock": bad.get("clock")}
                with pytest.raises(TableError):
                    await room.create_table(ann, "hearts", {}, None, **kwargs)
        finally:
            await room.close()
    run(tmp_path, go)


def test_a_snapshot_and_the_log_keep_the_clocks() -> None:
    from cardhall.core.registry import load
    from cardhall.room import snapshots
    from cardhall.room.bots import choose
    from cardhall.room.store import StoredTable
    from cardhall.room.table import Policy, Seat, Table

    table = Table("t1", load("hearts"), None, [Seat(), *(Seat.robot("random") for _ in range(3))], host="ann",
                  policy=Policy(turn_hours=24))
    table.sit("ann", "Ann", 0, now=T0)
    table.start("ann", now=T0)
    now = T0
    for _ in range(3):
        while (turn := table.bot_turn()) is not None:
            table.bot_act(turn.seat, choose(turn), turn.move, now)
        now += 30 * HOUR  # 6 hours from the bank each time
        table.act("ann", table.game.format_action(table.state.legal_actions()[0]), None, now)
    while (turn := table.bot_turn()) is not None:
        table.bot_act(turn.seat, choose(turn), turn.move, now)
    assert table.turns is not None and table.turns.banks[0] == bank_for(24) - 18 * HOUR
    entries = [c.entry for c in table.history]
    replayed = Table.restore(table.header(), entries, now=now + HOUR)  # a restart an hour later
    snap = snapshots.take(table)
    from_snapshot = snapshots.restore(StoredTable(table.header(), [], None, table.status, snap, table.version))
    for other in (replayed, from_snapshot):
        assert other.turns is not None and other.turns.to_json() == table.turns.to_json()
        assert other.deadline() == table.deadline() == now + 24 * HOUR + bank_for(24) - 18 * HOUR


def test_a_table_waits_over_the_night(tmp_path: Path) -> None:
    from datetime import datetime
    from zoneinfo import ZoneInfo

    from cardhall.room.vacations import nights

    zurich = ZoneInfo("Europe/Zurich")
    evening = datetime(2030, 1, 14, 21, 0, tzinfo=zurich).timestamp()  # 21:00 on a Monday in Zurich
    night = nights(8, 22, "Europe/Zurich", evening, evening + DAY)
    assert (datetime(2030, 1, 14, 22, 0, tzinfo=zurich).timestamp(), datetime(2030, 1, 15, 8, 0, tzinfo=zurich)
            .timestamp()) in night
    spring = datetime(2030, 3, 30, 12, 0, tzinfo=zurich).timestamp()  # the clocks go forward that night
    assert (datetime(2030, 3, 30, 22, 0, tzinfo=zurich).timestamp(), datetime(2030, 3, 31, 8, 0, tzinfo=zurich)
            .timestamp()) in nights(8, 22, "Europe/Zurich", spring, spring + DAY)
    late = nights(10, 2, "Europe/Zurich", evening, evening + DAY)  # plays 10:00 to 02:00
    assert (datetime(2030, 1, 15, 2, 0, tzinfo=zurich).timestamp(), datetime(2030, 1, 15, 10, 0, tzinfo=zurich)
            .timestamp()) in late

    async def go(clock: Clock) -> None:
        clock.now = evening
        room = await opened(tmp_path, clock)
        try:
            ann, actor = await a_table(room, hours=2)  # her turn begins at 21:00; 2 hours a move and a 4-hour bank
            assert actor.table.deadline() == evening + 6 * HOUR
            for bad in ((8, 12, "Europe/Zurich"), (8, 25, "Europe/Zurich"), (8, 22, "Mars/Olympus"), ("8", 22, "UTC"),
                        (8, 22, None), (True, 22, "UTC")):
                with pytest.raises(TableError):
                    await room.vacations.set_hours(ann, *bad)
            await room.vacations.set_hours(ann, 8, 22, "Europe/Zurich")
            await room.nudge(ann)
            # one hour before 22:00, then the night, then 5 hours from 08:00
            assert actor.table.deadline() == datetime(2030, 1, 15, 13, 0, tzinfo=zurich).timestamp()
        finally:
            await room.close()
        room = await opened(tmp_path, clock)  # kept over a restart
        try:
            actor = next(iter(room.tables.values()))
            assert actor.table.deadline() == datetime(2030, 1, 15, 13, 0, tzinfo=zurich).timestamp()
            assert room.vacations.of(ann, clock.now)["hours"] == {"start": 8, "end": 22, "zone": "Europe/Zurich"}
        finally:
            await room.close()
    run(tmp_path, go)
