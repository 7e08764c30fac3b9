"""Positions for the Clash of Decks tests, built with `state_from_json`."""

from __future__ import annotations

from typing import Any

import cardhall
from cardhall.games.clash_of_decks.game import ClashOfDecks, ClashState

FILLER_A = ["BARON", "BRUTE", "CARAPACE", "PARTISAN", "REVENANT", "TROLL", "ANNIHILATION"]
FILLER_B = ["ALPHA", "LIEUTENANT", "MICROCTOPUS", "OGRE", "SCRIBE", "SHAMAN", "ABOMINATION"]


def game(**options: Any) -> ClashOfDecks:
    g = cardhall.load("clash-of-decks", **options)
    assert isinstance(g, ClashOfDecks)
    return g


def creature(name: str, **fields: Any) -> dict[str, Any]:
    return {"card": name, **fields}


def position(g: ClashOfDecks | None = None, *, hands: tuple[list[str], list[str]] | None = None,
             bastion: tuple[int, int] = (0, 0), fort: tuple[bool, bool] = (False, False),
             a_top: list[Any] = (), a_bottom: list[Any] = (), b_top: list[Any] = (), b_bottom: list[Any] = (),
             phase: str = "summon", active: int = 0, mana: int = 10, turn: int = 5, shown: Any = None,
             **extra: Any) -> ClashState:
    """A play position: lanes list creatures from the bridge outwards (position 1 first)."""
    g = g or game(format="constructed")  # each player owns a full set: cards may repeat across sides
    hands = hands or (list(FILLER_A[:5]), list(FILLER_B[:5]))
    state: dict[str, Any] = {
        "chance": 10, "phase": phase, "active": active, "first": 0, "turn": turn, "mana": mana,
        "hands": [list(hands[0]), list(hands[1])],
        "shown": shown if shown is not None else [[False] * len(hands[0]), [False] * len(hands[1])],
        "bastion": list(bastion), "fort": list(fort),
        "lanes": [[list(a_top), list(a_bottom)], [list(b_top), list(b_bottom)]],
    }
    state.update(extra)
    s = g.state_from_json({"game": g.name, "options": g.options, "seed": 7, "state": state})
    assert isinstance(s, ClashState)
    return s


def board(s: ClashState, side: int, lane: int) -> list[str]:
    """The names in a lane, from the bridge outwards."""
    from cardhall.games.clash_of_decks.game import name_of

    return [name_of(c[0]) for c in s.lanes[side][lane]]


def hand(s: ClashState, side: int) -> list[str]:
    from cardhall.games.clash_of_decks.game import name_of

    return [name_of(c) for c in s.hands[side]]


def damage(s: ClashState, side: int, lane: int) -> list[int]:
    return [c[1] for c in s.lanes[side][lane]]


def play(s: ClashState, *texts: str) -> ClashState:
    for t in texts:
        s.apply_text(t)
    return s
