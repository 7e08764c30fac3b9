"""The server-rendered pages of what the room keeps: `/players/{name}` (a profile),
`/leaderboards/{game}`, `/tables/{id}/replay` (replay.js steps through `GET
/api/tables/{id}/replay`), and `/moderation` (moderation.js; the API checks the role). A page
that finds nothing is a 404 page with a sentence saying why."""

from __future__ import annotations

import time
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import BaseRoute

from cardhall.bots.levels import level_title
from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Lang, language_name
from cardhall.core.registry import game_class, game_names
from cardhall.core.titles import game_title
from cardhall.people import ratings
from cardhall.people.ratings import display
from cardhall.room import history
from cardhall.room.history import settle
from cardhall.room.words import seat_label
from cardhall.web.auth import AuthError
from cardhall.web.event_profile import profile_events
from cardhall.web.languages import web
from cardhall.web.pages import page_lang, render, table_missing
from cardhall.web.routes.answers import route
from cardhall.web.routes.deps import Deps


def game_words(game: str, tr: Lang) -> str:
    """A game's title in `tr`'s language (its name, for a game this room does not have)."""
    try:
        return game_title(game_class(game), tr)
    except (CardhallError, ModuleNotFoundError):
        return game


def pool_words(pool: str, tr: Lang) -> str:
    """A rating pool in words: "Hearts, 4 players"."""
    game, _, count = pool.partition(":")
    return tr.ngettext("{game}, {count} player", "{game}, {count} players", int(count), game=game_words(game, tr))


def games_words(games: list[dict[str, Any]], tr: Lang) -> list[dict[str, Any]]:
    """A profile's last games with their title, seats and time in words."""
    return [{**g, "title": game_words(g["game"], tr), "names": [seat_label(s, tr) for s in g["seats"]],
             "when": time.strftime("%Y-%m-%d %H:%M", time.gmtime(g["finished"]))} for g in games]


async def profile_page(deps: Deps, request: Request) -> Response:
    """`/players/{name}`: the profile of a person (404 with a sentence for nobody)."""
    store = deps.room.store
    code = await page_lang(request)
    tr = web(code)
    await settle(store)
    try:
        viewer = await deps.player_of(request, changes=False)
    except AuthError:
        viewer = None
    found = await history.player_by_name(store, request.path_params["name"])
    if found is None:
        response = await render(request, "profile.html", N_("cardhall — a player"), person=None,
                                problem=tr._("there is nobody called {name} here", name=request.path_params["name"]))
        response.status_code = 404
        return response
    player = found["player"]
    rated = await history.ratings_of(store, player)
    played = await history.record_of(store, player)
    games = await history.games_of(store, player, viewer, limit=20)
    return await render(request, "profile.html", N_("cardhall — a player"), person=found, problem=None,
                        language=language_name(found["lang"], code) if found["lang"] else "",
                        ratings=[{"pool": pool_words(pool, tr), **r} for pool, r in sorted(rated.items())],
                        record=[{"game": game_words(g, tr), **r} for g, r in sorted(played.items())],
                        games=games_words(games, tr), events=await profile_events(deps.room, player, tr))


async def leaderboard_page(deps: Deps, request: Request) -> Response:
    """`/leaderboards/{game}`: each pool's people with enough rated games, and the bots' anchors."""
    code = await page_lang(request)
    tr = web(code)
    name = request.path_params["game"]
    try:
        title = game_title(game_class(name), tr)
    except (CardhallError, ModuleNotFoundError):
        response = await render(request, "leaderboard.html", N_("cardhall — a leaderboard"), game=name, pools=[],
                                problem=tr._("There is no game \"{name}\" here; the games are {games}.", name=name,
                                             games=", ".join(game_names())))
        response.status_code = 404
        return response
    await settle(deps.room.store)
    boards = await history.leaderboard(deps.room.store, name)
    pools = sorted({*boards, *(p for p in ratings.anchors() if p.startswith(name + ":"))},
                   key=lambda p: int(p.partition(":")[2]))
    shown = [{"name": pool_words(p, tr), "people": boards.get(p, []),
              "anchors": [(level_title(level, tr), display(mu)) for level, mu in sorted(ratings.anchors().get(p, {}).items(),
                                                                      key=lambda x: x[1])]} for p in pools]
    return await render(request, "leaderboard.html", N_("cardhall — a leaderboard"), game=title, pools=shown,
                        problem=None, min_games=ratings.MIN_GAMES)


async def replay_page(deps: Deps, request: Request) -> Response:
    """`/tables/{id}/replay`: the replay page (replay.js reads `GET /api/tables/{id}/replay`);
    the 404 page for a table this reader cannot see."""
    if not await deps.table_visible(request):
        return await table_missing(request, request.path_params["table_id"])
    return await render(request, "replay.html", N_("cardhall — a replay"), table_id=request.path_params["table_id"])


async def moderation_page(deps: Deps, request: Request) -> Response:
    """`/moderation`: reports, sanctions and the audit log (moderation.js; the API checks the role)."""
    return await render(request, "moderation.html", N_("cardhall — moderation"))


def routes(deps: Deps) -> list[BaseRoute]:
    return [
        route(deps, "GET", "/players/{name}", profile_page),
        route(deps, "GET", "/leaderboards/{game}", leaderboard_page),
        route(deps, "GET", "/tables/{table_id}/replay", replay_page),
        route(deps, "GET", "/moderation", moderation_page),
    ]
