"""The room's process pool where bots think (`room.bots.choose`), never on the event loop.

The pool is started on first use with the "spawn" method (a worker inherits no open sockets or
database connections) and each worker ends when the room's process does (`exit_with_parent`).
A pool that broke (a worker killed) is dropped; the next bot move starts a new one.
"""

from __future__ import annotations

import multiprocessing
import os
from concurrent.futures import ProcessPoolExecutor

from cardhall.room.bots import exit_with_parent


class BotPool:
    """The bots' process pool of one room: `workers` processes (None: one per core)."""

    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers
        self._pool: ProcessPoolExecutor | None = None

    def get(self) -> ProcessPoolExecutor:
        """The pool, started if it is not running."""
        if self._pool is None:
            self._pool = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"),
                                             initializer=exit_with_parent, initargs=(os.getpid(),))
        return self._pool

    def reset(self) -> None:
        """Drop a broken pool without waiting for it; the next `get` starts a new one."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
        self._pool = None

    def shutdown(self) -> None:
        """Stop the pool (waiting for its workers), the room closing."""
        if self._pool is not None:
            self._pool.shutdown(wait=True, cancel_futures=True)
