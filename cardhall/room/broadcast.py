"""The broadcast path: what each connection watching a table hears of its changes.

A connection is a `Subscriber` (a person by player id, or an anonymous spectator). After a
stored change every subscriber gets the change's events as its viewer hears them, then the
table's state for that viewer (`send_changes`); a connection that was away gets what it missed
since a version, then the state (`send_sync`). A state is made once per version and viewer
(`state_of`) and shared by every connection that sees it.
"""

from __future__ import annotations

import weakref
from typing import Protocol

from cardhall.core.game import Viewer
from cardhall.room.messages import Event, ServerMessage, State
from cardhall.room.table import Change, Table


class Subscriber(Protocol):
    """One connection watching a table: a person (by player id) or an anonymous spectator."""

    player: str | None

    def send(self, message: ServerMessage) -> None:
        """Queue a message for this connection (a struct, encoded where it is sent); must not block."""


_STATES: weakref.WeakKeyDictionary[Table, tuple[int, dict[Viewer, State]]] = weakref.WeakKeyDictionary()


def state_of(table: Table, viewer: Viewer) -> State:
    """The table's state message for `viewer`, made once per version and viewer (a state depends
    only on the stored version): many connections, and repeated syncs, share one message (which
    the web layer also serializes once). Callers must not change it."""
    version, states = _STATES.get(table, (-1, {}))
    if version != table.version:
        states = {}
        _STATES[table] = (table.version, states)
    if viewer not in states:
        states[viewer] = table.state_message(viewer)
    return states[viewer]


def send_changes(table: Table, subscribers: set[Subscriber], changes: list[Change]) -> None:
    """Send each subscriber the changes' events as its viewer hears them, then its state."""
    for sub in list(subscribers):
        viewer = None if sub.player is None else table.seat_of(sub.player)
        for change in changes:
            events = change.events.get(viewer)
            if events is None:  # a viewer the change does not name hears what spectators hear
                events = change.events.get(None, [])
            for event in events:
                sub.send(Event(change.version, event))
        sub.send(state_of(table, viewer))


def send_sync(table: Table, sub: Subscriber, since: int | None, joined: int | None = None) -> None:
    """What `sub` missed since version `since` (if still kept), then the state. When that is
    older than the kept history, the changes its own arrival made after version `joined` are
    still told (a person back after a long takeover hears "You are back and play again.")."""
    viewer = None if sub.player is None else table.seat_of(sub.player)
    if since is not None:
        missed = table.events_since(since, viewer)
        if missed is None and joined is not None:
            missed = table.events_since(joined, viewer)
        for message in missed or []:
            sub.send(message)
    sub.send(state_of(table, viewer))

