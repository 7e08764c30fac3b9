"""A Swiss event's page (docs/web.md, "Events"): its state in words, your next table (or why
there is none), the standings so far, and every round with its tables, their players and their
replays; a Swiss event's standby list (who waits, your place in it, "Put me on the standby
list" when it is full or running); in the reader's language, server-rendered (the buttons are
swiss.js)."""

from __future__ import annotations

import time
from typing import Any

from starlette.requests import Request
from starlette.responses import Response

from cardhall.core.i18n import N_, Lang
from cardhall.events import standby, swiss_read
from cardhall.events.duplicate import event_row
from cardhall.events.swiss import names
from cardhall.room.registry import Room
from cardhall.web.pages import render


def when(seconds: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(seconds))


def swiss_words(event: dict[str, Any], game: str, tr: Lang) -> dict[str, Any]:
    """A Swiss event or an arena with its title and status in words (the list of events and its page)."""
    if event["kind"] == "arena":
        title = tr.ngettext("Arena: {game}, {count} minute", "Arena: {game}, {count} minutes", int(event["minutes"]),
                            game=game)
    else:
        title = tr.ngettext("Swiss: {game}, {count} round", "Swiss: {game}, {count} rounds", event["rounds_planned"],
                            game=game)
    if event["status"] == "open":
        status = tr._("Open for entries until {time}; it starts when its creator starts it.",
                      time=when(event["closes"]))
    elif event["status"] == "running" and event["kind"] == "arena":
        status = tr._("Running until {time}.", time=when(event["closes"]))
    elif event["status"] == "running":
        status = tr._("Running.")
    else:
        status = tr._("Over since {time}.", time=when(event["closed"] or event["closes"]))
    return {**event, "title": title, "status_words": status}


def next_words(nxt: dict[str, Any] | None, tr: Lang) -> str:
    """What the entrant's `next` answer means, in a sentence."""
    if nxt is None:
        return ""
    if "table" in nxt:
        return tr._("Round {round}: your table is ready.", round=nxt["round"])
    if nxt.get("done"):
        return tr._("You have nothing more to play in this event.")
    if nxt.get("round"):
        return tr._("Your table of round {round} is over; the next round starts when every table has finished.",
                    round=nxt["round"])
    return tr._("You have entered; the first round starts when the creator starts the event.")


async def page(request: Request, room: Room, event: dict[str, Any], who: str | None, tr: Lang) -> Response:
    """The page of the Swiss event `event` (its words already made) for the viewer `who`."""
    found = await event_row(room, event["id"])
    standings = await swiss_read.standings(room, found)
    entered = who is not None and who in await names(room, found["id"])
    if found["kind"] == "arena":  # asking for a table is the page's button (it makes the entrant wait)
        made = await swiss_read.tables_by_round(room, found)
        tables = [{**t, "number": n} for n in sorted(made, reverse=True) for t in made[n]]
        rounds = [{"heading": tr._("Tables"), "tables": tables}] if tables else []
        nxt, round_no = None, 0
    else:
        shown = await swiss_read.details(room, found)
        nxt = await swiss_read.next_table(room, found, who) if entered and who is not None else None
        rounds = [{**r, "heading": tr._("Round {round}", round=r["round"])} for r in reversed(shown["rounds"])]
        round_no = shown["round"]
    waiting = await standby.shown(room, found["id"]) if found["kind"] == "swiss" else []
    position = await standby.position_of(room, found["id"], who) if found["kind"] == "swiss" else None
    full = found["status"] == "open" and await standby.is_full(room, found)
    can_stand_by = who is not None and not entered and position is None and found["kind"] == "swiss" and (
        full or found["status"] == "running")
    return await render(request, "event_swiss.html", N_("cardhall — an event"), event=event,
                        round=round_no, rounds=rounds, standby=waiting, standby_position=position, full=full,
                        can_stand_by=can_stand_by, standings=standings["entries"], entered=entered,
                        signed_in=who is not None, creator=who is not None and who == found["creator"],
                        next=nxt, next_words=next_words(nxt, tr), arena=found["kind"] == "arena")
