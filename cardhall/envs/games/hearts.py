"""Hearts: one token per action (play a card, or pass a card), 104 in all."""

from __future__ import annotations

from typing import Any, NamedTuple

import numpy as np

from cardhall.core.cards import SUITS, format_card
from cardhall.envs.codec import Codec, TableCodec
from cardhall.envs.games import EnvSpec
from cardhall.envs.layout import card_index, put_cards, put_seats, rel

CARDS = card_index(range(52))
PASS = 52  # the engine's pass actions are PASS + card
PASSING = ("left", "right", "across", "hold")


class HeartsView(NamedTuple):
    seat: int
    phase: str
    passing: str
    hand: list[str]
    passed: list[str]
    received: list[str]
    trick: list[tuple[int, str]]
    tricks: list[dict[str, Any]]
    hand_sizes: list[int]
    taken: list[int]
    scores: list[int]
    target: int
    broken: bool
    deal: int


def read(v: dict[str, Any]) -> HeartsView:
    """The view's keys this module uses, in one place."""
    return HeartsView(v["seat"], v["phase"], v["passing"], v["hand"], v["passed"], v["received"],
                      v["trick"], v["tricks"], v["hand_sizes"], v["taken_points"], v["scores"], v["target"],
                      v["hearts_broken"], v["deal"])


class Spec(EnvSpec):
    multi_deal = True
    lower_is_better = True

    def _codec(self) -> Codec:
        names = [f"play {format_card(c)}" for c in range(52)] + [f"pass {format_card(c)}" for c in range(52)]
        return TableCodec(range(2 * PASS), names)

    def _declare(self) -> None:
        P, add = self.players, self.layout.add
        self.o_hand = add("hand", 52, "my cards (52 cards, order 2C … AC, 2D … AS)")
        self.o_trick = add("trick", P * 52, f"the current trick: {P} slots in playing order, each a 52-card one-hot")
        self.o_leader = add("trick_leader", P, "who led the current trick, relative seat one-hot (0 = me)")
        self.o_played = add("played", 52, "cards in this deal's finished tricks")
        self.o_passed = add("passed", 52, "the cards I passed this deal")
        self.o_received = add("received", 52, "the cards I received this deal")
        self.o_voids = add("voids", P * 4, "per relative seat, the suits (C D H S) it has shown it lacks by not following")
        self.o_taken = add("taken_points", P, "points taken this deal per relative seat, / 26")
        self.o_sizes = add("hand_sizes", P, "cards in hand per relative seat, / 13")
        self.o_scores = add("scores", P, "game scores per relative seat, / target")
        self.o_broken = add("hearts_broken", 1, "1 once hearts are broken")
        self.o_phase = add("phase", 2, "one-hot: passing, playing")
        self.o_passing = add("passing", 4, "this deal's passing direction, one-hot: left, right, across, hold")

    def encode(self, view: dict[str, Any], out: np.ndarray) -> None:
        v, P = read(view), self.players
        me = v.seat
        put_cards(out, self.o_hand, CARDS, v.hand)
        put_cards(out, self.o_passed, CARDS, v.passed)
        put_cards(out, self.o_received, CARDS, v.received)
        for t in v.tricks:
            put_cards(out, self.o_played, CARDS, t["cards"])
            self._voids(out, t["leader"], t["cards"], me)
        if v.trick:
            leader = v.trick[0][0]
            out[self.o_leader + rel(leader, me, P)] = 1.0
            for k, (_, c) in enumerate(v.trick):
                out[self.o_trick + 52 * k + CARDS[c]] = 1.0
            self._voids(out, leader, [c for _, c in v.trick], me)
        put_seats(out, self.o_taken, v.taken, me, 26)
        put_seats(out, self.o_sizes, v.hand_sizes, me, 13)
        put_seats(out, self.o_scores, v.scores, me, v.target)
        out[self.o_broken] = float(v.broken)
        out[self.o_phase + (0 if v.phase == "pass" else 1)] = 1.0 if v.phase in ("pass", "play") else 0.0
        out[self.o_passing + PASSING.index(v.passing)] = 1.0

    def _voids(self, out: np.ndarray, leader: int, cards: list[str], me: int) -> None:
        led = cards[0][1]
        for k, c in enumerate(cards[1:], 1):
            if c[1] != led:
                out[self.o_voids + 4 * rel(leader + k, me, self.players) + SUITS.index(led)] = 1.0

    def deal(self, view: dict[str, Any]) -> int:
        return read(view).deal
