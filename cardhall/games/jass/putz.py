"""Putz ("Apple"): Jass for 3 or 5 players, each for themselves (rules/jass.md).

3 players: 9 cards each, a talon of 9 whose top card is turned up for trump; the trump-six
exchange; the talon offered once around. 5 players: 7 cards each (3 then 4), the 36th
card turned up for trump; the trump-six exchange; no talon. After each deal, apples (−1)
and putzes (+1, +2, +3) are scored; the game ends at 7 or below −3 (3 players) / −5 (5).
"""

from __future__ import annotations

import random
from typing import Any

from cardhall.core.cards import deal_unseen, format_card, format_cards, parse_card, parse_cards
from cardhall.core.errors import StateFormatError
from cardhall.core.game import Action
from cardhall.core.i18n import N_, Msg
from cardhall.core.options import Option
from cardhall.core.plugins import Plugins, SearchProfile, heuristic_levels
from cardhall.core.rng import MAX_SEED
from cardhall.games.jass.base import (
    EXCHANGE_SIX,
    KEEP,
    NO_EXCHANGE,
    P_OVER,
    P_PLAY,
    P_SIX,
    P_TALON,
    TAKE_TALON,
    JassFamily,
    TrickState,
)
from cardhall.games.jass.tricks import DECK, cards_of, shuffled, six_of
from cardhall.games.jass.views import PutzPublicView, PutzView

APPLE_BELOW = 21
"""A player with fewer card points than this in a deal is an apple."""
WIN_AT = 7
LOSE_BELOW = {3: -3, 5: -5}


def putz_deltas(points: list[int]) -> list[int]:
    """The change of each player's score after a deal with these card points.

    Rule: every player with fewer than 21 points is an apple (−1). Putzes go to the best
    of the others — 3 players: the two best +1 each, or +2 to the winner when two are
    apples; 5 players: 0 or 1 apple → the three best +1; 2 apples → the best +2;
    3 apples → the two best +2; 4 apples → the winner +3.
    **Decision**: a tie for a putz place shares it (every tied player gets the putz);
    putzes go only to players who are not apples (so with 3 apples of 3, nobody gets one).
    """
    n = len(points)
    apples = [p < APPLE_BELOW for p in points]
    k = sum(apples)
    if n == 3:
        places, value = {0: (2, 1), 1: (2, 1), 2: (1, 2), 3: (0, 0)}[k]
    elif n == 5:
        places, value = {0: (3, 1), 1: (3, 1), 2: (1, 2), 3: (2, 2), 4: (1, 3), 5: (0, 0)}[k]
    else:
        raise ValueError("Putz is played by 3 or 5 players")
    deltas = [-1 if a else 0 for a in apples]
    good = sorted((p for p, a in zip(points, apples, strict=True) if not a), reverse=True)
    if places and good:
        threshold = good[min(places, len(good)) - 1]
        for i in range(n):
            if not apples[i] and points[i] >= threshold:
                deltas[i] += value
    return deltas


