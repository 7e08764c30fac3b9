"""Clubs in the terminal (docs/room.md, "Clubs"): `cardhall club list URL`, `cardhall club show
URL/clubs/ID`, and, with a session from `cardhall login`, `create`, `join`, `leave`, `invite`
and `announce`. Each answer is said in sentences; a refusal is the room's sentence."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import Lang
from cardhall.tui.events import token_of
from cardhall.tui.people import game_words, server_of
from cardhall.tui.remote import Output
from cardhall.web.client import RoomClient


def club_of(url: str, tr: Lang) -> tuple[str, str]:
    """(room, club id) from a club URL such as http://127.0.0.1:8000/clubs/ID."""
    parts = urlsplit(url.strip())
    segments = [s for s in parts.path.split("/") if s]
    if parts.scheme not in ("http", "https") or len(segments) < 2 or segments[-2] != "clubs":
        raise CardhallError(tr._("{url} is not the address of a club; write it as http://127.0.0.1:8000/clubs/ID",
                                 url=repr(url)))
    return server_of(f"{parts.scheme}://{parts.netloc}/" + "/".join(segments[:-2]), tr), segments[-1]


def session(server: str, name: str, tr: Lang) -> str:
    token = token_of(server, name)
    if token is None:
        raise CardhallError(tr._("clubs are for accounts: log in first with: cardhall login {server} --name {name}",
                                 server=server, name=name))
    return token


def club_line(club: dict[str, Any], tr: Lang) -> str:
    kind = tr._("open") if club["open"] else tr._("by invitation")
    return tr.ngettext("{id}: {name} ({kind}), {count} member", "{id}: {name} ({kind}), {count} members",
                       club["members"], id=club["id"], name=club["name"], kind=kind)


def club_lines(club: dict[str, Any], tr: Lang) -> list[str]:
    """A club in sentences: what it is, its people, announcements, events and standings."""
    lines = [club_line(club, tr)]
    if club["description"]:
        lines.append(club["description"])
    roles = {"admin": tr._("admin"), "member": tr._("member"), "invited": tr._("invited")}
    lines.append(tr._("People: {people}", people=", ".join(f"{p['name']} ({roles[p['role']]})" for p in club["people"])))
    for post in club["announcements"]:
        lines.append(tr._("{name} announces: {text}", name=post["by"], text=post["text"]))
    for event in club["events"]:
        status = {"running": tr._("running"), "over": tr._("over")}.get(event["status"], tr._("open"))
        lines.append(tr._("Event {id}: {game}, {status}", id=event["id"], game=game_words(event["game"], tr),
                          status=status))
    for row in club["standings"]:
        lines.append(tr.ngettext("{rank}. {name}: {count} point; won: {wins}; played: {events}",
                                 "{rank}. {name}: {count} points; won: {wins}; played: {events}", row["points"],
                                 rank=row["rank"], name=row["name"], wins=row["wins"], events=row["events"]))
    return lines


async def list_clubs(url: str, tr: Lang, say: Output) -> None:
    async with RoomClient(server_of(url, tr)) as client:
        found = (await client.request("GET", "/api/clubs"))["clubs"]
    if not found:
        say(tr._("No clubs in this room."))
    for club in found:
        say(club_line(club, tr))


async def show(url: str, tr: Lang, say: Output) -> None:
    server, club = club_of(url, tr)
    async with RoomClient(server) as client:
        for line in club_lines(await client.request("GET", f"/api/clubs/{club}"), tr):
            say(line)


async def create(url: str, name: str, club_name: str, description: str, open_: bool, tr: Lang, say: Output) -> None:
    server = server_of(url, tr)
    async with RoomClient(server, session(server, name, tr)) as client:
        made = await client.request("POST", "/api/clubs", {"name": club_name, "description": description,
                                                           "open": open_})
    link = f"{server.rstrip('/')}/clubs/{made['id']}"
    say(tr._("Club made: {url}", url=link))


async def act(url: str, name: str, method: str, part: str, body: Any, tr: Lang, say: Output) -> None:
    """One club request for the account `name` (`part`: members, invitations, announcements)."""
    server, club = club_of(url, tr)
    async with RoomClient(server, session(server, name, tr)) as client:
        answer = await client.request(method, f"/api/clubs/{club}/{part}", body)
    for line in club_lines(answer, tr)[:3]:
        say(line)


async def close_club(tr: Lang, club: str, reason: str, url: str | None, name: str | None, db: str | None,
                     say: Output) -> dict[str, Any]:
    """`cardhall club close CLUB --reason …`: a moderator closes the club named (or with the id)
    `club`, through the running room (`url`, as the moderator `name`) or on the database `db`."""
    from cardhall.tui.admin import Admin

    if url:
        admin = Admin(tr, None, url, name)
        listed = (await admin.http("GET", "/api/clubs"))["clubs"]
        found = next((c["id"] for c in listed if c["id"] == club or c["name"].casefold() == club.casefold()), club)
        done: dict[str, Any] = await admin.http("POST", f"/api/clubs/{found}/close", {"reason": reason})
    else:
        from cardhall.clubs.closing import close_club as close_in
        from cardhall.room.store import Store

        store = await Store.open(db)
        try:
            done = await close_in(store, club, None, reason)
        finally:
            await store.close()
    say(tr._("The club {name} is closed; the reason: {reason}", name=done["name"], reason=done["reason"]))
    return done
