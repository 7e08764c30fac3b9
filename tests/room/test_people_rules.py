"""The rules behind accounts, without a server: names (NFKC, case, look-alikes, length, control
characters), failed-login limits in their window, and idle sessions swept at a new login."""

from __future__ import annotations

import asyncio
import re
import time
from pathlib import Path

import pytest
import sqlalchemy as sa

from cardhall.people import accounts
from cardhall.people.accounts import IDLE, Accounts, LoginRefused, TooManyAttempts
from cardhall.people.limits import LimitError, Limits, Rate
from cardhall.people.names import MAX_ACCOUNT, NameRefused, clean, keys, same_name
from cardhall.room.registry import Room
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


def test_failed_logins_are_counted_by_the_rooms_one_limiter() -> None:
    limits = Limits({("login", "name"): Rate(3, 60.0), ("login", "address"): Rate(5, 60.0)})
    for i in range(3):
        limits.check("login", 1000, name="ann", address="10.0.0.1")
        limits.take("login", 1000, name="ann", address=f"10.0.0.{i + 1}")
    with pytest.raises(LimitError, match="try again in 20 seconds"):
        limits.check("login", 1000, name="ann", address="10.0.0.9")  # the name is held, from any address
    limits.check("login", 1000, name="bob", address="10.0.0.9")  # another name is not
    limits.check("login", 1020, name="ann", address="10.0.0.9")  # one more a third of the window later
    for i in range(5):
        limits.take("login", 1030, name=f"n{i}", address="10.0.0.7")  # five names from one address, once each
    with pytest.raises(LimitError, match="too many failed logins"):
        limits.check("login", 1030, name="carl", address="10.0.0.7")  # the address is held
    assert ("login", "name") in Limits.off().rates  # logins stay limited in a room without the other limits


def test_a_login_over_the_limit_is_refused_before_the_password_is_read(tmp_path: Path) -> None:
    async def run() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}")
        try:
            keeper = Accounts(room.store, Limits({("login", "name"): Rate(2, 900.0)}))
            await keeper.register("Sam", "a good password", guest=await room.new_player("Guest"))
            for _ in range(2):
                with pytest.raises(LoginRefused):
                    await keeper.login("sam", "wrong password", "10.0.0.1")
            with pytest.raises(TooManyAttempts, match="too many failed logins"):
                await keeper.login("sam", "a good password", "10.0.0.1")
        finally:
            await room.close()

    asyncio.run(run())


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
    from cardhall.room import players

    async def run() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}")
        other = Accounts(room.store)  # another node's accounts: this room's cache is not told
        try:
            guest = await room.new_player("Gus")
            assert await room.player_name(guest) == "Gus"
            await other.register("Gustav", "a long password", guest=guest)
            assert await room.player_name(guest) == "Gus"  # within NAME_TTL, from memory
            monkeypatch.setattr(players, "NAME_TTL", 0.0)
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
