"""The shape of a Hearts view (`HeartsView`) and of the public view (`HeartsPublicView`)."""

from __future__ import annotations

from typing import TypedDict

from cardhall.core.views import SharedView


class Trick(TypedDict):
    leader: int
    cards: list[str]
    winner: int


class HeartsTable(SharedView):
    """What everyone sees. `scores` are the totals of finished deals (lower is better)."""

    players: int
    deal: int  # 1-based
    passing: str  # "left", "right", "across" or "hold"
    pass_counts: list[int]  # cards each seat has chosen to pass so far
    hand_sizes: list[int]
    trick: list[tuple[int, str]]  # [seat, card] in playing order
    tricks: list[Trick]  # this deal's finished tricks
    last_trick: Trick | None
    hearts_broken: bool
    taken_points: list[int]  # points taken this deal
    deals: list[list[int]]  # each finished deal's points
    removed: str | None  # the card out of play with three players
    target: int


class HeartsPublicView(HeartsTable):
    seat: None


class HeartsView(HeartsTable):
    seat: int
    hand: list[str]
    passed: list[str]  # the cards this seat chose to pass this deal
    passed_to: int | None
    received: list[str]  # the cards passed to this seat (once passing is done)
    received_from: int | None
