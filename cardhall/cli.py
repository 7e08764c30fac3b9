"""The `cardhall` command."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import typer
import typer.core
from rich.console import Console
from rich.table import Table

import cardhall
from cardhall.arena.cli import arena, ladder
from cardhall.bots.levels import HEURISTIC, LADDER, heuristic_level
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game, State
from cardhall.core.options import game_options
from cardhall.core.registry import aliases, canonical_name, game_class, game_names, names_with_aliases

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
            typer.echo(f"error: {first_lower(exc.format_message()).rstrip('.')} ({where} lists what it takes)", err=True)
            code = exc.exit_code
        except typer.Abort:
            code = 1
        if not standalone:
            return code
        sys.exit(code if isinstance(code, int) else 0)


def first_lower(text: str) -> str:
    return text[:1].lower() + text[1:]


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"cardhall {cardhall.__version__}")
        raise typer.Exit()


app = typer.Typer(
    cls=Commands,
    help="cardhall — a card room: 5 Towers, Clash of Decks, Jass and Putz, Hearts, 3-2-5.",
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)
EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True}


def fail(message: str) -> typer.Exit:
    """Print a user error as a sentence (never a traceback) and return the exit to raise."""
    typer.echo(f"error: {message}", err=True)
    return typer.Exit(2)


def _games() -> Iterator[tuple[str, type[Game], str]]:
    """Each registered game that imports: its name, class and " (also ALIAS, …)" or ""."""
    for name in game_names():
        try:
            cls = game_class(name)
        except ModuleNotFoundError:  # pragma: no cover - a game whose extra is missing
            continue
        also = aliases(name)
        yield name, cls, f" (also {', '.join(also)})" if also else ""


def play_help() -> str:
    """`play --help`: each game's options and every bot level, so a newcomer need not guess."""
    lines = ["Play a game in the terminal against bots. Game options follow as --name value "
             "(e.g. --players 3). Type ? at the prompt for the keys.", ""]
    for name, cls, also in _games():
        opts = "; ".join(f"--{o.name.replace('_', '-')} ({o.allowed()}, default {o.default!r})" for o in cls.OPTIONS)
        lines.append(f"{name}{also}: {opts or 'no options'}.")
    places = sorted({str(heuristic_level(name)) for name, _, _ in _games()})
    lines += ["", "Bots (--bots), weakest first: " + " ".join(f"{level.name}: {level.description}" for level in LADDER)
              + f" heuristic (the default; the level {' or '.join(places)}): {HEURISTIC} Also ismcts and pimc "
              "searches (e.g. ismcts:seconds=2), or your own as file.py:Class."]
    return "\n\n".join(lines)


@app.command(context_settings=EXTRA, help=play_help())
def play(
    ctx: typer.Context,
    game: str | None = typer.Argument(None, help="The game (not needed with --resume): " + ", ".join(game_names())),
    seat: int | None = typer.Option(None, help="Your seat, counted from 1 (default 1)."),
    seed: int | None = typer.Option(None, help="Seed of the deal (random if not given)."),
    bots: str | None = typer.Option(None, help="The bots' kind: heuristic (default), random, easy, medium, hard, "
                                    "ismcts, pimc, or your own as file.py:Class."),
    resume: Path | None = typer.Option(None, help="Continue a saved game from its record (no game name needed)."),
    record: Path | None = typer.Option(None, help="Where to save the game (default: your data directory)."),
    verbose: bool = typer.Option(False, "--verbose", help="Show the whole table before each of your turns."),
    quick: bool = typer.Option(False, "--quick", help="Play a choice as soon as it is chosen (no Enter to confirm)."),
) -> None:
    from cardhall.core.bot import Bot
    from cardhall.core.record import check_writable
    from cardhall.room.bots import check_spec
    from cardhall.tui.play import TerminalGame

    args = list(ctx.args)
    if game is not None and game.startswith("--"):  # `play --resume FILE --pile 5`: no game named
        args.insert(0, game)
        game = None
    try:
        if resume is not None:
            state, seat, bots = resumed(resume, game, seat, seed, bots, game_options(args))
            record = record or resume
        elif game is None:
            raise CardhallError("name the game to play (e.g. cardhall play hearts), or continue a saved one "
                                f"with --resume FILE; the games are: {names_with_aliases()}")
        else:
            state = cardhall.load(game, **game_options(args)).new_state(seed)
        seat = 1 if seat is None else seat
        n = state.game.num_players
        if not 1 <= seat <= n:
            raise CardhallError(f"--seat must be from 1 to {n}, got {seat}")
        if record is not None:
            check_writable(record)
        human, kind = seat - 1, check_spec(state.game, bots or "heuristic")
        players: dict[int, Bot | str] = {s: kind for s in range(n) if s != human}
        if sys.stdin.isatty():
            import readline  # noqa: F401 - line editing and history at the prompt (arrows work)
        TerminalGame(state, human, players, record_path=record, bot_kind=kind, verbose=verbose, quick=quick).run()
    except CardhallError as exc:
        raise fail(str(exc)) from None


