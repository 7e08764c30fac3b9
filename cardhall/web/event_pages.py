"""The events' pages (docs/web.md, "Events"): `/events` (open and over events), `/events/{id}` (the
event: enter, your next board, the standings) and `/events/{id}/boards/{k}` (one board: your result
in a sentence, the frequency table, every entry's score with its replay) and `/events/new` (the form
that makes one). Server-rendered in the
reader's language; the buttons are events.js. Before the event closes a page shows only what
the API shows the reader (`cardhall.events.duplicate.standings`)."""

from __future__ import annotations

import time
from typing import Any

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cardhall.bots.levels import level_title
from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Lang
from cardhall.core.registry import game_class
from cardhall.core.titles import game_title
from cardhall.events import duplicate, listing
from cardhall.events.boards import BOARD_RULES
from cardhall.events.duplicate import MAX_BOARDS, MAX_HOURS
from cardhall.events.errors import EventNotFound
from cardhall.room.new_tables import ROOM_BOTS
from cardhall.web import swiss_pages
from cardhall.web.languages import web
from cardhall.web.pages import page_lang, render
from cardhall.web.routes.answers import route
from cardhall.web.routes.deps import Deps


def game_words(game: str, tr: Lang) -> str:
    try:
        return game_title(game_class(game), tr)
    except (CardhallError, ModuleNotFoundError):
        return game


def when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(seconds))


def event_words(event: dict[str, Any], tr: Lang) -> dict[str, Any]:
    """An event with its title and status in words."""
    if event["kind"] in ("swiss", "arena"):
        return swiss_pages.swiss_words(event, game_words(event["game"], tr), tr)
    title = tr.ngettext("Duplicate: {game}, {count} board", "Duplicate: {game}, {count} boards", event["boards"],
                        game=game_words(event["game"], tr))
    if event["daily"]:
        title = tr.ngettext("Daily duplicate of {day}: {game}, {count} board", "Daily duplicate of {day}: {game}, {count} boards",
                            event["boards"], day=event["daily"].partition(":")[2], game=game_words(event["game"], tr))
    status = tr._("Open until {time}.", time=when(event["closes"])) if event["status"] == "open" else \
        tr._("Over since {time}.", time=when(event["closed"] or event["closes"]))
    return {**event, "title": title, "status_words": status}


def board_sentence(board: int, mine: dict[str, Any] | None, scores: list[float], lower: bool, tr: Lang) -> str:
    """"Board 3: your score 6; 9 of 14 did better; 36 %" (or that the reader has not played it)."""
    if mine is None:
        return tr._("Board {board}: you have not played it.", board=board)
    better = sum(1 for s in scores if (s < mine["score"] if lower else s > mine["score"]))
    score, percent = format(mine["score"], "g"), format(mine["percent"], "g")
    return tr.ngettext("Board {board}: your score {score}; {better} of {count} did better; {percent} %",
                       "Board {board}: your score {score}; {better} of {count} did better; {percent} %", len(scores),
                       board=board, score=score, better=better, percent=percent)


async def missing(request: Request, tr: Lang, event_id: str) -> Response:
    """The event page of an event that is not here (404)."""
    response = await render(request, "event.html", N_("cardhall — an event"), event=None,
                            problem=tr._("There is no event \"{event}\" here.", event=event_id))
    response.status_code = 404
    return response


async def events_page(deps: Deps, request: Request) -> Response:
    """`/events`: the open and running events, and those over."""
    tr = web(await page_lang(request))
    found = [event_words(e, tr) for e in await listing.listing(deps.room)]
    return await render(request, "events.html", N_("cardhall — events"),
                        open=[e for e in found if e["status"] in ("open", "running")],
                        over=[e for e in found if e["status"] == "over"])


async def event_page(deps: Deps, request: Request) -> Response:
    """`/events/{id}`: the event (a Swiss one or an arena: `swiss_pages.page`), its standings."""
    tr = web(await page_lang(request))
    event_id = request.path_params["event_id"]
    try:
        event = event_words(await listing.show(deps.room, event_id), tr)
    except EventNotFound:
        return await missing(request, tr, event_id)
    who = await deps.viewer(request)
    if event["kind"] in ("swiss", "arena"):
        return await swiss_pages.page(request, deps.room, event, who, tr)
    table = await duplicate.standings(deps.room, event_id, who)
    plays = await duplicate.plays_of(deps.room, event_id, who) if who else []
    entered = who is not None and await duplicate.entered(deps.room, event_id, who)
    finished = sum(1 for p in plays if p["finished"] is not None)
    boards = sorted({b["board"] for e in table["entries"] for b in e["boards"]})
    return await render(request, "event.html", N_("cardhall — an event"), event=event, problem=None,
                        standings=table["entries"], boards=boards, entered=entered, played=finished,
                        signed_in=who is not None)


async def board_page(deps: Deps, request: Request) -> Response:
    """`/events/{id}/boards/{k}`: one board of a duplicate event, once the reader may see it."""
    tr = web(await page_lang(request))
    event_id = request.path_params["event_id"]
    try:
        event = event_words(await listing.show(deps.room, event_id), tr)
        board = int(request.path_params["board"])
        if event["kind"] != "duplicate":
            raise EventNotFound(event_id)
    except EventNotFound:
        return await missing(request, tr, event_id)
    who = await deps.viewer(request)
    table = await duplicate.standings(deps.room, event_id, who)
    rows = [{"name": e["name"], **b} for e in table["entries"] for b in e["boards"] if b["board"] == board]
    if not rows:
        return await render(request, "event_board.html", N_("cardhall — a board"), event=event, board=board,
                            rows=[], sentence=None, frequencies=[],
                            problem=tr._("Board {board} is shown once you have finished it, or when the event "
                                         "closes.", board=board))
    lower = BOARD_RULES[event["game"]].lower_is_better
    name = await deps.room.player_name(who) if who else None
    mine = next((r for r in rows if r["name"] == name), None)
    scores = [r["score"] for r in rows]
    rows.sort(key=lambda r: (-r["matchpoints"], r["name"]))
    return await render(request, "event_board.html", N_("cardhall — a board"), event=event, board=board,
                        rows=rows, problem=None, frequencies=table["frequencies"].get(str(board), []),
                        sentence=board_sentence(board, mine, scores, lower, tr))


async def new_event_page(deps: Deps, request: Request) -> Response:
    """`/events/new`: the form that makes a duplicate event (event-new.js posts it to /api/events)."""
    tr = web(await page_lang(request))
    who = await deps.viewer(request)
    account = who is not None and not await deps.room.is_guest(who)
    return await render(request, "event_new.html", N_("cardhall — make an event"), account=account,
                        games_with_boards=sorted(({"name": g, "title": game_words(g, tr)} for g in BOARD_RULES),
                                                 key=lambda g: g["title"].casefold()),
                        levels=[{"value": b, "words": level_title(b, tr)} for b in ROOM_BOTS],
                        most_boards=MAX_BOARDS, most_hours=MAX_HOURS)


def routes(deps: Deps) -> list[Route]:
    return [
        route(deps, "GET", "/events", events_page),
        route(deps, "GET", "/events/new", new_event_page),  # before /events/{event_id}
        route(deps, "GET", "/events/{event_id}", event_page),
        route(deps, "GET", "/events/{event_id}/boards/{board:int}", board_page),
    ]
