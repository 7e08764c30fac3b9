"""`cardhall rules`, `cardhall games` and `cardhall saved`: the games there are, their rules, and
your saved games with how to go on with each."""

from __future__ import annotations

from pathlib import Path

import typer

from cardhall.cli.common import LANG_HELP, chosen_language, fail, listed_games
from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, domain_of, lang
from cardhall.core.registry import game_class

app = typer.Typer()


@app.command(help=N_("Print a game's rules for players: how to play, the keys, the variants and options."))
def rules(game: str = typer.Argument(..., help=N_("The game.")),
          language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    code = chosen_language(language)
    tr = lang(code, "terminal")
    try:
        typer.echo(game_class(game).rules_text(code))
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None


@app.command(help=N_("List the games and their options."))
def games(language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.core.titles import game_title

    code = chosen_language(language)
    tr = lang(code, "terminal")
    for name, cls, also in listed_games(tr):
        typer.echo(tr._("{name} — {game}{aliases}.", name=name, game=game_title(cls, tr), aliases=also))
        words = lang(code, domain_of(cls.__module__))
        for o in cls.OPTIONS:
            typer.echo(f"  {o.describe(words)}.")
        if not cls.OPTIONS:
            typer.echo("  " + tr._("no options") + ".")


@app.command(help=N_("List your saved games, newest first: unfinished ones with how to continue them, finished ones "
                     "with how to replay them."))
def saved(folder: Path | None = typer.Option(None, help=N_("Where the records are (default: your data directory).")),
          language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.core.record import Record
    from cardhall.core.titles import game_title
    from cardhall.tui.play import records_dir

    tr = lang(chosen_language(language), "terminal")
    where = folder or records_dir()
    files = sorted(where.glob("*.json"), key=lambda f: f.stat().st_mtime, reverse=True) if where.is_dir() else []
    if not files:
        typer.echo(tr._("No saved games in {folder}. Games you play with cardhall play are saved there.", folder=where))
        return
    unfinished = 0
    for file in files:
        try:
            rec = Record.load(file)
            state = rec.replay()
        except CardhallError as exc:
            typer.echo(tr._("{file}: cannot be read ({why}).", file=file, why=tr.say(exc)))
            continue
        title, moves = game_title(state.game, tr), len(rec.actions)
        if state.is_over():
            typer.echo(tr.ngettext("{game}, finished after {count} move: cardhall replay {file}",
                                   "{game}, finished after {count} moves: cardhall replay {file}", moves,
                                   game=title, file=file))
        else:
            unfinished += 1
            typer.echo(tr.ngettext("{game}, unfinished after {count} move: cardhall play --resume {file}",
                                   "{game}, unfinished after {count} moves: cardhall play --resume {file}", moves,
                                   game=title, file=file))
    typer.echo(tr.ngettext("{count} saved game, {unfinished} unfinished.", "{count} saved games, {unfinished} unfinished.",
                           len(files), unfinished=unfinished))

