""""Wait for me": a seated person holds the bots until they let them go on (`Table.wait_for`, the
`wait` command); stored like every change, so a restarted room's bots still wait; said to
everyone in their language."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest

import cardhall
from cardhall.core.i18n import lang
from cardhall.room.actor import TableActor
from cardhall.room.commands import COMMANDS, Act, Start, Wait, from_data, to_data
from cardhall.room.errors import TableError
from cardhall.room.messages import Hold
from cardhall.room.registry import Room
from cardhall.room.table import Seat, Table
from cardhall.room.words import room_sentence


def playing() -> Table:
    table = Table("t", cardhall.load("three-two-five"), seed=3, host="ann",
                  seats=[Seat(), Seat.robot("random"), Seat.robot("random")])
    table.sit("ann", "Ann", 0)
    table.start("ann")
    return table


def test_the_bots_wait_while_a_person_holds_them() -> None:
    table = playing()
    while table.bot_turn() is None:  # Ann plays until a bot is to move
        table.act("ann", table.state_message(0).legal[0], table.version, now=0.0)
    turn = table.bot_turn()
    assert turn is not None
    [change] = table.wait_for("ann", True)
    assert change.entry == {"kind": "wait", "seat": 0, "on": True}
    assert change.events[None] == [Hold(seat=0, name="Ann", on=True)]
    assert table.bot_turn() is None and table.held() == 0 and table.seats[0].to_json()["hold"] is True
    from cardhall.room.bots import choose
    assert table.bot_act(turn.seat, choose(turn), turn.move) == []  # an answer thought before the hold waits too
    again = Table.restore(table.header(), [c.entry for c in table.history])
    assert again.held() == 0 and again.bot_turn() is None  # stored: a restored table still waits
    with pytest.raises(TableError, match="already waiting"):
        table.wait_for("ann", True)
    table.wait_for("ann", False)
    assert table.bot_turn() == turn
    with pytest.raises(TableError, match="not waiting"):
        table.wait_for("ann", False)


def test_who_may_hold_the_bots_and_when_a_hold_ends() -> None:
    waiting = Table("t", cardhall.load("three-two-five"), seed=None, host="ann",
                    seats=[Seat(), Seat.robot("random"), Seat.robot("random")])
    waiting.sit("ann", "Ann", 0)
    with pytest.raises(TableError, match="has not started yet, so the bots have nothing to wait for"):
        waiting.wait_for("ann", True)
    table = playing()
    with pytest.raises(TableError, match="do not sit at this table"):
        table.wait_for("eve", True)
    table.wait_for("ann", True)
    table.leave("ann", now=1.0)  # the takeover bot plays Ann's seat: her hold ends, the table goes on
    assert table.held() is None and not table.seats[0].hold
    with pytest.raises(TableError, match="takeover bot plays seat 1 for you"):
        table.wait_for("ann", True)


def test_the_hold_is_said_to_everyone_in_their_language() -> None:
    on = {"type": "hold", "seat": 0, "name": "Ann", "on": True}
    off = {**on, "on": False}
    assert room_sentence(on, lang("en"), 0) == "The bots wait for you; they play again once you let them go on."
    assert room_sentence(on, lang("en"), 1) == "Ann asks the bots to wait; they play again once Ann lets them go on."
    assert room_sentence(off, lang("en"), None) == "Ann lets the bots go on."
    assert room_sentence(off, lang("en"), 0) == "You let the bots go on."
    for code in ("bg", "cs", "de", "es", "ru"):
        said = [room_sentence(event, lang(code), seat) for event in (on, off) for seat in (0, 1)]
        english = [room_sentence(event, lang("en"), seat) for event in (on, off) for seat in (0, 1)]
        assert all(s and s != e for s, e in zip(said, english, strict=True)), (code, said)
        assert "Ann" in said[1] and "Ann" in said[3]


def test_wait_is_one_registered_command_that_travels_as_data() -> None:
    assert COMMANDS["wait"] is Wait and Wait.http and Wait.ws
    assert from_data(to_data(Wait(player="ann", on=False))) == Wait(player="ann", on=False)
    assert Wait.client_fields() == ("on",)


def test_a_restarted_room_keeps_the_bots_waiting(tmp_path: Path) -> None:
    """Through the room's actor: Ann holds the bots and plays; no bot moves, not even after the
    room restarts from its database; once she lets them go on, they play."""
    url = f"sqlite:///{tmp_path / 'room.sqlite3'}"

    async def settle(actor: TableActor) -> int:
        """The version once nothing has changed for 0.6 s (bots answer in well under that)."""
        version = -1
        while version != actor.table.version:
            version = actor.table.version
            await asyncio.sleep(0.6)
        return version

    async def first() -> str:
        room = await Room.open(url, bot_workers=1)
        try:
            ann = await room.new_player("Ann")
            actor = await room.create_table(ann, "three-two-five", {}, ["me", "bot:random", "bot:random"])
            assert isinstance(actor, TableActor)
            await actor.run(Start(player=ann))
            end = time.monotonic() + 30
            while actor.table.state.to_move() != 0 and time.monotonic() < end:
                await asyncio.sleep(0.05)
            await actor.run(Wait(player=ann, on=True))
            while actor.table.state.to_move() == 0:  # her own moves are never held back
                await actor.run(Act(player=ann, action=actor.table.state_message(0).legal[0],
                                    version=actor.table.version))
            await settle(actor)
            assert actor.table.state.to_move() != 0 and actor.table.held() == 0
            assert [c.entry["kind"] for c in actor.table.history][-1] == "act"  # Ann's move, then nothing
            return actor.table.id
        finally:
            await room.close()

    async def second(table_id: str) -> None:
        room = await Room.open(url, bot_workers=1)
        try:
            actor = await room.table(table_id)
            assert isinstance(actor, TableActor)
            version = await settle(actor)
            assert actor.table.held() == 0 and actor.table.bot_turn() is None
            ann = actor.table.seats[0].player
            await actor.run(Wait(player=ann, on=False))
            end = time.monotonic() + 30
            while actor.table.version <= version + 1 and time.monotonic() < end:
                await asyncio.sleep(0.05)
            assert any(c.entry["kind"] == "act" and c.entry["by"] == "bot" for c in actor.table.history
                       if c.version > version + 1), "the bots did not play on after go on"
        finally:
            await room.close()

    table_id = asyncio.run(first())
    asyncio.run(second(table_id))
