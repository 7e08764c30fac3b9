"""`cardhall bench`: engine speed, the room's round trips, its restart time, the RL environments."""

from __future__ import annotations

import json

import typer
from rich.console import Console
from rich.table import Table

import cardhall
from cardhall.cli.common import EXTRA, fail
from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_
from cardhall.core.options import game_options

app = typer.Typer()


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
    whole_states: bool = typer.Option(False, "--whole-states", help=N_("bench room: the clients get every state whole "
                                      "(without ?delta=1), as clients before deltas did.")),
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
                                    "--metrics, --whole-states "
                                    "and --json, "
                                    f"not {' '.join(ctx.args) or '--vs'}")
            figures = run_room(clients, seconds or 20.0, hard_bots, think, timeout, nodes=nodes, words=words,
                               metrics=metrics, delta=not whole_states)
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
    show(figures, title, as_json)


def show(figures: dict[str, object], title: str, as_json: bool) -> None:
    """The figures as one JSON object, as plain lines (a file or a screen reader), or as a table
    on a terminal."""
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

