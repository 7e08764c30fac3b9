"""`cardhall arena`, `cardhall ladder` and `cardhall ladder-plot`: the commands live with the
arena (`cardhall.arena.cli`); this sub-app lists them among the others."""

from __future__ import annotations

import typer

from cardhall.arena.cli import ARENA_HELP, LADDER_HELP, LADDER_PLOT_HELP, arena, ladder, ladder_plot
from cardhall.cli.common import EXTRA

app = typer.Typer()
app.command(context_settings=EXTRA, help=ARENA_HELP)(arena)
app.command(context_settings=EXTRA, help=LADDER_HELP)(ladder)
app.command("ladder-plot", help=LADDER_PLOT_HELP)(ladder_plot)
