"""PIMC's budgets: the wall-time cap holds (a fake clock, no timing), and the step budget
stops before a world it cannot hold, deterministically."""

from __future__ import annotations

import math
import random

import pytest

import cardhall
from cardhall.bots import make_bot
from cardhall.bots.ismcts import CAP_SHARE, random_rollout
from cardhall.bots.pimc import PIMCBot
from cardhall.core.bot import Observation
from cardhall.core.errors import CardhallError
from cardhall.core.game import Action, State
from tests.bots.helpers import present_game, random_position


class FakeClock:
    """A clock that moves only when a rollout action is simulated: `cost(now)` seconds each."""

    def __init__(self, cost: float = 0.001) -> None:
        self.now = 0.0
        self.cost = cost
        self.heavy_after: float | None = None  # from then on each action costs 50 times more

    def __call__(self) -> float:
        return self.now

    def policy(self, state: State, rng: random.Random) -> Action:
        heavy = self.heavy_after is not None and self.now >= self.heavy_after
        self.now += self.cost * (50 if heavy else 1)
        return random_rollout(state, rng)


def position() -> Observation:
    game = present_game("hearts")
    state = random_position(cardhall.load(game.name, target=1), 4, 10)
    assert len(state.legal_actions()) >= 3
    return Observation.of(state)


def capped_bot(clock: FakeClock, seconds: float, worlds: int | None = None) -> PIMCBot:
    bot = PIMCBot(3, worlds=worlds, seconds=seconds, horizon=12, rollout=clock.policy)
    bot.clock = clock
    return bot


def test_the_cap_stops_before_a_world_that_would_not_fit() -> None:
    """Worlds of equal cost: the search begins no world it cannot end by the deadline, so it
    ends before it (the old check, between worlds only, began one more and overran). The
    deadline is `CAP_SHARE` of the cap: the rest is the margin for a loaded machine."""
    obs = position()
    clock = FakeClock()
    bot = capped_bot(clock, seconds=1.0)
    bot.values(obs)
    world = 11 * clock.cost * len(obs.legal)  # 11 policy actions after each tried move
    assert bot.last_worlds == math.floor(CAP_SHARE / world) >= 2
    assert CAP_SHARE - world < clock.now <= CAP_SHARE < 1.0


def test_a_world_cut_by_the_deadline_is_dropped() -> None:
    """When worlds suddenly cost far more (a loaded machine), the deadline is checked between
    the moves' rollouts: the search stops within one (unforeseen) rollout of the deadline and
    the values are those of the complete worlds alone, exactly as a search of that many worlds."""
    obs = position()
    clock = FakeClock()
    clock.heavy_after = 0.5
    bot = capped_bot(clock, seconds=1.0)
    values = bot.values(obs)
    rollout = 11 * clock.cost * 50
    assert clock.now <= 1.0 + rollout
    twin = PIMCBot(3, worlds=bot.last_worlds, horizon=12, rollout=FakeClock().policy)
    assert twin.values(obs) == values  # the same worlds, the same streams, the cut world left out


def test_a_first_world_cut_compares_the_moves_it_tried() -> None:
    """If even the first world cannot end by the deadline, the moves tried in it are compared
    and the untried ones are never chosen; no rollout begins that the mean one says would
    end after the deadline."""
    obs = position()
    clock = FakeClock(cost=0.05)
    bot = capped_bot(clock, seconds=1.0)
    values = bot.values(obs)
    tried = [v for v in values if v > -math.inf]
    assert 1 <= len(tried) < len(obs.legal) and bot.last_worlds == 0
    assert clock.now <= 1.0
    clock.now = 0.0
    assert bot.act(obs) in obs.legal[: len(tried)]


def test_the_step_budget_is_deterministic_and_follows_the_cost_of_a_move() -> None:
    """`steps` counts rollout actions: the search stops before the world that would pass the
    budget, the same for the same seed; a move with more choices gets fewer worlds."""
    game = cardhall.load("hearts", target=1)
    early = Observation.of(random_position(game, 4, 4))
    late_state = random_position(game, 4, 44)
    late = Observation.of(late_state)
    assert len(early.legal) > len(late.legal) >= 2
    a, b, c = (make_bot(game, "pimc:steps=3000:rollout=heuristic", 9) for _ in range(3))
    assert isinstance(a, PIMCBot) and isinstance(b, PIMCBot) and isinstance(c, PIMCBot)
    assert a.values(early) == b.values(early)
    assert a.last_worlds >= 1 and a.last_steps <= 3000 < a.last_steps + a.last_steps / a.last_worlds
    c.values(late)
    assert c.last_worlds > a.last_worlds


def test_step_budget_specs() -> None:
    """`steps` alone is a budget; `steps` with `worlds` stops at whichever ends first; a bad
    value is a clear error."""
    game = cardhall.load("hearts")
    bot = make_bot(game, "pimc:steps=500", 1)
    assert isinstance(bot, PIMCBot) and bot.worlds is None and bot.steps == 500
    both = make_bot(game, "hard:steps=500", 1)
    assert isinstance(both, PIMCBot) and both.worlds is not None and both.steps == 500
    with pytest.raises(CardhallError, match="bad value '-3' for bot parameter steps"):
        make_bot(game, "pimc:steps=-3")


def test_ismcts_begins_no_iteration_that_would_end_after_the_deadline() -> None:
    """IS-MCTS keeps its cap the same way: iterations of equal cost stop before the deadline."""
    from cardhall.bots.ismcts import ISMCTSBot

    obs = position()
    clock = FakeClock(cost=0.01)
    bot = ISMCTSBot(3, iterations=None, seconds=1.0, horizon=12, rollout=clock.policy)
    bot.clock = clock
    bot.act(obs)
    assert bot.last_iterations >= 2 and clock.now <= CAP_SHARE
