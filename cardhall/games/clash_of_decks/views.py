"""The shape of a Clash of Decks view (duel or solo; the draft and constructed formats add keys).

(No `from __future__ import annotations` here: `NotRequired` must be seen at run time.)
"""

from typing import Any, NotRequired, TypedDict

from cardhall.core.views import SharedView


class HandView(TypedDict):
    """A life bar: the hand's cards left to right (None: a place the viewer cannot know)."""

    cards: list[str | None]
    bastion: int  # the Bastion/Fort's place among the cards (0-based)
    fort: bool
    size: int  # cards plus the Bastion/Fort
    unknown: NotRequired[list[str]]  # another's hand: the cards at unknown places, sorted


class CreatureView(TypedDict):
    name: str
    attack: int
    health: int
    damage: int
    abilities: list[str]
    new: bool
    attacked: bool
    protection_used: bool
    bonus: int


class AutomatonView(TypedDict):
    deck_size: int
    deck_cards: list[str]  # sorted: the order is hidden
    discard: list[str]
    fort: bool
    final: bool
    difficulty: dict[str, Any]
    points: int


class ClashTable(SharedView):
    """The board is `board[side][lane]`, position 1 (index 0) next to the bridge."""

    mode: str  # "duel" or "solo"
    format: str
    active: int
    first: int
    turn: int
    mana: int
    hands: list[HandView]  # one per player (solo: only yours)
    board: list[list[list[CreatureView]]]
    pending: list[str]  # destroyed together, waiting for their owner's order
    pending_owner: int
    reports: list[str]  # the engine's sentences about the last action
    said: list[dict[str, Any]]  # the same, as messages to say in any language (`words.to_data`)
    result: list[int] | None
    next_attacker: list[int] | None  # [lane, position]
    revealed: NotRequired[list[str]]  # draft
    picks: NotRequired[list[list[str | None]]]  # draft, constructed (another's secret picks: None)
    bans: NotRequired[list[list[str]]]  # constructed
    ai: NotRequired[AutomatonView]  # solo


class ClashPublicView(ClashTable):
    seat: None


class ClashView(ClashTable):
    seat: int
    hand: list[str]  # your hand, left to right (the Bastion/Fort not counted)
