"""The observation vector's layout: named blocks, each documented, written by index.

Every game's encoder declares its blocks once (name, size, meaning); the offsets, the
vector's length and the table in docs/envs.md all come from that one declaration.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

import numpy as np


@dataclass(frozen=True)
class Block:
    name: str
    size: int
    doc: str
    start: int


@dataclass
class Layout:
    """Blocks laid end to end in one float32 vector."""

    blocks: list[Block] = field(default_factory=list)
    size: int = 0

    def add(self, name: str, size: int, doc: str) -> int:
        """Declare a block; return its offset."""
        self.blocks.append(Block(name, size, doc, self.size))
        self.size += size
        return self.size - size

    def new(self) -> np.ndarray:
        return np.zeros(self.size, dtype=np.float32)

    def rows(self) -> list[tuple[str, int, str]]:
        return [(b.name, b.size, b.doc) for b in self.blocks]


def rel(seat: int, me: int, players: int) -> int:
    """A seat counted from `me` clockwise: 0 is me, 1 the next seat, …"""
    return (seat - me) % players


def put_cards(out: np.ndarray, at: int, index: dict[str, int], cards: Iterable[str | None]) -> None:
    """Mark each known card (`None` is an unknown card and is skipped)."""
    for c in cards:
        if c is not None:
            out[at + index[c]] = 1.0


def put_seats(out: np.ndarray, at: int, values: Sequence[float], me: int, scale: float) -> None:
    """Per-seat numbers, rotated so that my own comes first, divided by `scale`."""
    n = len(values)
    out[at:at + n] = [values[(me + k) % n] / scale for k in range(n)]


def card_index(cards: Iterable[int]) -> dict[str, int]:
    """Card notation ('QS') -> position in a game's deck order."""
    from cardhall.core.cards import format_card

    return {format_card(c): i for i, c in enumerate(cards)}
