"""A live table mending itself after a fault, by itself and without losing a stored change.

A commit that fails may or may not have been stored, so the table refuses commands and syncs
until it has read itself again from the database ("store"); a lease that cannot be checked
(Redis away) stored nothing, and the table's bots wait until it is confirmed ("lease"). The
table tries at once, then after pauses that double from `RECOVER_FIRST` up to `RECOVER_MAX`;
once mended, everybody watching gets what they missed and the state, and bots think again.
"""

from __future__ import annotations

import asyncio
import logging
import time

from cardhall.core.i18n import N_, Msg
from cardhall.room import metrics
from cardhall.room.broadcast import send_sync
from cardhall.room.front import TableFront, TableMoved
from cardhall.room.jobs import Job
from cardhall.room.store import StoreError

log = logging.getLogger("cardhall.room")

RECOVER_FIRST = 0.1
RECOVER_MAX = 1.0
"""After a failed commit or an unconfirmed lease a table tries to recover at once, then after
pauses that double from `RECOVER_FIRST` up to `RECOVER_MAX` seconds, by itself."""


class Mending(TableFront):
    """The mending side of `actor.TableActor`: what it does after a failed commit or lease."""

    _queue: asyncio.Queue[Job]
    _thinking: tuple[int, int] | None
    _trouble: str | None
    _pause: float
    _recovering: bool
    _timer: asyncio.TimerHandle | None
    _last_change: float

    def _refuse_if_reloading(self) -> None:
        if self._trouble == "store":
            raise StoreError(Msg(N_("the room lost its database for a moment and is reading this table again; "
                                    "try again in a moment (the table sends its state when it is back)")))

    def _fault(self, kind: str, exc: BaseException) -> None:
        """A commit failed ("store": the table must be read again from the database) or the lease
        could not be checked ("lease": nothing was stored; bots wait until it is confirmed).
        `_recover` is queued at once, then after a pause that doubles up to `RECOVER_MAX`."""
        metrics.error(kind)
        if self._trouble is None or (kind == "store" and self._trouble == "lease"):
            log.warning("table %s: %s (%s: %s); %s", self.table.id,
                        "a commit failed" if kind == "store" else "its lease cannot be checked",
                        type(exc).__name__, exc,
                        "reading it again from the database" if kind == "store" else "its bots wait for the lease")
            self._trouble = kind
            self._pause = RECOVER_FIRST
            self._recover_soon(0.0)
        self._thinking = None

    def _recover_soon(self, delay: float) -> None:
        if self._recovering:
            return
        self._recovering = True
        job = Job(self._recover, None)
        if delay <= 0:
            self._queue.put_nowait(job)
        else:
            self._timer = asyncio.get_running_loop().call_later(delay, self._queue.put_nowait, job)

    async def _recover(self) -> None:
        """Read the table again (after a failed commit) or confirm the lease (after Redis was
        away); on success everybody watching gets what they missed and the state, and bots think
        again; else try again after a longer pause."""
        self._recovering = False
        trouble = self._trouble
        if trouble is None:
            return
        old = self.table.version
        try:
            if trouble == "store":  # what the database holds after this copy's version (a commit may have been stored)
                draft = self.table.fork()
                for entry in await self.room.store.entries_after(self.table.id, self.table.version):
                    draft.apply_entry(entry)
                self.table = draft
            else:
                assert self.room.node is not None
                await self.room.node.fence(self.table.id)
        except TableMoved:
            raise
        except Exception as exc:
            self._pause = min(RECOVER_MAX, self._pause * 2)
            log.debug("table %s: still cannot recover (%s); next try in %g s", self.table.id, exc, self._pause)
            self._recover_soon(self._pause)
            return
        if trouble == "store":
            for sub in list(self.subscribers):
                send_sync(self.table, sub, old)
            if self.room.node is not None:
                await self.room.node.reloaded(self)
        self._mended()

    def _mended(self) -> None:
        log.warning("table %s: recovered at version %d", self.table.id, self.table.version)
        self._trouble = None
        self._thinking = None
        self._last_change = time.monotonic()

