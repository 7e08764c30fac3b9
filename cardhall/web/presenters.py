"""Each game's pictures at the table page, served from the game's own package.

A game declares its browser presenter as the `web` plug-in part (`Game.plugins.web`): a package
with ``presenter.js`` (an ES module whose default export ``attach(root, model)`` draws the game's
pictures from the page's model, docs/web.md) and optionally ``style.css``. This module serves
those files at ``/games/<game>/web/<file>``, tells the page where they are (`presenter`), and
gives the page's catalog the presenters' own messages (`presenter_messages`). A presenter that
needs the game's own data (Clash of Decks: each card's cost, attack, health and abilities) gets it
from the package's ``page_data()`` function, served as ``data.json`` (the data stays where the
game keeps it, never copied into a script). It names no game: it reads what each game declares.
"""

from __future__ import annotations

import functools
import importlib
import json
import re
from importlib import resources
from pathlib import Path

from babel.messages.pofile import read_po
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import Route

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, SOURCE, Msg, domain_of
from cardhall.core.registry import game_class, game_names
from cardhall.web.languages import chosen, script_messages, web

FILES = {"presenter.js": "text/javascript", "style.css": "text/css"}
_GAME = re.compile(r"^[a-z0-9-]{1,40}$")
_TILE = re.compile(r"^tile-[a-z0-9-]{1,40}\.svg$")
"""A game's picture on its lobby tile, ``tile-<game>.svg`` beside its presenter (a package may
draw several games: the Jass package draws Jass and Putz)."""


@functools.cache
def folder(game: str) -> Path | None:
    """The folder of `game`'s presenter (None: the game declares none, or there is no such game)."""
    if not _GAME.match(game):
        return None
    try:
        package = game_class(game).plugins.web
    except (CardhallError, ModuleNotFoundError):
        return None
    if package is None:
        return None
    path = Path(str(resources.files(package)))
    return path if (path / "presenter.js").is_file() else None


def presenter(game: str) -> dict[str, str] | None:
    """Where the page finds `game`'s presenter: {"script": url, "style": url or ""} and, when the
    package gives the page data, "data": url; or None."""
    path = folder(game)
    if path is None:
        return None
    base = f"/games/{game}/web/"
    found = {"script": base + "presenter.js", "style": base + "style.css" if (path / "style.css").is_file() else ""}
    if page_data(game) is not None:
        found["data"] = base + "data.json"
    return found


def tile(game: str) -> str | None:
    """The URL of `game`'s small picture for the lobby's tile (drawn by the game's web package as
    ``tile-<game>.svg``; decorative), or None."""
    path = folder(game)
    return f"/games/{game}/web/tile-{game}.svg" if path is not None and (path / f"tile-{game}.svg").is_file() else None


@functools.cache
def page_data(game: str) -> bytes | None:
    """The JSON of `game`'s presenter data (its web package's ``page_data()``), or None."""
    if folder(game) is None:
        return None
    make = getattr(importlib.import_module(str(game_class(game).plugins.web)), "page_data", None)
    return json.dumps(make(), ensure_ascii=False, sort_keys=True).encode() if callable(make) else None


def presenter_messages(code: str) -> dict[str, str | list[str]]:
    """The translations into `code` of the messages in every game's presenter scripts (their
    game's catalog domain, from the files under its web package), for the page's catalog."""
    if code == SOURCE:
        return {}
    out: dict[str, str | list[str]] = {}
    for name in game_names():
        if folder(name) is not None:
            out.update(_domain_messages(code, domain_of(game_class(name).plugins.web or "")))
    return out


@functools.cache
def _domain_messages(code: str, domain: str) -> dict[str, str | list[str]]:
    from cardhall.core.catalogs import po_path

    path = po_path(code, domain)
    if not path.is_file():
        return {}
    with path.open("rb") as f:
        catalog = read_po(f, locale=code, domain=domain)
    return script_messages(catalog, lambda m: any(f.endswith(".js") and "/web/" in f for f, _ in m.locations))


async def presenter_file(request: Request) -> Response:
    """`GET /games/<game>/web/<file>`: a file of the game's presenter, or its data (`data.json`);
    404 with a sentence otherwise."""
    game, name = request.path_params["game"], request.path_params["file"]
    path = folder(game)
    if name == "data.json" and (data := page_data(game)) is not None:
        return Response(data, media_type="application/json", headers={"cache-control": "no-cache"})
    kind = FILES.get(name) or ("image/svg+xml" if _TILE.match(name) else None)
    if path is None or kind is None or not (path / name).is_file():
        problem = Msg(N_("there is no presenter file {file} for the game {game}"), file=repr(name), game=repr(game))
        return JSONResponse({"error": web(chosen(request, None)).say(problem)}, 404)
    return FileResponse(path / name, media_type=kind, headers={"cache-control": "no-cache"})


def routes() -> list[Route]:
    return [Route("/games/{game}/web/{file}", presenter_file, methods=["GET"])]

