"""A careless player: the game's heuristic bot that, now and then, plays without thinking.

Each move it plays a uniformly random legal move with probability `blunder`, and the
heuristic's move otherwise; so it sits between `random` (blunder 1) and the heuristic
(blunder 0), and the blunder rate places it on that line. It is the `easy` level of every
game (`cardhall.core.plugins.trick_levels`, docs/bots.md): instant, and deterministic for a
seed whatever the machine's load, where a search cut by a wall-time cap is not.
"""

from __future__ import annotations

from cardhall.core.bot import Bot, Observation
from cardhall.core.errors import CardhallError
from cardhall.core.game import Action


class CarelessBot(Bot):
    """`base`'s move, or with probability `blunder` a random legal one (drawn from the seed)."""

    name = "careless"

    def __init__(self, seed: int, base: Bot, blunder: float) -> None:
        super().__init__(seed)
        if not 0.0 <= blunder <= 1.0:
            raise CardhallError(f"bot parameter blunder must be a probability from 0 to 1, got {blunder}")
        self.base = base
        self.blunder = blunder

    def act(self, obs: Observation) -> Action:
        if self.rng.random() < self.blunder:
            return self.rng.choice(obs.legal)
        return self.base.act(obs)
