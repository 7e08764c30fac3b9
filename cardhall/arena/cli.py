"""`cardhall arena`: the command (registered in cardhall/cli.py), its progress bar and table."""

from __future__ import annotations

import math
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import typer
from rich.console import Console
from rich.table import Table

from cardhall.core.errors import CardhallError
from cardhall.core.extras import require_plots
from cardhall.core.i18n import N_, from_environment, lang


def take_ray_option(args: list[str]) -> tuple[str | None, list[str]]:
    """Remove `--ray [ADDRESS]` / `--ray=ADDRESS` from the extra arguments.

    Returns the address ("local" when none is given) or None without `--ray`."""
    rest: list[str] = []
    address: str | None = None
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--ray":
            address = "local"
            if i + 1 < len(args) and not args[i + 1].startswith("--"):
                address = args[i + 1]
                i += 1
        elif arg.startswith("--ray="):
            address = arg.split("=", 1)[1] or "local"
        else:
            rest.append(arg)
        i += 1
    return address, rest


@contextmanager
def progress_bar(console: Console, done: int, total: int) -> Iterator[Callable[[], None]]:
    """A Rich progress bar with games done, elapsed time and ETA; off a terminal, one line
    when the games start and one when they are done (no bar drawing)."""
    if not console.is_terminal:
        count = [done]
        console.print(f"arena: {done} of {total} games done; playing the rest.", markup=False)

        def advance() -> None:
            count[0] += 1

        yield advance
        console.print(f"arena: {count[0]} of {total} games done.", markup=False)
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    with Progress(TextColumn("[bold]arena"), BarColumn(), MofNCompleteColumn(), TextColumn("games"),
                  TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn(), console=console,
                  transient=False) as bar:
        task = bar.add_task("arena", total=total, completed=done)
        yield lambda: bar.advance(task)


def _fmt(x: float, digits: int = 2) -> str:
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{x:.{digits}f}"


def standings_table(summary: dict[str, Any]) -> list[Table]:
    """The printed tables: standings and pairwise margins."""
    s = summary["settings"]
    better = "higher" if summary["higher_is_better"] else "lower"
    table = Table(title=f"arena: {s['game']}, {summary['games_played']} of {summary['games_planned']} games, seed {s['seed']}",
                  caption=f"score: mean [95% CI], {better} is better; rating: OpenSkill μ ± 2σ; win %: draws count half")
    for col in ("bot", "games", "won-drawn-lost", "win % [95% CI]", "mean score [95% CI]", "rating", "s/move", "max s"):
        table.add_column(col, justify="left" if col == "bot" else "right", overflow="fold")
    bots = sorted(summary["standings"]["bots"], key=lambda b: -b["ordinal"])
    for b in bots:
        t = summary["timing"].get(b["bot"], {})
        table.add_row(
            b["bot"], str(b["games"]), f"{b['wins']}-{b['draws']}-{b['losses']}",
            f"{_fmt(100 * b['win_rate'], 1)} [{_fmt(100 * b['win_rate_low'], 1)}, {_fmt(100 * b['win_rate_high'], 1)}]",
            f"{_fmt(b['mean_score'])} [{_fmt(b['score_low'])}, {_fmt(b['score_high'])}]",
            f"{b['mu']:.1f} ± {2 * b['sigma']:.1f}",
            _fmt(t.get("seconds_per_move", math.nan), 3), _fmt(t.get("slowest_move", math.nan), 2),
        )
    tables = [table]
    pairs = summary["standings"]["pairs"]
    if pairs:
        margins = Table(title="score margins in the same games (a − b, oriented so that > 0 favours a)")
        for col in ("a", "b", "games", "margin [95% CI]", "significant"):
            margins.add_column(col)
        for p in pairs:
            margins.add_row(p["bot"], p["versus"], str(p["games"]),
                            f"{_fmt(p['margin'])} [{_fmt(p['margin_low'])}, {_fmt(p['margin_high'])}]",
                            "yes" if p["significant"] else "no")
        tables.append(margins)
    return tables


def plain_rows(table: Table) -> list[str]:
    """A table as plain lines: its title, each row as "column: value; …", its caption."""
    columns = [(str(c.header), [str(cell) for cell in c.cells]) for c in table.columns]
    rows = [f"{table.title!s}:"] if table.title else []
    for i in range(table.row_count):
        rows.append("; ".join(f"{name}: {cells[i]}" for name, cells in columns) + ".")
    if table.caption:
        rows.append(f"({table.caption})")
    return rows


def said(exc: CardhallError) -> str:
    """A mistake as one line, in the language of the reader's locale where it is a message the
    catalogs know (a missing extra), else as it was raised."""
    words = lang(from_environment(), "cardhall")
    return words._("error: {message}", message=words.say(exc))


def check_plot(plot: Path | None, option: str = "--plot") -> None:
    """`--plot` (or `option`) must name a file type Matplotlib writes."""
    if plot is not None and plot.suffix.lower() not in (".png", ".svg", ".pdf"):
        raise CardhallError(f"{option} must name a .png, .svg or .pdf file, got {plot}")
    if plot is not None:
        require_plots()  # before the games are played, not after


def stop_if_stopped(stopped: bool, out: Path | None) -> None:
    """After Ctrl-C: say how to resume (with --out) and exit with 130."""
    if stopped:
        typer.echo("stopped; run the same command again to resume" if out is not None
                   else "stopped (give --out DIR to be able to resume)")
        raise typer.Exit(130)



ARENA_HELP = N_(
    "Play bots against each other: seats rotated, results with 95% CIs and OpenSkill ratings. Add --ray [ADDRESS] "
    "to run the games as Ray tasks (a local Ray, or a cluster at ADDRESS). Game options follow as --name value. Ctrl-C "
    "stops; the same command with the same --out resumes.")

