"""Group commit: the appends of many tables that arrive together, stored in one transaction.

Each table's actor awaits its own append before anyone hears of the change (write-ahead). While
one transaction is being committed, the appends that arrive meanwhile wait together; the next
transaction stores them all, each inside its own savepoint, so one table's refusal (`StaleWrite`,
its version fence) rolls back that table's rows alone and is raised to that table's actor only.
Each append's waiter is woken after the transaction that holds it has committed, never before,
and with the commit's error if the commit failed: nothing is heard of a change that is not stored.
With one append at a time this is exactly one transaction per append, as before.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Generic, TypeVar

Item = TypeVar("Item")

Flush = Callable[[Sequence[Item]], Awaitable[Sequence[BaseException | None]]]
"""Stores a batch in one transaction; for each item, None (stored) or the error that refused it
alone. Raising means nothing of the batch was stored: every waiter gets that error."""

MAX_BATCH = 256
"""The most appends one transaction stores (the rest wait for the next)."""


class GroupCommit(Generic[Item]):
    """Appends gathered into transactions by `flush`, one transaction in flight at a time."""

    def __init__(self, flush: Flush[Item], max_batch: int = MAX_BATCH) -> None:
        self._flush = flush
        self.max_batch = max_batch
        self._waiting: list[tuple[Item, asyncio.Future[None]]] = []
        self._running: asyncio.Task[None] | None = None
        self._busy = False  # a transaction is under way
        self.transactions = 0  # committed or failed transactions (a test's and the bench's figure)
        self.appends = 0  # appends they held

    async def add(self, item: Item) -> None:
        """Store `item`; return once the transaction holding it has committed (raise its refusal).
        When no transaction is under way the caller commits its own at once (no task, no waiting);
        otherwise it waits for the next transaction, shared with the others that arrive meanwhile."""
        if self._busy:
            done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
            done.add_done_callback(_retrieved)  # a cancelled waiter's error is not reported as never retrieved
            self._waiting.append((item, done))
            await asyncio.shield(done)  # a cancelled waiter's append is still stored with its batch
            return
        self._busy = True
        self.transactions += 1
        self.appends += 1
        try:
            error = (await self._flush([item]))[0]
        finally:
            if self._waiting:  # those that arrived meanwhile: the next transaction
                self._running = asyncio.create_task(self._drain())
            else:
                self._busy = False
        if error is not None:
            raise error

    async def _drain(self) -> None:
        try:
            await self._drain_waiting()
        finally:
            self._busy = False

    async def _drain_waiting(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting[:self.max_batch], self._waiting[self.max_batch:]
            self.transactions += 1
            self.appends += len(batch)
            try:
                errors = await self._flush([item for item, _ in batch])
            except Exception as exc:  # nothing of this batch was stored
                _fail(batch, exc)
                continue
            except BaseException:  # cancelled (the loop closes): no waiter is left hanging
                for _, done in batch + self._waiting:
                    done.cancel()
                self._waiting = []
                raise
            for (_, done), error in zip(batch, errors, strict=True):
                if done.done():
                    continue
                if error is None:
                    done.set_result(None)
                else:
                    done.set_exception(error)


def _fail(batch: Sequence[tuple[object, asyncio.Future[None]]], exc: BaseException) -> None:
    for _, done in batch:
        if not done.done():
            done.set_exception(exc)


def _retrieved(done: asyncio.Future[None]) -> None:
    if not done.cancelled():
        done.exception()
