"""The upgrade to accounts (migration 0003) keeps a former room's guests, their tables and their
tokens, on SQLite and PostgreSQL; sessions end when idle (sliding) or revoked."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

import pytest
import sqlalchemy as sa
from alembic import command
from sqlalchemy.ext.asyncio import create_async_engine

from cardhall.core.errors import CardhallError
from cardhall.people.accounts import IDLE, TOUCH, Accounts, token_id
from cardhall.room import store as store_module
from cardhall.room.registry import Room
from cardhall.room.store import async_url, sessions
from cardhall.web.auth import AuthError, Tokens
from tests.services import make_database


async def former_room(url: str) -> None:
    """A database as the room before accounts left it (schema 0002): a guest at an unfinished table."""
    engine = create_async_engine(async_url(url))
    async with engine.begin() as conn:
        await conn.run_sync(lambda c: command.upgrade(store_module._alembic_config(c), "0002"))
        await conn.execute(sa.text("INSERT INTO players (id, name, created, lang) VALUES ('g1', 'Old Guest', 1, 'cs')"))
        await conn.execute(sa.text("INSERT INTO settings (key, value) VALUES ('secret', 'the former secret')"))
    await engine.dispose()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_upgrade_keeps_guests_tables_and_tokens(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    url = make_database(kind, request, tmp_path)

    async def run() -> None:
        await former_room(url)
        # the former room's table, made through today's code on the old schema's columns only
        room = await Room.open(url)
        try:
            assert store_module.head_revision() >= "0003"  # 0004 (social) and 0005 (table snapshots) came after
            assert await room.player_name("g1") == "Old Guest"
            assert await room.player_lang("g1") == "cs"
            table = await room.create_table("g1", "hearts", {"players": 3}, ["me", "open", "bot:random"])
            accounts = Accounts(room.store)
            tokens = Tokens(await room.store.secret(), accounts)
            former = tokens.signed("g1")  # the token the guest's browser or terminal kept
            assert await tokens.player(former) == "g1"
            assert await room.is_guest("g1")
            # registering makes the guest an account: same player, same table, former token ended
            assert await accounts.register("Old Guest", "a long password", guest="g1") == "g1"
            assert not await room.is_guest("g1")
            assert [t["id"] for t in await room.tables_of("g1")] == [table.table.id]
            with pytest.raises(AuthError, match="has ended"):
                await tokens.player(former)
        finally:
            await room.close()

    asyncio.run(run())


def test_sessions_slide_and_end(tmp_path: Path) -> None:
    async def run() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}")
        try:
            player = await room.new_player("Sam")
            accounts = Accounts(room.store)
            token = await accounts.new_session(player)
            key = token_id(token)

            async def set_seen(value: float) -> None:
                async with store_module.Transaction(room.store) as conn:
                    await conn.execute(sessions.update().where(sessions.c.id == key).values(seen=value))

            async def seen() -> float:
                async with room.store.engine.connect() as conn:
                    return float(await conn.scalar(sa.select(sessions.c.seen).where(sessions.c.id == key)))

            await set_seen(time.time() - IDLE + 60)  # back after almost 90 days: still in, and the end moves
            assert await accounts.session_player(token) == player
            assert await seen() > time.time() - 60
            await set_seen(time.time() - TOUCH / 2)  # used recently: not written again
            before = await seen()
            assert await accounts.session_player(token) == player
            assert await seen() == before
            await set_seen(time.time() - IDLE - 1)  # unused longer than IDLE: ended, and gone from the store
            assert await accounts.session_player(token) is None
            async with room.store.engine.connect() as conn:
                assert await conn.scalar(sa.select(sa.func.count()).select_from(sessions)) == 0
            assert await accounts.session_player("s1.forged") is None
        finally:
            await room.close()

    asyncio.run(run())


async def accounts_before_skeletons(url: str) -> None:
    """A room at schema 0005 with accounts whose skeletons the former rule made: "Emma" and, a
    day later, "Ernma" (one name under UTS #39, two before), and "Bob"."""
    engine = create_async_engine(async_url(url))
    async with engine.begin() as conn:
        await conn.run_sync(lambda c: command.upgrade(store_module._alembic_config(c), "0005"))
        for pid, name, at in (("p1", "Emma", 1.0), ("p2", "Ernma", 86401.0), ("p3", "Bob", 2.0)):
            await conn.execute(sa.text("INSERT INTO players (id, name, created, lang, name_fold, name_skeleton, "
                                       "registered) VALUES (:id, :name, 1, 'en', :fold, :skel, :at)"),
                               {"id": pid, "name": name, "fold": name.casefold(), "skel": "old " + name, "at": at})
    await engine.dispose()


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_migration_0006_computes_every_skeleton_again(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    """Issue 45: look-alikes of several letters are one name from the upgrade on; two accounts that
    only now look alike both keep their names, and nobody can take a third like them."""
    from cardhall.people.names import keys

    url = make_database(kind, request, tmp_path)

    async def run() -> None:
        await accounts_before_skeletons(url)
        room = await Room.open(url)  # upgrades to the head
        try:
            async with room.store.engine.connect() as conn:
                stored = dict((await conn.execute(sa.text("SELECT id, name_skeleton FROM players"))).all())
            assert stored == {"p1": keys("Emma")[1], "p2": keys("Ernma")[1] + "#p2", "p3": keys("Bob")[1]}
            with pytest.raises(CardhallError, match="is taken"):
                await Accounts(room.store).register("Ernrna", "a good long password")  # "Emma" under UTS #39
        finally:
            await room.close()

    asyncio.run(run())


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_a_former_guest_token_slides_and_ends_as_a_session(kind: str, request: pytest.FixtureRequest,
                                                           tmp_path: Path) -> None:
    """Issue 45: a token of the room's first kind (a signed player id) counts while it is used, at
    most `IDLE` apart, and ends for good when unused longer — as a session does."""
    from cardhall.room.store import players

    url = make_database(kind, request, tmp_path)

    async def run() -> None:
        await former_room(url)
        room = await Room.open(url)
        try:
            accounts = Accounts(room.store)
            tokens = Tokens("the former secret", accounts)
            former = tokens.signed("g1")

            async def set_seen(value: float) -> None:
                async with store_module.Transaction(room.store) as conn:
                    await conn.execute(players.update().where(players.c.id == "g1").values(legacy_seen=value))

            assert await tokens.player(former) == "g1"  # the upgrade started its clock
            await set_seen(time.time() - IDLE + 60)  # back after almost 90 days: still in, and the end moves on
            assert await tokens.player(former) == "g1"
            async with room.store.engine.connect() as conn:
                assert await conn.scalar(sa.select(players.c.legacy_seen).where(players.c.id == "g1")) > time.time() - 60
            await set_seen(time.time() - IDLE - 1)  # unused longer: ended for good
            with pytest.raises(AuthError, match="has ended"):
                await tokens.player(former)
            await set_seen(time.time())
            with pytest.raises(AuthError, match="has ended"):
                await tokens.player(former)
        finally:
            await room.close()

    asyncio.run(run())
