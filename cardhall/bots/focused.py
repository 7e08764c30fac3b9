"""Focused search: PIMC on the decisions a game marks as worth it, the game's own bot elsewhere.

A game declares the bot as its `focus` plug-in (`cardhall.core.plugins.Plugins`): a Bot
built as ``Cls(seed)`` with ``searches(obs)`` (is this decision searched?), ``values(state)``
(each seat's position value) and ``rollout(state, rng)`` (its move in a sampled state).
5 Towers' `hard` is one: its bids depend on the hidden draw pile and the other players, so
they are searched; a build uses only what the seat sees, which its card-counting bot values.
The search stays here, in the bots layer; the game provides only its own parts.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Protocol

from cardhall.bots.ismcts import Evaluation
from cardhall.bots.pimc import PIMCBot
from cardhall.core.bot import Bot, Observation
from cardhall.core.game import Action, State


class FocusBot(Protocol):
    """What a game's `focus` plug-in provides (see the module docstring)."""

    def act(self, obs: Observation) -> Action: ...

    def searches(self, obs: Observation) -> bool: ...

    def values(self, state: State) -> Sequence[float]: ...

    def rollout(self, state: State, rng: random.Random) -> Action: ...


class FocusedSearchBot(Bot):
    """PIMC (`cardhall.bots.pimc`) on the decisions `base.searches` picks, each tried on `worlds`
    sampled deals and continued by `base.rollout` at every seat for `horizon` actions, judged by
    `evaluation` on `base.values`; `base` plays every other decision."""

    name = "focused"

    def __init__(self, seed: int, base: FocusBot, *, worlds: int | None = 24, horizon: int | None = 12,
                 seconds: float | None = 1.5, evaluation: Evaluation | None = None) -> None:
        super().__init__(seed)
        self.base = base
        self.search = PIMCBot(seed, worlds=worlds, seconds=seconds, horizon=horizon,
                              evaluation=replace(evaluation or Evaluation(), value=base.values), rollout=base.rollout)

    def act(self, obs: Observation) -> Action:
        if len(obs.legal) > 1 and self.base.searches(obs):
            return self.search.act(obs)
        return self.base.act(obs)
