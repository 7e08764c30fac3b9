"""The `cardhall` command."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any

import typer
import typer.core
from rich.console import Console
from rich.table import Table

import cardhall
from cardhall.arena.cli import ARENA_HELP, LADDER_HELP, LADDER_PLOT_HELP, arena, ladder, ladder_plot
from cardhall.bots.levels import HEURISTIC, LADDER, heuristic_level
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game, State
from cardhall.core.i18n import N_, Lang, check, domain_of, from_environment, lang
from cardhall.core.options import game_options
from cardhall.core.registry import aliases, canonical_name, game_class, game_names, names_with_aliases
from cardhall.tui.click_words import speak_in, usage_error

try:  # typer ≥ 0.25 carries its own click; older ones use click's exceptions
    from typer import TyperException as UsageError
except ImportError:  # pragma: no cover
    from click import ClickException as UsageError  # type: ignore[assignment]


class Commands(typer.core.TyperGroup):
    """The command group: a mistake on the command line is one line, "error: …", as every other
    mistake is (not a framed usage box); help is plain text a screen reader reads in order."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        standalone = standalone_mode
        given = list(sys.argv[1:] if args is None else args)
        tr = speaking(language_asked(given))
        args = passed_on(given, self.commands)
        self.translate(tr)
        try:
            code = super().main(args=args, prog_name=prog_name, complete_var=complete_var, standalone_mode=False,
                                windows_expand_args=windows_expand_args, **extra)
        except UsageError as exc:
            if not standalone:
                raise
            ctx = getattr(exc, "ctx", None)
            if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
                typer.echo(ctx.get_help())
                sys.exit(0)
            where = f"cardhall {ctx.info_name} --help" if ctx is not None and ctx.parent is not None else "cardhall --help"
            typer.echo(tr._("error: {message} ({help} lists what it takes)",
                            message=usage_error(exc, tr), help=where), err=True)
            code = exc.exit_code
        except typer.Abort:
            code = 1
        if not standalone:
            return code
        sys.exit(code if isinstance(code, int) else 0)

    def translate(self, tr: Lang) -> None:
        """The help of the commands in the player's language (`play --help` lists each game's
        options in its own words), with typer's and Click's own words (cardhall.tui.click_words)."""
        speak_in(tr)
        groups = [c for c in self.commands.values() if isinstance(c, typer.core.TyperGroup)]
        for command in (self, *self.commands.values(), *(c for g in groups for c in g.commands.values())):
            if command is self.commands.get("play"):
                command.help = play_help(tr)
            elif command.help:
                command.help = tr._(command.help)
            for param in command.params:  # typer's options and arguments (of its own click) carry a help
                if isinstance(text := getattr(param, "help", None), str):
                    setattr(param, "help", tr._(text))  # noqa: B010 - not every parameter class declares it


def passed_on(args: list[str], commands: Mapping[str, Any]) -> list[str]:
    """`cardhall --lang ru play …` is `cardhall play --lang ru …`: a ``--lang`` written before
    the command is passed on to it; a command without its own ``--lang`` (serve, bench …) is
    only said in that language (its help, its errors), so the option is not passed on."""
    head: list[str] = []
    rest = list(args)
    while rest and (rest[0] == "--lang" or rest[0].startswith("--lang=")):
        head += rest[:2] if rest[0] == "--lang" else rest[:1]
        rest = rest[2:] if rest[0] == "--lang" else rest[1:]
    if head and rest and rest[0] in commands:
        takes = any("--lang" in getattr(p, "opts", ()) for p in getattr(commands[rest[0]], "params", ()))
        return [rest[0], *head, *rest[1:]] if takes else rest
    return args


