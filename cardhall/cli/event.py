"""`cardhall event …`: a room's events: list them, play a duplicate event's boards, the standings."""

from __future__ import annotations

import typer
import typer.core

from cardhall.cli.common import LANG_HELP, run_async, say
from cardhall.core.i18n import N_

app = typer.Typer(cls=typer.core.TyperGroup, no_args_is_help=True, add_completion=False,
                  help=N_("A room's events: list them, play a duplicate event's boards, read the standings."))


@app.command("list", help=N_("List a room's events (open and over)."))
def event_list(url: str = typer.Argument(..., help=N_("The room's address, e.g. http://127.0.0.1:8000")),
               language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.events import list_events
    run_async(lambda tr, code: list_events(url, tr, say), language)


@app.command("play", help=N_("Sign up for an event and play its boards here, one after another (an account: "
                                    "`cardhall login` first)."))
def event_play(url: str = typer.Argument(..., help=N_("The event's address, e.g. http://127.0.0.1:8000/events/ID")),
               name: str = typer.Option(..., help=N_("The account's name.")),
               verbose: bool = typer.Option(False, "--verbose", help=N_("Show the whole table before each of your turns.")),
               confirm: bool = typer.Option(False, "--confirm", help=N_(
                   "Select a choice first and play it with a second Enter (without it, a choice typed plays on its "
                   "Enter).")),
               language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.events import play
    run_async(lambda tr, code: play(url, name, tr, say, code, quick=not confirm, verbose=verbose), language)


@app.command("standings", help=N_("Show an event's standings (before it closes: the boards you have finished)."))
def event_standings(url: str = typer.Argument(..., help=N_("The event's address, e.g. http://127.0.0.1:8000/events/ID")),
                    name: str | None = typer.Option(None, help=N_("The account's name (its session from "
                                                                  "`cardhall login`).")),
                    language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.events import standings
    run_async(lambda tr, code: standings(url, name, tr, say), language)

