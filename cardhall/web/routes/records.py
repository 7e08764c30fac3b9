"""What the room keeps of past games, over the API: `GET /api/players/{name}` (a person's
profile: ratings per pool, games per game, last games, events), `GET /api/leaderboards/{game}`
and `GET /api/tables/{id}/replay` (a finished game, every move with every hand, in words)."""

from __future__ import annotations

import asyncio
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from cardhall.core.i18n import N_, Msg
from cardhall.core.registry import game_class
from cardhall.core.text import text_ui
from cardhall.people import ratings
from cardhall.people.ratings import display
from cardhall.room import history
from cardhall.room.history import settle
from cardhall.room.replays import build as build_replay
from cardhall.web.event_profile import profile_events
from cardhall.web.languages import web
from cardhall.web.pages import page_lang
from cardhall.web.presenters import presenter
from cardhall.web.routes.answers import api, error
from cardhall.web.routes.deps import REPLAY_CACHE, Deps, NotFound, no_table
from cardhall.web.words import faces_of


async def profile(deps: Deps, request: Request) -> Response:
    """`GET /api/players/{name}`: a person's profile: ratings per pool, games per game, last games."""
    store = deps.room.store
    await settle(store)
    viewer = await deps.player_of(request, changes=False)
    found = await history.player_by_name(store, request.path_params["name"])
    if found is None:
        raise NotFound(Msg(N_("there is nobody called {name} here"), name=request.path_params["name"]))
    player = found["player"]
    return JSONResponse({**found, "ratings": await history.ratings_of(store, player),
                         "record": await history.record_of(store, player),
                         "games": await history.games_of(store, player, viewer),
                         "events": await profile_events(deps.room, player, web(await page_lang(request)))})


async def leaderboard(deps: Deps, request: Request) -> Response:
    """`GET /api/leaderboards/{game}`: per pool, the people with enough rated games, and the bots' anchors."""
    name = request.path_params["game"]
    request.state.game = name
    game_class(name)  # an unknown game is a sentence naming the games
    await settle(deps.room.store)
    boards = await history.leaderboard(deps.room.store, name)
    anchors = {pool: {level: display(mu) for level, mu in levels.items()}
               for pool, levels in ratings.anchors().items() if pool.startswith(name + ":")}
    return JSONResponse({"game": name, "min_games": ratings.MIN_GAMES, "pools": boards, "anchors": anchors})


async def built_replay(deps: Deps, table_id: str, game: Any, code: str, faces: str) -> dict[str, Any]:
    """The replay of a finished table in `code` with these `faces` (built once, then kept)."""
    stored = await deps.room.store.load(table_id)
    if stored is None:
        raise no_table(table_id)
    built = await asyncio.to_thread(build_replay, stored.header, stored.entries, code, faces)
    ui = text_ui(game, code, faces=faces)
    tokens_seen = {c for step in built["steps"] for hand in step["hands"] if isinstance(hand, list) for c in hand}
    tokens_seen |= {c for hand in built["start"]["hands"] if isinstance(hand, list) for c in hand}
    built["words"] = {c: ui.token(c) for c in sorted(tokens_seen) if isinstance(c, str)}
    built["presenter"] = presenter(game.name)
    return built


async def replay(deps: Deps, request: Request) -> Response:
    """`GET /api/tables/{id}/replay`: a finished game, every move with every hand, in words in the
    reader's language (409 while the game is played: nothing hidden is shown)."""
    player = await deps.player_of(request, changes=False)
    actor = await deps.find(request, player)
    code = await page_lang(request)
    if actor.table.status != "over":
        message = Msg(N_("the game at table {table} is not over yet; its replay is available when it ends"),
                      table=actor.table.id)
        return error(409, web(code).say(message))
    faces = text_ui(actor.table.game, code, faces=faces_of(request.cookies, code)).faces
    key = (actor.table.id, code, faces)
    replays = deps.replays
    if key not in replays:
        replays[key] = await built_replay(deps, actor.table.id, actor.table.game, code, faces)
        while len(replays) > REPLAY_CACHE:
            replays.pop(next(iter(replays)))
    return JSONResponse(replays[key])


def routes(deps: Deps) -> list[BaseRoute]:
    return [
        api(deps, "GET", "/api/tables/{table_id}/replay", replay),
        api(deps, "GET", "/api/players/{name}", profile),
        api(deps, "GET", "/api/leaderboards/{game}", leaderboard),
    ]