def language_asked(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` on the command line, if any (help is said in it too)."""
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def speaking(code: str | None) -> Lang:
    """The terminal's words in the language `code`, else the environment's locale's (English
    when the code is not one cardhall speaks: the command then says so)."""
    try:
        return lang(check(code) if code else from_environment(), "terminal")
    except CardhallError:
        return lang(from_environment(), "terminal")


def chosen_language(code: str | None) -> str:
    """`--lang`'s value checked (a sentence naming the languages for an unknown one), or the
    environment's locale's language."""
    if code is None:
        return from_environment()
    try:
        return check(code)
    except CardhallError as exc:
        raise fail(speaking(None).say(exc), speaking(None)) from None


FACES_HELP = N_("The cards to name: french (the default), or german: the Swiss German-suited pack of Jass and Putz "
                "(under of bells …).")
LANG_HELP = N_("The language to play in: en, bg, cs, de, es, fr or ru (default: your locale's, from LANGUAGE, LC_ALL, "
               "LC_MESSAGES or LANG).")


def first_lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"cardhall {cardhall.__version__}")
        raise typer.Exit()


app = typer.Typer(
    cls=Commands,
    help=N_("cardhall — a card room: 5 Towers, Clash of Decks, Jass and Putz, Hearts, 3-2-5."),
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True}


def fail(message: str, tr: Lang | None = None) -> typer.Exit:
    """Print a user error as a sentence (never a traceback) and return the exit to raise."""
    typer.echo((tr or speaking(None))._("error: {message}", message=message), err=True)
    return typer.Exit(2)


def _games(tr: Lang | None = None) -> Iterator[tuple[str, type[Game], str]]:
    """Each registered game that imports: its name, class and " (also ALIAS, …)" or ""."""
    tr = tr or lang("en", "terminal")
    for name in game_names():
        try:
            cls = game_class(name)
        except ModuleNotFoundError:  # pragma: no cover - a game whose extra is missing
            continue
        also = aliases(name)
        yield name, cls, tr._(" (also {aliases})", aliases=", ".join(also)) if also else ""


def play_help(tr: Lang | None = None) -> str:
    """`play --help`: each game's options (their descriptions in the game's words) and every bot
    level, weakest first, with its sentence from `cardhall.bots.levels`, so a newcomer need not guess."""
    tr = tr or lang("en", "terminal")
    lines = [tr._("Play a game in the terminal against bots. Game options follow as --name value "
                  "(e.g. --players 3). Type ? at the prompt for the keys."),
             tr._("A choice typed at the prompt (its number, its notation or its words) plays on its Enter; with "
                  "--confirm it is selected first and a second Enter plays it."), ""]
    for name, cls, also in _games(tr):
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

    places = [(heuristic_level(name), cls) for name, cls, _ in _games(tr)]
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
    verbose: bool = typer.Option(False, "--verbose", help=N_("Show the whole table before each of your turns.")),
    confirm: bool = typer.Option(False, "--confirm", help=N_("Select a choice first and play it with a second Enter "
                                                             "(without it, a choice typed plays on its Enter).")),
    quick: bool = typer.Option(False, "--quick", hidden=True, help=N_("The former name of the default: a choice plays "
                                                                      "on its Enter.")),
    language: str | None = typer.Option(None, "--lang", help=LANG_HELP),
    faces: str = typer.Option("french", "--faces", help=FACES_HELP),
) -> None:
    from cardhall.core.bot import Bot
    from cardhall.core.card_words import FACES
    from cardhall.core.record import check_writable
    from cardhall.room.bots import check_spec
    from cardhall.tui.play import TerminalGame
    from cardhall.tui.prompt import readline_editing

    code = chosen_language(language)
    tr = lang(code, "terminal")
    if faces not in FACES:
        raise fail(tr._("--faces is french or german, got {value}", value=faces), tr)
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


def options_line(game: Game) -> str:
    """A game's options as a command line gives them: "--players 4, --queen-breaks-hearts false"."""
    flags = {o.name: o for o in game.OPTIONS}
    return ", ".join(f"{flags[k].flag()} {str(v).lower() if isinstance(v, bool) else v}" if k in flags else f"{k}={v}"
                     for k, v in game.options.items())


@app.command(help=N_("Show a recorded game move by move, or verify it with --check; a finished table's URL shows that "
                     "game from the room, every move in words and every hand."))
def replay(
    file: str = typer.Argument(..., help=N_("A game record (JSON), or a table's URL "
                                            "(http://127.0.0.1:8000/tables/ID).")),
    check: bool = typer.Option(False, "--check", help=N_("Only verify that the record replays exactly.")),
    seat: int | None = typer.Option(None, help=N_("Also show the table as this seat (from 1) saw it.")),
    language: str | None = typer.Option(None, "--lang", help=LANG_HELP),
    faces: str = typer.Option("french", "--faces", help=FACES_HELP),
) -> None:
    from cardhall.core.card_words import FACES
    from cardhall.core.record import Record
    from cardhall.core.text import text_ui
    from cardhall.core.titles import game_title

    code = chosen_language(language)
    tr = lang(code, "terminal")
    if faces not in FACES:
        raise fail(tr._("--faces is french or german, got {value}", value=faces), tr)
    if file.startswith(("http://", "https://")):
        import asyncio

        from cardhall.tui.people import replay as room_replay
        try:
            asyncio.run(room_replay(file, tr, lambda text: print(text, flush=True), code, faces))
        except CardhallError as exc:
            raise fail(tr.say(exc), tr) from None
        return
    try:
        rec = Record.load(Path(file))
        game = rec.new_game()
        ui = text_ui(game, code, faces=faces)
        if check:
            state = rec.check()
            winners = [ui.seat(w) for w in state.winners()]
            # Translators: {scores} is each seat and its score ("North 4, East 0"); {winners} the
            # seats that won, or "none" (context "winners").
            typer.echo(tr.ngettext("OK: {count} move of {game} replays exactly; scores: {scores}; winners: {winners}.",
                                   "OK: {count} moves of {game} replay exactly; scores: {scores}; winners: {winners}.",
                                   len(rec.actions), game=game_title(game, tr), scores=ui.score_list(state.scores(), None),
                                   winners=tr.join(winners) if winners else tr.pgettext("winners", "none")))
            return
        viewer = None if seat is None else seat - 1
        if viewer is not None and not 0 <= viewer < game.num_players:
            raise CardhallError(tr._("--seat must be from 1 to {last}, got {seat}", last=game.num_players, seat=seat))
        # Translators: {options} are the game's options as typed on the command line
        # ("--players 4, --queen-breaks-hearts false"): keep them as they are.
        typer.echo(tr._("{game}, seed {seed}, options: {options}", game=game_title(game, tr), seed=rec.seed,
                        options=options_line(game)))
        for i, (before, _action, text) in enumerate(rec.steps(), 1):
            mover = before.to_move()
            typer.echo(f"{i:>4}. {ui.seat(mover) if mover is not None else '?'}: {text}")
        final = rec.replay()
        if viewer is not None:
            typer.echo(ui.render(final.view(viewer), viewer))
        typer.echo(ui.result(final.view(0), final.scores(), final.winners(), -1) if final.is_over()
                   else tr.ngettext("The game is unfinished after {count} move.",
                                    "The game is unfinished after {count} moves.", len(rec.actions)))
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None


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
    for name, cls, also in _games(tr):
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


@app.command(context_settings=EXTRA, help=N_(
    "Measure engine speed (random playouts; with --vs, against a peer engine); with `room` the room service (act → "
    "state round trips of many WebSocket clients against a local server); with `restart` the room's restart time "
    "against the moves its tables hold; with `envs` the RL environments."))
def bench(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=N_("The game to measure; `room` for the room benchmark (WebSocket clients); "
                                "`restart` for the room's restart time against its tables' moves; "
                                "`envs` for the RL environments' steps per second.")),
    vs: str | None = typer.Option(None, "--vs", help=N_("A peer engine to compare with (hearts: openspiel; jass: jass-kit; "
                                  "envs: openspiel).")),
    seconds: float | None = typer.Option(None, min=0.01, help=N_("Seconds per measurement (engines and envs: 3; room: 20).")),
    as_json: bool = typer.Option(False, "--json", help=N_("Print the figures as one JSON object.")),
    clients: int = typer.Option(100, help=N_("bench room: WebSocket clients, seated as people at clients/4 Hearts tables.")),
    hard_bots: int = typer.Option(0, "--hard-bots", help=N_("bench room: extra tables where only hard bots play.")),
    think: float = typer.Option(1.0, min=0.0, help=N_("bench room: a simulated person's mean pause before a move, seconds.")),
    timeout: float = typer.Option(5.0, min=0.1, help=N_("bench room: an act unanswered this many seconds is lost.")),
    nodes: int = typer.Option(0, min=0, help=N_("bench room: K nodes of one room on a throwaway PostgreSQL and Redis, "
                              "each table's people spread over them (0: one server on SQLite).")),
    tables: int = typer.Option(4, min=1, max=100, help=N_("bench restart: unfinished tables whose logs grow.")),
    words: bool = typer.Option(False, "--words", help=N_("bench room: every client asks for the words with each message "
                               "(?words=1), as the browser's table page does.")),
    metrics: bool = typer.Option(False, "--metrics", help=N_("bench room: every server runs with --metrics (on a "
                                 "loopback port of its own), to measure what the metrics cost.")),
) -> None:
    """Measure engine speed, the room's round trips, its restart time or the RL environments (the
    command's help says what each measures)."""
    from cardhall.core import bench as benchmod

    try:
        if game == "restart":
            from cardhall.room.restart_bench import run_restart

            if ctx.args or vs is not None:
                raise CardhallError(f"bench restart takes --tables and --json, not {' '.join(ctx.args) or '--vs'}")
            figures = run_restart(tables)
            title = "cardhall bench restart"
        elif game == "room":
            from cardhall.web.bench import run_room

            if ctx.args or vs is not None:
                raise CardhallError("bench room takes --clients, --nodes, --hard-bots, --think, --timeout, --seconds, --words, "
                                    "--metrics "
                                    "and --json, "
                                    f"not {' '.join(ctx.args) or '--vs'}")
            figures = run_room(clients, seconds or 20.0, hard_bots, think, timeout, nodes=nodes, words=words,
                               metrics=metrics)
            title = "cardhall bench room"
        elif game == "envs":
            title = "cardhall bench envs"
            figures = envs_bench(seconds or 3.0, vs)
        else:
            g = cardhall.load(game, **game_options(ctx.args))
            figures = benchmod.run(g, seconds or 3.0, vs)
            title = f"cardhall bench {g.name}"
    except CardhallError as exc:
        raise fail(str(exc)) from None
    if as_json:
        typer.echo(json.dumps(figures))
        return
    screen = Console()
    if not screen.is_terminal:  # plain lines for a file or a screen reader
        typer.echo(title)
        for key, value in figures.items():
            typer.echo(f"{key}: {value}")
        return
    table = Table(title=title)
    table.add_column("figure")
    table.add_column("value", justify="right")
    for key, value in figures.items():
        table.add_row(key, str(value))
    screen.print(table)


def envs_bench(seconds: float, vs: str | None) -> dict[str, object]:
    """`cardhall bench envs`: needs the envs extra."""
    try:
        from cardhall.envs import bench as envs_benchmod
    except ImportError as exc:
        raise CardhallError(f"the RL environments need the envs extra ({exc.name} is missing): "
                            'pip install "cardhall[envs]"') from None
    return envs_benchmod.run(seconds, vs)


HOST_OPTION = typer.Option("127.0.0.1", help=N_("The address to listen on."))
PORT_OPTION = typer.Option(None, min=1, max=65535, show_default=False,
                           help=N_("The port to listen on (default: 8000, or the next free one when 8000 is taken)."))
DB_OPTION = typer.Option(None, envvar="CARDHALL_DB", help=N_("Database URL: sqlite:///FILE or postgresql://USER@HOST/DB "
                                       "(default: room.sqlite3 in your data directory)."))
REDIS_OPTION = typer.Option(None, envvar="CARDHALL_REDIS",
                            help=N_("Redis URL (redis://HOST:6379/0): run as one node of several sharing the "
                                    "PostgreSQL database --db (docs/deploy.md)."))
NODE_OPTION = typer.Option(None, help=N_("This node's name in the cluster (default: host-pid-random)."))
LEASE_OPTION = typer.Option(10.0, min=0.1, help=N_("Seconds a node holds a table without renewing its lease: how soon "
                                                   "another node takes over the tables of a dead one."))
# 0.8 is cardhall.room.service.BOT_PACE (not imported here: it would load the room for every command)
BOT_PACE_OPTION = typer.Option(0.8, min=0.0, max=10.0, help=N_("Seconds a bot's move waits after the table's previous "
                                                               "change where a person sits or watches, so people can "
                                                               "follow (0: bots move at once; tables of bots nobody "
                                                               "watches never wait)."))
BROWSER_OPTION = typer.Option(True, "--browser/--no-browser",
                              help=N_("Open the lobby in your web browser once the room is ready (only on a desktop, "
                                      "when the output is a terminal, never in CI)."))
DEFAULT_PORT = 8000


@app.command(help=N_("Run the game room: the HTTP API and WebSockets of docs/room.md. Ctrl-C stops it."))
def serve(
    host: str = HOST_OPTION,
    port: int | None = PORT_OPTION,
    db: str | None = DB_OPTION,
    redis: str | None = REDIS_OPTION,
    node: str | None = NODE_OPTION,
    lease: float = LEASE_OPTION,
    bot_pace: float = BOT_PACE_OPTION,
    browser: bool = typer.Option(False, "--browser/--no-browser", help=BROWSER_OPTION.help),
    limits: bool = typer.Option(True, "--limits/--no-limits",
                                help=N_("Limit how many guests, tables and chat lines one person and one address make "
                                        "(docs/room.md); --no-limits is for benchmarks and tests.")),
    metrics: str | None = typer.Option(None, metavar="HOST:PORT",
                                       help=N_("Serve Prometheus metrics on a listener of their own at HOST:PORT (off "
                                               "by default; never the public port; docs/deploy.md).")),
    daily: bool = typer.Option(True, "--daily/--no-daily",
                               help=N_("Open a duplicate event per game every day (UTC), as docs/room.md says.")),
    smtp: str | None = typer.Option(None, "--smtp", help=N_("Send mail (\"your turn\", address checks) through this "
                                                            "SMTP server, HOST:PORT; STARTTLS and login from the "
                                                            "environment (docs/deploy.md). Without it: no mail.")),
    mail_from: str | None = typer.Option(None, "--mail-from", help=N_("The sender of the room's mails, with --smtp.")),
    log_format: str = typer.Option("text", "--log-format", metavar="text|json",
                                   help=N_("How the log (standard error) is written: text, or json (one object a "
                                           "line; docs/deploy.md).")),
    log_level: str = typer.Option("info", "--log-level", metavar="debug|info|warning|error",
                                  help=N_("The least important lines written (debug adds every move's kind).")),
    push_contact: str | None = typer.Option(None, "--push-contact", help=N_(
        "Send Web Push notices, signed with a key kept in the database; a mailto: or https: address the push "
        "services may write to (docs/deploy.md). Without it: no push.")),
) -> None:
    """Run the game room: the HTTP API and WebSockets of docs/room.md. Ctrl-C stops it."""
    from cardhall.room.logs import FORMATS, LEVELS

    if log_format not in FORMATS or log_level not in LEVELS:
        tr = speaking(None)
        raise fail(tr._("--log-format is text or json and --log-level one of {levels}; got {form} and {level}",
                        levels=", ".join(LEVELS), form=log_format, level=log_level), tr)
    run_room(host, port, db, redis, node, lease, bot_pace, browser, limits=limits, metrics=metrics, daily=daily,
             mail=(smtp, mail_from), log=(log_format, log_level), push_contact=push_contact)


def run_room(host: str, port: int | None, db: str | None, redis: str | None, node: str | None, lease: float,
             bot_pace: float, browser: bool, language: str | None = None, limits: bool = True,
             metrics: str | None = None, daily: bool = True,
             mail: tuple[str | None, str | None] = (None, None), log: tuple[str, str] = ("text", "info"),
             push_contact: str | None = None) -> None:
    """Listen on `host`:`port` (without a port: 8000, or the next free one, said), open the room
    and serve it until Ctrl-C; with `browser`, open the lobby where a desktop can show it."""
    import asyncio

    from cardhall.tui.listen import desktop_browser, listening_socket
    from cardhall.web.server import serve as run

    tr = speaking(language)
    if (mail[0] is None) != (mail[1] is None):
        raise fail(tr._("--smtp and --mail-from go together: give both, or neither for a room without mail"), tr)
    try:
        sock, note = listening_socket(host, port, DEFAULT_PORT)
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None
    if note is not None:
        typer.echo(tr.say(note))

    def ready(url: str, database: str) -> None:
        typer.echo(tr._("cardhall room at {url} (database {database}); Ctrl-C stops it.", url=url, database=database))
        if browser:
            desktop_browser(url)

    # A plain loop, not asyncio.run: its Ctrl-C handler would cancel the room while it closes.
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(run(host, sock.getsockname()[1], db, ready, redis=redis, node=node, lease=lease,
                                    bot_pace=bot_pace, sock=sock, limits=limits, metrics=metrics,
                                    daily=daily, mail=mail, log_format=log[0], log_level=log[1],
                                    push_contact=push_contact))
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        close_loop(loop)
    typer.echo(tr._("cardhall room stopped."))


def close_loop(loop: Any) -> None:
    """Close the room's event loop so that the process ends at once. Uvicorn re-raises the Ctrl-C
    it caught once the room is closed, which leaves the loop before the callbacks of the finished
    task run; one of them stops AnyIO's worker threads (Starlette's thread pool), which are not
    daemons: without this turn of the loop the interpreter waits for them for ever."""
    import asyncio

    try:
        loop.run_until_complete(asyncio.sleep(0))
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.run_until_complete(loop.shutdown_default_executor())
    finally:
        loop.close()


@app.command(help=N_("Play a seat of an online table from the terminal, with the keys of `cardhall play` (a number, "
                     "notation or words plays on its Enter, ? helps, Q leaves)."))
def join(
    url: str = typer.Argument(..., help=N_("The table's URL, e.g. http://127.0.0.1:8000/tables/ID (with ?invite=… if "
                                           "private).")),
    seat: int = typer.Option(..., help=N_("Your seat, counted from 1.")),
    name: str = typer.Option("Guest", help=N_("Your name at the table.")),
    verbose: bool = typer.Option(False, "--verbose", help=N_("Show the whole table before each of your turns.")),
    confirm: bool = typer.Option(False, "--confirm", help=N_("Select a choice first and play it with a second Enter "
                                                             "(without it, a choice typed plays on its Enter).")),
    quick: bool = typer.Option(False, "--quick", hidden=True, help=N_("The former name of the default: a choice plays "
                                                                      "on its Enter.")),
    language: str | None = typer.Option(None, "--lang", help=LANG_HELP),
    faces: str = typer.Option("french", "--faces", help=FACES_HELP),
) -> None:
    import asyncio

    from cardhall.core.card_words import FACES
    from cardhall.tui.remote import join as join_table
    from cardhall.web.client import parse_table_url

    code = chosen_language(language)
    tr = lang(code, "terminal")
    if faces not in FACES:
        raise fail(tr._("--faces is french or german, got {value}", value=faces), tr)
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
    language: str | None = typer.Option(None, "--lang", help=LANG_HELP),
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
    language: str | None = typer.Option(None, "--lang", help=LANG_HELP),
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


events_app = typer.Typer(cls=typer.core.TyperGroup, no_args_is_help=True, add_completion=False,
                         help=N_("A room's events: list them, play a duplicate event's boards, read the standings."))
app.add_typer(events_app, name="event")


def _event(work: Any, language: str | None) -> None:
    """Run one event command; a refusal is one sentence in the reader's language."""
    import asyncio

    code = chosen_language(language)
    tr = lang(code, "terminal")
    try:
        asyncio.run(work(tr, code))
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None


@events_app.command("list", help=N_("List a room's events (open and over)."))
def event_list(url: str = typer.Argument(..., help=N_("The room's address, e.g. http://127.0.0.1:8000")),
               language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.events import list_events
    _event(lambda tr, code: list_events(url, tr, _say), language)


@events_app.command("play", help=N_("Sign up for an event and play its boards here, one after another (an account: "
                                    "`cardhall login` first)."))
def event_play(url: str = typer.Argument(..., help=N_("The event's address, e.g. http://127.0.0.1:8000/events/ID")),
               name: str = typer.Option(..., help=N_("The account's name.")),
               verbose: bool = typer.Option(False, "--verbose", help=N_("Show the whole table before each of your turns.")),
               confirm: bool = typer.Option(False, "--confirm", help=N_(
                   "Select a choice first and play it with a second Enter (without it, a choice typed plays on its "
                   "Enter).")),
               language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.events import play
    _event(lambda tr, code: play(url, name, tr, _say, code, quick=not confirm, verbose=verbose), language)


@events_app.command("standings", help=N_("Show an event's standings (before it closes: the boards you have finished)."))
def event_standings(url: str = typer.Argument(..., help=N_("The event's address, e.g. http://127.0.0.1:8000/events/ID")),
                    name: str | None = typer.Option(None, help=N_("The account's name (its session from "
                                                                  "`cardhall login`).")),
                    language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.events import standings
    _event(lambda tr, code: standings(url, name, tr, _say), language)


clubs_app = typer.Typer(cls=typer.core.TyperGroup, no_args_is_help=True, add_completion=False,
                        help=N_("A room's clubs: list, show, create, join, leave, invite, announce (docs/room.md)."))
app.add_typer(clubs_app, name="club")
CLUB_URL = N_("The club's address, e.g. http://127.0.0.1:8000/clubs/ID")
ACCOUNT = N_("The account's name (its session from `cardhall login`).")


@clubs_app.command("list", help=N_("List a room's clubs."))
def club_list(url: str = typer.Argument(..., help=N_("The room's address, e.g. http://127.0.0.1:8000")),
              language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import list_clubs
    _event(lambda tr, code: list_clubs(url, tr, _say), language)


@clubs_app.command("show", help=N_("Show a club: its people, announcements, events and standings."))
def club_show(url: str = typer.Argument(..., help=CLUB_URL),
              language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import show
    _event(lambda tr, code: show(url, tr, _say), language)


@clubs_app.command("create", help=N_("Make a club (you are its admin)."))
def club_create(url: str = typer.Argument(..., help=N_("The room's address, e.g. http://127.0.0.1:8000")),
                club: str = typer.Option(..., "--club", help=N_("The club's name.")),
                description: str = typer.Option("", help=N_("What the club is about.")),
                invitation: bool = typer.Option(False, "--invitation", help=N_("Joined by invitation only.")),
                name: str = typer.Option(..., help=ACCOUNT),
                language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import create
    _event(lambda tr, code: create(url, name, club, description, not invitation, tr, _say), language)


@clubs_app.command("join", help=N_("Join an open club, or one that invited you."))
def club_join(url: str = typer.Argument(..., help=CLUB_URL), name: str = typer.Option(..., help=ACCOUNT),
              language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import act
    _event(lambda tr, code: act(url, name, "POST", "members", None, tr, _say), language)


@clubs_app.command("leave", help=N_("Leave a club."))
def club_leave(url: str = typer.Argument(..., help=CLUB_URL), name: str = typer.Option(..., help=ACCOUNT),
               language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import act
    _event(lambda tr, code: act(url, name, "DELETE", "members", None, tr, _say), language)


@clubs_app.command("invite", help=N_("Invite a person to a club (its admins)."))
def club_invite(url: str = typer.Argument(..., help=CLUB_URL),
                person: str = typer.Argument(..., help=N_("The name of the person to invite.")),
                name: str = typer.Option(..., help=ACCOUNT),
                language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import act
    _event(lambda tr, code: act(url, name, "POST", "invitations", {"name": person}, tr, _say), language)


@clubs_app.command("announce", help=N_("Post an announcement on a club's page (its admins)."))
def club_announce(url: str = typer.Argument(..., help=CLUB_URL),
                  text: str = typer.Argument(..., help=N_("The announcement.")),
                  name: str = typer.Option(..., help=ACCOUNT),
                  language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import act
    _event(lambda tr, code: act(url, name, "POST", "announcements", {"text": text}, tr, _say), language)


admin = typer.Typer(cls=typer.core.TyperGroup, no_args_is_help=True, add_completion=False,
                    help=N_("The moderators' work: grant the role, read reports, mute, ban, kick (docs/room.md)."))
app.add_typer(admin, name="admin")
ADMIN_URL = typer.Option(None, "--url", help=N_("A running room's address: act through it as the moderator --name "
                                                 "(the person is told at once); without it, the database --db."))
ADMIN_NAME = typer.Option(None, "--name", help=N_("The moderator's account (its session kept by `cardhall login`)."))


def _admin(work: Any, language: str | None) -> None:
    """Run one admin command; a refusal is one sentence in the reader's language."""
    import asyncio

    tr = lang(chosen_language(language), "terminal")
    try:
        asyncio.run(work(tr))
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None


def _say(text: str) -> None:
    print(text, flush=True)


@admin.command("grant", help=N_("Give an account a role (moderator), in the room's database."))
def admin_grant(name: str = typer.Argument(..., help=N_("The account's name.")),
                role: str = typer.Argument(..., help=N_("The role: moderator.")),
                revoke: bool = typer.Option(False, "--revoke", help=N_("Take the role away instead.")),
                db: str | None = DB_OPTION,
                language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.people.social import ROLES
    from cardhall.tui.admin import grant

    async def work(tr: Lang) -> None:
        if role not in ROLES:
            raise CardhallError(tr._("the roles are {roles}; got {role}", roles=", ".join(ROLES), role=repr(role)))
        await grant(tr, db, name, None if revoke else role, _say)
    _admin(work, language)


@admin.command("reports", help=N_("List the open reports (with --all, the closed ones too)."))
def admin_reports(everything: bool = typer.Option(False, "--all", help=N_("Closed reports too.")),
                  url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME, db: str | None = DB_OPTION,
                  language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.admin import Admin, reports

    _admin(lambda tr: reports(Admin(tr, db, url, name), everything, _say), language)


def _sanction_command(kind: str) -> None:
    from cardhall.tui.admin import Admin, sanction

    helps = {"mute": N_("Mute a person for a time (30m, 1h, 7d, or forever): no chat, no messages."),
             "ban": N_("Ban a person for a time (30m, 1h, 7d, or forever): no login, no guests from their session.")}

    def command(person: str = typer.Argument(..., help=N_("The person's name (an account) or player id.")),
                duration: str = typer.Argument(..., help=N_("How long: 30m, 1h, 7d, 2w, or forever.")),
                reason: str = typer.Option("", "--reason", help=N_("The reason, shown to the person.")),
                url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME, db: str | None = DB_OPTION,
                language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
        _admin(lambda tr: sanction(Admin(tr, db, url, name), kind, person, duration, reason, None, _say), language)
    admin.command(kind, help=helps[kind])(command)


_sanction_command("mute")
_sanction_command("ban")


@clubs_app.command("close", help=N_("Close a club for a reason (moderators): with --url through the running room, "
                                    "else in the database --db."))
def club_close(club: str = typer.Argument(..., help=N_("The club's name or id.")),
               reason: str = typer.Option(..., "--reason", help=N_("Why the club is closed.")),
               url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME, db: str | None = DB_OPTION,
               language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.clubs import close_club  # the work is in cardhall/tui/clubs.py (cli.py: this hook only)
    _admin(lambda tr: close_club(tr, club, reason, url, name, db, _say), language)


@admin.command("kick", help=N_("Take a person from a table of the running room (they may not sit there again "
                               "for a day, or --for)."))
def admin_kick(person: str = typer.Argument(..., help=N_("The person's name (an account) or player id.")),
               table: str = typer.Argument(..., help=N_("The table's id.")),
               duration: str | None = typer.Option(None, "--for", help=N_("How long: 30m, 1h, 7d, 2w, or forever.")),
               reason: str = typer.Option("", "--reason", help=N_("The reason, shown to the person.")),
               url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME,
               language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.admin import Admin, sanction

    _admin(lambda tr: sanction(Admin(tr, None, url, name), "kick", person, duration, reason, table, _say), language)


@admin.command("lift", help=N_("End a person's mute or ban."))
def admin_lift(person: str = typer.Argument(..., help=N_("The person's name (an account) or player id.")),
               kind: str = typer.Argument(..., help=N_("mute or ban")),
               url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME, db: str | None = DB_OPTION,
               language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.admin import Admin, lift

    async def work(tr: Lang) -> None:
        if kind not in ("mute", "ban"):
            raise CardhallError(tr._("give mute or ban, not {kind}", kind=repr(kind)))
        await lift(Admin(tr, db, url, name), kind, person, _say)
    _admin(work, language)


@admin.command("backup", help=N_("Copy the room's database consistently into FILE, also while the room runs "
                                 "(owner-only: it holds password hashes, sessions and seeds)."))
def admin_backup(file: Path = typer.Argument(..., help=N_("The backup file to write.")), db: str | None = DB_OPTION,
                 language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.room.backup import backup

    async def work(tr: Lang) -> None:
        backup(db, file)
        _say(tr._("backed up to {file} (readable by its owner only)", file=str(file)))
    _admin(work, language)


@admin.command("restore", help=N_("Make the database --db from a backup FILE (an empty database, or --force)."))
def admin_restore(file: Path = typer.Argument(..., help=N_("The backup file to read.")), db: str | None = DB_OPTION,
                  force: bool = typer.Option(False, "--force", help=N_("Replace a database that already holds tables.")),
                  language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.room.backup import restore

    async def work(tr: Lang) -> None:
        restore(file, db, force)
        _say(tr._("restored {file}; start the room on this database", file=str(file)))
    _admin(work, language)


@admin.command("status", help=N_("A running room's state for its moderators: nodes, tables, people online, bot pool, "
                                 "recent errors, limits hit."))
def admin_status(url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME,
                 language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.admin import Admin, status

    _admin(lambda tr: status(Admin(tr, None, url, name), _say), language)


@admin.command("audit", help=N_("The moderators' actions, newest first."))
def admin_audit(url: str | None = ADMIN_URL, name: str | None = ADMIN_NAME, db: str | None = DB_OPTION,
                language: str | None = typer.Option(None, "--lang", help=LANG_HELP)) -> None:
    from cardhall.tui.admin import Admin, audit

    _admin(lambda tr: audit(Admin(tr, db, url, name), _say), language)


@app.callback(invoke_without_command=True)
def room(ctx: typer.Context,
         version: bool = typer.Option(False, "--version", callback=show_version, is_eager=True,
                                      help=N_("Print cardhall's version and stop.")),
         language: str | None = typer.Option(None, "--lang", help=LANG_HELP),
         host: str = HOST_OPTION,
         port: int | None = PORT_OPTION,
         db: str | None = DB_OPTION,
         redis: str | None = REDIS_OPTION,
         node: str | None = NODE_OPTION,
         lease: float = LEASE_OPTION,
         bot_pace: float = BOT_PACE_OPTION,
         browser: bool = BROWSER_OPTION) -> None:
    """With no command, `cardhall` starts the game room (as `cardhall serve`, with its options) on
    http://127.0.0.1:8000/ and opens it in your browser — or open that address yourself to play."""
    chosen_language(language)  # an unknown language is said before anything starts
    if ctx.invoked_subcommand is None:  # (a desktop's room: its log says only what went wrong)
        run_room(host, port, db, redis, node, lease, bot_pace, browser, language, log=("text", "warning"))


app.command(context_settings=EXTRA, help=ARENA_HELP)(arena)  # the commands live with the arena
app.command(context_settings=EXTRA, help=LADDER_HELP)(ladder)
app.command("ladder-plot", help=LADDER_PLOT_HELP)(ladder_plot)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
