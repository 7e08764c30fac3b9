"""`cardhall admin`: the moderators' work from the command line.

`grant NAME moderator` writes the role into the room's database (`--db`, the same default as
`cardhall serve`): the first moderator is made this way. The other commands work either through a
running room (`--url URL --name MODERATOR`, with the session `cardhall login URL --name MODERATOR`
kept; the person is told at once: a ban closes their connections, a kick takes them from the
table) or, without `--url`, on the database directly (a mute or ban holds from the person's next
request; a kick needs the running room, which runs the table).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import Lang
from cardhall.tui.people import server_of
from cardhall.tui.remote import load_identities
from cardhall.web.client import RoomClient

if TYPE_CHECKING:  # the database's modules (SQLAlchemy) are imported by the commands that open it:
    # every other `cardhall` command starts without them
    from cardhall.people.social import Social
    from cardhall.room.store import Store

Output = Callable[[str], None]


class Admin:
    """One way to the room: its database, or a running room as a moderator."""

    def __init__(self, tr: Lang, db: str | None, url: str | None, name: str | None) -> None:
        self.tr, self.db, self.url, self.name = tr, db, url, name

    def _token(self) -> tuple[str, str]:
        assert self.url is not None
        server = server_of(self.url, self.tr)
        if not self.name:
            raise CardhallError(self.tr._("with --url, give the moderator's account with --name (log in first with "
                                          "`cardhall login URL --name NAME`)"))
        kept = load_identities().get(f"{server} {self.name}")
        if not kept or not kept.get("account"):
            raise CardhallError(self.tr._("no session of {name} is kept for {server}; log in first with "
                                          "`cardhall login {server} --name {name}`", name=self.name, server=server))
        return server, str(kept["token"])

    async def http(self, method: str, path: str, body: Any = None) -> Any:
        server, token = self._token()
        async with RoomClient(server, token) as client:
            return await client.request(method, path, body)

    async def social(self) -> tuple[Store, Social]:
        from cardhall.people.social import Social
        from cardhall.room.store import Store

        store = await Store.open(self.db)
        return store, Social(store)


async def grant(tr: Lang, db: str | None, name: str, role: str | None, say: Output) -> None:
    from cardhall.people.social import Social
    from cardhall.room.store import Store

    store = await Store.open(db)
    try:
        _, shown = await Social(store).grant(None, name, role)
    finally:
        await store.close()
    say(tr._("{name} is now a moderator.", name=shown) if role else tr._("{name} is no longer a moderator.", name=shown))


async def reports(admin: Admin, everything: bool, say: Output) -> list[dict[str, Any]]:
    tr = admin.tr
    if admin.url:
        found: list[dict[str, Any]] = await admin.http("GET", "/api/moderation/reports" + ("?all=1" if everything else ""))
    else:
        store, social = await admin.social()
        try:
            found = await social.reports(not everything)
        finally:
            await store.close()
    if not found:
        say(tr._("No open reports."))
    for report in found:
        said = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(report["created"]))
        say(tr._("Report {id} ({when}): {reporter} reports {subject}: {text}", id=report["id"], when=said,
                 reporter=report["reporter"], subject=report["subject"], text=report["text"] or "—"))
        attached = report.get("attached") or {}
        if "message" in attached:
            say("  " + tr._("the message: {text}", text=attached["message"]["text"]))
        for entry in attached.get("log", []):
            if entry.get("kind") == "chat":
                say("  " + tr._("at table {table}, {name} said: {text}", table=attached["table"], name=entry["name"],
                                text=entry["text"]))
    return found


async def sanction(admin: Admin, kind: str, name: str, duration: str | None, reason: str, table: str | None,
                   say: Output) -> dict[str, Any]:
    """Mute, ban or kick `name` (through the room with --url, else in the database)."""
    tr = admin.tr
    if admin.url:
        done: dict[str, Any] = await admin.http("POST", "/api/moderation/sanctions", {
            "name": name, "kind": kind, "duration": duration, "reason": reason, "table": table})
    else:
        if kind == "kick":
            raise CardhallError(tr._("a kick takes a person from a table the running room plays: give --url URL "
                                     "--name MODERATOR"))
        store, social = await admin.social()
        try:
            from cardhall.people.social import parse_duration

            done = await social.sanction(None, name, kind, parse_duration(duration), reason)
        finally:
            await store.close()
    from cardhall.people.social import when

    until = tr._("for good") if done["until"] is None else tr._("until {when}", when=when(done["until"]))
    words = {"mute": tr._("{name} is muted {until}.", name=done["name"], until=until),
             "ban": tr._("{name} is banned {until}.", name=done["name"], until=until),
             "kick": tr._("{name} is removed from table {table} {until}.", name=done["name"], table=table, until=until)}
    say(words[kind])
    return done


async def lift(admin: Admin, kind: str, name: str, say: Output) -> None:
    if admin.url:
        await admin.http("DELETE", f"/api/moderation/sanctions/{name}/{kind}")
    else:
        store, social = await admin.social()
        try:
            await social.lift(None, name, kind)
        finally:
            await store.close()
    say(admin.tr._("{name} is no longer muted.", name=name) if kind == "mute"
        else admin.tr._("{name} is no longer banned.", name=name))


async def audit(admin: Admin, say: Output) -> None:
    if admin.url:
        found: list[dict[str, Any]] = await admin.http("GET", "/api/moderation/audit")
    else:
        store, social = await admin.social()
        try:
            found = await social.audit_log()
        finally:
            await store.close()
    for entry in found:
        said = time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(entry["at"]))
        detail = entry["detail"] or {}
        say(f"{said} {entry['actor']}: {entry['action']} {entry['subject'] or ''}"
            + (f" ({detail.get('reason')})" if detail.get("reason") else ""))


async def status(admin: Admin, say: Output) -> dict[str, Any]:
    """`cardhall admin status --url URL --name MODERATOR`: the operator's view of a running room
    (`GET /api/admin/status`), said in the terminal's language, a heading and its lines per part."""
    from cardhall.room.status import said

    if not admin.url:
        raise CardhallError(admin.tr._("the room's state is read from the running room: give --url URL --name "
                                       "MODERATOR"))
    data: dict[str, Any] = await admin.http("GET", "/api/admin/status")
    for heading, lines in said(data):
        say(admin.tr._(heading))
        for line in lines:
            say("  " + admin.tr.say(line))
    return data
