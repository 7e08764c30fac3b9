"""Errors a user can cause. Each message says what was wrong and what would be right."""

from __future__ import annotations


class CardhallError(Exception):
    """Base class of every error cardhall raises for bad input."""


class UnknownGame(CardhallError, KeyError):
    """A game name that is not registered."""

    def __str__(self) -> str:  # KeyError would quote the message
        return str(self.args[0]) if self.args else ""


class OptionError(CardhallError, ValueError):
    """An unknown option or a value outside its allowed range."""


class IllegalAction(CardhallError, ValueError):
    """An action that is not legal now; the state is left untouched."""


class NotationError(IllegalAction):
    """Action text that cannot be read as an action of this game."""


class RecordError(CardhallError, ValueError):
    """A game record that is malformed or does not replay."""


class StateFormatError(CardhallError, ValueError):
    """A JSON state that is malformed or inconsistent."""
