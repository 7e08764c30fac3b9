"""The service in-process: write-ahead (no message before its change is committed), and a change
the database refuses is neither applied nor sent."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import msgspec
import pytest

from cardhall.room.actor import TableActor
from cardhall.room.commands import Act, Start
from cardhall.room.errors import TableError
from cardhall.room.messages import ServerMessage
from cardhall.room.registry import Room
from cardhall.room.store import StoreError
from cardhall.room.table import Table


class Listener:
    """A subscriber that checks, at each message, that its version is already committed."""

    def __init__(self, player: str | None, committed: list[int]) -> None:
        self.player = player
        self.committed = committed
        self.messages: list[dict[str, Any]] = []

    def send(self, message: ServerMessage) -> None:
        message = msgspec.to_builtins(message)  # as a client reads it
        if message["type"] == "event":
            assert message["version"] <= self.committed[0], "a change was sent before it was committed"
        self.messages.append(message)


def test_write_ahead_and_a_refused_commit(tmp_path: Path) -> None:
    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        try:
            committed = [0]
            append = room.store.append
            failing = [False]

            async def append_then_note(table_id: str, entries: Any, status: str, at: float, snapshot: Any = None) -> None:
                entries = list(entries)
                if failing[0]:
                    failing[0] = False
                    raise OSError("disk full")
                await append(table_id, entries, status, at, snapshot)
                committed[0] = max(committed[0], entries[-1][0])

            room.store.append = append_then_note  # type: ignore[method-assign]
            ann = await room.new_player("Ann")
            actor = await room.create_table(ann, "hearts", {}, ["me", "bot:random", "bot:random", "bot:random"])
            committed[0] = actor.table.version
            listener = Listener(ann, committed)
            await actor.subscribe(listener)
            await actor.command(lambda table, now: table.chat(ann, "one", now))
            await actor.command(lambda table, now: table.start(ann, now))
            for _ in range(200):  # the bots have nothing to do: Ann is to move first or after them
                if actor.table.state.to_move() == 0:
                    break
                await asyncio.sleep(0.05)
            version = actor.table.version
            sent = len(listener.messages)
            failing[0] = True
            with pytest.raises(StoreError, match="could not save"):
                await actor.command(lambda table, now: table.chat(ann, "lost", now))
            assert actor.table.version == version and len(listener.messages) == sent
            stored = await room.store.load(actor.table.id)
            assert stored is not None and len(stored.entries) == version
            await actor.command(lambda table, now: table.chat(ann, "again", now))
            chats = [m["event"]["text"] for m in listener.messages if m["type"] == "event" and m["event"]["type"] == "chat"]
            assert chats == ["one", "again"]
        finally:
            await room.close()

    asyncio.run(go())


def test_a_move_the_takeover_bot_overtook_still_takes_the_seat_back(tmp_path: Path) -> None:
    """The clock hands Ann's seat to the takeover bot, which moves at once; the move Ann then
    sends is overtaken (stale, or no longer her turn) and refused, yet it takes her seat back:
    stored, announced, and the bot no longer plays for her (before, she could never win the race)."""
    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        try:
            ann = await room.new_player("Ann")
            actor = await room.create_table(ann, "three-two-five", {"deals": 99}, ["me", "bot:random", "bot:random"],
                                            clock=1)
            assert isinstance(actor, TableActor)
            heard = Listener(ann, [10**9])
            await actor.subscribe(heard)
            await actor.run(Start(player=ann))

            def overtaken() -> int | None:  # the version Ann saw before the takeover bot played her seat
                for change in actor.table.history:
                    if change.entry["kind"] == "act" and change.entry["by"] == "takeover":
                        return change.version - 1
                return None

            for _ in range(600):
                if overtaken() is not None:
                    break
                await asyncio.sleep(0.05)
            seen = overtaken()
            assert seen is not None, "the takeover bot never played Ann's seat"
            legal = [m for m in heard.messages if m["type"] == "state" and m["legal"]][-1]["legal"]
            with pytest.raises(TableError, match=r"stale|not your turn"):
                await actor.run(Act(player=ann, action=legal[0], version=seen))
            assert not actor.table.seats[0].takeover
            assert {"type": "reclaimed", "seat": 0, "name": "Ann"} in [m["event"] for m in heard.messages
                                                                       if m["type"] == "event"]
            stored = await room.store.load(actor.table.id)
            assert stored is not None and not Table.restore(stored.header, stored.entries).seats[0].takeover
            assert (actor.table.bot_seat() or (None,))[0] != 0  # the bot does not play for her any more
        finally:
            await room.close()

    asyncio.run(go())


def test_back_after_more_than_the_kept_history_still_hears_its_return(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Ann's page comes back (`since`) after more changes than the table keeps in memory: it gets
    the state alone, not what it missed — but its own return, which its connection just made, is
    still told ("You are back and play again."), before the state (a CI failure at pace 0)."""
    monkeypatch.setattr("cardhall.room.table.HISTORY", 6)

    async def go() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        try:
            ann = await room.new_player("Ann")
            actor = await room.create_table(ann, "three-two-five", {"deals": 99}, ["me", "bot:random", "bot:random"],
                                            grace=1)
            first = Listener(ann, [10**9])
            await actor.subscribe(first)
            await actor.run(Start(player=ann))
            seen = actor.table.version
            await actor.unsubscribe(first)  # Ann closes the page: after the grace period a bot plays for her
            for _ in range(400):
                if actor.table.seats[0].takeover and actor.table.version > seen + 10:
                    break
                await asyncio.sleep(0.05)
            assert actor.table.seats[0].takeover and actor.table.version > seen + 10
            back = Listener(ann, [10**9])
            await actor.subscribe(back, since=seen)
            assert actor.table.events_since(seen, 0) is None  # more than the kept history went by
            events = [m["event"] for m in back.messages if m["type"] == "event"]
            assert {"type": "reclaimed", "seat": 0, "name": "Ann"} in events
            assert back.messages[-1]["type"] == "state" and not actor.table.seats[0].takeover
        finally:
            await room.close()

    asyncio.run(go())
