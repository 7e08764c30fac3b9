"""Issue 40's bad input and issue 45 point 2's rules, on a room with its real limits: each refusal
is a sentence and changes nothing — an unknown kind, game or option; a non-creator closing (a
moderator may); closing twice; an entry after the close, a `next` after it; a second entry; a full
event; too many entries by one person; a withdrawal after a board was played; a board asked for
again once every board is played."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest

from cardhall.core.errors import CardhallError, OptionError
from cardhall.events import duplicate, listing
from cardhall.events.errors import EventError, NotAllowed
from cardhall.people.accounts import Accounts
from cardhall.people.limits import LimitError
from cardhall.people.social import Social
from cardhall.room.registry import Room

Check = Callable[[Room, list[str]], Awaitable[None]]


def in_room(tmp_path: Path, names: int, check: Check) -> None:
    async def run() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.db'}", restore=False)
        try:
            made = Accounts(room.store)
            people = [await made.register(f"Person{i}", "correct horse battery") for i in range(names)]
            await check(room, people)
        finally:
            await room.close()
    asyncio.run(run())


async def refused(kind: type[CardhallError], words: str, act: Awaitable[Any]) -> None:
    with pytest.raises(kind) as caught:
        await act
    assert words in str(caught.value), str(caught.value)


def test_unknown_kinds_games_and_options_make_nothing(tmp_path: Path) -> None:
    async def check(room: Room, people: list[str]) -> None:
        me = people[0]
        for kind, game, options, words in [("swiss-knockout", "hearts", {}, "kind"), ("duplicate", "chess", {}, "duplicate"),
                                           ("duplicate", "hearts", {"moon": "sun"}, "moon"),
                                           ("duplicate", "hearts", ["target"], "options"),
                                           ("duplicate", "five-towers", {"players": 7}, "players")]:
            await refused(OptionError, words, listing.create(room, me, kind, game, options, 2, "random", 1))  # type: ignore[arg-type]
        assert await listing.listing(room) == []
    in_room(tmp_path, 1, check)


def test_only_the_creator_or_a_moderator_closes_and_only_once(tmp_path: Path) -> None:
    async def check(room: Room, people: list[str]) -> None:
        creator, other, moderator = people
        await Social(room.store).grant(None, "Person2", "moderator")
        first = (await listing.create(room, creator, "duplicate", "hearts", {}, 1, "random", 1))["id"]
        await refused(NotAllowed, "creator or a moderator", duplicate.close(room, first, other))
        assert (await listing.show(room, first))["status"] == "open"  # unchanged
        assert (await duplicate.close(room, first, moderator))["status"] == "over"
        await refused(EventError, "already over", duplicate.close(room, first, creator))
        second = (await listing.create(room, creator, "duplicate", "hearts", {}, 1, "random", 1))["id"]
        assert (await duplicate.close(room, second, creator))["status"] == "over"
        closed = await listing.show(room, first)
        await refused(EventError, "takes no more entries", duplicate.enter(room, first, other, None))
        await refused(EventError, "can no longer be played", duplicate.next_board(room, first, creator, None))
        assert await listing.show(room, first) == closed and await duplicate.plays_of(room, first) == []
    in_room(tmp_path, 3, check)


def test_one_entry_per_account_and_a_full_event_takes_no_more(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    async def check(room: Room, people: list[str]) -> None:
        event = (await listing.create(room, None, "duplicate", "three-two-five", {}, 1, "random", 1))["id"]
        monkeypatch.setattr(duplicate, "MAX_ENTRIES", 2)
        await duplicate.enter(room, event, people[0], "10.0.0.1")
        await refused(EventError, "already entered", duplicate.enter(room, event, people[0], "10.0.0.1"))
        await duplicate.enter(room, event, people[1], "10.0.0.2")
        await refused(EventError, "at most 2 entries", duplicate.enter(room, event, people[2], "10.0.0.3"))
        assert (await listing.show(room, event))["entries"] == 2
    in_room(tmp_path, 3, check)


def test_one_person_enters_at_most_sixty_events_an_hour(tmp_path: Path) -> None:
    async def check(room: Room, people: list[str]) -> None:
        events = [(await listing.create(room, None, "duplicate", "three-two-five", {}, 1, "random", 1))["id"]
                  for _ in range(61)]
        for i, event in enumerate(events[:60]):  # from different addresses: the person's own limit counts
            await duplicate.enter(room, event, people[0], f"10.0.{i}.1")
        await refused(LimitError, "you entered too many events: at most 60 an hour", duplicate.enter(
            room, events[60], people[0], "10.1.0.1"))
        assert (await listing.show(room, events[60]))["entries"] == 0
        await duplicate.enter(room, events[60], people[1], "10.1.0.1")  # someone else still may
    in_room(tmp_path, 2, check)


def test_a_played_board_keeps_the_entry_and_is_not_dealt_again(tmp_path: Path) -> None:
    async def check(room: Room, people: list[str]) -> None:
        me = people[0]
        event = (await listing.create(room, None, "duplicate", "three-two-five", {}, 1, "random", 1))["id"]
        await duplicate.enter(room, event, me, None)
        board = await duplicate.next_board(room, event, me, None)
        assert await duplicate.next_board(room, event, me, None) == board  # a reload: the same table
        await refused(EventError, "stays in its standings", duplicate.withdraw(room, event, me))
        assert await duplicate.entered(room, event, me)
        front = await room.table(board["table"])
        assert front is not None
        from cardhall.room.commands import Leave
        await front.run(Leave(player=me))  # the takeover bot finishes the board
        for _ in range(600):
            if front.table.status == "over":
                break
            await asyncio.sleep(0.05)
        assert front.table.status == "over"
        assert await duplicate.next_board(room, event, me, None) == {"done": True}
        assert await duplicate.next_board(room, event, me, None) == {"done": True}
        plays = await duplicate.plays_of(room, event, me)
        assert [(p["board"], p["table_id"]) for p in plays] == [(1, board["table"])]  # played once, dealt once
    in_room(tmp_path, 1, check)
