"""The room's players as the tables need them: new guests, names, languages, accounts.

A player's name is kept in a node's memory for `NAME_TTL` seconds, then read from the database
again (a guest who registered under another name on another node is soon called by it here); a
player's language is never cached. When a guest registers, or changes language, the seats they
hold at unfinished tables say so.
"""

from __future__ import annotations

import secrets
import time
from typing import TYPE_CHECKING, Any

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import DEFAULT as DEFAULT_LANG
from cardhall.core.i18n import Plural
from cardhall.core.i18n import check as check_lang
from cardhall.people.limits import Limits
from cardhall.room.commands import Account, SetLang
from cardhall.room.front import TableFront
from cardhall.room.store import Store

MAX_NAME = 40
NAME_TTL = 30.0
"""Seconds a player's name is kept in a node's memory before it is read from the database again."""


class Players:
    """The players' side of `registry.Room`."""

    store: Store
    limits: Limits
    _names: dict[str, tuple[str, float]]  # player → (name, when read): kept NAME_TTL seconds

    if TYPE_CHECKING:
        async def live(self) -> list[tuple[dict[str, Any], str | None]]:
            """(summary, invite) of every unfinished table (`Room.live`)."""

        async def table(self, table_id: str) -> TableFront | None:
            """A table by its id (`Room.table`)."""

    async def new_player(self, name: str, lang: str = DEFAULT_LANG, address: str | None = None) -> str:
        """A guest: a new player id for `name` (1 to 40 printable characters) who reads `lang`;
        `address`: where the request came from (`Limits`)."""
        name = check_name(name)
        lang = check_lang(lang)
        self.limits.take("player", time.time(), address=address)
        player = secrets.token_hex(8)
        await self.store.add_player(player, name, time.time(), lang)
        self._names[player] = (name, time.monotonic())
        return player

    def forget_name(self, player: str) -> None:
        """A person's name changed (a guest registered under another): read it again next time."""
        self._names.pop(player, None)

    async def is_guest(self, player: str) -> bool:
        """Whether `player` is a guest (no account): their seats say so."""
        return not await self.store.is_account(player)

    async def player_name(self, player: str) -> str | None:
        """A player's name (None: no such player). Read again after `NAME_TTL` seconds: a guest who
        registered under another name on another node is called by it here soon after."""
        known = self._names.get(player)
        if known is None or time.monotonic() - known[1] > NAME_TTL:
            name = await self.store.player_name(player)
            if name is None:
                return None
            self._names[player] = known = (name, time.monotonic())
        return known[0]

    async def player_lang(self, player: str) -> str | None:
        """The language `player` reads (not cached: another node may have changed it)."""
        return await self.store.player_lang(player)

    async def set_player_lang(self, player: str, lang: str) -> str:
        """Remember that `player` reads `lang` (an `OptionError` sentence for an unknown code);
        the seats they hold at unfinished tables say so. Returns the language's code."""
        lang = check_lang(lang)
        await self.store.set_player_lang(player, lang)
        for summary, _ in await self.live():
            if any(seat.get("player") == player for seat in summary["seats"]):
                front = await self.table(summary["id"])
                if front is not None:
                    await front.run(SetLang(player=player, lang=lang))
        return lang

    async def registered(self, player: str, name: str) -> None:
        """The guest `player` is now the account `name`: their seats at unfinished tables say so."""
        self.forget_name(player)
        for summary, _ in await self.live():
            if any(seat.get("player") == player for seat in summary["seats"]):
                front = await self.table(summary["id"])
                if front is not None:
                    await front.run(Account(player=player, name=name))


def check_name(name: str) -> str:
    """A person's shown name: 1 to 40 characters, control characters removed."""
    cleaned = "".join(ch for ch in str(name) if ch.isprintable()).strip()
    if not 1 <= len(cleaned) <= MAX_NAME:
        raise CardhallError(Plural("a name is 1 to {count} printable character; got {length}",
                                   "a name is 1 to {count} printable characters; got {length}", count=MAX_NAME,
                                   length=len(cleaned)))
    return cleaned
