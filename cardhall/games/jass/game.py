"""Jass for four players in two teams (rules/jass.md, "4 players in two teams").

Seats 0–3 sit clockwise; partners sit opposite (team 0: seats 0 and 2, team 1: seats 1
and 3). The first dealer is seat 3, so seat 0 chooses trump first.
"""

from __future__ import annotations

import random
from operator import itemgetter
from typing import Any

from cardhall.core.cards import deal_unseen, format_cards
from cardhall.core.errors import StateFormatError
from cardhall.core.game import Action
from cardhall.core.i18n import N_, Msg
from cardhall.core.options import Option
from cardhall.core.plugins import Plugins, SearchProfile, heuristic_levels
from cardhall.core.rng import MAX_SEED
from cardhall.games.jass.base import (
    P_OVER,
    P_PLAY,
    P_PUSHED,
    P_TRUMP,
    PUSH,
    TRUMP,
    TRUMP_CHOICES,
    JassFamily,
    TrickState,
)
from cardhall.games.jass.tricks import (
    _C,
    _D,
    _H,
    _S,
    BIT9,
    DECK,
    HIGHER9,
    IN_TRICK,
    JACK_BIT,
    LAST_TRICK_BONUS,
    NEXT,
    NO_TRUMP_BAUER,
    POINTS,
    POSITION_BITS,
    SUIT,
    SUIT_CARDS,
    SUIT_DECK,
    cannot_hold,
    cards_of,
    shuffled_bytes,
    split_hand,
)
from cardhall.games.jass.views import JassPublicView, JassView

SEAT_NAMES = (N_("South"), N_("West"), N_("North"), N_("East"))
_BY_SEAT = [itemgetter(*(12 * r + 3 * ((seat - first) & 3) + j for seat in range(4) for r in range(3) for j in range(3)))
            for first in range(4)]
"""``_BY_SEAT[first](deck)``: the shuffled deck in the order dealt to seats 0, 1, 2, 3, nine
cards each, when `first` gets the first three cards."""


class Jass(JassFamily):
    name = "jass"
    title = N_("Jass")
    plugins = Plugins(
        text_ui="cardhall.games.jass.text:GameTextUI",
        web="cardhall.games.jass.web",
        heuristic="cardhall.games.jass.bot:HeuristicBot",
        heuristic_on_wire=True,
        rollout="cardhall.games.jass.bot:rollout_policy",
        bench="cardhall.games.jass.bench:run",
        peers=("jass-kit",),
        # Points are credited trick by trick; a deal is 157 points.
        search=SearchProfile(win_weight=0.3, scale=25.0, horizon=40, levels=heuristic_levels("pimc:worlds=12:rollout=heuristic")),
    )
    teams = ((0, 2), (1, 3))
    OPTIONS = (
        Option("target", 1000, N_("the points a team needs to win"), choices=(1000, 1500, 2000),
               label=N_("Points to win")),
        Option("bauer_exception", False,
               N_("the trump Jack need never be played to follow trump (off in the seed; on in jass-kit)"),
               label=N_("The trump Jack need never follow trump"),
               help=N_("the trump Jack (the Bauer) need never be played to follow trump")),
        Option("one_deal", False, N_("a quick game of one deal: the team with more card points wins"),
               label=N_("One deal only")),
    )
    hand_size = 9

    @property
    def num_players(self) -> int:
        return 4

    def seat_name(self, seat: int) -> Msg:
        return Msg(SEAT_NAMES[seat])

    def _new_state(self, seed: int) -> JassState:
        s = JassState(self, seed)
        s._deal()
        return s

    def _state_from_dict(self, data: dict[str, Any], seed: int) -> JassState:
        s = JassState(self, seed)
        s._load_base(data, 4)
        s.score = [int(x) for x in data["score"]]
        s.pushed = bool(data["pushed"])
        s.log = [[int(a), int(b)] for a, b in data["log"]]
        s.winner_team = int(data["winner_team"])
        return s


