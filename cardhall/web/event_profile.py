"""The events part of a profile (`GET /api/players/{name}` and `/players/{name}`): each finished
event the person entered, its result in one sentence of the reader's language ("Daily duplicate of
2026-11-28: Hearts, 8 boards — 62.5 %, place 3 of 14, 8 of 8 boards played.")."""

from __future__ import annotations

from typing import Any

from cardhall.core.i18n import Lang
from cardhall.events import listing
from cardhall.events.results import results_of
from cardhall.room.registry import Room
from cardhall.web.event_pages import event_words, when


def result_words(event: dict[str, Any], result: dict[str, Any], tr: Lang) -> str:
    """One finished event's result in words."""
    if result["percent"] is None:
        return tr._("{event} (over since {time}): no board played.", event=event["title"],
                    time=when(event["closed"] or event["closes"]))
    boards = tr.ngettext("{played} of {count} board played", "{played} of {count} boards played", event["boards"],
                         played=result["played"])
    return tr.ngettext("{event} (over since {time}): {percent} %, place {rank} of {count} entry, {boards}.",
                       "{event} (over since {time}): {percent} %, place {rank} of {count} entries, {boards}.",
                       result["entries"], event=event["title"], time=when(event["closed"] or event["closes"]),
                       percent=result["percent"], rank=result["rank"], boards=boards)


async def profile_events(room: Room, player: str, tr: Lang) -> list[dict[str, Any]]:
    """The person's finished events with their results, latest first, each with `words` and `link`."""
    out = []
    for result in await results_of(room, player):
        event = event_words(await listing.show(room, result["event"]), tr)
        out.append({**result, "game": event["game"], "daily": event["daily"], "boards": event["boards"],
                    "closed": event["closed"] or event["closes"], "title": event["title"],
                    "link": f"/events/{event['id']}", "words": result_words(event, result, tr)})
    return out
