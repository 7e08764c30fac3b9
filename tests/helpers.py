"""Helpers shared by the tests of every game."""

from __future__ import annotations

import random
from typing import Any

from cardhall.core.game import Game, State


def random_prefix(game: Game, seed: int, steps: int) -> Any:
    """The state after up to `steps` uniformly random actions from `game.new_state(seed)`
    (fewer if the game ends first); the random choices are seeded by `seed` too."""
    rng = random.Random(seed)
    state: State = game.new_state(seed)
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
    return state


def set_hands(state: State, changes: dict[int, int]) -> None:
    """Give seats new hands (card masks) in a trick-game state: `hands` reads a copy in
    engines that keep hands by suit, so the whole list is assigned back."""
    hands = list(state.hands)  # type: ignore[attr-defined]
    for seat, mask in changes.items():
        hands[seat] = mask
    state.hands = hands  # type: ignore[attr-defined]
