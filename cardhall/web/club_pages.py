"""The clubs' pages (docs/web.md, "Clubs"): `/clubs` (every club, and a form to make one) and
`/clubs/{id}` (the club in words: its people, announcements, events and standings; join, leave,
and for its admins invite and announce). Server-rendered in the reader's language; the forms
and buttons are clubs.js."""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cardhall.clubs import clubs
from cardhall.clubs.errors import ClubNotFound
from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_
from cardhall.room.service import Room
from cardhall.web.clubs import club_answer
from cardhall.web.event_pages import event_words
from cardhall.web.languages import web
from cardhall.web.pages import page_lang, render

Who = Callable[[Request], Awaitable[str | None]]


def routes(room: Room, player_of: Who) -> list[Route]:
    async def viewer(request: Request) -> str | None:
        try:
            return await player_of(request)
        except CardhallError:
            return None

    async def clubs_page(request: Request) -> Response:
        who = await viewer(request)
        return await render(request, "clubs.html", N_("cardhall — clubs"), clubs=await clubs.listing(room),
                            signed_in=who is not None and not await room.is_guest(who))

    async def club_page(request: Request) -> Response:
        tr = web(await page_lang(request))
        club_id = request.path_params["club_id"]
        who = await viewer(request)
        try:
            club = await club_answer(room, club_id, who)
        except ClubNotFound:
            response = await render(request, "club.html", N_("cardhall — a club"), club=None,
                                    problem=tr._("There is no club \"{club}\" here.", club=club_id))
            response.status_code = 404
            return response
        club["events"] = [event_words(e, tr) for e in club["events"]]
        return await render(request, "club.html", N_("cardhall — a club"), club=club, problem=None,
                            signed_in=who is not None and not await room.is_guest(who))

    return [
        Route("/clubs", clubs_page, methods=["GET"]),
        Route("/clubs/{club_id}", club_page, methods=["GET"]),
    ]
