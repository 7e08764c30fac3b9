"""The game-agnostic kernel: the Game/State protocol, options, seeded randomness, records,
French-suited card sets, errors and the registry."""

from cardhall.core.errors import (
    CardhallError,
    IllegalAction,
    NotationError,
    OptionError,
    RecordError,
    StateFormatError,
    UnknownGame,
)
from cardhall.core.game import Action, Event, Game, State, Viewer
from cardhall.core.options import Option
from cardhall.core.record import Record
from cardhall.core.registry import canonical_name, game_names, load, register

__all__ = [
    "Action", "CardhallError", "Event", "Game", "IllegalAction", "NotationError", "Option",
    "OptionError", "Record", "RecordError", "State", "StateFormatError", "UnknownGame", "Viewer",
    "canonical_name", "game_names", "load", "register",
]