def resumed(path: Path, game: str | None, seat: int | None, seed: int | None, bots: str | None,
            options: dict[str, object]) -> tuple[State, int, str | None]:
    """The state, seat (from 1) and bot kind of a saved game; what the command line says must
    agree with the record (an option that contradicts it is an error, not ignored)."""
    from cardhall.core.record import Record

    rec = Record.load(path)
    if game is not None and canonical_name(rec.game) != canonical_name(game):
        raise CardhallError(f"{path} is a record of {rec.game}, not of {game}; leave out the game name to resume it")
    recorded = rec.new_game()
    if options:
        given = cardhall.load(recorded.name, **{**recorded.options, **options}).options
        for key in options:
            if given[key] != recorded.options.get(key):
                raise CardhallError(f"the saved game has {key.replace('_', '-')} {recorded.options.get(key)!r}, "
                                    f"not {given[key]!r}; leave out --{key.replace('_', '-')} to resume it")
    if seed is not None and seed != rec.seed:
        raise CardhallError(f"the saved game has seed {rec.seed}, not {seed}; leave out --seed to resume it")
    saved_seat = rec.meta.get("human_seat")
    if seat is not None and saved_seat is not None and seat != saved_seat + 1:
        raise CardhallError(f"you played seat {saved_seat + 1} in the saved game, not {seat}; leave out --seat to resume it")
    saved_bots = rec.meta.get("bot_kind")
    if bots is not None and saved_bots is not None and bots != saved_bots:
        raise CardhallError(f"the saved game's bots are {saved_bots}, not {bots}; leave out --bots to resume it")
    state = rec.replay()
    if saved_seat is not None and saved_seat >= state.game.num_players:
        raise CardhallError(f"{path} says you played seat {saved_seat + 1}, but {state.game.title} has "
                            f"{state.game.num_players} seats; the record is damaged")
    if state.is_over():
        raise CardhallError(f"the game in {path} is finished ({len(rec.actions)} moves); "
                            f"see it with: cardhall replay {path}")
    return state, (seat if saved_seat is None else saved_seat + 1) or 1, bots or saved_bots


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A game record (JSON)."),
    check: bool = typer.Option(False, "--check", help="Only verify that the record replays exactly."),
    seat: int | None = typer.Option(None, help="Also show the table as this seat (from 1) saw it."),
) -> None:
    """Show a recorded game move by move, or verify it with --check."""
    from cardhall.core.record import Record
    from cardhall.core.text import text_ui

    try:
        rec = Record.load(file)
        if check:
            state = rec.check()
            typer.echo(f"OK: {len(rec.actions)} moves of {rec.game} replay exactly; "
                       f"scores {state.scores()}, winners {[w + 1 for w in state.winners()]}.")
            return
        game = rec.new_game()
        ui = text_ui(game)
        viewer = None if seat is None else seat - 1
        if viewer is not None and not 0 <= viewer < game.num_players:
            raise CardhallError(f"--seat must be from 1 to {game.num_players}, got {seat}")
        typer.echo(f"{game.title}, seed {rec.seed}, options {rec.options}")
        for i, (before, _action, text) in enumerate(rec.steps(), 1):
            mover = before.to_move()
            typer.echo(f"{i:>4}. {ui.seat(mover) if mover is not None else '?'}: {text}")
        final = rec.replay()
        if viewer is not None:
            typer.echo(ui.render(final.view(viewer), viewer))
        typer.echo(ui.result(final.view(0), final.scores(), final.winners(), -1) if final.is_over()
                   else f"The game is unfinished after {len(rec.actions)} moves.")
    except CardhallError as exc:
        raise fail(str(exc)) from None


