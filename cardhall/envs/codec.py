"""Action codecs: every game action as a short sequence of tokens from a fixed `Discrete(n)`.

Games whose actions are single choices (a card, a trump, a bid) use one token per action.
5 Towers' builds and Clash of Decks' casts are combinations; their codecs spell an action
as a fixed-order sequence of tokens (a *factored decision*): the agent chooses one token
per step, the mask allowing only tokens that still lead to a legal action, and the action
is played when its last token is chosen. Each legal action has exactly one spelling, so
decoding is a walk down the tree of the legal actions' spellings.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import Any

from cardhall.core.game import Action


class Codec(ABC):
    """Spells actions as tokens 0 … n − 1."""

    n: int
    max_tokens: int = 1
    """The longest spelling; a decision takes at most this many steps."""
    token_names: Sequence[str]
    """What each token means, for docs and debugging."""

    @abstractmethod
    def encode(self, action: Action, view: dict[str, Any]) -> tuple[int, ...]:
        """The tokens of `action`, given the acting seat's view."""


class TableCodec(Codec):
    """One token per action, from a fixed list of every action the game has."""

    def __init__(self, actions: Sequence[Action], names: Sequence[str]) -> None:
        self.actions = list(actions)
        self.index = {a: i for i, a in enumerate(self.actions)}
        self.n = len(self.actions)
        self.token_names = list(names)

    def encode(self, action: Action, view: dict[str, Any]) -> tuple[int, ...]:
        return (self.index[action],)


def decode(legal: Sequence[Action], spellings: Sequence[tuple[int, ...]], tokens: Sequence[int]) -> Action | None:
    """The legal action spelled by `tokens`, or None if `tokens` is only a prefix of some."""
    found = [a for a, sp in zip(legal, spellings, strict=True) if sp[: len(tokens)] == tuple(tokens)]
    if not found:
        raise ValueError(f"no legal action is spelled {list(tokens)}")
    for a, sp in zip(legal, spellings, strict=True):
        if sp == tuple(tokens):
            return a
    return None
