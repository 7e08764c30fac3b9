"""5 Towers: 18 tokens; a bid is one token, a build is a factored decision.

Tokens: 0–5 bid that many cards, 6 pass; 7–11 demolish the top of my P V G S Y tower,
12 demolish nothing; 13–17 place the card in offer slot 1–5.

A build is spelled as: first the demolition (one of 7–12), then one placement token per
card taken, in the canonical order of the engine's notation — towers in the order
P V G S Y and, within a tower, the cards bottom to top. Of two copies of a card (4–5
players) the first slot holding it is used. So each distinct resulting position has one
spelling, and a decision takes at most 6 steps.
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

import numpy as np

from cardhall.core.game import Action
from cardhall.envs.codec import Codec
from cardhall.envs.games import EnvSpec
from cardhall.envs.layout import put_seats, rel
from cardhall.games.five_towers.notation import COLOURS, NO_DEMOLISH, PASS
from cardhall.games.five_towers.views import TowersView

BID0, PASS_TOKEN, DEMOLISH0, NO_DEMOLISH_TOKEN, PLACE0 = 0, 6, 7, 12, 13


def card_of(text: str) -> int:
    """'Y7' -> the engine's card int (colour * 16 + value)."""
    return COLOURS.index(text[0]) * 16 + int(text[1:])


class TowersCodec(Codec):
    n = 18
    max_tokens = 6
    token_names = ([f"bid {b}" for b in range(6)] + ["pass"] + [f"demolish {c}" for c in COLOURS]
                   + ["demolish nothing"] + [f"place offer slot {i + 1}" for i in range(5)])

    def encode(self, action: Action, view: dict[str, Any]) -> tuple[int, ...]:
        if isinstance(action, int):
            return (PASS_TOKEN,) if action == PASS else (BID0 + action,)
        demolished, placement = cast(tuple[int, tuple[int, ...]], action)
        offer = [card_of(c) for c in read(view).offer]
        first = NO_DEMOLISH_TOKEN if demolished == NO_DEMOLISH else DEMOLISH0 + demolished // 16
        return (first, *(PLACE0 + offer.index(c) for c in placement))


class TowersFields(NamedTuple):
    seat: int
    phase: str
    start: int
    offer: list[str]
    bids: list[int | str | None]
    high_bidder: int | None
    towers: list[dict[str, list[int]]]
    demolished: list[int]
    draw_pile: int
    discard: list[str]
    exhaustions: int
    last_round: bool
    scores: list[float]


def read(view: dict[str, Any]) -> TowersFields:
    """The view's keys this module uses, in one place (checked by mypy against the game's view type)."""
    v = cast(TowersView, view)
    return TowersFields(v["seat"], v["phase"], v["start_player"], v["offer"], v["bids"], v["high_bidder"], v["towers"],
                      v["demolished_counts"], v["draw_pile"], v["discard"], v["exhaustions"], v["last_round"],
                      v["scores"])


class Spec(EnvSpec):
    def _codec(self) -> Codec:
        return TowersCodec()

    def _declare(self) -> None:
        P, add = self.players, self.layout.add
        self.o_offer = add("offer", 5 * 21, "the 5 offer slots, each: colour one-hot (P V G S Y) then value one-hot 0–15")
        self.o_towers = add("towers", P * 5 * 19, "per relative seat and colour P V G S Y: top value one-hot 0–15, "
                            "no tower, height / 10, topped with a 0")
        self.o_bids = add("bids", P * 8, "this round's bid per relative seat, one-hot: not yet, pass, 0 … 5")
        self.o_high = add("high_bidder", P + 1, "the highest bidder, relative seat one-hot; last = none")
        self.o_start = add("start_player", P, "this round's start player, relative seat one-hot")
        self.o_phase = add("phase", 2, "one-hot: bid, build")
        self.o_discard = add("discard", 80, "discard pile: copies of each card (colour × 16 + value) / 2")
        self.o_pile = add("draw_pile", 1, "cards in the draw pile / 110")
        self.o_end = add("end", 2, "times the draw pile ran out / 2; 1 in the last round")
        self.o_demolished = add("demolished", P, "cards demolished per relative seat / 10")
        self.o_scores = add("scores", P, "current scores per relative seat / 50")

    def encode(self, view: dict[str, Any], out: np.ndarray) -> None:
        v, P = read(view), self.players
        me = v.seat
        for i, text in enumerate(v.offer):
            c = card_of(text)
            out[self.o_offer + 21 * i + c // 16] = 1.0
            out[self.o_offer + 21 * i + 5 + c % 16] = 1.0
        for s, towers in enumerate(v.towers):
            base = self.o_towers + 95 * rel(s, me, P)
            for k, colour in enumerate(COLOURS):
                cards, at = towers[colour], base + 19 * k
                out[at + (cards[-1] if cards else 16)] = 1.0
                out[at + 17] = len(cards) / 10
                out[at + 18] = float(bool(cards) and cards[-1] == 0)
            bid = v.bids[s]
            out[self.o_bids + 8 * rel(s, me, P) + (0 if bid is None else 1 if bid == "pass" else 2 + int(bid))] = 1.0
        out[self.o_high + (P if v.high_bidder is None else rel(v.high_bidder, me, P))] = 1.0
        out[self.o_start + rel(v.start, me, P)] = 1.0
        if v.phase in ("bid", "build"):
            out[self.o_phase + (v.phase == "build")] = 1.0
        for text in v.discard:
            out[self.o_discard + card_of(text)] += 0.5
        out[self.o_pile] = v.draw_pile / 110
        out[self.o_end] = v.exhaustions / 2
        out[self.o_end + 1] = float(v.last_round)
        put_seats(out, self.o_demolished, v.demolished, me, 10)
        put_seats(out, self.o_scores, v.scores, me, 50)
