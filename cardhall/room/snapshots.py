"""Table snapshots: a table's state about every `EVERY` versions, stored with its log, so that restoring
a table (a restart, a takeover, a reload) replays only the entries after its latest snapshot
instead of its whole log. The log stays the record (`GET /api/tables/{id}/record`, the tests'
replays); a snapshot is only a shortcut to the same table.

A snapshot holds what the log has made of the table: the game state (`State.to_json`, which
`Game.state_from_json` rebuilds exactly), the seats (with their connection, absence and
takeover), the status, the version and the version of the last move. The table's header (game,
options, seed, policy, host) is stored once with the table and not repeated. What a snapshot does
not hold is the per-viewer events of the changes before it (`Table.history`, the last 500 kept
for `sync` and `?since=`): `backfill` rebuilds them from an older snapshot (the store keeps a
few) the first time a connection asks for changes before the snapshot, so a client coming back
after a restart still hears exactly what it missed, and a restart does not wait for it.
"""

from __future__ import annotations

import asyncio
from collections import deque
from typing import Any

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg, reason
from cardhall.room.errors import TableError
from cardhall.room.store import Store, StoredTable
from cardhall.room.table import HISTORY, Change, Seat, Table

EVERY = 50
"""A table's snapshot is stored anew once its version is this far past the last one."""
FORMAT = 1


def due(last: int, version: int, changes: list[Change], every: int | None = None) -> bool:
    """Whether a commit of `changes` that brings a table to `version` stores a snapshot (of the
    table before the commit), the last one being at version `last`: when the table is `every`
    (`EVERY`) or more versions past it and the commit plays a move. So a table restored from its
    snapshot always replays at least that move, which makes again what the move's view says (a
    game's reports of the last move are words for the readers, kept in its state's JSON as
    plain text only)."""
    every = EVERY if every is None else every
    return every > 0 and version - last >= every and any(c.entry.get("kind") == "act" for c in changes)


def take(table: Table) -> dict[str, Any]:
    """The table as JSON data, at its version (see the module docstring)."""
    seats = [{**s.to_json(), "away_since": s.away_since} for s in table.seats]
    state = None if table._state is None else table._state.to_json()  # None: not dealt before the start
    return {"format": FORMAT, "version": table.version, "status": table.status, "move_version": table.move_version,
            "warned": table._warned, "seats": seats, "seed": table.seed, "state": state,
            **({} if table.turns is None else {"turns": table.turns.to_json()})}


def restore(stored: StoredTable, now: float | None = None) -> Table:
    """The table `stored` holds: from its snapshot and the log after it when it has one, else from
    its whole log (`Table.restore`). `now`: a restart (every person counts as disconnected)."""
    if stored.snapshot is None:
        return Table.restore(stored.header, stored.entries, now=now)
    table = Table.restore(stored.header, [])  # the header's table, before any entry
    snap = stored.snapshot
    try:
        if snap.get("format") != FORMAT:
            raise TableError(Msg(N_("unknown snapshot format {value}"), value=repr(snap.get("format"))))
        if snap["state"] is not None:
            table._state = table.game.state_from_json(snap["state"])
            table.seed = table._state.seed
        table.seats = [_seat(s) for s in snap["seats"]]
        table.version, table.status = int(snap["version"]), snap["status"]
        table.move_version = int(snap["move_version"])
        table._arm_clock(None)  # the turn the clock is about, as replaying the log leaves it
        table._warned = bool(snap["warned"])
        if table.turns is not None:
            table.turns.load(snap["turns"])
    except (CardhallError, KeyError, TypeError, ValueError) as exc:
        raise TableError(Msg(N_("the snapshot of table {table} cannot be read: {reason}"), table=table.id,
                             reason=reason(exc))) from None
    for entry in stored.entries:
        table.apply_entry(entry)
    if now is not None:
        for s in table.seats:
            if s.kind == "person" and s.connected:
                s.connected, s.away_since = False, now
    return table


def _seat(data: dict[str, Any]) -> Seat:
    seat = Seat.from_json(data)
    seat.connected, seat.takeover = bool(data["connected"]), bool(data["takeover"])
    seat.lang, seat.away_since = data.get("lang"), data.get("away_since")
    seat.guest, seat.hold, seat.left = bool(data.get("guest")), bool(data.get("hold")), bool(data.get("left"))
    return seat


async def backfill(store: Store, table: Table, since: int) -> None:
    """Give `table`, restored from a snapshot at version `since`, the history of the changes up to
    `since` (`HISTORY` of them): replayed, in a thread, from a snapshot at least `HISTORY` versions
    older (or the log's start)."""
    source = await store.load(table.id, snapshot=True, until=since, base=since - HISTORY)
    if source is None:
        return
    replayed = await asyncio.to_thread(restore, source)
    table.history = deque([*(c for c in replayed.history if c.version <= since),
                           *(c for c in table.history if c.version > since)], maxlen=HISTORY)
