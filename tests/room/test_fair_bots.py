"""Fair bots under load: the scheduler gives the pool no more than its workers, people's tables
first and every table in turn, and shortens `hard` searches while tables queue; in a room with
one worker busy with tables of `hard` bots, a bot at a people's table still moves promptly.
Bounded in time and count."""

from __future__ import annotations

import asyncio
import time
from concurrent.futures import Future
from pathlib import Path
from typing import Any

from cardhall.room.bots import BotTurn
from cardhall.room.commands import Act, Start
from cardhall.room.registry import Room
from cardhall.room.scheduler import SHORT_SECONDS, BotScheduler


class FakePool:
    """A pool whose futures the test completes by hand, in the order it chooses."""

    def __init__(self) -> None:
        self.started: list[tuple[BotTurn, Future[str]]] = []

    def submit(self, fn: Any, turn: BotTurn) -> Future[str]:
        future: Future[str] = Future()
        self.started.append((turn, future))
        return future


def turn(spec: str, move: int = 0) -> BotTurn:
    return BotTurn(0, spec, move, 1, {})


def test_people_first_every_table_in_turn_and_hard_shortened_under_load() -> None:
    async def go() -> None:
        pool = FakePool()
        answered: list[str] = []
        scheduler = BotScheduler(lambda: pool, lambda: None, workers=1)  # type: ignore[arg-type, return-value]

        def done(name: str) -> Any:
            return lambda t, f: answered.append(name)

        for name in ("bots1", "bots2", "bots3"):
            scheduler.submit(name, turn("hard"), False, done(name))
        scheduler.submit("people", turn("random"), True, done("people"))
        scheduler.submit("bots2", turn("hard", 1), False, done("bots2"))  # a newer turn replaces the waiting one
        assert [t.spec for t, _ in pool.started] == ["hard"]  # one worker: one at a time (bots1, alone then)
        order = []
        for _ in range(4):
            _, future = pool.started[-1]
            future.set_result("x")
            await asyncio.sleep(0.01)
            order.append(answered[-1])
        assert order == ["bots1", "people", "bots3", "bots2"]  # people first, then the longest waiting
        assert pool.started[1][0].spec == "random"
        assert pool.started[2][0].spec == f"hard:seconds={SHORT_SECONDS:g}"  # two tables still waited for one worker
        assert pool.started[3][0] == turn("hard", 1)  # alone again: the full search
        assert scheduler.shortened == 1 and scheduler.running == 0 and not scheduler.waiting

    asyncio.run(go())


def test_a_bot_at_a_peoples_table_moves_promptly_while_hard_bots_fill_the_pool(tmp_path: Path) -> None:
    """One worker, four tables of `hard` bots thinking, and a table where Ann sits with two random
    bots: each of their moves waits at most for the move being thought (a shortened search),
    never for the queue of hard bots (measured at load average 10: 0.8–0.9 s a round; before the
    scheduler, 5.6 s: each hard table ahead of it thought its full move first)."""
    async def go() -> float:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        try:
            host = await room.new_player("Host")
            hard = []
            for _ in range(4):
                bots = await room.create_table(host, "hearts", {"target": 1000}, ["bot:hard"] * 4)
                await bots.run(Start(player=host))
                hard.append(bots)
            warm = time.monotonic() + 90  # the pool's worker starts first (seconds on a loaded machine)
            while sum(len(b.table.state.actions) for b in hard) < 2 and time.monotonic() < warm:
                await asyncio.sleep(0.05)
            ann = await room.new_player("Ann")
            people = await room.create_table(ann, "three-two-five", {"deals": 99},
                                             ["me", "bot:random", "bot:random"])
            await people.run(Start(player=ann))
            slowest, seen = 0.0, 0
            end = time.monotonic() + 30
            while seen < 6 and time.monotonic() < end:
                table = people.table
                if table.state.to_move() == 0:  # Ann's turn: play her first legal move
                    notation = table.game.format_action(table.state.legal_actions()[0])
                    await people.run(Act(player=ann, action=notation, version=None))
                    asked, moves = time.monotonic(), len(people.table.state.actions)
                    # the bots' moves after Ann's: until it is her turn again (or the game ends);
                    # a round counts where bots moved (Ann may also move twice in a row)
                    while people.table.state.to_move() not in (0, None) and time.monotonic() < end:
                        await asyncio.sleep(0.01)
                    if len(people.table.state.actions) > moves:
                        slowest, seen = max(slowest, time.monotonic() - asked), seen + 1
                else:
                    await asyncio.sleep(0.01)
            assert seen >= 3, f"only {seen} rounds of the people's table in 30 s"
            assert room.bots.shortened > 0
            return slowest
        finally:
            await room.close()

    slowest = asyncio.run(go())
    assert slowest < 3.0, f"the bots of a people's table took {slowest:.1f} s for one round"
