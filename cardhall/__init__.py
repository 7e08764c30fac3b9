"""cardhall — an open-source card room: 5 Towers, Clash of Decks, Jass and Putz, Hearts, 3-2-5.

    import cardhall
    game = cardhall.load("five-towers", players=3)
    state = game.new_state(seed=7)
    state.apply(state.legal_actions()[0])
"""

import cardhall.games  # noqa: F401  (registers the games)
from cardhall.core import (
    CardhallError,
    Game,
    IllegalAction,
    NotationError,
    OptionError,
    Record,
    RecordError,
    State,
    StateFormatError,
    UnknownGame,
    game_names,
    load,
)

__version__ = "0.1.0"
__all__ = [
    "CardhallError", "Game", "IllegalAction", "NotationError", "OptionError", "Record",
    "RecordError", "State", "StateFormatError", "UnknownGame", "game_names", "load",
]
