"""`cardhall admin …`: the moderators' work (roles, reports, mute, ban, kick, lift, audit) and the
operator's (backup, restore, status)."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import typer
import typer.core

from cardhall.cli.common import LANG_HELP, chosen_language, fail, say
from cardhall.cli.serve import DB_OPTION
from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Lang, lang

app = typer.Typer(cls=typer.core.TyperGroup, no_args_is_help=True, add_completion=False,
                  help=N_("The moderators' work: grant the role, read reports, mute, ban, kick (docs/room.md)."))
ADMIN_URL = typer.Option(None, "--url", help=N_("A running room's address: act through it as the moderator --name "
                                                 "(the person is told at once); without it, the database --db."))
ADMIN_NAME = typer.Option(None, "--name", help=N_("The moderator's account (its session kept by `cardhall login`)."))


def admin_work(work: Any, language: str | None) -> None:
    """Run one admin command; a refusal is one sentence in the reader's language."""
    tr = lang(chosen_language(language), "terminal")
    try:
        asyncio.run(work(tr))
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None


@app.command("grant", help=N_("Give an account a role (moderator), in the room's database."))
def admin_grant(name: str = typer.Argument(..., help=N_("The account's name.")),
                role: str = typer.Argument(..., help=N_("The role: moderator.")),
                revoke: bool = typer.Option(False, "--revoke", help=N_("Take the role away instead.")),
                db: str | None = DB_OPTION,
                language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.people.moderation import ROLES
    from cardhall.tui.admin import grant

    async def work(tr: Lang) -> None:
        if role not in ROLES:
            raise CardhallError(tr._("the roles are {roles}; got {role}", roles=", ".join(ROLES), role=repr(role)))
        await grant(tr, db, name, None if revoke else role, say)
    admin_work(work, language)


@app.command("reports", help=N_("List the open reports (with --all, the closed ones too)."))
def admin_reports(everything: bool = typer.Option(False, "--all", help=N_("Closed reports too.")),
                  url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME, db: str | None = DB_OPTION,
                  language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.admin import Admin, reports

    admin_work(lambda tr: reports(Admin(tr, db, url, name), everything, say), language)


def _sanction_command(kind: str) -> None:
    from cardhall.tui.admin import Admin, sanction

    helps = {"mute": N_("Mute a person for a time (30m, 1h, 7d, or forever): no chat, no messages."),
             "ban": N_("Ban a person for a time (30m, 1h, 7d, or forever): no login, no guests from their session.")}

    def command(person: str = typer.Argument(..., help=N_("The person's name (an account) or player id.")),
                duration: str = typer.Argument(..., help=N_("How long: 30m, 1h, 7d, 2w, or forever.")),
                reason: str = typer.Option("", "--reason", help=N_("The reason, shown to the person.")),
                url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME, db: str | None = DB_OPTION,
                language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
        admin_work(lambda tr: sanction(Admin(tr, db, url, name), kind, person, duration, reason, None, say), language)
    app.command(kind, help=helps[kind])(command)


_sanction_command("mute")
_sanction_command("ban")


@app.command("kick", help=N_("Take a person from a table of the running room (they may not sit there again "
                               "for a day, or --for)."))
def admin_kick(person: str = typer.Argument(..., help=N_("The person's name (an account) or player id.")),
               table: str = typer.Argument(..., help=N_("The table's id.")),
               duration: str | None = typer.Option(None, "--for", help=N_("How long: 30m, 1h, 7d, 2w, or forever.")),
               reason: str = typer.Option("", "--reason", help=N_("The reason, shown to the person.")),
               url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME,
               language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.admin import Admin, sanction

    admin_work(lambda tr: sanction(Admin(tr, None, url, name), "kick", person, duration, reason, table, say), language)


@app.command("lift", help=N_("End a person's mute or ban."))
def admin_lift(person: str = typer.Argument(..., help=N_("The person's name (an account) or player id.")),
               kind: str = typer.Argument(..., help=N_("mute or ban")),
               url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME, db: str | None = DB_OPTION,
               language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.admin import Admin, lift

    async def work(tr: Lang) -> None:
        if kind not in ("mute", "ban"):
            raise CardhallError(tr._("give mute or ban, not {kind}", kind=repr(kind)))
        await lift(Admin(tr, db, url, name), kind, person, say)
    admin_work(work, language)


@app.command("backup", help=N_("Copy the room's database consistently into FILE, also while the room runs "
                                 "(owner-only: it holds password hashes, sessions and seeds)."))
def admin_backup(file: Path = typer.Argument(..., help=N_("The backup file to write.")), db: str | None = DB_OPTION,
                 language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.room.backup import backup

    async def work(tr: Lang) -> None:
        backup(db, file)
        say(tr._("backed up to {file} (readable by its owner only)", file=str(file)))
    admin_work(work, language)


@app.command("restore", help=N_("Make the database --db from a backup FILE (an empty database, or --force)."))
def admin_restore(file: Path = typer.Argument(..., help=N_("The backup file to read.")), db: str | None = DB_OPTION,
                  force: bool = typer.Option(False, "--force", help=N_("Replace a database that already holds tables.")),
                  language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.room.backup import restore

    async def work(tr: Lang) -> None:
        restore(file, db, force)
        say(tr._("restored {file}; start the room on this database", file=str(file)))
    admin_work(work, language)


@app.command("status", help=N_("A running room's state for its moderators: nodes, tables, people online, bot pool, "
                                 "recent errors, limits hit."))
def admin_status(url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME,
                 language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.admin import Admin, status

    admin_work(lambda tr: status(Admin(tr, None, url, name), say), language)


@app.command("audit", help=N_("The moderators' actions, newest first."))
def admin_audit(url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME, db: str | None = DB_OPTION,
                language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.admin import Admin, audit

    admin_work(lambda tr: audit(Admin(tr, db, url, name), say), language)

