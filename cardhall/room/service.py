"""The room service's public names in one place, for the web front (`cardhall.web`).

The service itself lives in modules named for what they do (docs/room.md, "The room's map"):
`registry` (the `Room`), `actor` (a live table's single writer), `front` (what a connection
sees of a table), `broadcast` (what each connection hears), `pacing` (bots' pace), `mending`
(after a fault), `players`, `new_tables`, `bot_pool` and `jobs`. New code imports from those.
"""

from cardhall.room.actor import STOP_TIMEOUT, TableActor
from cardhall.room.broadcast import Subscriber, send_changes, send_sync, state_of
from cardhall.room.front import FinishedTable, TableFront, TableMoved, summary_for
from cardhall.room.jobs import Command
from cardhall.room.new_tables import ROOM_BOTS
from cardhall.room.pacing import BOT_PACE, HEAR_MAX
from cardhall.room.registry import Room

__all__ = ["BOT_PACE", "HEAR_MAX", "ROOM_BOTS", "STOP_TIMEOUT", "Command", "FinishedTable", "Room", "Subscriber",
           "TableActor", "TableFront", "TableMoved", "send_changes", "send_sync", "state_of", "summary_for"]
