"""Accounts and sessions: a person who registers keeps their name, tables, history and ratings.

- **Guests** play at once: a name (`Room.new_player`) and a session. A guest may not take a
  name an account holds (`check_guest_name`).
- **Register** (`register`): a name (`room.names`: NFKC, 1–32 characters, unique in the room
  regardless of case and look-alikes) and a password (8 to 1024 characters), hashed with
  Argon2id (argon2-cffi's `PasswordHasher`, its default parameters, off the event loop). A
  guest who registers becomes the account: same player id, so their tables, seats and history
  are theirs; all their former sessions end and a new one begins (no session fixation).
- **Log in** (`login`): the name (compared case-folded) and the password. Failures are limited
  per name and per address by the room's one limiter (`cardhall.people.limits`, the "login"
  rates: five wrong passwords for one name or twenty from one address at once, then one more
  every few minutes); then logins are refused with a sentence saying when to try again. The
  counts are the room's: in Redis when the room is a cluster, so every node sees them.
- **Sessions** are server-side: the token is a random secret the client keeps; the store keeps
  only its SHA-256. A session ends when it has not been used for `IDLE` seconds (sliding:
  every use moves the end; the store is written at most once per `TOUCH` seconds of a session),
  when its person logs out (`end_session`), logs out everywhere (`end_all`), or changes their
  password (every other session ends).
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import secrets
import time

import sqlalchemy as sa
from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy.exc import IntegrityError

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg, Plural
from cardhall.core.i18n import check as check_lang
from cardhall.people import names
from cardhall.people.limits import LimitError, Limits
from cardhall.room.store import Store, Transaction, players, sessions

IDLE = 90 * 24 * 3600.0
"""A session unused this long (seconds) has ended: a guest back next month still has their seat."""
TOUCH = 3600.0
"""A session's last use is stored at most this often (seconds)."""
MIN_PASSWORD, MAX_PASSWORD = 8, 1024
PREFIX = "s1."
"""Session tokens start with this, so that a former (signed) token is told apart at once."""

_hasher = PasswordHasher()


class AccountError(CardhallError):
    """A registration, login or password change that cannot be done; the sentence says why."""


class LoginRefused(AccountError):
    """A wrong name or password (said the same way for both, so names cannot be probed)."""


class TooManyAttempts(AccountError):
    """Logins for this name or from this address are paused for a while."""


