"""3-2-5 (30 cards): one token per action — play a card, return a card after a pull, or name trump."""

from __future__ import annotations

from typing import Any, NamedTuple, cast

import numpy as np

from cardhall.core.cards import SUITS, format_card
from cardhall.envs.codec import Codec, TableCodec
from cardhall.envs.games import EnvSpec
from cardhall.envs.layout import card_index, put_cards, put_seats, rel
from cardhall.games.three_two_five.game import DECK_CARDS, PHASES, RETURN, TRUMP
from cardhall.games.three_two_five.views import PullView, ThreeTwoFiveView

CARDS = card_index(DECK_CARDS)
CONTRACTS = (2, 3, 5)


class ThreeTwoFiveFields(NamedTuple):
    seat: int
    phase: str
    deal: int
    deals: int
    dealer: int
    contracts: list[int]
    trump: str | None
    hand: list[str]
    hand_sizes: list[int]
    leader: int
    trick: list[str]
    tricks_won: list[int]
    played: list[list[str]]
    voids: list[list[str]]
    pulls: list[PullView]
    scores: list[float]


def read(view: dict[str, Any]) -> ThreeTwoFiveFields:
    """The view's keys this module uses, in one place (checked by mypy against the game's view type)."""
    v = cast(ThreeTwoFiveView, view)
    return ThreeTwoFiveFields(v["seat"], v["phase"], v["deal"], v["deals"], v["dealer"], v["contracts"], v["trump"],
                            v["hand"], v["hand_sizes"], v["leader"], v["trick"], v["tricks_won"], v["played"],
                            v["voids"], v["pulls"], v["scores"])


class Spec(EnvSpec):
    multi_deal = True

    def _codec(self) -> Codec:
        actions = [*DECK_CARDS, *(RETURN + c for c in DECK_CARDS), *(TRUMP + s for s in range(4))]
        names = [f"play {format_card(c)}" for c in DECK_CARDS] + [f"return {format_card(c)}" for c in DECK_CARDS]
        return TableCodec(actions, names + [f"trump {s}" for s in SUITS])

    def _declare(self) -> None:
        add = self.layout.add
        self.o_hand = add("hand", 30, "my cards (30 cards: 8C … AC, 8D … AD, 7H 8H … AH, 7S 8S … AS)")
        self.o_trick = add("trick", 3 * 30, "the current trick: 3 slots in playing order, each a 30-card one-hot")
        self.o_leader = add("trick_leader", 3, "who leads the current trick, relative seat one-hot (0 = me)")
        self.o_played = add("played", 3 * 30, "per relative seat, the cards it played this deal")
        self.o_known = add("known", 3 * 30, "per relative seat, cards known to be in its hand through pulls")
        self.o_trump = add("trump", 4, "the trump suit, one-hot C D H S")
        self.o_phase = add("phase", 3, "one-hot: trump, return, play")
        self.o_contracts = add("contracts", 9, "per relative seat, its contract one-hot: 2, 3, 5 tricks")
        self.o_won = add("tricks_won", 3, "tricks won this deal per relative seat, / 10")
        self.o_voids = add("voids", 12, "per relative seat, the suits it has shown it lacks")
        self.o_sizes = add("hand_sizes", 3, "cards in hand per relative seat, / 10")
        self.o_scores = add("scores", 3, "game totals per relative seat, / 10")
        self.o_deal = add("deal", 1, "deals played / deals in the game")

    def encode(self, view: dict[str, Any], out: np.ndarray) -> None:
        v = read(view)
        me = v.seat
        put_cards(out, self.o_hand, CARDS, v.hand)
        for k, c in enumerate(v.trick):
            out[self.o_trick + 30 * k + CARDS[c]] = 1.0
        out[self.o_leader + rel(v.leader, me, 3)] = 1.0
        played = {c for cards in v.played for c in cards}
        for s in range(3):
            r = rel(s, me, 3)
            put_cards(out, self.o_played + 30 * r, CARDS, v.played[s])
            for suit in v.voids[s]:
                out[self.o_voids + 4 * r + SUITS.index(suit)] = 1.0
            out[self.o_contracts + 3 * r + CONTRACTS.index(v.contracts[s])] = 1.0
        holders: dict[str, int] = {}
        for p in v.pulls:  # a drawn card went to the puller, a returned one to the pulled seat
            for card, holder in ((p["drawn"], p["puller"]), (p["returned"], p["from"])):
                if card is not None:
                    holders[card] = holder
        for card, holder in holders.items():
            if holder != me and card not in played:
                out[self.o_known + 30 * rel(holder, me, 3) + CARDS[card]] = 1.0
        if v.trump is not None:
            out[self.o_trump + SUITS.index(v.trump)] = 1.0
        if v.phase in PHASES[:3]:
            out[self.o_phase + PHASES.index(v.phase)] = 1.0
        put_seats(out, self.o_won, v.tricks_won, me, 10)
        put_seats(out, self.o_sizes, v.hand_sizes, me, 10)
        put_seats(out, self.o_scores, v.scores, me, 10)
        out[self.o_deal] = (v.deal - 1) / v.deals

    def deal(self, view: dict[str, Any]) -> int:
        return read(view).deal