class Putz(JassFamily):
    name = "putz"
    title = N_("Putz (Apple)")
    plugins = Plugins(
        text_ui="cardhall.games.jass.text:GameTextUI",
        web="cardhall.games.jass.web",
        heuristic="cardhall.games.jass.bot:HeuristicBot",
        heuristic_on_wire=True,
        rollout="cardhall.games.jass.bot:rollout_policy",
        bench="cardhall.games.jass.bench:run",
        search=SearchProfile(win_weight=0.3, scale=1.0, horizon=40, levels=heuristic_levels("pimc:worlds=16:rollout=heuristic")),
    )
    OPTIONS = (
        Option("players", 3, N_("3 (with a talon) or 5 players"), choices=(3, 5), label=N_("Players"),
               labels=((3, N_("3, with a talon")),)),
        Option("bauer_exception", False,
               N_("the trump Jack need never be played to follow trump (off in the seed)"),
               label=N_("The trump Jack need never follow trump"),
               help=N_("the trump Jack (the Bauer) need never be played to follow trump")),
        Option("one_deal", False, N_("a quick game of one deal: its apples and putzes are the score (a duplicate board)"),
               label=N_("One deal only")),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.hand_size = 9 if self.options["players"] == 3 else 7

    @property
    def num_players(self) -> int:
        return int(self.options["players"])

    def seat_name(self, seat: int) -> Msg:
        return Msg(N_("Player {number}"), number=seat + 1)

    def _new_state(self, seed: int) -> PutzState:
        s = PutzState(self, seed)
        s._deal()
        return s

    def _state_from_dict(self, data: dict[str, Any], seed: int) -> PutzState:
        s = PutzState(self, seed)
        s._load_base(data, self.num_players)
        s.talon = parse_cards(data["talon"])
        s.aside = parse_cards(data["aside"])
        s.turned = parse_card(data["turned"])
        s.up = parse_card(data["up"])
        s.six_by = int(data["six_by"])
        s.taker = int(data["taker"])
        s.asked = int(data["asked"])
        s.score = [int(x) for x in data["score"]]
        s.log = [{"points": [int(p) for p in d["points"]], "deltas": [int(x) for x in d["deltas"]]} for d in data["log"]]
        return s


class PutzState(TrickState):
    VIEW_TYPE = PutzView
    PUBLIC_VIEW_TYPE = PutzPublicView

    __slots__ = ("aside", "asked", "log", "score", "six_by", "taker", "talon", "turned", "up")

    game: Putz

    def __init__(self, game: Putz, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self._init_base(n)
        self.talon = 0  # 3 players: the talon, with the face-up card `up` on top
        self.aside = 0  # 3 players: the hand set aside by the talon's taker
        self.turned = -1  # the card turned up for trump
        self.up = -1  # the face-up card now: `turned`, or the trump six after the exchange
        self.six_by = -1
        self.taker = -1
        self.asked = 0  # players asked so far in the six or talon round
        self.score = [0] * n
        self.log: list[dict[str, list[int]]] = []

    def _deal(self) -> None:
        """Rule: 3 players get 9 each and 9 form the talon; 5 players get 3 then 4 each and the
        36th card is turned up. The turned-up card gives trump."""
        cards = shuffled(self.seed, self.chance)
        self.chance += 1
        n = self.n
        hands = [0] * n
        batches = (3, 3, 3) if n == 3 else (3, 4)
        i = 0
        for size in batches:
            for k in range(1, n + 1):
                seat = (self.dealer + k) % n
                for c in cards[i:i + size]:
                    hands[seat] |= 1 << c
                i += size
        self.hands = hands
        self.played = 0
        self._new_deal_base()
        rest = cards[i:]
        self.talon = 0
        for c in rest:
            self.talon |= 1 << c
        if n == 5:
            self.talon = 0  # no talon: the 36th card only shows trump
        self.turned = self.up = rest[0]
        self.trump = self.turned // 13
        self.aside = 0
        self.six_by = self.taker = -1
        self.asked = 0
        self._start_six_round()

    def _start_six_round(self) -> None:
        # The round is skipped only when the turned-up card is itself the six (public).
        self.asked = 0
        if self.turned == six_of(self.trump):
            self._start_talon_round()
        else:
            self.phase = P_SIX

    def _start_talon_round(self) -> None:
        self.asked = 0
        self.phase = P_TALON if self.n == 3 else P_PLAY

    # --- protocol --------------------------------------------------------------------
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == P_PLAY:
            return (self.leader + len(self.trick)) % self.n
        if phase in (P_SIX, P_TALON):
            return (self.dealer + 1 + self.asked) % self.n
        return None

    def legal_actions(self) -> list[Action]:
        phase = self.phase
        if phase == P_PLAY:
            return self._legal_cards()
        if phase == P_SIX:
            seat = (self.dealer + 1 + self.asked) % self.n
            if self.hands[seat] >> six_of(self.trump) & 1:
                return [EXCHANGE_SIX, NO_EXCHANGE]
            return [NO_EXCHANGE]
        if phase == P_TALON:
            return [TAKE_TALON, KEEP]
        return []

    def _decide(self, action: Action) -> None:
        phase = self.phase
        seat = (self.dealer + 1 + self.asked) % self.n
        if phase == P_SIX:
            if action == EXCHANGE_SIX:
                # Rule: the holder of the trump six may exchange it for the turned-up card.
                six = six_of(self.trump)
                swap = (1 << six) | (1 << self.turned)
                self.hands[seat] ^= swap
                if self.n == 3:
                    self.talon ^= swap
                self.up = six
                self.six_by = seat
                self.known[seat] |= 1 << self.turned
                self._start_talon_round()
                return
            self.asked += 1
            if self.asked == self.n:
                self._start_talon_round()
            return
        if action == TAKE_TALON:
            # Rule: the taker's 9 cards are set aside, out of play; the talon becomes their hand.
            self.aside = self.hands[seat]
            self.hands[seat] = self.talon
            self.talon = 0
            self.taker = seat
            self.known[seat] = 1 << self.up  # their old hand, with any exchanged card, is set aside
            self.phase = P_PLAY
            return
        self.asked += 1
        if self.asked == self.n:
            self.phase = P_PLAY

    def _trick_taken(self, winner: int, points: int) -> None:
        if self.tricks_done < self.game.hand_size:
            return
        deltas = putz_deltas(self.points)
        for i, d in enumerate(deltas):
            self.score[i] += d
        self.log.append({"points": list(self.points), "deltas": deltas})
        if self.game.options["one_deal"] or max(self.score) >= WIN_AT or min(self.score) < LOSE_BELOW[self.n]:
            self.phase = P_OVER
            return
        self.dealer = (self.dealer + 1) % self.n
        self._deal()

    def clone(self) -> PutzState:
        s = PutzState.__new__(PutzState)
        self._clone_trick(s)
        s.talon = self.talon
        s.aside = self.aside
        s.turned = self.turned
        s.up = self.up
        s.six_by = self.six_by
        s.taker = self.taker
        s.asked = self.asked
        s.score = self.score.copy()
        s.log = self.log.copy()
        return s

    def scores(self) -> list[float]:
        return [float(x) for x in self.score]

    def winners(self) -> list[int]:
        """Rule: the highest total wins; **Decision**: ties for the win share it."""
        if self.phase != P_OVER:
            return []
        top = max(self.score)
        return [i for i, x in enumerate(self.score) if x == top]

    def _public_variant(self) -> dict[str, Any]:
        return {
            "variant": "putz",
            "turned": format_card(self.turned),
            "up": format_card(self.up),
            "six_exchanged_by": self.six_by,
            "talon_taken_by": self.taker,
            "talon_size": self.talon.bit_count(),
            "aside_size": self.aside.bit_count(),
            "asked": self.asked,
            "scores": list(self.score),
            "deals": [{"points": list(d["points"]), "deltas": list(d["deltas"])} for d in self.log],
            "winners": self.winners(),
            "lose_below": LOSE_BELOW[self.n],
        }

    def _private_variant(self, seat: int) -> dict[str, Any]:
        return {"aside": format_cards(self.aside).split() if seat == self.taker else None}

    def sample(self, seat: int, rng: random.Random) -> PutzState:
        """Re-deal what `seat` cannot see: other hands (keeping publicly known cards and
        shown voids), the talon under its face-up card, and a hand set aside by another."""
        s = self.clone()
        s.seed = rng.randrange(MAX_SEED)
        s.actions = []
        others = [o for o in range(self.n) if o != seat]
        caps, allowed, pool = [], [], 0
        for o in others:
            hidden = self.hands[o] & ~self.known[o]
            pool |= hidden
            caps.append(hidden.bit_count())
            allowed.append(DECK & ~self.cannot[o])
        talon_hidden = self.talon & ~(1 << self.up) if self.talon else 0
        aside_hidden = self.aside & ~self.aside_known() if seat != self.taker else 0
        pool |= talon_hidden | aside_hidden
        caps += [talon_hidden.bit_count(), aside_hidden.bit_count()]
        allowed += [DECK, DECK]
        dealt = deal_unseen(cards_of(pool), caps, allowed, rng)
        for i, o in enumerate(others):
            s.hands[o] = dealt[i] | self.known[o]
        if self.talon:
            s.talon = dealt[-2] | (1 << self.up)
        if aside_hidden:
            s.aside = dealt[-1] | self.aside_known()
        return s

    def aside_known(self) -> int:
        """The public part of the set-aside hand: the turned-up card, when the six's exchanger took the talon."""
        return 1 << self.turned if self.taker >= 0 and self.taker == self.six_by else 0

    def _to_dict(self) -> dict[str, Any]:
        d = self._dict_base()
        d.update({
            "talon": format_cards(self.talon), "aside": format_cards(self.aside),
            "turned": format_card(self.turned), "up": format_card(self.up),
            "six_by": self.six_by, "taker": self.taker, "asked": self.asked,
            "score": list(self.score),
            "log": [{"points": list(x["points"]), "deltas": list(x["deltas"])} for x in self.log],
        })
        return d

    def check_consistency(self) -> None:
        n = self.n
        out = 0 if n == 3 else (1 << self.up)
        self._check_cards([*self.hands, self.played, self.talon, self.aside, out], "hands, talon, set aside, played")
        if self.turned // 13 != self.trump:
            raise StateFormatError("trump is the suit of the turned-up card")
        if self.up not in (self.turned, six_of(self.trump)):
            raise StateFormatError("the face-up card is the turned-up card or the trump six")
        expected = self.game.hand_size - self.tricks_done
        for s in range(n):
            has_played = (s - self.leader) % n < len(self.trick)
            if self.phase != P_OVER and self.hands[s].bit_count() != expected - has_played:
                raise StateFormatError(f"seat {s} must hold {expected - has_played} cards")
            if self.known[s] & ~self.hands[s]:
                raise StateFormatError("a publicly known card must be in its holder's hand")
        if n == 3 and self.talon and self.talon.bit_count() != 9:
            raise StateFormatError("the talon holds 9 cards")
        if not 0 <= self.asked <= n:
            raise StateFormatError(f"asked must be from 0 to {n}")
