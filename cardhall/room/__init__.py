"""The game room's logic: the Table (the one game loop), deterministic bots at a table, and
in-process drivers (`play_game`). No network I/O here."""

from cardhall.room.bots import bot_seed, choose
from cardhall.room.local import play_bots, play_game
from cardhall.room.table import BotTurn, Change, Policy, Seat, Table, TableError

__all__ = ["BotTurn", "Change", "Policy", "Seat", "Table", "TableError", "bot_seed", "choose", "play_bots", "play_game"]
