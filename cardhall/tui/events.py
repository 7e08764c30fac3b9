"""Events in the terminal: `cardhall event list URL`, `cardhall event play URL/events/ID --name NAME`
(enter and play each board, or each Swiss or arena table, at the terminal table, as `cardhall
join` does) and `cardhall event
standings URL/events/ID` (docs/room.md, "Events")."""

from __future__ import annotations

import asyncio
import datetime as dt
from typing import Any
from urllib.parse import urlsplit

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import Lang
from cardhall.tui.people import game_words, server_of
from cardhall.tui.remote import Output, join, load_identities, stdin_lines
from cardhall.web.client import RemoteError, RoomClient, TableURL


def event_of(url: str, tr: Lang) -> tuple[str, str]:
    """(room, event id) from an event URL such as http://127.0.0.1:8000/events/ID."""
    parts = urlsplit(url.strip())
    segments = [s for s in parts.path.split("/") if s]
    if parts.scheme not in ("http", "https") or len(segments) < 2 or segments[-2] != "events":
        raise CardhallError(tr._("{url} is not the address of an event; write it as "
                                 "http://127.0.0.1:8000/events/ID", url=repr(url)))
    return server_of(f"{parts.scheme}://{parts.netloc}/" + "/".join(segments[:-2]), tr), segments[-1]


def token_of(server: str, name: str | None) -> str | None:
    """The session `cardhall login` kept for `name` on `server` (None: none)."""
    if name is None:
        return None
    known = load_identities().get(f"{server} {name}")
    return known.get("token") if isinstance(known, dict) else None


def when(seconds: float) -> str:
    return dt.datetime.fromtimestamp(seconds, dt.UTC).strftime("%Y-%m-%d %H:%M UTC")


def event_line(event: dict[str, Any], tr: Lang) -> str:
    status = tr._("open until {time}", time=when(event["closes"])) if event["status"] == "open" else \
        tr._("running") if event["status"] == "running" else tr._("over")
    if event["kind"] == "swiss":
        return tr.ngettext("{id}: {game}, Swiss, {count} round, entries: {entries}, {status}",
                           "{id}: {game}, Swiss, {count} rounds, entries: {entries}, {status}", event["rounds_planned"],
                           id=event["id"], game=game_words(event["game"], tr), entries=event["entries"], status=status)
    if event["kind"] == "arena":
        return tr.ngettext("{id}: {game}, arena, {count} minute, entries: {entries}, {status}",
                           "{id}: {game}, arena, {count} minutes, entries: {entries}, {status}", int(event["minutes"]),
                           id=event["id"], game=game_words(event["game"], tr), entries=event["entries"], status=status)
    return tr.ngettext("{id}: {game}, {boards} board, entries: {entries}, {status}",
                       "{id}: {game}, {boards} boards, entries: {entries}, {status}", event["boards"],
                       id=event["id"], game=game_words(event["game"], tr), boards=event["boards"],
                       entries=event["entries"], status=status)


async def list_events(url: str, tr: Lang, say: Output) -> None:
    server = server_of(url, tr)
    async with RoomClient(server) as client:
        found = (await client.request("GET", "/api/events"))["events"]
    if not found:
        say(tr._("No events in this room."))
    for event in found:
        say(event_line(event, tr))


def points_lines(table: dict[str, Any], tr: Lang) -> list[str]:
    """A Swiss event's or arena's standings: rank, name, points, tie-break, tables."""
    lines = [tr._("Final standings:") if table["final"] else tr._("Standings so far:")]
    for e in table["entries"]:
        lines.append(tr.ngettext("{rank}. {name}: {points:g} points, tie-break {tiebreak:g}, {count} table played",
                                 "{rank}. {name}: {points:g} points, tie-break {tiebreak:g}, {count} tables played",
                                 e["played"], rank=e["rank"], name=e["name"], points=e["points"],
                                 tiebreak=e["tiebreak"]) + (" " + tr._("(withdrawn)") if e["withdrawn"] else ""))
    return lines


def standing_lines(table: dict[str, Any], tr: Lang) -> list[str]:
    if "frequencies" not in table:
        return points_lines(table, tr)
    lines = [tr._("Final standings:") if table["final"] else
             tr._("Standings so far (only the boards you have finished are shown):")]
    for entry in table["entries"]:
        percent = "—" if entry["percent"] is None else f"{tr.number(entry['percent'])} %"
        lines.append(tr.ngettext("{rank}. {name}: {percent}, {boards} board", "{rank}. {name}: {percent}, {boards} boards",
                                 len(entry["boards"]), rank=entry["rank"], name=entry["name"], percent=percent,
                                 boards=len(entry["boards"])))
    for board, counts in table["frequencies"].items():
        parts = [tr.ngettext("{count} had {score}", "{count} had {score}", c["count"], count=c["count"],
                             score=c["score"]) for c in counts]
        lines.append(tr._("Board {board}: {counts}", board=board, counts=tr.items(parts)))
    return lines


async def standings(url: str, name: str | None, tr: Lang, say: Output) -> None:
    server, event = event_of(url, tr)
    async with RoomClient(server, token_of(server, name)) as client:
        table = await client.request("GET", f"/api/events/{event}/standings")
    for line in standing_lines(table, tr):
        say(line)


async def play(url: str, name: str, tr: Lang, say: Output, lang_code: str, *, quick: bool = True,
               verbose: bool = False) -> None:
    """Enter the event (once) and play its boards one after another at the terminal table, with
    `cardhall join`'s prompt (`quick`: a choice plays on its Enter; `verbose`: the whole table
    before each turn)."""
    server, event = event_of(url, tr)
    token = token_of(server, name)
    if token is None:
        raise CardhallError(tr._("events are for accounts: log in first with: cardhall login {server} --name {name}",
                                 server=server, name=name))
    async with RoomClient(server, token) as client:
        try:
            await client.request("POST", f"/api/events/{event}/entries")
        except RemoteError as exc:
            if exc.status != 409:
                raise
        typed = stdin_lines(asyncio.get_running_loop())  # one reader of stdin for every board
        kind = (await client.request("GET", f"/api/events/{event}"))["kind"]
        waiting = False
        while True:
            board = await client.request("GET", f"/api/events/{event}/next")
            if board.get("done"):
                say(tr._("You have played every board of this event.") if kind == "duplicate"
                    else tr._("You have nothing more to play in this event."))
                break
            if "table" not in board:  # a Swiss round or an arena goes on at the other tables
                if not waiting:
                    say(tr._("Waiting for your next table…"))
                waiting = True
                await asyncio.sleep(1)
                continue
            waiting = False
            say(tr._("Board {board}:", board=board["board"]) if "board" in board else
                tr._("Your table of round {round}:", round=board["round"]) if "round" in board else
                tr._("Your next table:"))
            await join(TableURL(server, board["table"], board.get("invite")), board["seat"], name, say,
                       lang_code=lang_code, quick=quick, verbose=verbose, lines=typed)
        table = await client.request("GET", f"/api/events/{event}/standings")
    for line in standing_lines(table, tr):
        say(line)