@app.command()
def rules(game: str = typer.Argument(..., help="The game.")) -> None:
    """Print a game's rules as implemented."""
    try:
        typer.echo(game_class(game).rules_text())
    except CardhallError as exc:
        raise fail(str(exc)) from None


@app.command()
def games() -> None:
    """List the games and their options."""
    for name, cls, also in _games():
        typer.echo(f"{name} — {cls.title}{also}.")
        for o in cls.OPTIONS:
            typer.echo(f"  --{o.name.replace('_', '-')}: {o.allowed()}, default {o.default!r}.")
        if not cls.OPTIONS:
            typer.echo("  no options.")


@app.command()
def saved(folder: Path | None = typer.Option(None, help="Where the records are (default: your data directory).")) -> None:
    """List your saved games, newest first: unfinished ones with how to continue them,
    finished ones with how to replay them."""
    from cardhall.core.record import Record
    from cardhall.tui.play import records_dir

    where = folder or records_dir()
    files = sorted(where.glob("*.json"), key=lambda f: f.stat().st_mtime, reverse=True) if where.is_dir() else []
    if not files:
        typer.echo(f"No saved games in {where}. Games you play with cardhall play are saved there.")
        return
    unfinished = 0
    for file in files:
        try:
            rec = Record.load(file)
            state = rec.replay()
        except CardhallError as exc:
            typer.echo(f"{file}: cannot be read ({exc}).")
            continue
        moves = f"{len(rec.actions)} move{'' if len(rec.actions) == 1 else 's'}"
        if state.is_over():
            typer.echo(f"{state.game.title}, finished after {moves}: cardhall replay {file}")
        else:
            unfinished += 1
            typer.echo(f"{state.game.title}, unfinished after {moves}: cardhall play --resume {file}")
    typer.echo(f"{len(files)} saved game{'' if len(files) == 1 else 's'}, {unfinished} unfinished.")


