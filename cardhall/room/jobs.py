"""The work a table's actor carries out, one job at a time (`actor.TableActor`).

A `Job` is a coroutine to run in the actor and, when somebody waits for its answer, the future
that gets it; a `Command` is what most jobs do: `fn(table, now)` returning the table's changes.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Awaitable, Callable
from typing import Any

from cardhall.room.table import Change, Table

Command = Callable[[Table, float], list[Change]]


@dataclasses.dataclass
class Job:
    """A coroutine for the actor to run; `future` (None: nobody waits) gets its answer or error."""

    run: Callable[[], Awaitable[Any]]
    future: asyncio.Future[Any] | None
