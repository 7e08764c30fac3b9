"""The shape of a 5 Towers view: everything is public, so `view(seat)` is the public view
with the viewer's seat (only the draw pile's order is hidden from everyone)."""

from __future__ import annotations

from cardhall.core.views import SharedView


class TowersTable(SharedView):
    players: int
    spanish_eight: bool
    round: int
    start_player: int
    offer: list[str]
    bids: list[int | str | None]  # a bid, "pass", or None (not yet bid) per seat
    high_bid: int | None
    high_bidder: int | None
    towers: list[dict[str, list[int]]]  # per seat: colour letter -> values bottom to top
    demolished: list[list[str]]
    demolished_counts: list[int]
    draw_pile: int  # cards left to draw
    discard: list[str]
    exhaustions: int
    last_round: bool


class TowersPublicView(TowersTable):
    seat: None


class TowersView(TowersTable):
    seat: int
