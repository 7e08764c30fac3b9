"""The rules behind accounts, without a server: names (NFKC, case, look-alikes, length, control
characters), failed-login limits in their window, and idle sessions swept at a new login."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from cardhall.room import accounts
from cardhall.room.accounts import IDLE, Accounts, LoginLimits, TooManyAttempts
from cardhall.room.names import MAX_ACCOUNT, NameRefused, clean, keys, same_name
from cardhall.room.service import Room
from cardhall.room.store import Transaction, sessions


@pytest.mark.parametrize(("a", "b"), [("Ann", "ann"), ("Ann", "ANN"), ("Ann", "\uff21\uff4e\uff4e"),  # full width
                                      ("Ann", "\u0410nn"), ("Iris", "lris"), ("Oskar", "\u039fskar"),  # Cyrillic А, Greek Ο
                                      ("Straße", "STRASSE"), ("Emma", "Ernma"), ("Wanda", "VVanda"),
                                      ("wim", "vvirn"), ("Olga", "0lga")])
def test_the_same_name(a: str, b: str) -> None:
    assert same_name(a, b) and same_name(b, a)


@pytest.mark.parametrize(("a", "b"), [("Ann", "Anna"), ("Kim", "Tim"), ("Иван", "Ivan"), ("Čeněk", "Cenek")])
def test_different_names(a: str, b: str) -> None:
    assert not same_name(a, b)


def test_a_name_is_checked_not_silently_changed() -> None:
    assert clean("  Ｊｏｅ  ", MAX_ACCOUNT) == "Joe"
    for bad, problem in (("A\u202eB", "U+202E"), ("A\x00B", "U+0000"), ("x" * 33, "1 to 32"), ("   ", "1 to 32"), (5, "is text")):
        with pytest.raises(NameRefused, match=re.escape(problem)):
            clean(bad, MAX_ACCOUNT)
    assert keys("Ann") == ("ann", "ann")


def test_failed_logins_count_within_their_window_only() -> None:
    limits = LoginLimits(window=60, per_name=3, per_address=5)
    for i in range(3):
        limits.check("ann", "10.0.0.1", 1000 + i)
        limits.failed("ann", "10.0.0.1", 1000 + i)
    with pytest.raises(TooManyAttempts, match="try again in 50 seconds"):
        limits.check("ann", "10.0.0.2", 1010)  # the name is held, from any address
    limits.check("bob", "10.0.0.2", 1010)  # another name is not
    limits.check("ann", "10.0.0.2", 1061)  # the window has passed
    for i in range(5):
        limits.failed(f"n{i}", "10.0.0.1", 1062)  # five names from one address, once each
    with pytest.raises(TooManyAttempts):
        limits.check("carl", "10.0.0.1", 1062)  # the address is held: 5 failures within the window


def test_old_failures_are_swept(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(accounts, "SWEEP_AT", 4)
    limits = LoginLimits(window=60)
    for i in range(3):
        limits.failed(f"name{i}", "10.0.0.1", 0)
    assert len(limits._failures) == 4
    limits.failed("late", "10.0.0.9", 1000)
    assert set(limits._failures) == {"name late", "address 10.0.0.9"}


def test_idle_sessions_are_swept_at_a_new_login(tmp_path: Path) -> None:
    async def run() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}")
        try:
            player = await room.new_player("Sam")
            keeper = Accounts(room.store)
            old, recent = await keeper.new_session(player), await keeper.new_session(player)
            async with Transaction(room.store) as conn:
                await conn.execute(sessions.update().where(sessions.c.id == accounts.token_id(old))
                                   .values(seen=time.time() - IDLE - 5))
            await Accounts(room.store).new_session(player)  # a process that has not swept yet
            async with room.store.engine.connect() as conn:
                left = set(await conn.scalars(sa.select(sessions.c.id)))
            assert accounts.token_id(old) not in left and accounts.token_id(recent) in left and len(left) == 2
        finally:
            await room.close()

    asyncio.run(run())


def test_a_name_changed_elsewhere_is_read_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A guest who registers under another name on another node is called by it on this one soon."""
    from cardhall.room import service

    async def run() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}")
        other = Accounts(room.store)  # another node's accounts: this room's cache is not told
        try:
            guest = await room.new_player("Gus")
            assert await room.player_name(guest) == "Gus"
            await other.register("Gustav", "a long password", guest=guest)
            assert await room.player_name(guest) == "Gus"  # within NAME_TTL, from memory
            monkeypatch.setattr(service, "NAME_TTL", 0.0)
            assert await room.player_name(guest) == "Gustav"
        finally:
            await room.close()

    asyncio.run(run())


def test_a_registered_guests_seat_shows_the_account_and_is_restored() -> None:
    from cardhall.core.registry import load
    from cardhall.room.table import Seat, Table

    game = load("hearts", players=3)
    table = Table("t", game, 1, [Seat(), Seat(), Seat.robot("random")], host="g")
    changes = table.sit("g", "Gus", 0, 0.0, guest=True) + table.sit("h", "Hal", 1, 0.0)
    assert table.seats[0].to_json()["guest"] is True
    changes += table.registered("g", "Gustav", 1.0)
    assert (table.seats[0].name, table.seats[0].guest) == ("Gustav", False)
    assert table.registered("g", "Gustav", 2.0) == [] and table.registered("nobody", "X", 2.0) == []
    restored = Table.restore(table.header(), [c.entry for c in changes])
    assert [s.to_json() for s in restored.seats] == [s.to_json() for s in table.seats]
    with pytest.raises(Exception, match="Gustav already sits"):
        table.sit("x", "GUSTAV", 1, 3.0)
