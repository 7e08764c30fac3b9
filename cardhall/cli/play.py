"""`cardhall play`: a game in the terminal against bots, new or resumed from its record."""

from __future__ import annotations

from pathlib import Path

import typer

import cardhall
from cardhall.bots.levels import HEURISTIC, LADDER, heuristic_level
from cardhall.cli.common import (
    CONFIRM,
    EXTRA,
    FACES_OPTION,
    LANG_OPTION,
    QUICK,
    VERBOSE,
    fail,
    listed_games,
    terminal_words,
)
from cardhall.core.errors import CardhallError
from cardhall.core.game import State
from cardhall.core.i18n import N_, Lang, domain_of, lang
from cardhall.core.options import game_options
from cardhall.core.registry import canonical_name, names_with_aliases

app = typer.Typer()


def play_help(tr: Lang | None = None) -> str:
    """`play --help`: each game's options (their descriptions in the game's words) and every bot
    level, weakest first, with its sentence from `cardhall.bots.levels`, so a newcomer need not guess."""
    tr = tr or lang("en", "terminal")
    lines = [tr._("Play a game in the terminal against bots. Game options follow as --name value "
                  "(e.g. --players 3). Type ? at the prompt for the keys."),
             tr._("A choice typed at the prompt (its number, its notation or its words) plays on its Enter; with "
                  "--confirm it is selected first and a second Enter plays it."), ""]
    for name, cls, also in listed_games(tr):
        words = lang(tr.code, domain_of(cls.__module__))
        opts = tr.items(o.describe(words) for o in cls.OPTIONS)
        lines.append(tr._("{game}{aliases}: {options}.", game=name, aliases=also, options=opts or tr._("no options")))
    places = _heuristic_places(tr)
    levels = " ".join(tr._("{level}: {description}", level=level.name, description=tr._(level.description))
                      for level in LADDER)
    lines += ["", tr._("Bots (--bots), weakest first: {levels} heuristic (the default; it plays as the level "
                       "{places}): {heuristic} Also ismcts and pimc searches (e.g. ismcts:seconds=2), or your own "
                       "as file.py:Class.", levels=levels, places=places, heuristic=tr._(HEURISTIC))]
    return "\n\n".join(lines)


def _heuristic_places(tr: Lang) -> str:
    """Where the heuristic stands in the ladder: the level it plays as, and the games where no
    level does (their `medium` slips) and it stands between `medium` and `hard` instead."""
    from cardhall.core.titles import game_title

    places = [(heuristic_level(name), cls) for name, cls, _ in listed_games(tr)]
    levels = sorted({level for level, _ in places if level})
    apart = [game_title(cls, tr) for level, cls in places if level is None]
    if not apart:
        return ", ".join(levels)
    return tr._("{level}; in {games} it sits between {below} and {above}", level=", ".join(levels),
                games=", ".join(apart), below=LADDER[-2].name, above=LADDER[-1].name)


