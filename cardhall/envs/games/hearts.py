"""Hearts: one token per action (play a card, or pass a card), 104 in all."""

from __future__ import annotations

from typing import Any, NamedTuple, cast

import numpy as np

from cardhall.core.cards import SUITS, format_card
from cardhall.envs.codec import Codec, TableCodec
from cardhall.envs.games import EnvSpec
from cardhall.envs.layout import card_index, rel
from cardhall.games.hearts.views import HeartsView, Trick

CARDS = card_index(range(52))
PASS = 52  # the engine's pass actions are PASS + card
PASSING = ("left", "right", "across", "hold")


class HeartsFields(NamedTuple):
    seat: int
    phase: str
    passing: str
    hand: list[str]
    passed: list[str]
    received: list[str]
    trick: list[tuple[int, str]]
    tricks: list[Trick]
    hand_sizes: list[int]
    taken: list[int]
    scores: list[float]
    target: int
    broken: bool
    deal: int


def read(view: dict[str, Any]) -> HeartsFields:
    """The view's keys this module uses, in one place (checked by mypy against the game's view type)."""
    v = cast(HeartsView, view)
    return HeartsFields(v["seat"], v["phase"], v["passing"], v["hand"], v["passed"], v["received"],
                      v["trick"], v["tricks"], v["hand_sizes"], v["taken_points"], v["scores"], v["target"],
                      v["hearts_broken"], v["deal"])


class Spec(EnvSpec):
    multi_deal = True
    lower_is_better = True

    def _codec(self) -> Codec:
        names = [f"play {format_card(c)}" for c in range(52)] + [f"pass {format_card(c)}" for c in range(52)]
        return TableCodec(range(2 * PASS), names)

    def _declare(self) -> None:
        self._tricks: dict[tuple[Any, ...], list[int]] = {}
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
        # card text -> its position in a block (one dict look-up per card when encoding)
        self._hand, self._passed, self._received, self._played = (
            {c: at + i for c, i in CARDS.items()} for at in (self.o_hand, self.o_passed, self.o_received, self.o_played))
        self._slots = [{c: self.o_trick + 52 * k + i for c, i in CARDS.items()} for k in range(P)]

    def encode(self, view: dict[str, Any], out: np.ndarray) -> None:
        v, P = read(view), self.players
        me = v.seat
        ones = [*map(self._hand.__getitem__, v.hand), *map(self._passed.__getitem__, v.passed),  # the positions set
                *map(self._received.__getitem__, v.received)]  # to 1, written at once
        memo = self._tricks
        if len(memo) > 100_000:
            memo.clear()
        for t in v.tricks:
            key = (me, t["leader"], *t["cards"])
            done = memo.get(key)
            if done is None:
                done = memo[key] = self._trick(me, t["leader"], t["cards"])
            ones += done
        if v.trick:
            leader = v.trick[0][0]
            cards = [c for _, c in v.trick]
            ones.append(self.o_leader + rel(leader, me, P))
            ones += [slot[c] for slot, c in zip(self._slots, cards, strict=False)]
            ones += self._trick(me, leader, cards)[len(cards):]  # its voids (its cards are not yet played)
        if v.phase in ("pass", "play"):
            ones.append(self.o_phase + (v.phase == "play"))
        ones.append(self.o_passing + PASSING.index(v.passing))
        out[np.array(ones, dtype=np.intp)] = 1.0
        seats = [(me + k) % P for k in range(P)]  # the numbers below are contiguous: one write
        out[self.o_taken:self.o_broken + 1] = ([v.taken[s] / 26 for s in seats] + [v.hand_sizes[s] / 13 for s in seats]
                                               + [v.scores[s] / v.target for s in seats] + [float(v.broken)])

    def _trick(self, me: int, leader: int, cards: list[str]) -> list[int]:
        """The positions a trick sets: its cards in `played`, then the voids it shows (a
        player not following the led suit lacks it). Memoised for the finished tricks."""
        led = cards[0][1]
        out = [*map(self._played.__getitem__, cards)]
        return out + [self.o_voids + 4 * rel(leader + k, me, self.players) + SUITS.index(led)
                      for k, c in enumerate(cards) if c[1] != led]

    def deal(self, view: dict[str, Any]) -> int:
        return read(view).deal
