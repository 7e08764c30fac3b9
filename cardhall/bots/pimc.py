"""Determinized policy rollouts (PIMC with common random numbers), for every game.

Perfect-information Monte Carlo as GIB (Ginsberg 2001) and the Skat programs use it, with a
game's rollout policy in place of a perfect-information solver. For each move:

1. **Determinize**: draw full states consistent with the seat's view, `obs.sample(rng)`
   (hidden cards re-dealt, a fresh seed for future chance events), as many as the budget
   holds (`PIMCBot`: worlds, rollout steps, wall time);
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

import math
import random
import time

from cardhall.bots.ismcts import Evaluation, RolloutPolicy, random_rollout, search_deadline
from cardhall.core.bot import Bot, Observation
from cardhall.core.game import Action


class PIMCBot(Bot):
    """Flat Monte Carlo over determinizations with paired rollouts.

    Budget, whichever ends first (at least one world is always begun):

    - `worlds`: at most this many deals per move;
    - `steps`: at most this many rollout actions per move, counted over all the moves' rollouts
      of all worlds. A world costs about as many steps as the one before it, so the search
      stops *before* a world the budget cannot hold (predicted from the mean world so far).
      Deterministic like `worlds`, and it follows the cost of a move: a decision with many
      legal moves and a long way to go gets fewer worlds than a late one with two choices;
    - `seconds`: a wall-time cap, kept the same way: no world begins when the mean world so
      far would not end before the deadline (`search_deadline`: 90 % of the cap, the rest a
      margin for a loaded machine), and inside a world no rollout begins when the
      mean rollout so far would not (a loaded machine slows a move unevenly); a world cut
      short is dropped (its moves were not all tried on it), unless it is the first, whose
      tried moves are then compared alone.

    `horizon` cuts rollouts after that many actions from the root (None: to the end of the
    game); `rollout` picks rollout actions (default: uniformly random).
    """

    name = "pimc"
    clock = staticmethod(time.perf_counter)
    """The wall clock the `seconds` cap reads (a test may replace it)."""

    def __init__(
        self,
        seed: int = 0,
        *,
        worlds: int | None = 24,
        steps: int | None = None,
        seconds: float | None = None,
        horizon: int | None = None,
        evaluation: Evaluation | None = None,
        rollout: RolloutPolicy | None = None,
    ) -> None:
        super().__init__(seed)
        if worlds is None and steps is None and seconds is None:
            raise ValueError("a PIMC bot needs a budget: worlds, steps or seconds")
        self.worlds = worlds
        self.steps = steps
        self.seconds = seconds
        self.horizon = horizon
        self.evaluation = evaluation or Evaluation()
        self.rollout = rollout or random_rollout
        self.last_worlds = 0  # complete worlds searched for the last move (for reports)
        self.last_steps = 0  # rollout actions of those worlds

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        values = self.values(obs)
        return legal[max(range(len(legal)), key=values.__getitem__)]  # the first of equal bests

    def values(self, obs: Observation) -> list[float]:
        """The mean reward of each legal move (in `obs.legal` order) over the searched worlds
        (-inf for a move the cap left untried, which happens only when the first world is cut)."""
        rng = self.rng
        seat = obs.seat
        legal = obs.legal
        totals = [0.0] * len(legal)
        clock = self.clock
        start = clock()
        deadline = search_deadline(start, self.seconds)
        max_worlds = self.worlds if self.worlds is not None else 1 << 62
        max_steps = self.steps if self.steps is not None else 1 << 62
        horizon = self.horizon
        rollout = self.rollout
        rewards = self.evaluation.rewards
        w = steps = rollouts = 0
        while w < max_worlds:
            if w > 0:
                if steps + steps / w > max_steps:
                    break  # the next world would not fit in the step budget
                if deadline is not None:
                    now = clock()
                    if now + (now - start) / w > deadline:
                        break  # nor before the deadline
            world = obs.sample(rng)
            root_scores = self.evaluation.values(world)
            stream = rng.getrandbits(64)
            found: list[float] = []
            world_steps = 0
            for action in legal:
                if found and deadline is not None:
                    now = clock()
                    if now + (now - start) / rollouts > deadline:
                        break  # the mean rollout so far would not end before the deadline
                state = world.clone()
                state.apply_unchecked(action)
                r = random.Random(stream)  # the same continuation randomness for every move
                depth = 1
                while (horizon is None or depth < horizon) and state.to_move() is not None:
                    state.apply_unchecked(rollout(state, r))
                    depth += 1
                world_steps += depth
                rollouts += 1
                found.append(rewards(state, root_scores, state.to_move() is None)[seat])
            if len(found) < len(legal):  # cut by the deadline
                if w == 0:
                    self.last_worlds, self.last_steps = 0, world_steps
                    return found + [-math.inf] * (len(legal) - len(found))
                break
            w += 1
            steps += world_steps
            for i, value in enumerate(found):
                totals[i] += value
        self.last_worlds, self.last_steps = w, steps
        return [t / w for t in totals]
