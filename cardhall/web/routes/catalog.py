"""What the room offers, for any client: `GET /api/games` (every game with its seats, options and
bot levels, in the reader's language) and `GET /api/protocol` (the wire protocol's JSON schema);
`in_language`, a table's summary for a reader (used by every route that answers tables)."""

from __future__ import annotations

import contextlib
import json
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from cardhall.bots import bot_names
from cardhall.bots.levels import choices, describe, level_title
from cardhall.core.errors import CardhallError
from cardhall.core.registry import aliases, game_class, game_names, load
from cardhall.core.text import text_ui
from cardhall.core.titles import game_title
from cardhall.room.new_tables import ROOM_BOTS
from cardhall.web.languages import web
from cardhall.web.pages import page_lang
from cardhall.web.protocol import json_schema
from cardhall.web.routes.answers import api
from cardhall.web.routes.deps import Deps
from cardhall.web.words import load_reader


def seat_counts(name: str) -> list[int]:
    """Every number of players the game `name` may be played by (its options that change it)."""
    counts = {load(name).num_players}
    for option in game_class(name).OPTIONS:
        values: list[Any] = []
        if option.name == "players":
            values = list(option.choices or range(option.minimum or 1, (option.maximum or 1) + 1))
        elif option.kind is bool:
            values = [not option.default]
        for value in values:
            with contextlib.suppress(CardhallError):
                counts.add(load(name, **{option.name: value}).num_players)
    return sorted(counts)


def games_catalog(code: str = "en") -> list[dict[str, Any]]:
    """Every game with its player counts, options and the bot levels a table may seat; the
    descriptions in the language `code`."""
    catalog = []
    for name in game_names():
        try:
            cls = game_class(name)
        except ModuleNotFoundError:
            continue
        game = load(name)
        ui = text_ui(game, code)
        levels = [b for b in choices(name) if b in ROOM_BOTS and b in bot_names(game)]
        catalog.append({
            "name": name, "title": game_title(cls, ui.tr), "aliases": aliases(name), "players": seat_counts(name),
            "options": [{**o.form_fields(ui.tr), "allowed": ui.say(o.allowed()),
                         "description": ui.tr._(o.doc) if o.doc else o.doc} for o in cls.OPTIONS],
            "bots": [{"spec": f"bot:{b}", "title": level_title(b, ui.tr), "description": bot_description(name, b, code)}
                     for b in levels],
        })
    return catalog


def bot_description(game: str, level: str, code: str = "en") -> str:
    """What the lobby says about a bot choice: the level's sentence (`cardhall.bots.levels`), in the
    reader's language."""
    return web(code)._(describe(level))


def in_language(summary: dict[str, Any], code: str) -> dict[str, Any]:
    """A table's summary for a reader of `code`: the game's title and its names of the seats
    (`seat_names`: "North", "Player 2") in their language (the summary itself is the same for
    everyone and names the game in English)."""
    title = summary.get("title")
    said = {**summary, "title": web(code).pgettext("game", title)} if isinstance(title, str) and title else dict(summary)
    with contextlib.suppress(CardhallError, TypeError, KeyError):
        game, ui = load_reader(summary["game"], json.dumps(summary.get("options") or {}, sort_keys=True), code)
        said["seat_names"] = [ui.seat(i) for i in range(game.num_players)]
    return said


async def games(deps: Deps, request: Request) -> Response:
    """`GET /api/games`: the catalog in the reader's language (made once per language)."""
    code = await page_lang(request)
    if code not in deps.catalogs:
        deps.catalogs[code] = games_catalog(code)
    return JSONResponse(deps.catalogs[code])


async def protocol(deps: Deps, request: Request) -> Response:
    """`GET /api/protocol`: the JSON schema of the wire protocol's messages."""
    return JSONResponse(json_schema())


def routes(deps: Deps) -> list[BaseRoute]:
    return [api(deps, "GET", "/api/games", games), api(deps, "GET", "/api/protocol", protocol)]
