"""Fair bots under load: which table's bot thinks next in the room's process pool.

A table asks for at most one bot move at a time, so the pool's own first-come queue would make
every table wait behind every other: with 40 tables of `hard` bots thinking 1.5 s a move on two
cores, a bot elsewhere waited half a minute for each move. Instead the scheduler keeps the pool
no busier than its workers and chooses the next turn itself:

- **people first**: a table where a person sits or watches goes before any table of bots alone;
- **round robin**: within each kind, the table that has waited longest (a table's turn that is
  served re-enters at the back when it asks again), and a table's newer turn replaces its older
  one still waiting;
- **shorter searches under load**: while more tables wait than there are workers, a `hard` bot
  thinks at most `SHORT_SECONDS` a move (its spec gets `:seconds=…`) rather than queueing: its
  move is a little weaker, and the table's stored move is what replays (its record is exact).
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from cardhall.room.bots import BotTurn, choose

SHORT_SECONDS = 0.3
"""The most a `hard` bot thinks per move while the pool is overloaded (its level allows 1.5 s)."""

Done = Callable[[BotTurn, "Future[str]"], None]


@dataclasses.dataclass
class _Waiting:
    turn: BotTurn
    people: bool
    done: Done


class BotScheduler:
    """Hands bot turns to a process pool, at most `workers` at once, people's tables first and
    every table in turn; `done(turn, future)` is called on the event loop's thread."""

    def __init__(self, pool: Callable[[], ProcessPoolExecutor], reset: Callable[[], None],
                 workers: int | None = None) -> None:
        self._pool = pool
        self._reset = reset
        self.workers = workers or os.cpu_count() or 1
        self.waiting: dict[str, _Waiting] = {}  # by table id, in the order they began to wait
        self.running = 0
        self.shortened = 0  # hard moves thought with the shorter budget (for logs and tests)

    def submit(self, table_id: str, turn: BotTurn, people: bool, done: Done) -> None:
        """Queue `turn` of table `table_id` (`people`: a person sits or watches there)."""
        self.waiting.pop(table_id, None)
        self.waiting[table_id] = _Waiting(turn, people, done)
        self._pump()

    def forget(self, table_id: str) -> None:
        """The table stopped: its waiting turn (if any) is dropped."""
        self.waiting.pop(table_id, None)

    def _next(self) -> str:
        return next((key for key, w in self.waiting.items() if w.people), next(iter(self.waiting)))

    def _pump(self) -> None:
        loop = asyncio.get_running_loop()
        while self.running < self.workers and self.waiting:
            key = self._next()
            waiting = self.waiting.pop(key)
            turn = waiting.turn
            if turn.spec == "hard" and len(self.waiting) >= self.workers:  # overloaded: think less, not later
                turn = dataclasses.replace(turn, spec=f"hard:seconds={SHORT_SECONDS:g}")
                self.shortened += 1
            try:
                future = self._pool().submit(choose, turn)
            except (BrokenProcessPool, RuntimeError):
                self._reset()
                future = self._pool().submit(choose, turn)
            self.running += 1
            original, done = waiting.turn, waiting.done

            def finished(f: Future[str], original: BotTurn = original, done: Done = done) -> None:
                loop.call_soon_threadsafe(self._finished, original, f, done)
            future.add_done_callback(finished)

    def _finished(self, turn: BotTurn, future: Future[str], done: Done) -> None:
        self.running -= 1
        done(turn, future)
        self._pump()
