"""Bot pacing: where a person sits or watches, a bot's move is published no sooner than the
room's `bot_pace` after the table's previous change; a table of bots nobody watches is not paced.
(Only the order and a lower bound are checked, never how fast anything is.)"""

from __future__ import annotations

import asyncio
import itertools
import time
from pathlib import Path
from typing import Any

import msgspec
import pytest

from cardhall.core.errors import CardhallError
from cardhall.room.actor import TableActor
from cardhall.room.commands import Start
from cardhall.room.messages import ServerMessage
from cardhall.room.registry import Room
from cardhall.room.table import SLOW_PACE

PACE = 0.3


class Recorder:
    """A subscriber that notes when each message reached it."""

    def __init__(self, player: str | None = None) -> None:
        self.player = player
        self.heard: list[tuple[float, dict[str, Any]]] = []

    def send(self, message: ServerMessage) -> None:
        message = msgspec.to_builtins(message)  # as a client reads it
        self.heard.append((time.monotonic(), message))


def test_bots_wait_the_pace_where_people_follow(tmp_path: Path) -> None:
    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1, bot_pace=PACE)
        try:
            ann = await room.new_player("Ann")
            quiet = await room.create_table(ann, "three-two-five", {"deals": 1}, ["bot:random"] * 3)
            seated = await room.create_table(ann, "three-two-five", {"deals": 1}, ["me", "bot:random", "bot:random"])
            watched = await room.create_table(ann, "three-two-five", {"deals": 1}, ["bot:random"] * 3)
            assert isinstance(quiet, TableActor) and isinstance(seated, TableActor) and isinstance(watched, TableActor)
            assert quiet.pace() == 0.0  # nobody follows a table of bots: full speed
            assert seated.pace() == PACE
            eve = Recorder()  # a spectator
            await watched.subscribe(eve)
            assert watched.pace() == PACE
            await watched.run(Start(player=ann))
            for _ in range(400):
                if len({m["version"] for _, m in eve.heard if m["type"] == "event"}) >= 6:
                    break
                await asyncio.sleep(0.05)
            first: dict[int, float] = {}  # when each change (version) was first heard
            for at, message in eve.heard:
                if message["type"] == "event":
                    first.setdefault(message["version"], at)
            kinds = {change.version: change.entry["kind"] for change in watched.table.history}
            versions = sorted(first)
            assert [kinds[v] for v in versions[:6]] == ["start"] + ["act"] * 5
            assert versions == list(range(versions[0], versions[0] + len(versions)))  # in order, none lost
            for before, after in itertools.pairwise(versions):  # each bot move waited the pace
                if kinds[after] == "act":
                    assert first[after] - first[before] >= PACE
        finally:
            await room.close()

    asyncio.run(go())


def test_a_bot_pace_out_of_range_is_refused_with_a_sentence(tmp_path: Path) -> None:
    with pytest.raises(CardhallError, match="bot pace is 0 to 10 seconds"):
        asyncio.run(Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_pace=-1))


def test_the_table_chooses_its_bots_pace_and_keeps_it(tmp_path: Path) -> None:
    """Issue 29: a table chosen "none" plays its bots at once even with a person seated, "slow"
    waits at least `SLOW_PACE`, "normal" the room's; the pace is stored with the table (its policy
    in the summary, and again after the room restarts)."""
    url = f"sqlite:///{tmp_path / 'room.sqlite3'}"

    async def go() -> str:
        room = await Room.open(url, bot_workers=1, bot_pace=PACE)
        try:
            ann = await room.new_player("Ann")
            seats = ["me", "bot:random", "bot:random"]
            made = {pace: await room.create_table(ann, "three-two-five", {"deals": 1}, seats, pace=pace)
                    for pace in ("none", "normal", "slow")}
            assert all(isinstance(t, TableActor) for t in made.values())
            assert [t.pace() for t in made.values()] == [0.0, PACE, SLOW_PACE]  # type: ignore[union-attr]
            assert made["slow"].table.summary()["policy"]["pace"] == "slow"  # type: ignore[union-attr]
            with pytest.raises(CardhallError, match="the bots' pace must be one of none, normal, slow"):
                await room.create_table(ann, "three-two-five", {"deals": 1}, seats, pace="fast")
            return made["slow"].table.id  # type: ignore[union-attr]
        finally:
            await room.close()

    slow = asyncio.run(go())

    async def again() -> None:
        room = await Room.open(url, bot_workers=1, bot_pace=PACE)
        try:
            tables, _ = await room.lobby()
            summary = next(t for t in tables if t["id"] == slow)
            assert summary["policy"]["pace"] == "slow"
        finally:
            await room.close()

    asyncio.run(again())