@app.command(context_settings=EXTRA, help=play_help())
def play(
    ctx: typer.Context,
    game: str | None = typer.Argument(None, help=N_("The game (not needed with --resume).")),
    seat: int | None = typer.Option(None, help=N_("Your seat, counted from 1 (default 1).")),
    seed: int | None = typer.Option(None, help=N_("Seed of the deal (random if not given).")),
    bots: str | None = typer.Option(None, help=N_("The bots' kind: heuristic (default), random, easy, medium, hard, "
                                                   "ismcts, pimc, or your own as file.py:Class.")),
    resume: Path | None = typer.Option(None, help=N_("Continue a saved game from its record (no game name needed).")),
    record: Path | None = typer.Option(None, help=N_("Where to save the game (default: your data directory).")),
    verbose: bool = VERBOSE,
    confirm: bool = CONFIRM,
    quick: bool = QUICK,
    language: str | None = LANG_OPTION,
    faces: str = FACES_OPTION,
) -> None:
    from cardhall.core.bot import Bot
    from cardhall.core.record import check_writable
    from cardhall.room.bots import check_spec
    from cardhall.tui.play import TerminalGame
    from cardhall.tui.prompt import readline_editing

    code, tr = terminal_words(language, faces)
    args = list(ctx.args)
    if game is not None and game.startswith("--"):  # `play --resume FILE --pile 5`: no game named
        args.insert(0, game)
        game = None
    try:
        if resume is not None:
            state, seat, bots = resumed(resume, game, seat, seed, bots, game_options(args), tr)
            record = record or resume
        elif game is None:
            raise CardhallError(tr._("name the game to play (e.g. cardhall play hearts), or continue a saved one "
                                     "with --resume FILE; the games are: {games}", games=names_with_aliases()))
        else:
            state = cardhall.load(game, **game_options(args)).new_state(seed)
        seat = 1 if seat is None else seat
        n = state.game.num_players
        if not 1 <= seat <= n:
            raise CardhallError(tr._("--seat must be from 1 to {last}, got {seat}", last=n, seat=seat))
        if record is not None:
            check_writable(record)
        human, kind = seat - 1, check_spec(state.game, bots or "heuristic")
        players: dict[int, Bot | str] = {s: kind for s in range(n) if s != human}
        readline_editing()
        TerminalGame(state, human, players, record_path=record, bot_kind=kind, verbose=verbose,
                     quick=quick or not confirm, lang_code=code, faces=faces).run()
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None


def resumed(path: Path, game: str | None, seat: int | None, seed: int | None, bots: str | None,
            options: dict[str, object], tr: Lang | None = None) -> tuple[State, int, str | None]:
    """The state, seat (from 1) and bot kind of a saved game; what the command line says must
    agree with the record (an option that contradicts it is an error, not ignored)."""
    from cardhall.core.record import Record
    from cardhall.core.titles import game_title

    tr = tr or lang("en", "terminal")
    rec = Record.load(path)
    if game is not None and canonical_name(rec.game) != canonical_name(game):
        raise CardhallError(tr._("{path} is a record of {recorded}, not of {game}; leave out the game name to resume it",
                                 path=path, recorded=rec.game, game=game))
    recorded = rec.new_game()
    if options:
        given = cardhall.load(recorded.name, **{**recorded.options, **options}).options
        for key in options:
            if given[key] != recorded.options.get(key):
                raise CardhallError(tr._("the saved game has {option} {saved}, not {given}; leave out --{option} to "
                                         "resume it", option=key.replace("_", "-"),
                                         saved=repr(recorded.options.get(key)), given=repr(given[key])))
    if seed is not None and seed != rec.seed:
        raise CardhallError(tr._("the saved game has seed {saved}, not {given}; leave out --seed to resume it",
                                 saved=rec.seed, given=seed))
    saved_seat = rec.meta.get("human_seat")
    if seat is not None and saved_seat is not None and seat != saved_seat + 1:
        raise CardhallError(tr._("you played seat {saved} in the saved game, not {given}; leave out --seat to resume it",
                                 saved=saved_seat + 1, given=seat))
    saved_bots = rec.meta.get("bot_kind")
    if bots is not None and saved_bots is not None and bots != saved_bots:
        raise CardhallError(tr._("the saved game's bots are {saved}, not {given}; leave out --bots to resume it",
                                 saved=saved_bots, given=bots))
    state = rec.replay()
    if saved_seat is not None and saved_seat >= state.game.num_players:
        raise CardhallError(tr.ngettext("{path} says you played seat {seat}, but {game} has {count} seat; the record "
                                        "is damaged", "{path} says you played seat {seat}, but {game} has {count} "
                                        "seats; the record is damaged", state.game.num_players, path=path,
                                        seat=saved_seat + 1, game=game_title(state.game, tr)))
    if state.is_over():
        raise CardhallError(tr.ngettext("the game in {path} is finished ({count} move); see it with: cardhall replay "
                                        "{path}", "the game in {path} is finished ({count} moves); see it with: "
                                        "cardhall replay {path}", len(rec.actions), path=path))
    return state, (seat if saved_seat is None else saved_seat + 1) or 1, bots or saved_bots

