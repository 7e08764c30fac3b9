"""What the environments know of each game: its action codec and its observation encoder.

Each game module reads the view's keys in one small function (`read`), so a renamed key
is fixed in one place; the encoder then works on the named fields it returns.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from importlib import import_module
from typing import Any

import numpy as np

from cardhall.core.game import Game
from cardhall.envs.codec import Codec
from cardhall.envs.layout import Layout

_MODULES = {
    "five-towers": "five_towers",
    "hearts": "hearts",
    "jass": "jass",
    "putz": "jass",
    "three-two-five": "three_two_five",
    "clash-of-decks": "clash_of_decks",
}


class EnvSpec(ABC):
    """A game's codec, observation layout and reward facts."""

    multi_deal: bool = False
    """Whether a game is several deals (then `reward="deal"` is offered)."""
    lower_is_better: bool = False
    """Whether a lower score is better (Hearts)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.players = game.num_players
        self.layout = Layout()
        self.codec = self._codec()
        self._declare()

    @abstractmethod
    def _codec(self) -> Codec: ...

    @abstractmethod
    def _declare(self) -> None:
        """Declare the observation's blocks in `self.layout` (keeping their offsets)."""

    @abstractmethod
    def encode(self, view: dict[str, Any], out: np.ndarray) -> None:
        """Write the features of `view` (one seat's view) into the zeroed vector `out`."""

    def deal(self, view: dict[str, Any]) -> int:
        """The number of deals finished, as the view shows it (multi-deal games)."""
        return 0


def spec_for(game: Game) -> EnvSpec:
    module = import_module(f"cardhall.envs.games.{_MODULES[game.name]}")
    spec: EnvSpec = module.Spec(game)
    return spec
