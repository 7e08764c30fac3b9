"""The shape of Jass and Putz views; `variant` tells them apart."""

from __future__ import annotations

from typing import TypedDict

from cardhall.core.views import SharedView


class JassTrick(TypedDict):
    leader: int
    cards: list[str]
    winner: int
    points: int


class JassFamilyTable(SharedView):
    """The card play both variants share."""

    variant: str  # "jass" or "putz"
    players: int
    dealer: int
    trump: str | None
    hand_sizes: list[int]
    leader: int
    trick: list[str]  # in playing order from `leader`
    led: str | None
    winning: int | None  # the seat winning the current trick
    last_trick: JassTrick | None
    played: list[str]  # this deal's played cards
    tricks_done: int
    voids: list[list[str]]  # suits each seat has shown it cannot hold
    known: list[list[str]]  # cards each seat is publicly known to hold
    deal_points: list[int]  # card points taken this deal, per seat


class JassTable(JassFamilyTable):
    """Jass for four: `scores` per seat (its team's score), `team_scores` per team."""

    pushed: bool
    chooser: int
    team_points: list[int]
    team_scores: list[int]
    target: int
    deals: list[list[int]]  # each finished deal's team points


class JassPublicView(JassTable):
    seat: None


class JassView(JassTable):
    seat: int
    hand: list[str]


class PutzDeal(TypedDict):
    points: list[int]
    deltas: list[int]


class PutzTable(JassFamilyTable):
    """Putz for three or five: `scores` per seat."""

    turned: str  # the turned-up card (gives trump)
    up: str  # the card face up now (the six after an exchange)
    six_exchanged_by: int  # -1: nobody
    talon_taken_by: int  # -1: nobody
    talon_size: int
    aside_size: int
    asked: int
    deals: list[PutzDeal]
    lose_below: int


class PutzPublicView(PutzTable):
    seat: None


class PutzView(PutzTable):
    seat: int
    hand: list[str]
    aside: list[str] | None  # the seat's own set-aside hand, when it took the talon