class JassState(TrickState):
    """A Jass position. The hands are kept as small ints, ``suits[seat][suit]`` the 9-bit
    mask of the seat's cards of that suit (bit 0 = the six), so the hot path never
    shifts or masks a 52-bit int; `hands` gives them as masks of kernel cards."""

    VIEW_TYPE = JassView
    PUBLIC_VIEW_TYPE = JassPublicView

    __slots__ = ("log", "pushed", "score", "suits", "target", "winner_team")

    game: Jass

    def __init__(self, game: Jass, seed: int) -> None:
        super().__init__(game, seed)
        self._init_base(4)
        self.score = [0, 0]
        self.pushed = False
        self.log: list[list[int]] = []
        self.winner_team = -1
        self.target: int = game.options["target"]

    @property
    def hands(self) -> list[int]:
        """The four hands as masks of kernel cards (a copy: assign a whole list to change them)."""
        return [c << 4 | d << 17 | h << 30 | s << 43 for c, d, h, s in self.suits]

    @hands.setter
    def hands(self, hands: list[int]) -> None:
        if any(h & ~DECK for h in hands):  # the suit masks could not hold such a card
            raise StateFormatError("a card is in two places or is not a Jass card (hands)")
        self.suits = [split_hand(h) for h in hands]

    def _play_out(self, seat: int, card_bit: int) -> None:  # (for the shared code; the hot path inlines it)
        card = card_bit.bit_length() - 1
        self.suits[seat][SUIT[card]] ^= BIT9[card]  # (played: derived)

    def _no_cards(self, n: int) -> None:
        self.suits = [[0, 0, 0, 0] for _ in range(n)]  # (nothing is played: nothing is dealt yet)

    def hand(self, seat: int) -> int:
        """One seat's hand as a mask of kernel cards."""
        c, d, h, s = self.suits[seat]
        return c << 4 | d << 17 | h << 30 | s << 43

    @property
    def played(self) -> int:
        """The cards played in this deal: every card is dealt, so the cards in no hand (the
        hot path keeps only the hands)."""
        held = 0
        for c, d, h, s in self.suits:
            held |= c << 4 | d << 17 | h << 30 | s << 43
        return DECK ^ held

    @played.setter
    def played(self, played: int) -> None:
        """Check a saved state's played cards: exactly the cards in no hand."""
        if played != self.played:
            self._check_cards([*self.hands, played], "hands and played cards")
            raise StateFormatError("the played cards must be exactly the cards in no hand")

    def _deal(self) -> None:
        """Rule: the dealer deals 9 cards each, three at a time, starting at their left."""
        # the shuffled deck (positions of DECK_CARDS), dealt: seat 0's nine cards first, then seat 1's, …
        get = itemgetter(*_BY_SEAT[self.dealer + 1 & 3](shuffled_bytes(self.seed, self.chance)))
        self.chance += 1
        bits = get(POSITION_BITS)
        a, b, c, d = sum(bits[:9]), sum(bits[9:18]), sum(bits[18:27]), sum(bits[27:])  # 36-bit hands
        e = a & 0x3FFFF  # clubs and diamonds (bits 0-17), a one-digit int
        a >>= 18  # hearts and spades
        f = b & 0x3FFFF
        b >>= 18
        g = c & 0x3FFFF
        c >>= 18
        h = d & 0x3FFFF
        d >>= 18
        self.suits = [[e & 511, e >> 9, a & 511, a >> 9], [f & 511, f >> 9, b & 511, b >> 9],
                      [g & 511, g >> 9, c & 511, c >> 9], [h & 511, h >> 9, d & 511, d >> 9]]
        self._new_deal_base()
        self.phase = P_TRUMP
        self.pushed = False

    # --- protocol --------------------------------------------------------------------
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == P_PLAY:
            return self.turn
        if phase == P_TRUMP:
            return (self.dealer + 1) % 4
        if phase == P_PUSHED:
            return (self.dealer + 3) % 4
        return None

    def legal_actions(self) -> list[Action]:
        """In the card play (the hot path of search), the cards the seat to move may play,
        lowest number first.

        The rules of `tricks.legal_mask`, worked out on the hand's 9-bit suit masks (`suits`,
        small ints) and turned into cards by one table lookup per suit allowed:
        lead any card; on a trump lead play a trump if you hold one (with the Bauer
        exception, unless the Jack is your only trump), else any card; on a plain lead
        follow suit or trump (no trump lower than one on the table), else any card but the
        lower trumps, unless you hold nothing else.
        """
        su = self.suits[self.turn]  # the hand to play, by suit
        if self.trick:  # (a trick is on the table only in the card play)
            t = self.trump
            lead = self.lead
            trumps = su[t]
            if lead == t:
                if trumps and not (trumps == JACK_BIT and self.bauer):
                    return [*SUIT_CARDS[t][trumps]]
            elif follow := su[lead]:
                w = self.win_card
                if SUIT[w] == t:  # a trump on the table: only higher trumps
                    trumps &= HIGHER9[w]
                if lead < t:
                    return [*SUIT_CARDS[lead][follow], *SUIT_CARDS[t][trumps]]
                return [*SUIT_CARDS[t][trumps], *SUIT_CARDS[lead][follow]]
            elif SUIT[w := self.win_card] == t and (lower := trumps & ~HIGHER9[w]):
                # void in the led suit, a trump on the table: anything but the lower
                # trumps, unless the hand is only lower trumps
                hand = su.copy()
                hand[t] = trumps ^ lower
                if any(hand):
                    return [*_C[hand[0]], *_D[hand[1]], *_H[hand[2]], *_S[hand[3]]]
        elif self.phase != P_PLAY:
            if self.phase == P_TRUMP:
                return [*TRUMP_CHOICES, PUSH]
            if self.phase == P_PUSHED:
                return list(TRUMP_CHOICES)
            return []
        c, d, h, s = su
        return [*_C[c], *_D[d], *_H[h], *_S[s]]

    def _apply(self, action: Action) -> None:
        """Apply `action` (the core records it): `TrickState._apply` written out for four
        players without Putz's known cards (the hot path of search; the same rules, and
        tests check that both give equal states)."""
        if action >= TRUMP:  # type: ignore[operator]  # a decision before the card play (cards are 0-51)
            self._decide(action)
            return
        trick = self.trick
        seat = self.turn
        self.turn = nxt = NEXT[seat]
        self.suits[seat][SUIT[action]] ^= BIT9[action]  # type: ignore[call-overload]  # (played: derived)
        if not trick:  # leading
            trick.append(action)  # type: ignore[arg-type]
            self.lead = SUIT[action]  # type: ignore[call-overload]
            self.win_card = action  # type: ignore[assignment]
            self.win_seat = seat
            return
        trick.append(action)  # type: ignore[arg-type]
        t = self.trump
        lead = self.lead
        rank = IN_TRICK[t][lead]
        r = rank[action]  # type: ignore[call-overload]
        if r > rank[self.win_card]:  # trumps rank above the led suit
            self.win_card = action  # type: ignore[assignment]
            self.win_seat = seat
        elif not r:  # neither trump nor the led suit
            if lead == t:  # no trump to follow a trump lead (but maybe the Bauer, by the exception)
                self.cannot[seat] |= NO_TRUMP_BAUER[t] if self.bauer else SUIT_DECK[t]
            else:  # void in the led suit
                self.cannot[seat] |= SUIT_DECK[lead]
        elif r > 100 and lead != t:  # an under-trump: only lower trumps were left
            self.cannot[seat] |= cannot_hold(action, lead, self.win_card, t, self.bauer)  # type: ignore[arg-type]
        if nxt == self.leader:  # the fourth card: the winner takes the trick (_trick_taken, inline)
            # Local names are reused here on purpose: each local of this function costs a
            # little on every call, and this block runs once in four.
            rank = POINTS[t]
            a, b, c, d = trick
            r = rank[a] + rank[b] + rank[c] + rank[d]  # the trick's points
            t = self.tricks_done = self.tricks_done + 1
            if t == 9:  # the last trick of the deal
                r += LAST_TRICK_BONUS
            seat = self.win_seat
            self.points[seat] += r
            self.last = (self.leader, trick, seat, r)
            self.trick = []
            self.leader = self.turn = seat
            self.win_card = -1
            a = seat & 1  # the winning team
            b = self.score[a] = self.score[a] + r
            if t == 9 or b >= self.target:
                self._deal_over(a)

    def _decide(self, action: Action) -> None:
        if action == PUSH:
            self.phase = P_PUSHED
            self.pushed = True
        else:
            self.trump = action - TRUMP  # type: ignore[operator]
            self.phase = P_PLAY
            self.leader = self.turn = (self.dealer + 1) % 4  # forehand leads even after pushing

    def _trick_taken(self, winner: int, points: int) -> None:
        team = winner & 1
        self.score[team] += points
        if self.tricks_done == 9 or self.score[team] >= self.target:
            self._deal_over(team)

    def _deal_over(self, team: int) -> None:
        """After the last trick, or once `team` has reached the target: end the game or deal anew."""
        self.log.append(self.team_deal_points())
        if self.score[team] >= self.target:
            # Decision: points are credited at once, so the game ends the moment a team reaches the target.
            self.phase = P_OVER
            self.winner_team = team
        elif self.game.options["one_deal"]:
            # Not in the seed: a game of one deal (a quick game, and the unit that measures bots);
            # a deal's 157 points cannot split evenly, so one team has more.
            self.phase = P_OVER
            self.winner_team = 0 if self.score[0] > self.score[1] else 1
        else:
            self.dealer = (self.dealer + 1) % 4  # the next dealer sits to the dealer's left
            self._deal()

    def team_deal_points(self) -> list[int]:
        p = self.points
        return [p[0] + p[2], p[1] + p[3]]

    def _clone_cards(self, s: TrickState) -> None:
        a, b, c, d = self.suits
        s.suits = [a.copy(), b.copy(), c.copy(), d.copy()]  # type: ignore[attr-defined]  # (played: derived)

    def clone(self) -> JassState:
        s = JassState.__new__(JassState)
        self._clone_trick(s)
        s.score = self.score.copy()
        s.pushed = self.pushed
        s.log = self.log.copy()
        s.winner_team = self.winner_team
        s.target = self.target
        return s

    def scores(self) -> list[float]:
        return [float(self.score[s & 1]) for s in range(4)]

    def winners(self) -> list[int]:
        if self.winner_team < 0:
            return []
        return [self.winner_team, self.winner_team + 2]

    def _public_variant(self) -> dict[str, Any]:
        return {
            "variant": "jass",
            "pushed": self.pushed,
            "chooser": (self.dealer + 3) % 4 if self.pushed else (self.dealer + 1) % 4,
            "team_points": self.team_deal_points(),
            "scores": [self.score[s & 1] for s in range(4)],
            "team_scores": list(self.score),
            "target": self.game.options["target"],
            "deals": [list(d) for d in self.log],
            "winners": self.winners(),
        }

    def sample(self, seat: int, rng: random.Random) -> JassState:
        s = self.clone()
        s.seed = rng.randrange(MAX_SEED)
        s.actions = []
        others = [o for o in range(4) if o != seat]
        pool = 0
        for o in others:
            pool |= self.hands[o]
        dealt = deal_unseen(cards_of(pool), [self.hands[o].bit_count() for o in others],
                            [DECK & ~self.cannot[o] for o in others], rng)
        hands = self.hands
        for o, h in zip(others, dealt, strict=True):
            hands[o] = h
        s.hands = hands
        return s

    def _to_dict(self) -> dict[str, Any]:
        d = self._dict_base()
        d.update({"score": list(self.score), "pushed": self.pushed, "log": [list(x) for x in self.log],
                  "winner_team": self.winner_team})
        return d

    def check_consistency(self) -> None:
        self._check_cards([*self.hands, self.played], "hands and played cards")
        sizes = {h.bit_count() for h in self.hands}
        in_trick = len(self.trick)
        expected = 9 - self.tricks_done
        for s in range(4):
            k = self.hands[s].bit_count()
            has_played = (s - self.leader) % 4 < in_trick
            if k != expected - has_played:
                raise StateFormatError(
                    f"seat {s} holds {k} cards; after {self.tricks_done} tricks it must hold "
                    f"{expected - has_played} ({sorted(sizes)})")
        if self.phase in (P_TRUMP, P_PUSHED) and (self.played or self.trump >= 0):
            raise StateFormatError("no card is played and no trump is set before the trump choice")
        if self.phase == P_PLAY and self.trump < 0:
            raise StateFormatError("cards are played only once trump is chosen")
        if self.phase == P_OVER and self.winner_team < 0:
            raise StateFormatError("a finished game needs its winning team")
        if sum(self.points) != sum(self.team_deal_points()) or self.played.bit_count() != 4 * self.tricks_done + in_trick:
            raise StateFormatError(f"{format_cards(self.played)} played does not match {self.tricks_done} tricks")
        if any(x < 0 for x in self.score):
            raise StateFormatError("scores cannot be negative")
