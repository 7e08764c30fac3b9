"""How a new table is made from what its host asked for: its id, its seats, its bots.

`Room.create_table` checks the game and options, the seats (`seats_for`: "open", "me" or
"bot:LEVEL" for each of the game's players), the limits, then stores the table.
"""

from __future__ import annotations

import secrets

from cardhall.bots import bot_names
from cardhall.core.game import Game
from cardhall.core.i18n import N_, Msg, Plural
from cardhall.core.titles import title_msg
from cardhall.room.errors import TableError
from cardhall.room.table import Seat

ROOM_BOTS = ("random", "heuristic", "easy", "medium", "hard")
"""The bot levels a table may seat over the wire (specs naming code stay local to the server)."""


def table_id() -> str:
    """A new table's id: 11 random URL-safe characters that never start with "-" (a command line
    would read `cardhall admin kick Eve -Q3…` as an option)."""
    while True:
        made = secrets.token_urlsafe(8)
        if not made.startswith("-"):
            return made


def default_seats(game: Game) -> list[str]:
    """The host's seat, then open ones."""
    return ["me"] + ["open"] * (game.num_players - 1)


def seats_for(game: Game, seats: list[str]) -> list[Seat]:
    """The seats of a new table of `game`: each "open", "me" (the host sits there, at most
    once) or "bot:LEVEL" with a level the game's bots have. A wrong count or spec is refused
    with a sentence saying what a seat may be."""
    n = game.num_players
    if len(seats) != n:
        raise TableError(Plural("{game} with these options is played by {count}; give {count} seat "
                                "(\"open\", \"me\" or \"bot:LEVEL\"), not {seats}",
                                "{game} with these options is played by {count}; give {count} seats "
                                "(each \"open\", \"me\" or \"bot:LEVEL\"), not {seats}",
                                count=n, game=title_msg(game), seats=len(seats)))
    if seats.count("me") > 1:
        raise TableError(Msg(N_("a person holds one seat per table: give \"me\" at most once")))
    levels = [b for b in ROOM_BOTS if b in bot_names(game)]
    made: list[Seat] = []
    for spec in seats:
        if spec in ("open", "me"):
            made.append(Seat())
        elif spec.startswith("bot:") and spec[4:] in levels:
            made.append(Seat(kind="bot", bot=spec[4:], name=f"Bot ({spec[4:]})"))
        else:
            raise TableError(Msg(N_("a seat is \"open\", \"me\" or \"bot:LEVEL\" with LEVEL one of {levels}; "
                                    "got {value}"), levels=", ".join(levels), value=repr(spec)))
    return made
