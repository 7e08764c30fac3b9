"""What the outage tests share: spectators that only listen (they never sync or act), and the
figures of an outage (how long each table took to move again, whether every table finished)."""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from tests.room.helpers import Socket


@dataclass
class Listener:
    """A table's spectator socket; the version it had seen when the outage began, and when the
    table first moved past it after the outage ended."""

    table: str
    sock: Socket
    before: int = 0
    resumed: float | None = None
    versions: list[int] = field(default_factory=list)

    def take(self, back: float | None) -> None:
        """Read what has arrived (no sync: nothing is asked of the room)."""
        while True:
            try:
                message = self.sock.recv(0.001)
            except TimeoutError:
                return
            if message["type"] == "state":
                self.versions.append(message["version"])
                if back is not None and self.resumed is None and message["version"] > self.before:
                    self.resumed = time.monotonic() - back

    @property
    def over(self) -> bool:
        return bool(self.sock.state and self.sock.state["over"])


def wait_all(listeners: list[Listener], done: object, timeout: float, back: float | None = None) -> None:
    """Listen until `done(listener)` holds for every listener, or fail after `timeout` seconds."""
    end = time.monotonic() + timeout
    while True:
        for listener in listeners:
            listener.take(back)
        if all(done(listener) for listener in listeners):  # type: ignore[operator]
            return
        assert time.monotonic() < end, [(x.table, x.versions[-1:] , x.over) for x in listeners]
        time.sleep(0.05)


def lost(shown: dict[str, int], held: dict[str, int]) -> int:
    """Versions a client was shown (`shown`: each table's highest) that the database does not
    hold (`held`: each table's stored version)."""
    return sum(max(0, shown[t] - held[t]) for t in shown)


def figures(kind: str, listeners: list[Listener], outage: float, missing: int) -> str:
    """The outage's figures in one line (printed by the tests; `pytest -s` shows them): versions
    shown to the listeners (each one a change a client was told of), of those the ones the
    database does not hold (`missing`, see `lost`), the tables that did not finish, and how long
    after the outage each table moved again."""
    shown = sum(len(set(x.versions)) for x in listeners)
    resumed = sorted(x.resumed for x in listeners if x.resumed is not None)
    stalled = sum(1 for x in listeners if not x.over)
    worst = f"{resumed[-1]:.2f}" if resumed else "-"
    median = f"{resumed[len(resumed) // 2]:.2f}" if resumed else "-"
    return (f"{kind}: {len(listeners)} tables, outage {outage:.1f} s; versions shown {shown}, shown but not "
            f"stored {missing}, tables stalled {stalled}, time to resume: median {median} s, worst {worst} s "
            "(no client synced)")