@app.command(context_settings=EXTRA)
def bench(
    ctx: typer.Context,
    game: str = typer.Argument(..., help="The game to measure; `room` for the room benchmark (WebSocket clients); "
                                "`envs` for the RL environments' steps per second."),
    vs: str | None = typer.Option(None, "--vs", help="A peer engine to compare with (hearts: openspiel; jass: jass-kit; "
                                  "envs: openspiel)."),
    seconds: float | None = typer.Option(None, min=0.01, help="Seconds per measurement (engines and envs: 3; room: 20)."),
    as_json: bool = typer.Option(False, "--json", help="Print the figures as one JSON object."),
    clients: int = typer.Option(100, help="bench room: WebSocket clients, seated as people at clients/4 Hearts tables."),
    hard_bots: int = typer.Option(0, "--hard-bots", help="bench room: extra tables where only hard bots play."),
    think: float = typer.Option(1.0, min=0.0, help="bench room: a simulated person's mean pause before a move, seconds."),
    timeout: float = typer.Option(5.0, min=0.1, help="bench room: an act unanswered this many seconds is lost."),
    nodes: int = typer.Option(0, min=0, help="bench room: K nodes of one room on a throwaway PostgreSQL and Redis, "
                              "each table's people spread over them (0: one server on SQLite)."),
) -> None:
    """Measure engine speed (random playouts; with --vs, against a peer engine); with `room`
    the room service (act → state round trips of many WebSocket clients against a local
    server); with `envs` the RL environments."""
    from cardhall.core import bench as benchmod

    try:
        if game == "room":
            from cardhall.web.bench import run_room

            if ctx.args or vs is not None:
                raise CardhallError("bench room takes --clients, --nodes, --hard-bots, --think, --timeout, --seconds and --json, "
                                    f"not {' '.join(ctx.args) or '--vs'}")
            figures = run_room(clients, seconds or 20.0, hard_bots, think, timeout, nodes=nodes)
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


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", help="The address to listen on."),
    port: int = typer.Option(8000, min=1, max=65535, help="The port to listen on."),
    db: str | None = typer.Option(None, help="Database URL: sqlite:///FILE or postgresql://USER@HOST/DB "
                                  "(default: room.sqlite3 in your data directory)."),
    redis: str | None = typer.Option(None, help="Redis URL (redis://HOST:6379/0): run as one node of several "
                                     "sharing the PostgreSQL database --db (docs/deploy.md)."),
    node: str | None = typer.Option(None, help="This node's name in the cluster (default: host-pid-random)."),
    lease: float = typer.Option(10.0, min=0.1, help="Seconds a node holds a table without renewing its lease: "
                                "how soon another node takes over the tables of a dead one."),
) -> None:
    """Run the game room: the HTTP API and WebSockets of docs/room.md. Ctrl-C stops it."""
    import asyncio

    from cardhall.web.server import serve as run

    def ready(url: str, database: str) -> None:
        typer.echo(f"cardhall room at {url} (database {database}); Ctrl-C stops it.")

    # A plain loop, not asyncio.run: its Ctrl-C handler would cancel the room while it closes.
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(run(host, port, db, ready, redis=redis, node=node, lease=lease))
    except CardhallError as exc:
        raise fail(str(exc)) from None
    except KeyboardInterrupt:
        pass
    finally:
        loop.close()
    typer.echo("cardhall room stopped.")


@app.command()
def join(
    url: str = typer.Argument(..., help="The table's URL, e.g. http://127.0.0.1:8000/tables/ID (with ?invite=… if private)."),
    seat: int = typer.Option(..., help="Your seat, counted from 1."),
    name: str = typer.Option("Guest", help="Your name at the table."),
) -> None:
    """Play a seat of an online table from the terminal, with the keys of `cardhall play`
    (a number or notation selects, Enter plays, ? helps, Q leaves)."""
    import asyncio

    from cardhall.tui.remote import join as join_table
    from cardhall.web.client import parse_table_url

    try:
        asyncio.run(join_table(parse_table_url(url), seat - 1, name, say=lambda text: print(text, flush=True)))
    except CardhallError as exc:
        raise fail(str(exc)) from None


@app.command()
def bot(
    url: str = typer.Argument(..., help="The table's URL, e.g. http://127.0.0.1:8000/tables/ID (with ?invite=… if private)."),
    seat: int = typer.Option(..., help="The bot's seat, counted from 1."),
    bot_spec: str = typer.Option(..., "--bot", help="The bot: random, heuristic, or your own file.py:Class (docs/room.md)."),
    name: str | None = typer.Option(None, help="The bot's name at the table (default: Bot (SPEC))."),
    seed: int = typer.Option(0, help="Seed of the bot's choices (each move: bot_seed(seed, seat, move, spec))."),
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


@app.callback(invoke_without_command=True)
def room(ctx: typer.Context,
         version: bool = typer.Option(False, "--version", callback=show_version, is_eager=True,
                                      help="Print cardhall's version and stop.")) -> None:
    """With no command, `cardhall` starts the game room (as `cardhall serve`) on
    http://127.0.0.1:8000/ — open that address in a browser to play."""
    if ctx.invoked_subcommand is None:
        serve(host="127.0.0.1", port=8000, db=None)


app.command(context_settings=EXTRA)(arena)  # the commands live with the arena
app.command(context_settings=EXTRA)(ladder)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)


if __name__ == "__main__":
    main()
