"""Jass and Putz (36 cards): one token per action — a card, a trump, or a word
(push, exchange six, no exchange, take talon, keep)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple, cast

import numpy as np

from cardhall.core.cards import SUITS, format_card
from cardhall.envs.codec import Codec, TableCodec
from cardhall.envs.games import EnvSpec
from cardhall.envs.layout import card_index, put_cards, put_seats, rel
from cardhall.games.jass.base import PHASE_NAMES, TRUMP, WORDS
from cardhall.games.jass.tricks import DECK_CARDS
from cardhall.games.jass.views import JassView, PutzView

CARDS = card_index(DECK_CARDS)
SPECIALS = [*(TRUMP + s for s in range(4)), *sorted(WORDS)]


class JassFields(NamedTuple):
    seat: int
    phase: str
    dealer: int
    trump: str | None
    hand: list[str]
    hand_sizes: list[int]
    leader: int
    trick: list[str]
    played: list[str]
    voids: list[list[str]]
    known: list[list[str]]
    deal_points: list[int]
    scores: Sequence[float]
    """Jass: the two teams' scores (team 0: seats 0 and 2); Putz: each seat's."""
    deals: int
    extra: dict[str, Any]
    """Jass: pushed, chooser, target; Putz: up, six_exchanged_by, talon_taken_by, talon_size,
    aside_size, aside, asked."""


def read(view: dict[str, Any]) -> JassFields:
    """The view's keys this module uses, in one place (checked by mypy against the games' view types)."""
    v = cast(JassView, view)
    extra: dict[str, Any]
    scores: Sequence[float]
    if v["variant"] == "jass":
        scores = v["team_scores"]
        extra = {"pushed": v["pushed"], "chooser": v["chooser"], "target": v["target"]}
    else:
        p = cast(PutzView, view)
        scores = p["scores"]
        extra = {"up": p["up"], "six_exchanged_by": p["six_exchanged_by"], "talon_taken_by": p["talon_taken_by"],
                 "talon_size": p["talon_size"], "aside_size": p["aside_size"], "aside": p["aside"], "asked": p["asked"]}
    return JassFields(v["seat"], v["phase"], v["dealer"], v["trump"], v["hand"], v["hand_sizes"], v["leader"],
                      v["trick"], v["played"], v["voids"], v["known"], v["deal_points"], scores, len(v["deals"]), extra)


class Spec(EnvSpec):
    multi_deal = True

    def _codec(self) -> Codec:
        names = [f"play {format_card(c)}" for c in DECK_CARDS]
        names += [f"trump {SUITS[s]}" for s in range(4)] + [WORDS[w] for w in sorted(WORDS)]
        return TableCodec([*DECK_CARDS, *SPECIALS], names)

    def _declare(self) -> None:
        P, add = self.players, self.layout.add
        self.putz = self.game.name == "putz"
        self.o_hand = add("hand", 36, "my cards (36 cards, order 6C … AC, 6D … AS)")
        self.o_trick = add("trick", P * 36, f"the current trick: {P} slots in playing order, each a 36-card one-hot")
        self.o_leader = add("trick_leader", P, "who leads the current trick, relative seat one-hot (0 = me)")
        self.o_played = add("played", 36, "cards played this deal (the current trick included)")
        self.o_trump = add("trump", 4, "the trump suit, one-hot C D H S (all zero before it is chosen)")
        self.o_phase = add("phase", len(PHASE_NAMES), "one-hot: " + ", ".join(PHASE_NAMES))
        self.o_voids = add("voids", P * 4, "per relative seat, the suits it has shown it lacks")
        self.o_known = add("known", P * 36, "per relative seat, cards known to be in its hand (e.g. a taken trump card)")
        self.o_points = add("deal_points", P, "card points taken this deal per relative seat, / 157")
        self.o_sizes = add("hand_sizes", P, "cards in hand per relative seat, / 9")
        self.o_dealer = add("dealer", P, "the dealer, relative seat one-hot")
        if self.putz:
            self.o_scores = add("scores", P, "game scores per relative seat, / 7 (7 wins)")
            self.o_up = add("up", 36, "the turned-up trump card, while it lies face up")
            self.o_six = add("six_exchanged_by", P + 1, "who exchanged the trump six: relative seat one-hot, last = nobody")
            self.o_talon_by = add("talon_taken_by", P + 1, "who took the talon: relative seat one-hot, last = nobody")
            self.o_talon = add("talon", 2, "cards in the talon / 9, cards laid aside / 9")
            self.o_aside = add("aside", 36, "the cards I laid aside (when I took the talon)")
            self.o_asked = add("asked", 1, "players asked about the talon so far / players")
        else:
            self.o_scores = add("scores", 2, "game scores, my team first, / target")
            self.o_pushed = add("pushed", 1, "1 if the trump choice was pushed to the partner")
            self.o_chooser = add("chooser", P, "who chooses trump, relative seat one-hot")

    def encode(self, view: dict[str, Any], out: np.ndarray) -> None:
        v, P = read(view), self.players
        me, x = v.seat, v.extra
        put_cards(out, self.o_hand, CARDS, v.hand)
        put_cards(out, self.o_played, CARDS, v.played)
        for k, c in enumerate(v.trick):
            out[self.o_trick + 36 * k + CARDS[c]] = 1.0
        out[self.o_leader + rel(v.leader, me, P)] = 1.0
        if v.trump is not None:
            out[self.o_trump + SUITS.index(v.trump)] = 1.0
        out[self.o_phase + PHASE_NAMES.index(v.phase)] = 1.0
        for s in range(P):
            r = rel(s, me, P)
            for suit in v.voids[s]:
                out[self.o_voids + 4 * r + SUITS.index(suit)] = 1.0
            put_cards(out, self.o_known + 36 * r, CARDS, v.known[s])
        put_seats(out, self.o_points, v.deal_points, me, 157)
        put_seats(out, self.o_sizes, v.hand_sizes, me, 9)
        out[self.o_dealer + rel(v.dealer, me, P)] = 1.0
        if self.putz:
            put_seats(out, self.o_scores, v.scores, me, 7)
            if x["up"]:
                put_cards(out, self.o_up, CARDS, [x["up"]])
            for at, who in ((self.o_six, x["six_exchanged_by"]), (self.o_talon_by, x["talon_taken_by"])):
                out[at + (P if who < 0 else rel(who, me, P))] = 1.0
            out[self.o_talon] = x["talon_size"] / 9
            out[self.o_talon + 1] = x["aside_size"] / 9
            put_cards(out, self.o_aside, CARDS, x["aside"] or [])
            out[self.o_asked] = x["asked"] / P
        else:
            team = me % 2
            out[self.o_scores] = v.scores[team] / x["target"]
            out[self.o_scores + 1] = v.scores[1 - team] / x["target"]
            out[self.o_pushed] = float(x["pushed"])
            out[self.o_chooser + rel(x["chooser"], me, P)] = 1.0

    def deal(self, view: dict[str, Any]) -> int:
        return read(view).deals
