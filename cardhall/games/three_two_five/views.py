"""The shape of a 3-2-5 view (`ThreeTwoFiveView`) and of the public view."""

from __future__ import annotations

from typing import TypedDict

from cardhall.core.views import SharedView

# A pull: who drew from whom; the cards only for the two seats involved ("from" is a keyword).
PullView = TypedDict("PullView", {"puller": int, "from": int, "drawn": str | None, "returned": str | None,
                                  "done": bool})


class LastTrick(TypedDict):
    leader: int
    cards: list[str]
    winner: int


class Redeal(TypedDict):
    trump: str
    no_trump: list[int]


class DealResult(TypedDict):
    dealer: int
    tricks: list[int]
    points: list[int]


class ThreeTwoFiveTable(SharedView):
    """What everyone sees. `scores` are the totals after each finished deal."""

    deal: int
    deals: int
    dealer: int
    contracts: list[int]
    trump: str | None
    hand_sizes: list[int]
    leader: int
    trick: list[str]
    tricks_won: list[int]
    played: list[list[str]]
    voids: list[list[str]]
    last_trick: LastTrick | None
    pulls: list[PullView]
    pulls_due: list[list[int]]
    redeals: list[Redeal]
    history: list[DealResult]


class ThreeTwoFivePublicView(ThreeTwoFiveTable):
    seat: None


class ThreeTwoFiveView(ThreeTwoFiveTable):
    seat: int
    hand: list[str]
