"""The encoding map between cardhall Jass and HSLU's jass-kit (used by the bench and tests).

jass-kit numbers cards 0–35 as D H S C, each A K Q J 10 9 8 7 6; trumps D H S C = 0–3;
seats N E S W = 0–3 with play running N → W → S → E (``next_player = [3, 0, 1, 2]``) and
the forehand ``next_player[dealer]``. Our seats run clockwise 0 → 1 → 2 → 3, so our seat
s is jass-kit seat ``-s mod 4``: the next player in ours is the next player in theirs, and
the map keeps partners opposite (our team of seats 0, 2 is their North–South).
"""

from __future__ import annotations

from collections.abc import Iterable

from cardhall.games.jass.tricks import DECK, cards_of


def kit_card(c: int) -> int:
    """Our card (suit*13+rank, suits C D H S) as jass-kit's index."""
    return ((c // 13 - 1) % 4) * 9 + (12 - c % 13)


def our_card(k: int) -> int:
    return ((k // 9 + 1) % 4) * 13 + 12 - k % 9


def kit_suit(s: int) -> int:
    """Our suit (C D H S = 0–3) as jass-kit's colour / trump (D H S C = 0–3)."""
    return (s - 1) % 4


def kit_seat(s: int) -> int:
    """Our seat (clockwise) as jass-kit's (N E S W, play N → W → S → E)."""
    return -s % 4


def kit_hand(mask: int) -> list[int]:
    """Our card set as jass-kit's one-hot list of 36."""
    out = [0] * 36
    for c in cards_of(mask & DECK):
        out[kit_card(c)] = 1
    return out


def our_mask(one_hot: Iterable[int]) -> int:
    """jass-kit's one-hot array as our card set."""
    mask = 0
    for k, v in enumerate(one_hot):
        if v:
            mask |= 1 << our_card(k)
    return mask


__all__ = ["kit_card", "kit_hand", "kit_seat", "kit_suit", "our_card", "our_mask"]