def token_id(token: str) -> str:
    """What the store keeps of a session token: its SHA-256 (hex)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


def check_password(password: object) -> str:
    if not isinstance(password, str) or not MIN_PASSWORD <= len(password) <= MAX_PASSWORD:
        raise AccountError(Plural("a password is {low} to {count} character; this one has {length}",
                                  "a password is {low} to {count} characters; this one has {length}", count=MAX_PASSWORD,
                                  low=MIN_PASSWORD, length=len(password) if isinstance(password, str) else 0))
    return password


class Accounts:
    """The accounts and sessions of one room's store."""

    def __init__(self, store: Store, limits: Limits | None = None) -> None:
        """`limits`: the room's (`room.limits`), whose "login" rates count failed logins."""
        self.store = store
        self.limits = limits or Limits()
        self._swept = 0.0

    # --- sessions -------------------------------------------------------------------------
    async def new_session(self, player: str) -> str:
        """A new session for `player`; its token (kept by the client, never stored). Once per
        `TOUCH` seconds the sessions idle longer than `IDLE` are deleted too."""
        token = PREFIX + secrets.token_urlsafe(32)
        now = time.time()
        async with Transaction(self.store) as conn:
            await conn.execute(sessions.insert().values(id=token_id(token), player=player, created=now, seen=now))
            if now - self._swept > TOUCH:
                self._swept = now
                await conn.execute(sessions.delete().where(sessions.c.seen < now - IDLE))
        return token

    async def session_player(self, token: str) -> str | None:
        """The person of a live session, or None (unknown, ended, or idle longer than `IDLE`)."""
        key = token_id(token)
        now = time.time()
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(sa.select(sessions.c.player, sessions.c.seen).where(sessions.c.id == key))).first()
        if row is None:
            return None
        if now - row.seen > IDLE:
            async with Transaction(self.store) as conn:
                await conn.execute(sessions.delete().where(sessions.c.id == key))
            return None
        if now - row.seen > TOUCH:
            async with Transaction(self.store) as conn:
                await conn.execute(sessions.update().where(sessions.c.id == key).values(seen=now))
        return str(row.player)

    async def end_session(self, token: str) -> None:
        async with Transaction(self.store) as conn:
            await conn.execute(sessions.delete().where(sessions.c.id == token_id(token)))

    async def end_all(self, player: str, keep: str | None = None) -> None:
        """End every session of `player` (but `keep`, a token) and their former signed tokens."""
        async with Transaction(self.store) as conn:
            query = sessions.delete().where(sessions.c.player == player)
            if keep is not None:
                query = query.where(sessions.c.id != token_id(keep))
            await conn.execute(query)
            await conn.execute(players.update().where(players.c.id == player).values(legacy_tokens=False))

    async def legacy_allowed(self, player: str) -> bool:
        """Whether `player`'s former signed tokens still count: a guest who never logged out
        everywhere and used one within `IDLE` (the same sliding expiry as a session: each use,
        at most once per `TOUCH`, moves it on; unused longer, they end for good)."""
        now = time.time()
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(sa.select(players.c.legacy_tokens, players.c.legacy_seen)
                                      .where(players.c.id == player))).first()
        if row is None or not row.legacy_tokens:
            return False
        seen = row.legacy_seen if row.legacy_seen is not None else now
        if now - seen > IDLE:
            async with Transaction(self.store) as conn:
                await conn.execute(players.update().where(players.c.id == player).values(legacy_tokens=False))
            return False
        if row.legacy_seen is None or now - seen > TOUCH:
            async with Transaction(self.store) as conn:
                await conn.execute(players.update().where(players.c.id == player).values(legacy_seen=now))
        return True

    # --- accounts -------------------------------------------------------------------------
    async def is_account(self, player: str) -> bool:
        async with self.store.engine.connect() as conn:
            found = await conn.scalar(sa.select(players.c.registered).where(players.c.id == player))
        return found is not None

    async def holder(self, name: str) -> str | None:
        """The player id of the account whose name is the same as `name` (`names.same_name`), or None."""
        fold, skel = names.keys(name)
        async with self.store.engine.connect() as conn:
            found = await conn.scalar(sa.select(players.c.id).where(
                sa.or_(players.c.name_fold == fold, players.c.name_skeleton == skel)))
        return None if found is None else str(found)

    async def check_guest_name(self, name: str) -> None:
        """A guest may not appear under the name of an account (or a look-alike of it)."""
        if await self.holder(name) is not None:
            raise AccountError(Msg(N_("the name {name} belongs to an account; log in with its password, "
                                      "or choose another name"), name=name))

    async def register(self, name: object, password: object, *, guest: str | None = None, lang: str = "en") -> str:
        """Make an account (a guest given by `guest` becomes it, keeping their player id); its id."""
        shown = names.clean(name, names.MAX_ACCOUNT)
        secret = check_password(password)
        lang = check_lang(lang)
        fold, skel = names.keys(shown)
        hashed = await asyncio.to_thread(_hasher.hash, secret)
        now = time.time()
        values = {"name": shown, "name_fold": fold, "name_skeleton": skel, "password": hashed, "registered": now,
                  "legacy_tokens": False}
        if guest is not None and await self.is_account(guest):
            raise AccountError(Msg(N_("you are already logged in to an account; log out first to register another")))
        try:
            async with Transaction(self.store) as conn:
                if guest is not None:
                    await conn.execute(players.update().where(players.c.id == guest).values(**values))
                    await conn.execute(sessions.delete().where(sessions.c.player == guest))
                    player = guest
                else:
                    player = secrets.token_hex(8)
                    await conn.execute(players.insert().values(id=player, created=now, lang=lang, **values))
        except IntegrityError:
            raise AccountError(Msg(N_("the name {name} is taken (names are the same regardless of case and "
                                      "look-alike letters); choose another"), name=shown)) from None
        return player

    async def login(self, name: object, password: object, address: str) -> str:
        """The player id of the account `name` if `password` is its own; failed logins are
        counted by the room's limiter (the "login" rates of `cardhall.people.limits`)."""
        if not isinstance(name, str) or not isinstance(password, str):
            raise LoginRefused(Msg(N_("wrong name or password")))
        fold = names.keys(_encodable(name))[0]
        now = time.time()
        try:
            self.limits.check("login", now, name=fold, address=address)
        except LimitError as exc:
            raise TooManyAttempts(exc.args[0]) from None
        async with self.store.engine.connect() as conn:
            row = (await conn.execute(sa.select(players.c.id, players.c.password).where(
                players.c.name_fold == fold))).first()
        stored = row.password if row is not None else None
        if not await asyncio.to_thread(_verify, stored, password):
            with contextlib.suppress(LimitError):  # a concurrent failure may have taken the last one
                self.limits.take("login", now, name=fold, address=address)
            raise LoginRefused(Msg(N_("wrong name or password")))
        assert row is not None and stored is not None
        if _hasher.check_needs_rehash(stored):
            await self._set_password(row.id, password)
        return str(row.id)

    async def change_password(self, player: str, old: object, new: object) -> None:
        async with self.store.engine.connect() as conn:
            stored = await conn.scalar(sa.select(players.c.password).where(players.c.id == player))
        if stored is None:
            raise AccountError(Msg(N_("a guest has no password; register to have one")))
        if not isinstance(old, str) or not await asyncio.to_thread(_verify, stored, old):
            raise LoginRefused(Msg(N_("the current password is wrong")))
        await self._set_password(player, check_password(new))

    async def _set_password(self, player: str, password: str) -> None:
        hashed = await asyncio.to_thread(_hasher.hash, password)
        async with Transaction(self.store) as conn:
            await conn.execute(players.update().where(players.c.id == player).values(password=hashed))


_DUMMY = "$argon2id$v=19$m=65536,t=3,p=4$Il4j+IkLtbT5p3Y4/vKSWw$OW/XIw1dr/l/hbDvdRGTDDAk0zVrtkGEcJrqurArWDA"
"""What an unknown name's password is checked against, so that it costs what a wrong password
costs: an Argon2id hash with `_hasher`'s parameters (of "a password nobody has"), written out
rather than made at import, which cost every process that imports this module (each room, each
command) a quarter of a second of CPU. tests/room/test_login_timing.py checks that its
parameters are still the hasher's."""


def _verify(stored: str | None, password: str) -> bool:
    """Argon2id check; an unknown name costs the same time as a wrong password."""
    try:
        return _hasher.verify(stored or _DUMMY, password) and stored is not None
    except (VerificationError, InvalidHashError):
        return False


def _encodable(name: str) -> str:
    """A name as typed at login, lone surrogates (which no account's name has) replaced, so that
    the database can be asked about it."""
    return name.encode("utf-8", "replace").decode("utf-8")
