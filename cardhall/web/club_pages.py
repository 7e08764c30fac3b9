"""The clubs' pages (docs/web.md, "Clubs"): `/clubs` (every club, and a form to make one) and
`/clubs/{id}` (the club in words: its people, announcements, events and standings; join, leave,
and for its admins invite and announce). Server-rendered in the reader's language; the forms
and buttons are clubs.js."""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from cardhall.clubs import clubs
from cardhall.clubs.errors import ClubNotFound
from cardhall.core.i18n import N_
from cardhall.web.clubs import club_answer
from cardhall.web.event_pages import event_words
from cardhall.web.languages import web
from cardhall.web.pages import page_lang, render
from cardhall.web.routes.answers import route
from cardhall.web.routes.deps import Deps


async def clubs_page(deps: Deps, request: Request) -> Response:
    """`/clubs`: every club, and the form that makes one (for an account)."""
    who = await deps.viewer(request)
    return await render(request, "clubs.html", N_("cardhall — clubs"), clubs=await clubs.listing(deps.room),
                        signed_in=who is not None and not await deps.room.is_guest(who))


async def club_page(deps: Deps, request: Request) -> Response:
    """`/clubs/{id}`: the club in words (404 with a sentence for a club that is not here)."""
    tr = web(await page_lang(request))
    club_id = request.path_params["club_id"]
    who = await deps.viewer(request)
    try:
        club = await club_answer(deps.room, club_id, who)
    except ClubNotFound:
        response = await render(request, "club.html", N_("cardhall — a club"), club=None,
                                problem=tr._("There is no club \"{club}\" here.", club=club_id))
        response.status_code = 404
        return response
    club["events"] = [event_words(e, tr) for e in club["events"]]
    return await render(request, "club.html", N_("cardhall — a club"), club=club, problem=None,
                        signed_in=who is not None and not await deps.room.is_guest(who))


def routes(deps: Deps) -> list[Route]:
    return [
        route(deps, "GET", "/clubs", clubs_page),
        route(deps, "GET", "/clubs/{club_id}", club_page),
    ]
