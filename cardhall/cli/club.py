"""`cardhall club …`: a room's clubs: list, show, create, join, leave, invite, announce, close."""

from __future__ import annotations

import typer
import typer.core

from cardhall.cli.admin import ADMIN_NAME, ADMIN_URL, admin_work
from cardhall.cli.common import LANG_HELP, run_async, say
from cardhall.cli.serve import DB_OPTION
from cardhall.core.i18n import N_

app = typer.Typer(cls=typer.core.TyperGroup, no_args_is_help=True, add_completion=False,
                  help=N_("A room's clubs: list, show, create, join, leave, invite, announce, close (docs/room.md)."))
CLUB_URL = N_("The club's address, e.g. http://127.0.0.1:8000/clubs/ID")
ACCOUNT = N_("The account's name (its session from `cardhall login`).")


@app.command("list", help=N_("List a room's clubs."))
def club_list(url: str = typer.Argument(..., help=N_("The room's address, e.g. http://127.0.0.1:8000")),
              language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import list_clubs
    run_async(lambda tr, code: list_clubs(url, tr, say), language)


@app.command("show", help=N_("Show a club: its people, announcements, events and standings."))
def club_show(url: str = typer.Argument(..., help=CLUB_URL),
              language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import show
    run_async(lambda tr, code: show(url, tr, say), language)


@app.command("create", help=N_("Make a club (you are its admin)."))
def club_create(url: str = typer.Argument(..., help=N_("The room's address, e.g. http://127.0.0.1:8000")),
                club: str = typer.Option(..., "--club", help=N_("The club's name.")),
                description: str = typer.Option("", help=N_("What the club is about.")),
                invitation: bool = typer.Option(False, "--invitation", help=N_("Joined by invitation only.")),
                name: str = typer.Option(..., help=ACCOUNT),
                language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import create
    run_async(lambda tr, code: create(url, name, club, description, not invitation, tr, say), language)


@app.command("join", help=N_("Join an open club, or one that invited you."))
def club_join(url: str = typer.Argument(..., help=CLUB_URL), name: str = typer.Option(..., help=ACCOUNT),
              language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import act
    run_async(lambda tr, code: act(url, name, "POST", "members", None, tr, say), language)


@app.command("leave", help=N_("Leave a club."))
def club_leave(url: str = typer.Argument(..., help=CLUB_URL), name: str = typer.Option(..., help=ACCOUNT),
               language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import act
    run_async(lambda tr, code: act(url, name, "DELETE", "members", None, tr, say), language)


@app.command("invite", help=N_("Invite a person to a club (its admins)."))
def club_invite(url: str = typer.Argument(..., help=CLUB_URL),
                person: str = typer.Argument(..., help=N_("The name of the person to invite.")),
                name: str = typer.Option(..., help=ACCOUNT),
                language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import act
    run_async(lambda tr, code: act(url, name, "POST", "invitations", {"name": person}, tr, say), language)


@app.command("announce", help=N_("Post an announcement on a club's page (its admins)."))
def club_announce(url: str = typer.Argument(..., help=CLUB_URL),
                  text: str = typer.Argument(..., help=N_("The announcement.")),
                  name: str = typer.Option(..., help=ACCOUNT),
                  language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import act
    run_async(lambda tr, code: act(url, name, "POST", "announcements", {"text": text}, tr, say), language)



@app.command("close", help=N_("Close a club for a reason (moderators): with --url through the running room, "
                              "else in the database --db."))
def club_close(club: str = typer.Argument(..., help=N_("The club's name or id.")),
               reason: str = typer.Option(..., "--reason", help=N_("Why the club is closed.")),
               url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME, db: str | None = DB_OPTION,
               language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import close_club
    admin_work(lambda tr: close_club(tr, club, reason, url, name, db, say), language)
