"""The commands that reach a running room over the network: `join` a table, `login`, a person's
`profile`, and a `bot` seated over the wire."""

from __future__ import annotations

import typer

from cardhall.cli.common import CONFIRM, FACES_OPTION, LANG_OPTION, QUICK, VERBOSE, chosen_language, fail, terminal_words
from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, lang

app = typer.Typer()


@app.command(help=N_("Play a seat of an online table from the terminal, with the keys of `cardhall play` (a number, "
                     "notation or words plays on its Enter, ? helps, Q leaves)."))
def join(
    url: str = typer.Argument(..., help=N_("The table's URL, e.g. http://127.0.0.1:8000/tables/ID (with ?invite=… if "
                                           "private).")),
    seat: int = typer.Option(..., help=N_("Your seat, counted from 1.")),
    name: str = typer.Option("Guest", help=N_("Your name at the table.")),
    verbose: bool = VERBOSE,
    confirm: bool = CONFIRM,
    quick: bool = QUICK,
    language: str | None = LANG_OPTION,
    faces: str = FACES_OPTION,
) -> None:
    import asyncio

    from cardhall.tui.remote import join as join_table
    from cardhall.web.client import parse_table_url

    code, tr = terminal_words(language, faces)
    try:
        asyncio.run(join_table(parse_table_url(url), seat - 1, name, say=lambda text: print(text, flush=True),
                               lang_code=code, quick=quick or not confirm, verbose=verbose, faces=faces))
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None
    except KeyboardInterrupt:  # the room keeps the seat: a bot of the table plays it until the player is back
        typer.echo("")
        typer.echo(tr._("You are away from the table: a bot of the table plays your seat if you are not back soon. "
                        "Join again with the same command to take it back."))
        raise typer.Exit(130) from None


@app.command(help=N_("Log in to a room's account (or make one with --register) and keep the session for "
                     "`cardhall join --name NAME`; the password is asked for without showing it."))
def login(
    url: str = typer.Argument(..., help=N_("The room's address, e.g. http://127.0.0.1:8000")),
    name: str = typer.Option(..., help=N_("The account's name.")),
    register: bool = typer.Option(False, "--register", help=N_("Make the account first.")),
    language: str | None = LANG_OPTION,
) -> None:
    import asyncio

    from cardhall.tui.people import login as log_in

    code = chosen_language(language)
    tr = lang(code, "terminal")
    try:
        password = typer.prompt(tr._("Password"), hide_input=True, confirmation_prompt=register)
    except typer.Abort:  # standard input ended (or Ctrl-C) before a password was typed
        raise fail(tr._("no password was given: type it at the prompt (the input ended before it)"), tr) from None
    try:
        asyncio.run(log_in(url, name, password, tr, lambda text: print(text, flush=True), register=register))
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None


@app.command(help=N_("Show a person's profile in a room: ratings, games played and won, the last games."))
def profile(
    name: str = typer.Argument(..., help=N_("The person's name.")),
    url: str = typer.Option(..., "--url", help=N_("The room's address, e.g. http://127.0.0.1:8000")),
    language: str | None = LANG_OPTION,
) -> None:
    import asyncio

    from cardhall.tui.people import profile as show_profile

    code = chosen_language(language)
    tr = lang(code, "terminal")
    try:
        asyncio.run(show_profile(url, name, tr, lambda text: print(text, flush=True)))
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None


@app.command(help=N_("Seat a bot at an online table over the wire; it plays until the game ends."))
def bot(
    url: str = typer.Argument(..., help=N_("The table's URL, e.g. http://127.0.0.1:8000/tables/ID (with ?invite=… if private).")),
    seat: int = typer.Option(..., help=N_("The bot's seat, counted from 1.")),
    bot_spec: str = typer.Option(..., "--bot", help=N_("The bot: random, heuristic, or your own file.py:Class (docs/room.md).")),
    name: str | None = typer.Option(None, help=N_("The bot's name at the table (default: Bot (SPEC)).")),
    seed: int = typer.Option(0, help=N_("Seed of the bot's choices (each move: bot_seed(seed, seat, move, spec)).")),
) -> None:
    """Seat a bot at an online table over the wire; it plays until the game ends."""
    import asyncio

    from cardhall.web.client import parse_table_url
    from cardhall.web.remote_bot import play_seat

    try:
        asyncio.run(play_seat(parse_table_url(url), seat - 1, bot_spec, name=name, seed=seed,
                              say=lambda text: print(text, flush=True)))
    except CardhallError as exc:
        raise fail(str(exc)) from None

