"""How a person plays by ear, stored per person: `GET`/`PUT /api/players/me/listening`.

- `wait`: "the bots wait until I have heard the last move" — true, false, or null (the default:
  the table page turns it on for a person who plays by keyboard or has its speech on). While it is
  on, the table page tells the room when its lines will have been heard (the WebSocket's
  `hearing`, docs/room.md "Bots paced to the listener") and the room holds that table's bots
  until then, at most 8 s a change.
- `rate`: the person's reading rate, `MIN_RATE` to `MAX_RATE` words a minute (default
  `DEFAULT_RATE`): the page counts a line's words at this rate to say when it will have been heard.

`PUT` changes the fields it names and answers the settings after; a rate out of range is refused
with a sentence saying the range.
"""

from __future__ import annotations

from typing import Any

import msgspec
import sqlalchemy as sa
from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.room.registry import Room
from cardhall.room.store import Transaction, listening
from cardhall.web.routes.answers import api, read_body
from cardhall.web.routes.deps import Deps

MIN_RATE, DEFAULT_RATE, MAX_RATE = 150, 300, 600
"""A reading rate in words a minute: the slowest, the default, the fastest (the messages that
say the range spell these numbers, as do the table page's form and `hearing.js`)."""

class ListeningSettings(msgspec.Struct, forbid_unknown_fields=True):
    """`PUT /api/players/me/listening`: the fields to change (those left out are kept)."""

    wait: bool | msgspec.UnsetType | None = msgspec.UNSET
    rate: int | msgspec.UnsetType = msgspec.UNSET


async def settings_of(room: Room, player: str) -> dict[str, Any]:
    """`player`'s listening settings (the defaults when never set)."""
    async with room.store.engine.connect() as conn:
        row = (await conn.execute(sa.select(listening).where(listening.c.player == player))).first()
    return {"wait": None, "rate": DEFAULT_RATE} if row is None else {"wait": row.wait, "rate": row.rate}


def check_rate(rate: int) -> int:
    """A reading rate: a whole number of words a minute from `MIN_RATE` to `MAX_RATE`."""
    if not MIN_RATE <= rate <= MAX_RATE:
        raise CardhallError(Msg(N_("the reading rate is 150 to 600 words a minute, not {rate}"), rate=rate))
    return rate


async def change(room: Room, player: str, wanted: ListeningSettings) -> dict[str, Any]:
    """Store the fields of `wanted` that are set (the others kept); the settings after."""
    new = await settings_of(room, player)
    if not isinstance(wanted.wait, msgspec.UnsetType):
        new["wait"] = wanted.wait
    if not isinstance(wanted.rate, msgspec.UnsetType):
        new["rate"] = check_rate(wanted.rate)
    async with Transaction(room.store) as conn:
        await conn.execute(listening.delete().where(listening.c.player == player))
        await conn.execute(listening.insert().values(player=player, **new))
    return new


async def get(deps: Deps, request: Request) -> Response:
    """`GET /api/players/me/listening`: my settings."""
    return JSONResponse(await settings_of(deps.room, await deps.signed_in(request, changes=False)))


async def put(deps: Deps, request: Request) -> Response:
    """`PUT /api/players/me/listening`: the fields named changed; the settings after."""
    player = await deps.signed_in(request)
    return JSONResponse(await change(deps.room, player, await read_body(request, ListeningSettings)))


def routes(deps: Deps) -> list[BaseRoute]:
    """`/api/players/me/listening`, GET and PUT (a player token or the page's cookie)."""
    return [api(deps, "GET", "/api/players/me/listening", get), api(deps, "PUT", "/api/players/me/listening", put)]