LADDER_HELP = N_(
    "Measure a game's ladder: random, easy, medium and hard at one table (an arena run, seats rotated), and each "
    "level's paired margin over the one below with its 95% interval. In a duel each step is its own head-to-head match "
    "instead (seats swapped, the same deals for every step, --games per step). Game options follow as --name value "
    "(e.g. --players 3). The same command with the same --out resumes.")

LADDER_PLOT_HELP = N_(
    "Draw the ladders of several runs side by side, every step as its standardized effect (paired margin / SD "
    "of the paired differences, comparable between games), and print them as one Markdown table.")


def arena(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=N_("The game, e.g. hearts.")),
    bots: str = typer.Option("hard,heuristic,random", help=N_("Bots, comma-separated: random, heuristic, easy, "
                             "medium, hard, ismcts:iterations=N:seconds=S:rollout=heuristic, or file.py:Class.")),
    games: int = typer.Option(60, help=N_("How many games to play (seats rotate over the games).")),
    out: Path | None = typer.Option(None, help=N_("Directory for records and results; rerun to resume.")),
    workers: int | None = typer.Option(None, min=1, help=N_("Worker processes (default: one per CPU).")),
    seed: int = typer.Option(0, help=N_("Master seed: deals and bot seeds derive from it.")),
    plot: Path | None = typer.Option(None, help=N_("Draw ratings and score distributions into this PNG.")),
    partners: bool = typer.Option(False, "--partners", help=N_("In a game of teams (Jass), each bot takes every seat "
                                  "of a team, so every game is one bot's team against another's.")),
) -> None:
    """`cardhall arena` (its help: `ARENA_HELP`)."""
    from cardhall.arena.runner import Arena, run
    from cardhall.core.options import game_options

    console = Console(stderr=True)
    try:
        address, rest = take_ray_option(list(ctx.args))
        spec = Arena(game=game, bots=bots.split(","), games=games, seed=seed, options=game_options(rest),
                     out=out, workers=workers or os.cpu_count() or 1, ray=address, partners=partners)
        check_plot(plot)
        outcome = run(spec, progress=lambda done, total: progress_bar(console, done, total))
        screen = Console()
        for table in standings_table(outcome.results):
            if screen.is_terminal:
                screen.print(table)
            else:  # a file or a screen reader: one line per row, no box drawing nor wrapped columns
                typer.echo("\n".join(plain_rows(table)))
        if games % spec.cycle:
            typer.echo(f"note: {games} games is not a multiple of the {spec.cycle} seatings; "
                       f"seats are exactly fair over multiples of {spec.cycle}")
        if out is not None:
            typer.echo(f"records and results in {out}")
        if plot is not None:
            from cardhall.arena.plot import plot as draw

            typer.echo(f"plot written to {draw(outcome.results, plot)}")
        stop_if_stopped(outcome.stopped, out)
    except CardhallError as exc:
        typer.echo(said(exc), err=True)
        raise typer.Exit(2) from None


def ladder(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=N_("The game, e.g. hearts.")),
    games: int = typer.Option(240, help=N_("How many games to play (seats rotate over the games); in a duel, per step.")),
    out: Path | None = typer.Option(None, help=N_("Directory for records, results and ladder.md; rerun to resume.")),
    workers: int | None = typer.Option(None, min=1, help=N_("Worker processes (default: one per CPU).")),
    seed: int = typer.Option(1, help=N_("Master seed: deals and bot seeds derive from it.")),
    plot: Path | None = typer.Option(None, help=N_("Draw the ladder into this PNG (or .svg, .pdf).")),
) -> None:
    """`cardhall ladder` (its help: `LADDER_HELP`)."""
    from cardhall.arena.ladder import ladder_arenas, markdown, run_ladder
    from cardhall.arena.ladder import plot as draw
    from cardhall.core.options import game_options

    console = Console(stderr=True)
    try:
        check_plot(plot)
        arenas = ladder_arenas(game, games, seed, game_options(list(ctx.args)), out, workers or os.cpu_count() or 1)
        outcome = run_ladder(arenas, progress=lambda done, total: progress_bar(console, done, total),
                             say=lambda text: console.print(text, markup=False))
        command = " ".join(["cardhall ladder", arenas[0].game, *ctx.args, f"--games {games}", f"--seed {seed}"])
        text = markdown(outcome.results, command)
        typer.echo(text)
        if out is not None:
            (out / "ladder.md").write_text(text, encoding="utf-8")
            typer.echo(f"records, results and ladder.md in {out}")
        if plot is not None:
            typer.echo(f"plot written to {draw(outcome.results, plot)}")
        stop_if_stopped(outcome.stopped, out)
    except CardhallError as exc:
        typer.echo(said(exc), err=True)
        raise typer.Exit(2) from None


def ladder_plot(
    runs: list[Path] = typer.Argument(..., help=N_("Ladder runs: directories written by `cardhall ladder --out`.")),
    out: Path = typer.Option(..., "--out", help=N_("The plot to write: a .png, .svg or .pdf file.")),
) -> None:
    """`cardhall ladder-plot` (its help: `LADDER_PLOT_HELP`)."""
    from cardhall.arena.ladder import overview, overview_markdown, read_run

    try:
        check_plot(out, "--out")
        summaries = [read_run(run) for run in runs]
        typer.echo(overview_markdown(summaries))
        typer.echo(f"plot written to {overview(summaries, out)}")
    except CardhallError as exc:
        typer.echo(said(exc), err=True)
        raise typer.Exit(2) from None
