"""Determinized policy rollouts (PIMC with common random numbers), for every game.

Perfect-information Monte Carlo as GIB (Ginsberg 2001) and the Skat programs use it, with a
game's rollout policy in place of a perfect-information solver. For each move:

1. **Determinize**: draw `worlds` full states consistent with the seat's view,
   `obs.sample(rng)` (hidden cards re-dealt, a fresh seed for future chance events);
2. in each world, try **every** legal move, and continue each with the same policy and
   the same random stream (common random numbers), to the game's end or a horizon;
3. score each end position with the game's `Evaluation` (the seat's reward in [0, 1]);
4. play the move with the best mean reward over the worlds.

Every move is judged on the same deals and the same continuations, so the comparison between
moves is paired: far less noisy per rollout than an IS-MCTS iteration, which tries one move
on one deal. Its known limits (strategy fusion: each world is played as if the cards were
seen) matter less in trick games, where it is the strongest simple method known. The bot
touches only `obs.sample`, `obs.legal` and `obs.seat`, so it cannot see more than its seat.
"""

from __future__ import annotations

import random
import time

from cardhall.bots.ismcts import Evaluation, RolloutPolicy, random_rollout
from cardhall.core.bot import Bot, Observation
from cardhall.core.game import Action


class PIMCBot(Bot):
    """Flat Monte Carlo over determinizations with paired rollouts.

    Budget: `worlds` deals per move, and/or `seconds` of wall time (at least one world is
    always searched). `horizon` cuts rollouts after that many actions from the root (None:
    to the end of the game); `rollout` picks rollout actions (default: uniformly random).
    """

    name = "pimc"

    def __init__(
        self,
        seed: int = 0,
        *,
        worlds: int | None = 24,
        seconds: float | None = None,
        horizon: int | None = None,
        evaluation: Evaluation | None = None,
        rollout: RolloutPolicy | None = None,
    ) -> None:
        super().__init__(seed)
        if worlds is None and seconds is None:
            raise ValueError("a PIMC bot needs a budget: worlds or seconds")
        self.worlds = worlds
        self.seconds = seconds
        self.horizon = horizon
        self.evaluation = evaluation or Evaluation()
        self.rollout = rollout or random_rollout
        self.last_worlds = 0  # worlds searched for the last move (for reports)

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        values = self.values(obs)
        return legal[max(range(len(legal)), key=values.__getitem__)]  # the first of equal bests

    def values(self, obs: Observation) -> list[float]:
        """The mean reward of each legal move (in `obs.legal` order) over the searched worlds."""
        rng = self.rng
        seat = obs.seat
        legal = obs.legal
        totals = [0.0] * len(legal)
        deadline = None if self.seconds is None else time.perf_counter() + self.seconds
        limit = self.worlds if self.worlds is not None else 1 << 62
        horizon = self.horizon
        rollout = self.rollout
        rewards = self.evaluation.rewards
        w = 0
        while w < limit:
            if deadline is not None and w > 0 and time.perf_counter() >= deadline:
                break
            w += 1
            world = obs.sample(rng)
            root_scores = self.evaluation.values(world)
            stream = rng.getrandbits(64)
            for i, action in enumerate(legal):
                state = world.clone()
                state.apply_unchecked(action)
                r = random.Random(stream)  # the same continuation randomness for every move
                depth = 1
                while (horizon is None or depth < horizon) and state.to_move() is not None:
                    state.apply_unchecked(rollout(state, r))
                    depth += 1
                totals[i] += rewards(state, root_scores, state.to_move() is None)[seat]
        self.last_worlds = w
        return [t / w for t in totals]
