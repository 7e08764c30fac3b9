"""What a connection or request sees of a table, wherever the table runs.

- `TableFront`: the table (or a node's copy of it), its invite and who may see it; its
  commands, subscriptions and syncs. `actor.TableActor` runs a table; `cluster.Hub` follows
  one run on another node; `FinishedTable` serves a finished one from the store.
- `Host`: what a table asks of the room it belongs to (`registry.Room`), and `Cluster`: what
  the room asks of its node when it has several (`cluster.Node`).
"""

from __future__ import annotations

import abc
import logging
import secrets
from collections.abc import Callable
from typing import Any, Protocol

from cardhall.core.errors import CardhallError
from cardhall.core.game import Viewer
from cardhall.core.i18n import N_, Msg
from cardhall.people.limits import Limits
from cardhall.room import snapshots
from cardhall.room.broadcast import Subscriber, send_sync
from cardhall.room.commands import TableCommand
from cardhall.room.errors import TableError
from cardhall.room.scheduler import BotScheduler
from cardhall.room.store import Store
from cardhall.room.table import Change, Table

log = logging.getLogger("cardhall.room")


class TableMoved(CardhallError):
    """The table is no longer run by this process (another node took it over)."""


class Cluster(Protocol):
    """What the service asks of its node when the room has several (`cardhall.room.cluster.Node`)."""

    async def fence(self, table_id: str) -> None:
        """Before a commit: raise unless this node still holds the table's lease."""

    async def committed(self, actor: TableFront, changes: list[Change]) -> None:
        """After a commit: every node's connections hear the changes."""

    async def reloaded(self, actor: TableFront) -> None:
        """After the owner read its table again (a failed commit may have been stored): every
        node's copy reads it too."""

    async def hub(self, table_id: str) -> TableFront | None:
        """This node's view of a table (None if there is no such table)."""

    async def created(self, table_id: str) -> TableFront:
        """A table this node just stored."""

    async def live(self) -> list[tuple[dict[str, Any], str | None]]:
        """(summary, invite) of every unfinished table of the room."""

    async def stop(self) -> None:
        """Stop the tables run here and hand their leases back."""


class Host(Protocol):
    """What a table (its front, its actor, a command) asks of the room it belongs to
    (`cardhall.room.registry.Room`)."""

    store: Store
    limits: Limits
    node: Cluster | None
    bots: BotScheduler
    bot_pace: float
    hear_max: float
    reconnect_quiet: float
    clock: Callable[[], float]
    listeners: list[Callable[[Table, list[Change]], None]]

    def game_over(self) -> None:
        """A game ended: enter it in the history beside the table, which goes on at once."""

    def reset_bot_pool(self) -> None:
        """The bots' process pool broke: the next bot move starts a new one."""

    async def is_guest(self, player: str) -> bool:
        """Whether `player` is a guest (no account)."""

    async def player_name(self, player: str) -> str | None:
        """A player's name (None: no such player)."""


class TableFront(abc.ABC):
    """What a connection or request sees of a table: the table (or a node's copy of it), its
    invite, and who may see it. `TableActor` runs a table; `cluster.Hub` follows one."""

    room: Host
    table: Table
    invite: str | None
    subscribers: set[Subscriber]  # the connections watching here
    backfill_from: int | None = None  # restored from a snapshot at this version: no history before it

    async def _history_from(self, since: int | None) -> None:
        """A table restored from a snapshot at version `backfill_from` has no history before it:
        when a connection asks for what happened after an older version, rebuild it first
        (`snapshots.backfill`, once), so it still hears every change."""
        start = self.backfill_from
        if since is None or start is None or since >= start:
            return
        self.backfill_from = None
        try:
            await snapshots.backfill(self.room.store, self.table, start)
        except Exception as exc:  # a sync from before the snapshot then gets the state alone
            log.warning("table %s: the history before version %d could not be rebuilt: %s", self.table.id, start, exc)

    @abc.abstractmethod
    async def run(self, command: TableCommand) -> object:
        """Carry out one of the table's commands (`cardhall.room.commands`) wherever the table runs."""
    @abc.abstractmethod
    async def subscribe(self, sub: Subscriber, since: int | None = None) -> None: ...
    @abc.abstractmethod
    async def unsubscribe(self, sub: Subscriber) -> None: ...
    @abc.abstractmethod
    async def sync(self, sub: Subscriber, since: int | None) -> None: ...

    def viewer(self, player: str | None) -> Viewer:
        return None if player is None else self.table.seat_of(player)

    def may_see(self, player: str | None, invite: str | None) -> bool:
        """A private table is reachable with its invite, or by its host and seated people."""
        if not self.table.private:
            return True
        if invite is not None and self.invite is not None and secrets.compare_digest(invite.encode(), self.invite.encode()):
            return True
        return player is not None and (player == self.table.host or self.table.seat_of(player) is not None)


class FinishedTable(TableFront):
    """A table whose game is over, served from the store without an actor: it is read (a state,
    a sync, its record) and changes no more, so connecting to it stores nothing (no "connect"
    entry) and every command is refused with a sentence. `Room` keeps the last `FINISHED_KEPT`
    of them read."""

    def __init__(self, room: Host, table: Table, invite: str | None) -> None:
        self.room = room
        self.table = table
        self.invite = invite
        self.subscribers: set[Subscriber] = set()

    def _over(self) -> TableError:
        return TableError(Msg(N_("the game at this table is over; the table is kept as it ended and changes no more")))

    async def run(self, command: TableCommand) -> object:
        if command.when_over == "ignore":  # e.g. a new language or name: the finished game keeps what it was
            return None
        raise self._over()

    async def subscribe(self, sub: Subscriber, since: int | None = None) -> None:
        self.subscribers.add(sub)
        send_sync(self.table, sub, since)

    async def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)

    async def sync(self, sub: Subscriber, since: int | None) -> None:
        send_sync(self.table, sub, since)


def summary_for(actor: TableFront, player: str | None) -> dict[str, Any]:
    """A table's summary; its host also gets the invite of a private table."""
    summary = actor.table.summary()
    if actor.invite is not None and player is not None and player == actor.table.host:
        summary["invite"] = actor.invite
    return summary

