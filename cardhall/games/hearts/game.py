"""Hearts ("Black Lady"), 3 or 4 players, exactly as in docs/spec/hearts.md.

Cards are the ints of `cardhall.core.cards` (``suit * 13 + rank``, ♣ ♦ ♥ ♠ = 0 1 2 3),
hands are bitmasks (kept as one 13-bit mask per seat and suit; `HeartsState.hands` gives
52-bit masks). An action is an int:

* ``0 … 51``   play that card (notation ``QS``);
* ``52 … 103`` choose card ``a - 52`` to pass (notation ``pass QS``).

Passing is three successive card choices per seat, seats in order 0, 1, …; the chosen
cards leave the hand at once but reach the receiver only when every seat has chosen, and
no seat ever sees another seat's choice (except, afterwards, the cards it received).
A state is a whole game: deals follow one another until a total exceeds the target.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from operator import add, itemgetter
from struct import Struct
from typing import Any

from cardhall.core.card_words import SUIT_WORDS, card_words
from cardhall.core.cards import (
    CLUBS,
    HEARTS,
    SUIT_MASKS,
    deal_unseen,
    format_card,
    parse_card,
    suit_of,
)
from cardhall.core.errors import NotationError, OptionError, StateFormatError
from cardhall.core.game import Action, Event, Game, State, Viewer
from cardhall.core.i18n import N_, Msg
from cardhall.core.options import Option
from cardhall.core.plugins import Plugins, SearchProfile, heuristic_levels
from cardhall.core.rng import MAX_SEED, chance_permutation_bytes
from cardhall.games.hearts.views import HeartsPublicView, HeartsView

PASS = 52  # pass actions are PASS + card
QS = 3 * 13 + 10  # the queen of spades
HEARTS_MASK = SUIT_MASKS[HEARTS]
POINT_MASK = HEARTS_MASK | (1 << QS)
SUIT13 = 0x1FFF
SEAT_NAMES = (N_("North"), N_("East"), N_("South"), N_("West"))

PASSING, PLAYING, OVER = 0, 1, 2
Trick = tuple[int, Sequence[int], int]  # (leader, cards in playing order, winner)
PHASE_NAMES = ("pass", "play", "over")


def _suit_tables() -> tuple[tuple[tuple[int, ...], ...], ...]:
    """For each suit, the cards (ascending) of every 13-bit pattern of that suit."""
    out = []
    for s in range(4):
        table: list[tuple[int, ...]] = [()] * 8192
        base = 13 * s
        for m in range(1, 8192):
            low = m & -m
            table[m] = (base + low.bit_length() - 1, *table[m ^ low])
        out.append(tuple(table))
    return tuple(out)


_T = _suit_tables()
_T0, _T1, _T2, _T3 = _T
_P0, _P1, _P2, _P3 = (tuple(tuple(PASS + c for c in cards) for cards in table) for table in _T)  # as pass actions
_SUIT = tuple(c // 13 for c in range(52))
_TEXT = tuple(format_card(c) for c in range(52))  # card -> its notation
_X0, _X1, _X2, _X3 = (tuple(tuple(_TEXT[c] for c in cards) for cards in table) for table in _T)  # ... of a suit pattern
# A hand is kept per suit: `suits[seat + 4 * suit]` is a 13-bit mask of ranks. For a card or
# a pass action `a`, the suit's offset and the rank's bit:
_OFF = tuple(4 * (a % 52 // 13) for a in range(2 * PASS))
_RBIT = tuple(1 << a % 52 % 13 for a in range(2 * PASS))
_FOLLOW = tuple(_T[c // 13] for c in range(52))  # led card -> the table of its suit
# For a led card: each card's own number if it is of the suit led, else -1 (52: no card).
_RANKED = tuple(tuple(d if d // 13 == c // 13 else -1 for d in range(53)) for c in range(52))
_PTS = tuple(13 if c == QS else 1 if c // 13 == HEARTS else 0 for c in range(53))  # points of a card (52: none)
NO_CARD = 52  # the fourth card of a trick of three
NO_QS = SUIT13 ^ (1 << (QS - 39))  # the spades other than Q♠
_MOD = {n: bytes(v % n for v in range(256)) for n in (3, 4)}  # deal position -> seat
_DIGITS = tuple(bytes(49 if v == s else 48 for v in range(256)) for s in range(4))  # seat s -> "1", else "0"
_SEATS_HIGH_FIRST = {n: _DIGITS[n - 1::-1] for n in (3, 4)}
_PAD = b"\xff\xff\xff"  # 16 digits per suit: 3 of padding, then ranks A … 2
_WORDS = Struct("<16H").unpack  # 16-bit words, seat-major -> ...
_BY_SUIT = itemgetter(*(4 * s + k for k in range(4) for s in range(4)))  # ... in the order of `suits`


def split_hands(masks: Sequence[int]) -> list[int]:
    """Seat masks of 52 bits -> the 16 suit masks (13 bits) at `seat + 4 * suit`."""
    out = [0] * 16
    for s, m in enumerate(masks):
        out[s], out[s + 4], out[s + 8], out[s + 12] = m & SUIT13, m >> 13 & SUIT13, m >> 26 & SUIT13, m >> 39
    return out


def join_hands(suits: Sequence[int], n: int) -> list[int]:
    """The 16 suit masks -> the `n` seat masks of 52 bits (the inverse of `split_hands`)."""
    return [suits[s] | suits[s + 4] << 13 | suits[s + 8] << 26 | suits[s + 12] << 39 for s in range(n)]


def _rotation(n: int, offset: int) -> tuple[int, ...]:
    """For each suit slot of a receiver, the slot of the seat that passes to it."""
    return tuple((r - offset) % n + 4 * k if r < n else r + 4 * k for k in range(4) for r in range(4))


_ROT = {(n, off): _rotation(n, off) for n in (3, 4) for off in range(n)}


def cards_of(mask: int) -> list[int]:
    """The cards of `mask`, ascending, by table look-up (no bit loop)."""
    return [*_T0[mask & SUIT13], *_T1[(mask >> 13) & SUIT13], *_T2[(mask >> 26) & SUIT13], *_T3[mask >> 39]]


def points_of(mask: int) -> int:
    """Penalty points in a set of cards: 1 per heart, 13 for Q♠."""
    return (mask & HEARTS_MASK).bit_count() + (13 if mask >> QS & 1 else 0)


def pass_offset(players: int, deal: int) -> int:
    """Seats to the left the cards go in deal `deal` (0-based); 0 = hold.

    4 players: left, right, across, hold. 3 players (Decision): left, right, hold.
    """
    if players == 4:
        return (1, 3, 2, 0)[deal % 4]
    return (1, 2, 0)[deal % 3]


def direction_name(players: int, offset: int) -> str:
    if offset == 0:
        return "hold"
    if offset == 1:
        return "left"
    if offset == players - 1:
        return "right"
    return "across"


class Hearts(Game):
    """Hearts: avoid hearts and the queen of spades; the lowest total wins."""

    name = "hearts"
    title = "Hearts"
    plugins = Plugins(
        text_ui="cardhall.games.hearts.text:GameTextUI",
        web="cardhall.games.hearts.web",
        heuristic="cardhall.games.hearts.bot:HeuristicBot",
        heuristic_on_wire=True,
        rollout="cardhall.games.hearts.bot:rollout_policy",
        bench="cardhall.games.hearts.bench:run",
        peers=("openspiel",),
        # Penalty points (fewer is better); a deal is 26 points; scores change at the end of a deal.
        search=SearchProfile(win_weight=0.3, scale=8.0, sign=-1, horizon=70,
                             levels=heuristic_levels("pimc:worlds=24:rollout=heuristic", slip=0.2)),
    )
    OPTIONS = (
        Option("players", 4, N_("number of players"), choices=(3, 4), label=N_("Players")),
        Option("queen_breaks_hearts", False, N_("playing Q♠ also breaks hearts"),
               label=N_("The queen of spades breaks hearts")),
        Option("moon_mode", "add", N_("shooting the moon: add 26 to the others, or subtract 26 from the shooter"),
               choices=("add", "subtract"), label=N_("Shooting the moon"),
               labels=(("add", N_("add 26 to the others")), ("subtract", N_("subtract 26 from the shooter")))),
        Option("exact_100", "off", N_("a total of exactly the target is cut by 50 or reset to 0"),
               choices=("off", "minus50", "reset0"), label=N_("A total of exactly the target"),
               labels=(("off", N_("counts as it is")), ("minus50", N_("is cut by 50")), ("reset0", N_("is reset to 0")))),
        Option("target", 100, N_("the game ends when a total exceeds this"), minimum=1, maximum=100000,
               label=N_("Points that end the game")),
        Option("removed_card", "2C", N_("the card left out with 3 players (no point card)"),
               form=N_("a card such as 2C or 3D (not a heart, not QS)"), label=N_("The card left out (3 players)"),
               offers=tuple(format_card(c) for c in range(52) if not POINT_MASK >> c & 1),
               words=lambda value, tr: card_words(parse_card(value), tr)),
    )

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        o = self.options
        self.players: int = o["players"]
        self.per_seat = 13 if self.players == 4 else 17
        self.removed: int | None = parse_card(o["removed_card"]) if self.players == 3 else None
        self.deck_mask = ((1 << 52) - 1) ^ (0 if self.removed is None else 1 << self.removed)
        self.deck_cards = cards_of(self.deck_mask)
        self.deck_size = len(self.deck_cards)
        self.pass_offsets = tuple(pass_offset(self.players, d) for d in range(self.players))  # by deal mod players
        clubs = self.deck_mask & SUIT_MASKS[CLUBS]
        self.first_card = (clubs & -clubs).bit_length() - 1  # lowest club in play leads
        self.breaks = tuple(suit_of(c) == HEARTS or (c == QS and o["queen_breaks_hearts"]) for c in range(52))
        self.subtract = o["moon_mode"] == "subtract"
        self.exact = o["exact_100"]
        self.target: int = o["target"]
        self.next_seat = tuple((s + 1) % self.players for s in range(self.players))
        self.seat_at = tuple(range(self.players)) * 2  # seat_at[leader + i]: the seat i places after leader
        self.queen_breaks: bool = o["queen_breaks_hearts"]

    def _check_options(self) -> None:
        o = self.options
        try:
            card = parse_card(o["removed_card"])
        except NotationError:
            raise OptionError(Msg(N_("hearts: option removed_card={value} is not a card; write it like 2C or 3D"),
                                  value=repr(o["removed_card"]))) from None
        if o["players"] == 4 and card != 0:
            raise OptionError(Msg(N_("hearts: option removed_card applies only with players=3; "
                                     "with 4 players every card is dealt")))
        if card == QS or suit_of(card) == HEARTS:
            raise OptionError(Msg(N_("hearts: option removed_card={value} is a point card; "
                                     "remove a card worth no points, e.g. 2C"), value=repr(o["removed_card"])))
        o["removed_card"] = format_card(card)

    @property
    def num_players(self) -> int:
        return self.players

    def seat_name(self, seat: int) -> str:
        return Msg(SEAT_NAMES[seat])

    def _new_state(self, seed: int) -> HeartsState:
        return HeartsState(self, seed)

    def deal_state(self, seed: int, deal: int) -> HeartsState:
        """A fresh game that starts at deal number `deal` (0-based; sets the passing direction)."""
        return HeartsState(self, seed, deal)

    # --- notation -------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        a = int(action)  # type: ignore[call-overload]
        if not 0 <= a < PASS * 2:
            return f"?{a}"
        return "pass " + format_card(a - PASS) if a >= PASS else format_card(a)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        words = text.split()
        if words and words[0].lower() == "pass":
            if len(words) != 2:
                raise NotationError(Msg(N_("cannot read {text}: cards are passed one at a time; "
                                           "write pass and one card, e.g. pass QS, then choose the next"),
                                        text=repr(text.strip())))
            return PASS + parse_card(words[1])
        if len(words) != 1:
            raise NotationError(Msg(N_("cannot read {text}; write one card such as QS, or pass QS while passing"),
                                    text=repr(text.strip())))
        card = parse_card(words[0])
        if isinstance(state, HeartsState) and state.phase == PASSING:
            return PASS + card
        return card

    # --- JSON -----------------------------------------------------------------------
    def _state_from_dict(self, data: dict[str, Any], seed: int) -> HeartsState:
        return HeartsState.from_dict(self, data, seed)


def _cards_text(mask: int) -> list[str]:
    """The notation of the cards of `mask`, ascending (by table look-up, as `cards_of`)."""
    return [*_X0[mask & SUIT13], *_X1[(mask >> 13) & SUIT13], *_X2[(mask >> 26) & SUIT13], *_X3[mask >> 39]]


def _seat_text(suits: Sequence[int], seat: int) -> list[str]:
    """The notation of one seat's cards, ascending, from the suit masks at `seat + 4 * suit`."""
    return [*_X0[suits[seat]], *_X1[suits[seat + 4]], *_X2[suits[seat + 8]], *_X3[suits[seat + 12]]]


