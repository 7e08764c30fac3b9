"""Bots at a live table: when they think and when their move is published.

- A bot's turn is thought about in the room's process pool through its scheduler
  (`room.scheduler`: people's tables first, every table in turn); the answer comes back to the
  actor as one more job, which the table ignores if the game moved on.
- Bot pacing (`Room.bot_pace`): where a person sits or watches, a bot's answer waits until the
  pace has passed since the table's previous change; a person's move is never held back, and a
  table of bots nobody watches runs at full speed.
- Bots paced to the listener (`hearing`): a seated person whose page says it is still saying the
  last change's lines (their words at the person's reading rate, or the browser's voice) holds
  the table's bots until it has, at most `HEAR_MAX` after that change (`Room.hear_max`; none
  where the room's `bot_pace` is 0); until such a page has told of the newest change, the bots
  wait for it (within the same bound). Nothing of it is stored: it only delays bots.
- A bot that fails or answers an illegal move is replaced for that move by a seeded random
  legal move (logged), so a table never stalls on a bot.
"""

from __future__ import annotations

import asyncio
import logging
import random
import time
from collections import Counter
from collections.abc import Awaitable, Callable
from concurrent.futures import Future
from concurrent.futures.process import BrokenProcessPool
from typing import TYPE_CHECKING

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import Plural
from cardhall.room import metrics
from cardhall.room.bots import BotTurn
from cardhall.room.errors import TableError
from cardhall.room.front import TableFront
from cardhall.room.jobs import Command, Job
from cardhall.room.table import SLOW_PACE, Change

log = logging.getLogger("cardhall.room")

HEAR_MAX = 8.0
"""The longest a listener holds a table's bots after one change (seconds): a page that says it
is still hearing, or has not told of the change yet, never stalls the table longer."""

BOT_PACE = 0.8
"""`cardhall serve`'s default bot pace (seconds): at a table where a person sits or watches, a
bot's move is published no sooner than this after the table's previous change, so people (and
screen readers) can follow; a `Room` made in code (tests, tools) does not pace unless told."""


MAX_PACE = 10.0


def check_pace(seconds: float) -> float:
    """A bot pace: 0 (bots move at once) to 10 seconds."""
    if not isinstance(seconds, int | float) or not 0 <= seconds <= MAX_PACE:
        raise CardhallError(Plural("the bot pace is 0 to {count} second (0: bots move at once), got {value}",
                                   "the bot pace is 0 to {count} seconds (0: bots move at once), got {value}",
                                   count=MAX_PACE, value=repr(seconds)))
    return float(seconds)


class BotPacing(TableFront):
    """The bot side of `actor.TableActor`: scheduling a bot's thought, and holding its answer
    for the pace and for the listeners."""

    connections: Counter[str]
    _queue: asyncio.Queue[Job]
    _thinking: tuple[int, int] | None
    _trouble: str | None
    _last_change: float
    _hearing: dict[str, tuple[int, float]]
    _held: list[tuple[asyncio.TimerHandle, Callable[[], Awaitable[None]]]]

    if TYPE_CHECKING:
        async def _apply(self, fn: Command) -> list[Change]:
            """The actor's commit (`TableActor._apply`)."""

    def hearing(self, player: str, version: int, seconds: float, listening: bool) -> None:
        """`player`'s page will have said the lines of `version` in `seconds` (`listening` false:
        they no longer hold the bots). Only a seated person holds them; a held bot move is looked
        at again at once (`_bot_done` waits again for what is left)."""
        if not listening or self.table.seat_of(player) is None:
            self._hearing.pop(player, None)
        else:
            self._hearing[player] = (version, time.monotonic() + seconds)
        held, self._held = self._held, []
        for handle, run in held:
            handle.cancel()
            self._queue.put_nowait(Job(run, None))

    def heard_by(self) -> float:
        """When (time.monotonic) every connected listener will have heard the table's last
        change: a page that told of it says when; one that has not told of it yet is waited for.
        Never later than the room's `hear_max` after that change (0.0: nobody holds the bots)."""
        limit = self.room.hear_max
        if limit <= 0:
            return 0.0
        bound = self._last_change + limit
        until = 0.0
        for player, (version, heard) in self._hearing.items():
            if self.connections[player]:
                until = max(until, bound if version < self.table.version else min(heard, bound))
        return until

    def _hold(self, wait: float, run: Callable[[], Awaitable[None]]) -> None:
        """Run `run` in the actor after `wait` seconds, or sooner when a listener's page speaks."""
        def release() -> None:
            self._held = [h for h in self._held if h[1] is not run]
            self._queue.put_nowait(Job(run, None))
        self._held.append((asyncio.get_running_loop().call_later(wait, release), run))

    def _schedule_bot(self) -> None:
        if self._trouble is not None:  # bots think again once the table has recovered
            return
        turn = self.table.bot_turn()
        if turn is None:
            self._thinking = None
            return
        if (turn.seat, turn.move) == self._thinking:
            return
        self._thinking = (turn.seat, turn.move)
        self._think(turn)

    def _think(self, turn: BotTurn) -> None:
        """Ask the room's scheduler for the bot's move (people's tables first, every table in turn)."""
        asked = time.perf_counter()

        def answered(turn: BotTurn, future: Future[str]) -> None:
            metrics.thought(time.perf_counter() - asked)
            self._queue.put_nowait(Job(lambda: self._bot_done(turn, future), None))
        self.room.bots.submit(self.table.id, turn, self.watched(), answered)

    def watched(self) -> bool:
        """Whether a person sits here or somebody watches (here, or a player on another node)."""
        return bool(self.subscribers or self.connections) or any(s.kind == "person" for s in self.table.seats)

    def pace(self) -> float:
        """How long a bot's move waits after the table's previous change: the room's
        `bot_pace` where a person sits or somebody watches (here, or a player on another
        node), else 0; the table's own pace (`Policy.pace`) makes it none or slow."""
        if not self.watched() or self.table.policy.pace == "none":
            return 0.0
        return max(SLOW_PACE, self.room.bot_pace) if self.table.policy.pace == "slow" else self.room.bot_pace

    async def _bot_done(self, turn: BotTurn, future: Future[str]) -> None:
        """Play the bot's choice, once the pace has passed since the previous change and every
        listener has heard it (`heard_by`); until then the answer waits outside the actor, which
        goes on with other commands. A bot
        that fails or answers an illegal move is replaced for this move by a seeded random
        legal move (logged), so a table never stalls on a bot."""
        wait = max(self._last_change + self.pace(), self.heard_by()) - time.monotonic()
        if wait > 0:
            self._hold(wait, lambda: self._bot_done(turn, future))
            return
        self._thinking = None
        try:
            text = future.result()
        except Exception as exc:
            metrics.error("bot")
            log.error("table %s: bot %s failed at move %d (%s); a random legal move is played",
                      self.table.id, turn.spec, turn.move, exc)
            if isinstance(exc, BrokenProcessPool):
                self.room.reset_bot_pool()
            text = self._random_move(turn)
        try:
            await self._apply(lambda table, now: table.bot_act(turn.seat, text, turn.move, now))
        except TableError as exc:
            log.error("table %s: %s; a random legal move is played", self.table.id, exc)
            fallback = self._random_move(turn)
            await self._apply(lambda table, now: table.bot_act(turn.seat, fallback, turn.move, now))

    def _random_move(self, turn: BotTurn) -> str:
        state = self.table.state
        if len(state.actions) != turn.move or state.is_over():
            return ""  # the game moved on: bot_act ignores this answer
        return state.game.format_action(random.Random(turn.seed).choice(state.legal_actions()))

