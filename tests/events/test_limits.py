"""Limits on events (issue 45, point 2) in a room with its real limits: open events per person, new
events per person and per address a day, entries per address an hour, entries per event; an event's
boards do not count among the person's new tables. Every refusal is a sentence and changes nothing."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cardhall.events import duplicate, listing
from cardhall.events.errors import EventError
from cardhall.people.accounts import Accounts
from cardhall.people.limits import LimitError, Limits, Rate
from cardhall.room.registry import Room


async def accounts(room: Room, *names: str) -> list[str]:
    made = Accounts(room.store)
    return [await made.register(name, "correct horse battery") for name in names]


def test_open_events_and_new_events_are_capped(tmp_path: Path) -> None:
    async def run() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.db'}", restore=False)
        try:
            (me,) = await accounts(room, "Organiser")
            made = [await listing.create(room, me, "duplicate", "hearts", {}, 1, "random", 1, address="10.0.0.1")
                    for _ in range(5)]
            with pytest.raises(EventError, match="5 open events"):
                await listing.create(room, me, "duplicate", "hearts", {}, 1, "random", 1, address="10.0.0.1")
            for event in made:
                await duplicate.close(room, event["id"], me)
            for _ in range(5):
                made = await listing.create(room, me, "duplicate", "hearts", {}, 1, "random", 1, address="10.0.0.1")
                await duplicate.close(room, made["id"], me)
            with pytest.raises(LimitError, match="at most 10 a day"):
                await listing.create(room, me, "duplicate", "hearts", {}, 1, "random", 1, address="10.0.0.1")
            assert len(await listing.listing(room)) == 10
        finally:
            await room.close()
    asyncio.run(run())


def test_entries_per_address_are_capped(tmp_path: Path) -> None:
    async def run() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.db'}", restore=False)
        try:
            me, other, third = await accounts(room, "Organiser", "Player", "Another")
            events = [await listing.create(room, None, "duplicate", "three-two-five", {}, 1, "random", 1)
                      for _ in range(121)]
            for i, event in enumerate(events[:120]):  # two people (each may enter 60 an hour), one address
                await duplicate.enter(room, event["id"], other if i < 60 else third, "10.0.0.2")
            with pytest.raises(LimitError, match="at most 120 an hour"):
                await duplicate.enter(room, events[120]["id"], me, "10.0.0.2")
            assert (await listing.show(room, events[120]["id"]))["entries"] == 0
            await duplicate.enter(room, events[120]["id"], me, "10.0.0.3")  # another address still may
            assert (await listing.show(room, events[120]["id"]))["entries"] == 1
        finally:
            await room.close()
    asyncio.run(run())


def test_an_events_boards_are_not_counted_as_new_tables(tmp_path: Path) -> None:
    async def run() -> None:
        limits = Limits({("table", "person"): Rate(1, 3600.0)})
        room = await Room.open(f"sqlite:///{tmp_path / 'room.db'}", restore=False, limits=limits)
        try:
            (me,) = await accounts(room, "Player")
            await room.create_table(me, "hearts", {}, ["me", "bot:random", "bot:random", "bot:random"])
            with pytest.raises(LimitError):
                await room.create_table(me, "hearts", {}, ["me", "bot:random", "bot:random", "bot:random"])
            for _ in range(2):
                event = await listing.create(room, None, "duplicate", "hearts", {}, 1, "random", 1)
                await duplicate.enter(room, event["id"], me, None)
                board = await duplicate.next_board(room, event["id"], me, None)
                assert board["board"] == 1 and await room.table(board["table"]) is not None
        finally:
            await room.close()
    asyncio.run(run())
