"""Information-set Monte Carlo tree search (single-observer IS-MCTS), for every game.

Cowling, Powley & Whitehouse, "Information Set Monte Carlo Tree Search", IEEE TCIAIG 4(2),
2012. The bot keeps ONE tree whose nodes are the bot's information sets (sequences of
actions seen from its seat). Each iteration:

1. **Determinize**: draw a full state consistent with what the bot knows, `obs.sample(rng)`
   (hidden cards re-dealt, a fresh seed for the future chance events);
2. **Select** down the tree with UCB1 restricted to the actions legal in this determinization,
   where a child's exploration term uses its *availability* count (how often it was legal
   when its parent was visited) instead of the parent's visit count;
3. **Expand** one untried legal action;
4. **Roll out** with a cheap policy (uniformly random by default, or the game's heuristic)
   to the end of the game or to a horizon;
5. **Back up** a reward vector with one entry per seat; each node is judged by the reward of
   the seat that moved into it, so one tree serves 2 to 5 players (and solo games).

The move played is the root child visited most. With an iteration budget and a fixed seed
the choice is deterministic; the bot only ever touches `obs.sample`, `obs.legal` and
`obs.seat`, so it cannot see more than its seat may know.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from cardhall.core.bot import Bot, Observation
from cardhall.core.game import Action, State

RolloutPolicy = Callable[[State, random.Random], Action]
"""Picks the next action of a (determinized) state during rollouts."""


def random_rollout(state: State, rng: random.Random) -> Action:
    """The default rollout policy: a uniformly random legal action."""
    legal = state.legal_actions()
    return legal[int(rng.random() * len(legal))]


@dataclass(frozen=True)
class Evaluation:
    """How a position at the end of a rollout is turned into rewards in [0, 1] per seat.

    - At the end of the game: `win_weight` × the seat's share of the win (1/k for k tied
      winners) + (1 − `win_weight`) × its score term.
    - Cut off at the horizon: the score term alone.

    The score term compares what each seat gained since the root with the mean gain of the
    others, in units of `scale` points, squashed into [0, 1] by tanh; `sign` = −1 for games
    where fewer points are better (Hearts).
    """

    win_weight: float = 1.0
    scale: float = 10.0
    sign: int = 1
    value: Callable[[State], Sequence[float]] | None = None
    """A game's position value per seat (its bot module's `position_values`), compared in
    place of the scores, so a rollout cut at the horizon also counts what is built but not
    yet scored (5 Towers); None: the scores."""

    def values(self, state: State) -> Sequence[float]:
        """What the score term compares: the position values, or the scores."""
        return state.scores() if self.value is None else self.value(state)

    def rewards(self, state: State, root_scores: Sequence[float], over: bool) -> list[float]:
        scores = self.values(state)
        n = len(scores)
        gains = [self.sign * (scores[i] - root_scores[i]) for i in range(n)]
        total = sum(gains)
        if n > 1:
            score_term = [0.5 + 0.5 * math.tanh((g - (total - g) / (n - 1)) / self.scale) for g in gains]
        else:
            score_term = [0.5 + 0.5 * math.tanh(gains[0] / self.scale)]
        if not over:
            return score_term
        winners = state.winners()
        share = 1.0 / len(winners) if winners else 0.0
        win = [0.0] * n
        for w in winners:
            win[w] = share
        ww = self.win_weight
        return [ww * win[i] + (1.0 - ww) * score_term[i] for i in range(n)]


class Node:
    """An information-set node: statistics of the action that leads into it."""

    __slots__ = ("avail", "children", "mover", "reward", "visits")

    def __init__(self, mover: int) -> None:
        self.mover = mover  # the seat that chose the action leading here
        self.visits = 0
        self.avail = 1
        self.reward = 0.0  # summed reward of `mover`
        self.children: dict[Action, Node] = {}


CAP_SHARE = 0.9
"""The share of a `seconds` cap a search plans to use. The rest is the margin for what the
search cannot foresee: an uneven last iteration or rollout, and a loaded machine that takes
the core away mid-rollout (at a load of 4–5 on 2 cores, moves planned to the whole 1.5 s
ended up to 0.07 s late)."""


def search_deadline(start: float, seconds: float | None) -> float | None:
    """When a search that began at `start` with a cap of `seconds` stops beginning new work."""
    return None if seconds is None else start + CAP_SHARE * seconds


class ISMCTSBot(Bot):
    """Single-observer IS-MCTS. Budget: `iterations` per move, and/or `seconds` per move.

    `iterations` alone is deterministic for a given seed. `seconds` stops the search within
    that much wall time (whichever budget ends first; no iteration begins that the mean one so
    far says would end after `search_deadline`, 90 % of the cap), so it trades determinism for
    a time guarantee.
    `horizon` cuts rollouts after that many actions from the root (None: to the end of the
    game); `rollout` picks rollout actions (default: uniformly random).
    """

    name = "ismcts"
    clock = staticmethod(time.perf_counter)
    """The wall clock the `seconds` cap reads (a test may replace it)."""

    def __init__(
        self,
        seed: int = 0,
        *,
        iterations: int | None = 1000,
        seconds: float | None = None,
        exploration: float = 0.7,
        horizon: int | None = None,
        evaluation: Evaluation | None = None,
        rollout: RolloutPolicy | None = None,
    ) -> None:
        super().__init__(seed)
        if iterations is None and seconds is None:
            raise ValueError("an IS-MCTS bot needs a budget: iterations or seconds")
        self.iterations = iterations
        self.seconds = seconds
        self.exploration = exploration
        self.horizon = horizon
        self.evaluation = evaluation or Evaluation()
        self.rollout = rollout or random_rollout
        self.last_iterations = 0  # iterations run for the last move (for reports)

    def act(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        root = self.search(obs)
        best = max(obs.legal, key=lambda a: (root.children[a].visits if a in root.children else -1))
        return best

    def search(self, obs: Observation) -> Node:
        """Run the search; return the root whose children hold the statistics."""
        rng = self.rng
        root = Node(obs.seat)
        limit = self.iterations if self.iterations is not None else 1 << 62
        c = self.exploration
        horizon = self.horizon
        rollout = self.rollout
        evaluation = self.evaluation
        start = self.clock()
        deadline = search_deadline(start, self.seconds)
        i = 0
        while i < limit:
            if deadline is not None and i > 0:
                now = self.clock()
                if now + (now - start) / i > deadline:
                    break  # the mean iteration so far would not end before the deadline
            i += 1
            state = obs.sample(rng)
            root_scores = evaluation.values(state)
            path = self._descend(state, root, rng, c)
            depth = len(path) - 1
            # --- rollout ---
            while (horizon is None or depth < horizon) and state.to_move() is not None:
                state.apply_unchecked(rollout(state, rng))
                depth += 1
            rewards = evaluation.rewards(state, root_scores, state.to_move() is None)
            # --- backpropagation ---
            for n in path:
                n.visits += 1
                n.reward += rewards[n.mover]
        self.last_iterations = i
        return root

    @staticmethod
    def _descend(state: State, root: Node, rng: random.Random, c: float) -> list[Node]:
        """Selection and expansion: from the root, follow the child of the highest UCB (counting
        each legal move's availability, as ISMCTS does) while every legal move has a child, then
        add one untried move's child; `state` is moved along. The path from the root."""
        log = math.log
        sqrt = math.sqrt
        node = root
        path = [root]
        while True:
            mover = state.to_move()
            if mover is None:
                return path
            legal = state.legal_actions()
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                for a in legal:
                    if a in children:
                        children[a].avail += 1
                action = untried[int(rng.random() * len(untried))]
                child = children[action] = Node(mover)
                state.apply_unchecked(action)
                path.append(child)
                return path
            best_value = -1.0
            best_action = legal[0]
            for a in legal:
                ch = children[a]
                ch.avail += 1
                value = ch.reward / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                if value > best_value:
                    best_value = value
                    best_action = a
            state.apply_unchecked(best_action)
            node = children[best_action]
            path.append(node)