def _seat_counts(suits: Sequence[int], n: int) -> list[int]:
    """How many cards each of the `n` seats has in the suit masks."""
    return [suits[s].bit_count() + suits[s + 4].bit_count() + suits[s + 8].bit_count() + suits[s + 12].bit_count()
            for s in range(n)]


def _read_cards(items: Any) -> int:
    if not isinstance(items, list):
        raise StateFormatError(f"expected a list of cards, got {items!r}")
    mask = 0
    for item in items:
        c = parse_card(str(item))
        if mask >> c & 1:
            raise StateFormatError(f"card {format_card(c)} is listed twice")
        mask |= 1 << c
    return mask


class HeartsState(State):
    """A game of Hearts in progress (possibly over)."""

    VIEW_TYPE = HeartsView
    PUBLIC_VIEW_TYPE = HeartsPublicView

    __slots__ = (
        "broken", "deal", "last", "leader", "next_seat", "offset", "out", "over", "phase", "picks",
        "points", "results", "suits", "totals", "trick", "tricks", "turn",
    )
    game: Hearts

    def __init__(self, game: Hearts, seed: int, deal: int = 0) -> None:
        super().__init__(game, seed)
        n = game.players
        self.next_seat = game.next_seat
        self.totals = [0] * n
        self.results: list[tuple[int, ...]] = []  # points of each finished deal
        self.over = False  # the game is over (kept as a flag: `is_over` is asked every move)
        self.last: Trick | None = None  # the last completed trick
        self._start_deal(deal)

    # --- the deal -------------------------------------------------------------------
    def _start_deal(self, deal: int) -> None:
        g = self.game
        n = g.players
        # A uniform shuffle: card i is dealt at position perm[i], so to seat perm[i] mod n
        # (dealt clockwise). The hands are read as binary digits, 16 per suit and seat, all
        # in one number whose 16-bit words are the suit masks.
        perm = chance_permutation_bytes(self.seed, self.chance, g.deck_size)
        self.chance += 1
        seats = perm.translate(_MOD[n])  # each card's seat, in card order
        if g.removed is not None:
            seats = seats[:g.removed] + b"\xff" + seats[g.removed:]
        high_first = b"".join((_PAD, seats[:38:-1], _PAD, seats[38:25:-1], _PAD, seats[25:12:-1], _PAD, seats[12::-1]))
        digits = b"".join(map(high_first.translate, _SEATS_HIGH_FIRST[n]))
        self.suits = [*_BY_SUIT(_WORDS(int(digits, 2).to_bytes(32, "little")))]
        self.deal = deal
        self.offset = g.pass_offsets[deal % n]
        self.out = [0] * 16  # the cards chosen to pass, per suit like `suits`
        self.picks = 0  # cards the seat to move has chosen to pass so far
        self.points = [0] * n  # points taken this deal
        self.trick: list[int] = []
        self.tricks: list[Trick] = []
        self.broken = False
        self.leader = -1
        if self.offset:
            self.phase = PASSING
            self.turn = 0
        else:
            self._start_play()

    def _start_play(self) -> None:
        """The seat holding the lowest club in play leads."""
        self.phase = PLAYING
        first = self.game.first_card
        suit = self.suits[_OFF[first]:]
        bit = _RBIT[first]
        seat = 0
        while not suit[seat] & bit:
            seat += 1
        self.turn = self.leader = seat

    @property
    def hands(self) -> list[int]:
        """Each seat's hand as a 52-bit mask (a copy: assign a whole list to change it)."""
        return join_hands(self.suits, self.game.players)

    @hands.setter
    def hands(self, masks: Sequence[int]) -> None:
        self.suits = split_hands(masks)

    def hand(self, seat: int) -> int:
        """One seat's hand as a 52-bit mask."""
        suits: list[int] = self.suits
        return suits[seat] | suits[seat + 4] << 13 | suits[seat + 8] << 26 | suits[seat + 12] << 39

    def holder(self, card: int) -> int | None:
        """The seat holding `card`, or None if no hand holds it."""
        suit, bit = self.suits[_OFF[card]:_OFF[card] + 4], _RBIT[card]
        return next((s for s in range(self.game.players) if suit[s] & bit), None)

    @property
    def passed(self) -> list[int]:
        """The cards each seat has chosen to pass this deal, 52-bit masks (a copy)."""
        return join_hands(self.out, self.game.players)

    @passed.setter
    def passed(self, masks: Sequence[int]) -> None:
        self.out = split_hands(masks)

    def _end_deal(self) -> None:
        g = self.game
        n = g.players
        pts = self.points
        if 26 in pts:  # shooting the moon
            shooter = pts.index(26)
            pts = [-26 if s == shooter else 0 for s in range(n)] if g.subtract else [0 if s == shooter else 26 for s in range(n)]
        scores = self.totals = [*map(add, self.totals, pts)]
        if g.exact != "off" and g.target in scores:  # a total of exactly the target
            scores[:] = [(t - 50 if g.exact == "minus50" else 0) if t == g.target else t for t in scores]
        self.results.append(tuple(pts))
        if max(scores) > g.target:
            self.phase = OVER
            self.turn = -1
            self.over = True
        else:
            self._start_deal(self.deal + 1)

    # --- the protocol ---------------------------------------------------------------
    def to_move(self) -> int | None:
        t = self.turn
        return None if t < 0 else t

    def legal_actions(self) -> list[Action]:
        """The cards the seat to move may play (or choose to pass), ascending.

        Follow suit if you can. On the first trick a seat that cannot follow may not play a
        point card (a heart or Q♠) unless it holds nothing else. The lowest club in play
        leads the first trick; a heart may not be led before hearts are broken unless the
        leader holds only hearts. Lists are joined from per-suit tables, with no bit loop.
        """
        trick = self.trick
        su = self.suits
        t = self.turn
        if trick:  # following
            led = trick[0]
            follow = _FOLLOW[led][su[t + _OFF[led]]]
            if follow:
                return [*follow]  # must follow suit
            if not self.tricks and (su[t] or su[t + 4] or su[t + 12] & NO_QS):  # first trick: no point card
                return [*_T0[su[t]], *_T1[su[t + 4]], *_T3[su[t + 12] & NO_QS]]
        elif self.phase == PLAYING:  # leading
            if not self.broken and (su[t] or su[t + 4] or su[t + 12]):
                if not self.tricks:
                    return [self.game.first_card]  # the lowest club leads the first trick
                return [*_T0[su[t]], *_T1[su[t + 4]], *_T3[su[t + 12]]]  # no heart lead
        elif self.phase == PASSING:
            return [*_P0[su[t]], *_P1[su[t + 4]], *_P2[su[t + 8]], *_P3[su[t + 12]]]
        else:
            return []
        return [*_T0[su[t]], *_T1[su[t + 4]], *_T2[su[t + 8]], *_T3[su[t + 12]]]

    def _apply(self, action: int) -> None:  # type: ignore[override]
        """Play a legal action (the hot path of search and bench; the core records it).

        A card leaves the hand and joins the trick; play goes clockwise, and when the turn
        comes back to the trick's leader, every seat has played and the trick is decided:
        the highest card of the suit led wins it, and its winner leads the next trick. A
        heart in the trick (or Q♠ with the option `queen_breaks_hearts`) breaks hearts.
        When the hands are empty, the deal is scored.

        A card chosen to pass leaves the hand at once; see `_passes_chosen`.
        """
        seat = self.turn
        self.suits[seat + _OFF[action]] -= _RBIT[action]  # the card is in the hand: subtracting its bit removes it
        if action >= PASS:
            self.out[seat + _OFF[action]] += _RBIT[action]
            if self.picks < 2:
                self.picks += 1
            else:
                self._passes_chosen()
            return
        trick = self.trick
        trick.append(action)
        seat = self.next_seat[seat]
        if seat != self.leader:
            self.turn = seat
            return
        g = self.game
        if g.players == 4:
            a, b, c, d = trick
        else:
            (a, b, c), d = trick, NO_CARD
        ranked = _RANKED[a]
        best = a
        if ranked[b] > best:
            best = b
        if ranked[c] > best:
            best = c
        if ranked[d] > best:
            best = d
        pts = _PTS[a] + _PTS[b] + _PTS[c] + _PTS[d]
        self.turn = self.leader = w = g.seat_at[seat + trick.index(best)]
        self.last = last = (seat, trick, w)  # the list is never changed again
        tricks = self.tricks
        tricks.append(last)
        if pts:
            self.points[w] += pts
            if pts != 13 or g.queen_breaks:  # a heart, or Q♠ with the option
                self.broken = True
        self.trick = []
        if len(tricks) == g.per_seat:
            self._end_deal()

    def _passes_chosen(self) -> None:
        """The seat to move has chosen its three cards to pass.

        Seats choose in turn, three cards each; when the last seat has chosen, every seat's
        three cards reach the seat `offset` places to its left, and play begins.
        """
        self.picks = 0
        self.turn += 1
        n = self.game.players
        if self.turn == n:  # everyone has chosen: the cards change hands
            self.suits = [*map(add, self.suits, map(self.out.__getitem__, _ROT[n, self.offset]))]
            self._start_play()

    def hearts_broken(self) -> bool:
        """Whether a card that breaks hearts has been played this deal (current trick included)."""
        return self.broken or any(self.game.breaks[c] for c in self.trick)

    def played_cards(self) -> list[int]:
        """The cards of this deal's finished tricks and of the current trick, one mask per card."""
        return [1 << c for _, cs, _ in self.tricks for c in cs] + [1 << c for c in self.trick]

    def is_over(self) -> bool:
        return self.over

    def clone(self) -> HeartsState:
        new = HeartsState.__new__(HeartsState)
        self._clone_base(new)
        new.suits = self.suits.copy()
        new.out = self.out.copy()
        new.picks = self.picks
        new.points = self.points.copy()
        new.trick = self.trick.copy()
        new.tricks = self.tricks.copy()
        new.totals = self.totals.copy()
        new.results = self.results.copy()
        new.last = self.last
        new.broken = self.broken
        new.deal = self.deal
        new.offset = self.offset
        new.phase = self.phase
        new.turn = self.turn
        new.over = self.over
        new.leader = self.leader
        new.next_seat = self.next_seat
        return new

    def scores(self) -> list[float]:
        """Each seat's penalty total (lower is better), plus the points it has taken so far in
        the current deal (the deal is scored, moon included, when it ends)."""
        if self.phase == OVER:
            return list(self.totals)
        return [t + p for t, p in zip(self.totals, self.points, strict=True)]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        low = min(self.totals)
        return [s for s, v in enumerate(self.totals) if v == low]

    # --- rules in words -------------------------------------------------------------
    def explain_illegal(self, action: Action) -> str:
        g = self.game
        if not isinstance(action, int) or not 0 <= action < 2 * PASS:
            return Msg(N_("{action} is not a Hearts action; play a card like QS, or pass QS while passing"),
                       action=repr(action))
        seat = self.turn
        who = g.seat_name(seat)
        hand = self.hands[seat]
        if self.phase == PASSING:
            if action < PASS:
                return Msg(N_("{seat} must choose a card to pass first: write pass {card}"),
                           you=N_("You must choose a card to pass first: write pass {card}"), subject=seat,
                           seat=who, card=format_card(action))
            c = action - PASS
            if self.passed[seat] >> c & 1:
                return Msg(N_("{card} is already chosen to pass; choose another card from your hand"),
                           card=format_card(c))
            return Msg(N_("{seat} does not hold {card}; pass one of: {cards}"),
                       you=N_("You do not hold {card}; pass one of: {cards}"), subject=seat,
                       seat=who, card=format_card(c), cards=" ".join(_cards_text(hand)))
        if action >= PASS:
            return Msg(N_("passing is over for this deal; play a card, e.g. {card}"),
                       card=format_card(self.legal_actions()[0]))  # type: ignore[arg-type]
        c = action
        if not hand >> c & 1:
            return Msg(N_("{seat} does not hold {card}; play one of: {cards}"),
                       you=N_("You do not hold {card}; play one of: {cards}"), subject=seat,
                       seat=who, card=format_card(c), cards=" ".join(_cards_text(hand)))
        legal = " ".join(g.format_action(a) for a in self.legal_actions())
        if not self.tricks and not self.trick:
            return Msg(N_("the first trick must be led with {card}"), card=format_card(g.first_card))
        if self.trick:
            s = _SUIT[self.trick[0]]
            if hand & SUIT_MASKS[s]:
                return Msg(N_("you must follow suit: you hold {suit}; play one of: {cards}"),
                           you=N_("you must follow suit: you hold {suit}; play one of: {cards}"), subject=seat,
                           suit=Msg(SUIT_WORDS[s], context="suit"), cards=legal)
            return Msg(N_("no point card (a heart or Q♠) may be played on the first trick while you hold another card; "
                          "play one of: {cards}"), cards=legal)
        return Msg(N_("hearts are not broken yet, so you may not lead a heart while you hold another suit; "
                      "lead one of: {cards}"), cards=legal)

    # --- information ----------------------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        """Everything at the table: tricks, points, totals, how many cards each seat holds
        and has chosen to pass; no card of any hand and no passed card."""
        g = self.game
        n = g.players
        text = _TEXT
        leader, last = self.leader, self.last
        return {
            "seat": None,
            "players": n,
            "deal": self.deal + 1,
            "passing": direction_name(n, self.offset),
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move(),
            "over": self.over,
            "pass_counts": _seat_counts(self.out, n),
            "hand_sizes": _seat_counts(self.suits, n),
            "trick": [[(leader + i) % n, text[c]] for i, c in enumerate(self.trick)],
            "tricks": [{"leader": ld, "cards": [text[c] for c in cs], "winner": w} for ld, cs, w in self.tricks],
            "last_trick": None if not self.tricks or last is None else  # (none yet this deal)
            {"leader": last[0], "cards": [text[c] for c in last[1]], "winner": last[2]},
            "hearts_broken": self.hearts_broken(),
            "taken_points": list(self.points),
            "scores": list(self.totals),
            "deals": [list(r) for r in self.results],
            "removed": None if g.removed is None else text[g.removed],
            "target": g.target,
            "winners": self.winners(),
        }

    def view(self, seat: int) -> dict[str, Any]:
        """The public view, and the seat's own hand, the cards it passes and those it received."""
        n = self.game.players
        off = self.offset
        to = (seat + off) % n if off else None
        frm = (seat - off) % n if off else None
        v = self.public_view()
        v["seat"] = seat
        v["hand"] = _seat_text(self.suits, seat)
        v["passed"] = _seat_text(self.out, seat)
        v["passed_to"] = to
        v["received"] = _seat_text(self.out, frm) if frm is not None and self.phase != PASSING else []
        v["received_from"] = frm
        return v

    def events(self, action: Action, actor: int, viewer: Viewer,
               before: dict[str, Any], after: dict[str, Any]) -> list[Event]:
        """A card played is public; a card chosen to pass only the chooser learns, and when
        passing is done each seat learns the cards it received (a spectator: only that it is done)."""
        a: int = action  # type: ignore[assignment]
        out: list[Event] = []
        if a >= PASS:
            chosen: Event = {"type": "pass_chosen", "seat": actor, "count": before["pass_counts"][actor] + 1}
            if viewer == actor:
                chosen["card"] = format_card(a - PASS)
            out.append(chosen)
            if after["phase"] != "pass":
                done: Event = {"type": "passes_done", "passing": before["passing"]}
                if viewer is not None:
                    done.update(received=after["received"], received_from=after["received_from"])
                out.append(done)
            return out + self._over_events(before, after)
        played: Event = {"type": "card_played", "seat": actor, "card": format_card(a)}
        if before["trick"]:  # a card that follows: the led suit, so a listener hears "South: two."
            played["led"] = before["trick"][0][1][-1]
        out.append(played)
        if len(before["trick"]) == before["players"] - 1 and self.last is not None:  # this card completed it
            leader, cards, winner = self.last
            out.append({"type": "trick_won", "seat": winner, "leader": leader, "cards": [format_card(c) for c in cards],
                        "points": points_of(sum(1 << c for c in cards))})
        if not before["hearts_broken"] and after["hearts_broken"] and after["deal"] == before["deal"]:
            out.append({"type": "hearts_broken"})
        if len(after["deals"]) > len(before["deals"]):
            pts = after["deals"][-1]
            shooter = pts.index(-26) if -26 in pts else pts.index(0) if pts.count(26) == len(pts) - 1 else None
            out.append({"type": "deal_scored", "deal": len(after["deals"]), "points": pts, "moon": shooter,
                        "scores": after["scores"]})
            if not after["over"]:
                out.append({"type": "deal_started", "deal": after["deal"], "passing": after["passing"],
                            "removed": after["removed"]})
                if viewer is not None:  # a new hand: only its holder hears it
                    out.append({"type": "hand_dealt", "hand": after["hand"]})
        return out + self._over_events(before, after)

    def knowledge(self) -> list[int]:
        """For each seat, the cards it may still hold as far as play has shown.

        Failing to follow reveals a void; playing a point card on the first trick reveals a
        hand of only point cards; leading a heart before hearts are broken reveals a hand of
        only hearts. Hands only shrink, so each inference holds to the end of the deal.
        """
        g = self.game
        n = g.players
        allowed = [g.deck_mask] * n
        broken = False
        tricks = [(ld, cs) for ld, cs, _ in self.tricks]
        if self.trick:
            tricks.append((self.leader, tuple(self.trick)))
        for ti, (leader, cards) in enumerate(tricks):
            led = _SUIT[cards[0]]
            if ti and led == HEARTS and not broken:
                allowed[leader] &= HEARTS_MASK
            for i, c in enumerate(cards):
                p = (leader + i) % n
                if i and _SUIT[c] != led:
                    allowed[p] &= ~SUIT_MASKS[led]
                    if ti == 0 and POINT_MASK >> c & 1:
                        allowed[p] &= POINT_MASK
                if g.breaks[c]:
                    broken = True
        return allowed

    def sample(self, seat: int, rng: random.Random) -> HeartsState:
        g = self.game
        n = g.players
        new = self.clone()
        new.seed = rng.randrange(MAX_SEED)
        new.chance = 0
        new.actions = []
        others = [s for s in range(n) if s != seat]
        hands, passed = self.hands, self.passed
        new_hands, new_passed = hands.copy(), passed.copy()
        if self.phase == PASSING:
            pool = cards_of(g.deck_mask & ~(hands[seat] | passed[seat]))
            rng.shuffle(pool)
            i = 0
            for s in others:
                dealt = pool[i:i + g.per_seat]
                i += g.per_seat
                k = passed[s].bit_count()
                chosen = rng.sample(dealt, k)
                new_passed[s] = sum(1 << c for c in chosen)
                new_hands[s] = sum(1 << c for c in dealt) & ~new_passed[s]
            new.hands, new.passed = new_hands, new_passed
            return new
        played = g.deck_mask & ~sum(hands)  # played this deal (in tricks or the current one)
        off = self.offset
        fixed = [0] * n  # cards whose holder the seat knows
        if off:
            fixed[(seat + off) % n] = passed[seat] & ~played  # what it passed, unless played
        if self.phase == PLAYING and not played and self.turn != seat:
            fixed[self.turn] |= 1 << g.first_card  # the seat to lead holds the first card
        known = hands[seat] | played
        for f in fixed:
            known |= f
        pool = cards_of(g.deck_mask & ~known)
        allowed = self.knowledge()
        dealt = deal_unseen(pool, [hands[s].bit_count() - fixed[s].bit_count() for s in others],
                            [allowed[s] for s in others], rng)
        for s, dealt_to in zip(others, dealt, strict=True):
            new_hands[s] = dealt_to | fixed[s]
        if off:
            giver = (seat - off) % n
            by: list[int] = [0] * n  # cards each seat played this deal
            for ld, cs, _ in [*self.tricks, (self.leader, tuple(self.trick), -1)]:
                for i, c in enumerate(cs):
                    by[(ld + i) % n] |= 1 << c
            for s in others:
                if s == giver:
                    continue
                r = (s + off) % n
                options = cards_of((new_hands[r] | by[r]) & ~passed[seat])
                new_passed[s] = sum(1 << c for c in rng.sample(options, 3))
        new.hands, new.passed = new_hands, new_passed
        return new

    # --- JSON -----------------------------------------------------------------------
    def _to_dict(self) -> dict[str, Any]:
        last = self.last
        return {
            "chance": self.chance,
            "deal": self.deal,
            "phase": PHASE_NAMES[self.phase],
            "turn": self.to_move(),
            "hands": [_cards_text(h) for h in self.hands],
            "passed": [_cards_text(p) for p in self.passed],
            "trick_leader": self.leader if self.trick else None,
            "trick": [format_card(c) for c in self.trick],
            "tricks": [[ld, [format_card(c) for c in cs], w] for ld, cs, w in self.tricks],
            "last_trick": None if last is None else [last[0], [format_card(c) for c in last[1]], last[2]],
            "hearts_broken": self.hearts_broken(),
            "scores": list(self.totals),
            "results": [list(r) for r in self.results],
        }

    @classmethod
    def from_dict(cls, game: Hearts, data: dict[str, Any], seed: int) -> HeartsState:
        n = game.players
        new = cls.__new__(cls)
        new.game = game
        new.seed = seed
        new.actions = []
        new.chance = _int(data["chance"], "chance")
        new.deal = _int(data["deal"], "deal")
        if data["phase"] not in PHASE_NAMES:
            raise StateFormatError(f"phase must be one of {', '.join(PHASE_NAMES)}, got {data['phase']!r}")
        new.phase = PHASE_NAMES.index(data["phase"])
        turn = data["turn"]
        new.turn = -1 if turn is None else _int(turn, "turn")
        new.over = new.phase == OVER
        new.offset = pass_offset(n, new.deal)
        new.hands = [_read_cards(h) for h in _seats(data["hands"], n, "hands")]
        new.passed = passed = [_read_cards(h) for h in _seats(data["passed"], n, "passed")]
        new.picks = passed[new.turn].bit_count() if new.phase == PASSING and 0 <= new.turn < n else 0
        new.trick = [parse_card(str(c)) for c in data["trick"]]
        new.tricks = []
        for item in data["tricks"]:
            ld, cs, w = item
            new.tricks.append((_int(ld, "trick leader"), tuple(parse_card(str(c)) for c in cs), _int(w, "trick winner")))
        last = data["last_trick"]
        new.last = None if last is None else (_int(last[0], "leader"), tuple(parse_card(str(c)) for c in last[1]),
                                              _int(last[2], "winner"))
        new.broken = bool(data["hearts_broken"])
        new.totals = [_int(v, "score") for v in _seats(data["scores"], n, "scores")]
        new.results = [tuple(_int(v, "deal points") for v in _seats(r, n, "results")) for r in data["results"]]
        new.points = [0] * n
        for _ld, cs, w in new.tricks:
            if not 0 <= w < n:
                raise StateFormatError(f"trick winner {w} is not a seat")
            for c in cs:
                new.points[w] += points_of(1 << c)
        new.next_seat = game.next_seat
        new.leader = _int(data["trick_leader"], "trick leader") if new.trick else new.turn  # who leads this trick
        return new

    def check_consistency(self) -> None:
        g = self.game
        n = g.players
        seen = 0
        for m in [*self.hands, *(self.passed if self.phase == PASSING else []), *self.played_cards()]:
            if seen & m:
                raise StateFormatError(f"cards {' '.join(_cards_text(seen & m))} are in two places at once")
            seen |= m
        if seen != g.deck_mask:
            missing = g.deck_mask & ~seen
            extra = seen & ~g.deck_mask
            raise StateFormatError(
                f"the cards do not add up to the deck: missing {' '.join(_cards_text(missing)) or 'none'}, "
                f"extra {' '.join(_cards_text(extra)) or 'none'}"
            )
        if len(self.trick) >= n or not all(len(cs) == n for _, cs, _ in self.tricks):
            raise StateFormatError(f"a trick has {n} cards; the current trick has fewer")
        if self.phase == OVER:
            if self.turn != -1 or max(self.totals) <= g.target:
                raise StateFormatError("a finished game has no one to move and a total above the target")
            return
        if not 0 <= self.turn < n:
            raise StateFormatError(f"turn must be a seat from 0 to {n - 1}")
        if self.phase == PASSING:
            counts = [p.bit_count() for p in self.passed]
            if not self.offset or self.tricks or self.trick:
                raise StateFormatError("there is no passing in this deal, or play has begun")
            if any(c != (3 if s < self.turn else 0) for s, c in enumerate(counts) if s != self.turn) or counts[self.turn] > 2:
                raise StateFormatError(f"pass counts {counts} do not fit seat {self.turn} choosing now")
            if any(h.bit_count() + p.bit_count() != g.per_seat for h, p in zip(self.hands, self.passed, strict=True)):
                raise StateFormatError(f"each seat must hold {g.per_seat} cards during passing")
            return
        if self.offset and not all(p.bit_count() == 3 for p in self.passed):
            raise StateFormatError("every seat passes three cards before play")
        k = len(self.trick)
        if k:
            expected = (self.leader + k) % n
        elif self.tricks:
            expected = self.tricks[-1][2]
        else:
            expected = next(s for s in range(n) if self.hands[s] >> g.first_card & 1)  # the first lead
        if expected != self.turn:
            raise StateFormatError(f"seat {expected} should be to move, not {self.turn}")
        played_by = len(self.tricks)
        for s in range(n):
            in_trick = 1 if k and (s - self.leader) % n < k else 0
            if self.hands[s].bit_count() != g.per_seat - played_by - in_trick:
                raise StateFormatError(
                    f"{g.seat_name(s)} holds {self.hands[s].bit_count()} cards, which does not fit the tricks played"
                )


def _int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise StateFormatError(f"{what} must be a whole number, got {value!r}")
    return value


def _seats(items: Any, n: int, what: str) -> list[Any]:
    if not isinstance(items, list) or len(items) != n:
        raise StateFormatError(f"{what} must be a list with one entry per seat ({n})")
    return items
