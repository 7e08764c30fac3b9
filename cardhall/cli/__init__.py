"""The `cardhall` command: one module per command or command group, each a Typer app, assembled
here in the order `cardhall --help` lists them (docs/room.md, "The code's map").

- `play` (a game in the terminal), `replay`, `games` (rules, games, saved), `bench`;
- `serve` (and `cardhall` with no command), `online` (join, login, profile, bot);
- `arena` (arena, ladder, ladder-plot, which live with the arena);
- the groups `event`, `club` and `admin`.

`group.Commands` is the group itself: errors as one sentence, help in the reader's language.
"""

from __future__ import annotations

import sys

import typer

from cardhall.cli import admin, arena, bench, club, event, games, online, play, replay, serve
from cardhall.cli.group import Commands
from cardhall.cli.play import play_help
from cardhall.core.i18n import N_

__all__ = ["app", "main", "play_help"]

app = typer.Typer(
    cls=Commands,
    help=N_("cardhall — a card room: 5 Towers, Clash of Decks, Jass and Putz, Hearts, 3-2-5."),
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
    context_settings={"help_option_names": ["-h", "--help"]},
)

for part in (play, replay, games, bench, serve, online, arena):
    app.add_typer(part.app)
app.add_typer(event.app, name="event")
app.add_typer(club.app, name="club")
app.add_typer(admin.app, name="admin")
app.callback(invoke_without_command=True)(serve.room)


def main() -> None:
    try:
        app()
    except KeyboardInterrupt:
        sys.exit(130)

