"""The bot interface shared by all games (part of the protocol; bots live in cardhall.bots).

A bot never sees the full state. It is handed an `Observation`: its seat, the seat's
`view`, the legal actions, and a sampler that deals a full state consistent with that view
(for search). Two states that look the same from the seat give the same observation.
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from cardhall.core.game import Action, Game, State


@dataclass(frozen=True)
class Observation:
    """Everything a bot may use to choose an action."""

    game: Game
    seat: int
    view: dict[str, Any]
    legal: list[Action]
    sample: Callable[[random.Random], State]

    @classmethod
    def of(cls, state: State, seat: int | None = None) -> Observation:
        if seat is None:
            seat = state.to_move()
            assert seat is not None, "no one is to move in a finished game"
        frozen = state.clone()  # the sampler must not see later changes to `state`
        return cls(state.game, seat, state.view(seat), state.legal_actions(),
                   lambda rng: frozen.sample(seat, rng))


class Bot(ABC):
    """A player program. `act` must depend only on the observation and the bot's own rng."""

    name: str = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    @abstractmethod
    def act(self, obs: Observation) -> Action:
        """The action to play; it must be one of `obs.legal`."""

    def reseed(self, seed: int) -> None:
        self.rng.seed(seed)

    def __repr__(self) -> str:
        return self.name


class RandomBot(Bot):
    """Plays a uniformly random legal action."""

    name = "random"

    def act(self, obs: Observation) -> Action:
        return self.rng.choice(obs.legal)

