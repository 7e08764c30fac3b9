"""3-2-5 (Teen Do Paanch): the rules engine (docs/spec/three-two-five.md).

Seats are numbered **anticlockwise**: seat ``s + 1`` (mod 3) sits to the right of seat
``s``, so "next" in dealing and play is always ``+1``. The seats are called South (0),
East (1) and West (2): East sits to South's right, West to East's right, South to West's.

A deal: the dealer (contract 2) deals five cards each, starting with the player to the
right (contract 5), who declares trump (action ``trump H``); then three and two more each.
With option ``trump_by_seventh_card`` the 7th card dealt to the 5-trick player fixes trump
instead. No trump, no deal: a player without trump makes the dealer redeal. From the second
deal on, surpluses are paid by pulls: a random blind draw (a chance event) then the puller
gives a card back (action ``return QS``). Then ten tricks, led first by the 5-trick player.

Actions are ints: a card ``c`` (0–51) is played, ``RETURN + c`` gives ``c`` back in a pull,
``TRUMP + s`` declares suit ``s`` trump.
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

from cardhall.core.card_words import CARD_NAMES, CARD_OBJECTS, SUIT_WORDS
from cardhall.core.cards import (
    SUIT_MASKS,
    SUIT_NAMES,
    SUITS,
    card_list,
    deal_unseen,
    deck,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from cardhall.core.errors import IllegalAction, NotationError, StateFormatError
from cardhall.core.game import Action, Event, Game, State, Viewer
from cardhall.core.i18n import N_, Msg
from cardhall.core.options import Option
from cardhall.core.plugins import Plugins, SearchProfile, heuristic_levels
from cardhall.core.rng import MAX_SEED, chance_rng
from cardhall.games.three_two_five.hidden import Pull, knowledge, rebuild_pulls, suits_mask
from cardhall.games.three_two_five.views import ThreeTwoFivePublicView, ThreeTwoFiveView

DECK = deck("89TJQKA") | parse_cards("7S 7H")
"""The 30 cards: A K Q J 10 9 8 of every suit, and the sevens of spades and hearts."""
DECK_CARDS = tuple(card_list(DECK))
SEATS = (N_("South"), N_("East"), N_("West"))
CONTRACT_BY_OFFSET = (2, 5, 3)
"""Contract by seat offset from the dealer: the dealer 2, the dealer's right 5, the third 3."""
TRICKS = 10
ALL_TRICKS_BONUS = 5
ALL_TRICKS_PULLS = 5

RETURN = 100
TRUMP = 200

TRUMP_PHASE, RETURN_PHASE, PLAY_PHASE, OVER = "trump", "return", "play", "over"
PHASES = (TRUMP_PHASE, RETURN_PHASE, PLAY_PHASE, OVER)

_RANKS_TABLE = tuple(tuple(tuple(13 * s + 5 + r for r in range(8) if m >> r & 1) for m in range(256)) for s in range(4))
"""_RANKS_TABLE[s][m]: the cards of suit s whose ranks 7…A are the bits of m (for speed)."""


def cards_of(mask: int) -> list[int]:
    """The cards of a mask of 3-2-5 cards, lowest number first (a fast `card_list`)."""
    out: list[int] = []
    for s in range(4):
        m = mask >> (13 * s + 5) & 0xFF
        if m:
            out += _RANKS_TABLE[s][m]
    return out


_SUIT_WORDS = {name: i for i, name in enumerate(SUIT_NAMES)} | {n[:-1]: i for i, n in enumerate(SUIT_NAMES)}
_SUIT_WORDS |= {SUITS[i].lower(): i for i in range(4)} | {sym: i for i, sym in enumerate("♣♦♥♠")}

SAMPLE_TRIES = 400
"""How often `sample` draws the hidden cards again when a deal makes a recorded pull impossible."""


def contract_of(seat: int, dealer: int) -> int:
    return CONTRACT_BY_OFFSET[(seat - dealer) % 3]


def trick_winner(leader: int, trick: list[int], trump: int) -> int:
    """The seat winning `trick` (cards in play order from `leader`): the highest trump, else
    the highest card of the led suit."""
    best = 0
    for i in range(1, len(trick)):
        c, b = trick[i], trick[best]
        cs, bs = c // 13, b // 13
        if cs == bs:
            if c > b:
                best = i
        elif cs == trump:
            best = i
    return (leader + best) % 3


def plan_pulls(diffs: list[int], tricks: list[int], new_dealer: int) -> list[tuple[int, int]]:
    """The pulls of the next deal, one (puller, pulled-from) pair per card, in order.

    Decision (matching): deficits are covered by surpluses greedily, the largest surplus
    first (then the largest deficit first); ties in seat order from the new dealer's right.
    A player who won all ten tricks pulls 5 cards in all, split in proportion to the others'
    deficits (largest remainders get the odd cards; ties in the same seat order).
    """
    order = [(new_dealer + 1 + i) % 3 for i in range(3)]
    pos = {s: i for i, s in enumerate(order)}
    pulls: list[tuple[int, int]] = []
    sweeper = next((s for s in range(3) if tricks[s] == TRICKS), None)
    if sweeper is not None:
        debtors = [s for s in order if diffs[s] < 0]
        total = sum(-diffs[s] for s in debtors)
        shares = {s: ALL_TRICKS_PULLS * -diffs[s] // total for s in debtors}
        left = ALL_TRICKS_PULLS - sum(shares.values())
        by_rest = sorted(debtors, key=lambda s: (-(ALL_TRICKS_PULLS * -diffs[s] % total), pos[s]))
        for s in by_rest[:left]:
            shares[s] += 1
        for s in sorted(debtors, key=lambda s: (-shares[s], pos[s])):
            pulls += [(sweeper, s)] * shares[s]
        return pulls
    surplus = {s: diffs[s] for s in order if diffs[s] > 0}
    deficit = {s: -diffs[s] for s in order if diffs[s] < 0}
    for c in sorted(surplus, key=lambda s: (-surplus[s], pos[s])):
        for d in sorted(deficit, key=lambda s: (-deficit[s], pos[s])):
            n = min(surplus[c], deficit[d])
            if n > 0:
                pulls += [(c, d)] * n
                surplus[c] -= n
                deficit[d] -= n
    return pulls


class ThreeTwoFive(Game):
    """3-2-5 for three players; `deals` deals, then the highest total wins."""

    name = "three-two-five"
    title = "3-2-5 (Teen Do Paanch)"
    plugins = Plugins(
        text_ui="cardhall.games.three_two_five.text:GameTextUI",
        web="cardhall.games.three_two_five.web",
        heuristic="cardhall.games.three_two_five.bot:HeuristicBot",
        heuristic_on_wire=True,
        rollout="cardhall.games.three_two_five.bot:rollout_policy",
        bench="cardhall.games.three_two_five.bench:run",
        # Tricks won minus contract per deal.
        search=SearchProfile(win_weight=0.3, scale=1.5, horizon=40, levels=heuristic_levels("pimc:worlds=40:rollout=heuristic")),
    )
    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("deals", 9, N_("how many deals make a game (9 = three full rotations)"), minimum=1, maximum=99,
               label=N_("Deals")),
        Option("trump_by_seventh_card", False,
               N_("variant: the 7th card dealt to the 5-trick player fixes trump instead of a declaration"),
               label=N_("Trump by the seventh card")),
    )

    @property
    def num_players(self) -> int:
        return 3

    def seat_name(self, seat: int) -> str:
        return Msg(SEATS[seat])

    def _new_state(self, seed: int) -> ThreeTwoFiveState:
        return ThreeTwoFiveState(self, seed)

    # --- notation -------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        if not isinstance(action, int) or isinstance(action, bool):
            raise NotationError(Msg(N_("{action} is not a 3-2-5 action"), action=repr(action)))
        if action >= TRUMP:
            return f"trump {SUITS[action - TRUMP]}"
        if action >= RETURN:
            return f"return {format_card(action - RETURN)}"
        return format_card(action)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        """Read ``QS`` (play), ``return QS`` (give back in a pull), ``trump H`` (declare).

        With a state, a bare card in a pull is read as ``return`` and a bare suit (``H``,
        ``hearts``) when trump is due as ``trump``.
        """
        words = text.strip().split()
        keys = [w.lower() for w in words]
        phase = state.phase if isinstance(state, ThreeTwoFiveState) else None
        if not words:
            raise NotationError(Msg(N_("empty action; write a card (QS, TH, 7S), return QS to give a card back, "
                                       "or trump H to declare trump")))
        if keys[0] in ("trump", "t") and len(words) == 2:
            return TRUMP + _parse_suit(keys[1])
        if keys[0] in ("return", "give", "r") and len(words) == 2:
            return RETURN + _parse_deck_card(words[1])
        if len(words) == 1:
            if phase == TRUMP_PHASE and keys[0] in _SUIT_WORDS:
                return TRUMP + _SUIT_WORDS[keys[0]]
            c = _parse_deck_card(words[0])
            return RETURN + c if phase == RETURN_PHASE else c
        raise NotationError(Msg(N_("cannot read {text}; write a card (QS, TH, 7S), return QS to give a card back, "
                                   "or trump H to declare trump"), text=repr(text.strip())))

    # --- JSON -----------------------------------------------------------------------
    def _state_from_dict(self, data: dict[str, Any], seed: int) -> ThreeTwoFiveState:
        return ThreeTwoFiveState.from_dict(self, data, seed)


def _parse_suit(word: str) -> int:
    if word in _SUIT_WORDS:
        return _SUIT_WORDS[word]
    raise NotationError(Msg(N_("{word} is not a suit; write C, D, H or S (or clubs, diamonds, hearts, spades)"),
                            word=repr(word)))


def _parse_deck_card(word: str) -> int:
    try:
        c = parse_card(word)
    except NotationError:
        raise NotationError(Msg(N_("cannot read {word} as a card; write rank then suit, e.g. QS, TH, 7S"),
                                word=repr(word))) from None
    if not DECK >> c & 1:
        raise NotationError(Msg(N_("{card} is not in the 3-2-5 deck (A K Q J 10 9 8 of each suit, 7S and 7H)"),
                                card=format_card(c)))
    return c


class ThreeTwoFiveState(State):
    """A position of 3-2-5. Only the current deal's cards are kept; past deals are scores."""

    VIEW_TYPE = ThreeTwoFiveView
    PUBLIC_VIEW_TYPE = ThreeTwoFivePublicView

    __slots__ = (
        "deal_no",
        "dealer",
        "hands",
        "history",
        "last_trick",
        "leader",
        "phase",
        "played",
        "pull_log",
        "pulls_due",
        "redeals",
        "totals",
        "trick",
        "tricks_won",
        "trump",
        "voids",
    )

    game: ThreeTwoFive

    def __init__(self, game: ThreeTwoFive, seed: int) -> None:
        super().__init__(game, seed)
        self.dealer = self._draw_rng().randrange(3)  # first dealer: random (seeded)
        self.deal_no = 0
        self.totals = [0, 0, 0]
        self.history: list[dict[str, Any]] = []
        self.pulls_due: list[tuple[int, int]] = []
        self._start_deal()

    def _draw_rng(self) -> random.Random:
        rng = chance_rng(self.seed, self.chance)
        self.chance += 1
        return rng

    # --- the deal ---------------------------------------------------------------------
    def _start_deal(self) -> None:
        """Reset the deal and deal the first five cards each (all ten in the 7th-card variant)."""
        self.hands = [0, 0, 0]
        self.played = [0, 0, 0]
        self.voids = [0, 0, 0]
        self.tricks_won = [0, 0, 0]
        self.trick: list[int] = []
        self.leader = (self.dealer + 1) % 3
        self.last_trick: tuple[int, tuple[int, ...], int] | None = None
        self.pull_log: list[Pull] = []
        self.redeals: list[tuple[int, tuple[int, ...]]] = []
        self.trump = -1
        self._deal_five()

    def _deal_five(self) -> None:
        cards = list(DECK_CARDS)
        rng = self._draw_rng()
        rng.shuffle(cards)
        five = (self.dealer + 1) % 3
        order = (five, (five + 1) % 3, (five + 2) % 3)  # dealt from the dealer's right
        for i, seat in enumerate(order):
            self.hands[seat] = _mask(cards[5 * i:5 * i + 5])
        if self.game.options["trump_by_seventh_card"]:
            self._deal_rest(cards[15:])
            self.trump = cards[16] // 13  # the 2nd card of the 5-trick player's packet of three
            self._check_trumps()
        else:
            self.phase = TRUMP_PHASE

    def _deal_rest(self, rest: list[int]) -> None:
        """Three more cards each, then two more each, from the dealer's right."""
        five = (self.dealer + 1) % 3
        for i in range(3):
            seat = (five + i) % 3
            self.hands[seat] |= _mask(rest[3 * i:3 * i + 3]) | _mask(rest[9 + 2 * i:11 + 2 * i])

    def _declare(self, suit: int) -> None:
        self.trump = suit
        rest = card_list(DECK & ~(self.hands[0] | self.hands[1] | self.hands[2]))
        self._draw_rng().shuffle(rest)
        self._deal_rest(rest)
        self._check_trumps()

    def _check_trumps(self) -> None:
        """No trump, no deal: a player without trump announces it; the same dealer redeals."""
        tm = SUIT_MASKS[self.trump]
        void = tuple(s for s in range(3) if not self.hands[s] & tm)
        if void:
            redeals = [*self.redeals, (self.trump, void)]
            self.trump = -1
            self.hands = [0, 0, 0]
            self.redeals = redeals
            self._deal_five()
            return
        if self.pulls_due:
            self._draw()
        else:
            self.phase = PLAY_PHASE

    def _draw(self) -> None:
        """The next pull: the puller draws one card blind from the other's hand."""
        c, d = self.pulls_due[0]
        x = self._draw_rng().choice(card_list(self.hands[d]))
        self.hands[d] &= ~(1 << x)
        self.hands[c] |= 1 << x
        self.pull_log.append((c, d, x, -1))
        self.phase = RETURN_PHASE

    def _give_back(self, y: int) -> None:
        c, d, x, _ = self.pull_log[-1]
        self.hands[c] &= ~(1 << y)
        self.hands[d] |= 1 << y
        self.pull_log[-1] = (c, d, x, y)
        self.pulls_due = self.pulls_due[1:]
        if self.pulls_due:
            self._draw()
        else:
            self.phase = PLAY_PHASE

    def _play(self, c: int) -> None:
        seat = (self.leader + len(self.trick)) % 3
        if self.trick and c // 13 != self.trick[0] // 13:
            self.voids[seat] |= 1 << (self.trick[0] // 13)
        self.hands[seat] &= ~(1 << c)
        self.played[seat] |= 1 << c
        self.trick.append(c)
        if len(self.trick) < 3:
            return
        w = trick_winner(self.leader, self.trick, self.trump)
        self.tricks_won[w] += 1
        self.last_trick = (self.leader, tuple(self.trick), w)
        self.trick = []
        self.leader = w
        if sum(self.tricks_won) == TRICKS:
            self._score_deal()

    def _score_deal(self) -> None:
        """Each scores tricks − contract; all ten tricks score 5 more. Then pulls are planned."""
        contracts = [contract_of(s, self.dealer) for s in range(3)]
        diffs = [self.tricks_won[s] - contracts[s] for s in range(3)]
        points = [diffs[s] + (ALL_TRICKS_BONUS if self.tricks_won[s] == TRICKS else 0) for s in range(3)]
        self.totals = [self.totals[s] + points[s] for s in range(3)]
        self.history = [*self.history, {"dealer": self.dealer, "tricks": list(self.tricks_won), "points": points}]
        self.deal_no += 1
        self.pulls_due = plan_pulls(diffs, self.tricks_won, (self.dealer + 1) % 3)
        if self.deal_no == self.game.options["deals"]:
            self.phase = OVER
            self.pulls_due = []
            return
        self.dealer = (self.dealer + 1) % 3  # contracts rotate 2 → 3 → 5 → 2
        self._start_deal()

    # --- the protocol -----------------------------------------------------------------
    def to_move(self) -> int | None:
        if self.phase == PLAY_PHASE:
            return (self.leader + len(self.trick)) % 3
        if self.phase == RETURN_PHASE:
            return self.pull_log[-1][0]
        if self.phase == TRUMP_PHASE:
            return (self.dealer + 1) % 3
        return None

    def _playable(self) -> int:
        seat = (self.leader + len(self.trick)) % 3
        hand = self.hands[seat]
        if self.trick:
            follow = hand & SUIT_MASKS[self.trick[0] // 13]
            if follow:
                return follow
        return hand

    def legal_actions(self) -> list[Action]:
        if self.phase == PLAY_PHASE:
            cards: list[Action] = []
            cards += cards_of(self._playable())
            return cards
        if self.phase == RETURN_PHASE:
            c, _, x, _ = self.pull_log[-1]
            return [RETURN + y for y in card_list(self.hands[c] & ~(1 << x))]
        if self.phase == TRUMP_PHASE:
            return [TRUMP + s for s in range(4)]
        return []

    def check_legal(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalAction("the game is over; no more actions can be played")
        if not isinstance(action, int) or isinstance(action, bool) or not self._is_legal(action):
            raise IllegalAction(self.explain_illegal(action))

    def _is_legal(self, a: int) -> bool:
        if self.phase == PLAY_PHASE:
            return 0 <= a < 52 and bool(self._playable() >> a & 1)
        if self.phase == RETURN_PHASE:
            c, _, x, _ = self.pull_log[-1]
            y = a - RETURN
            return 0 <= y < 52 and y != x and bool(self.hands[c] >> y & 1)
        return self.phase == TRUMP_PHASE and TRUMP <= a < TRUMP + 4

    def explain_illegal(self, action: Action) -> str:
        g = self.game
        fmt = g.format_action
        if not isinstance(action, int) or isinstance(action, bool) or not 0 <= action < TRUMP + 4:
            return Msg(N_("{action} is not a 3-2-5 action"), action=repr(action))
        mover = self.to_move() or 0
        who = g.seat_name(mover)
        if self.phase == TRUMP_PHASE:
            return Msg(N_("{seat} must first declare trump from the first five cards: "
                          "write trump C, trump D, trump H or trump S"),
                       you=N_("You must first declare trump from the first five cards: "
                              "write trump C, trump D, trump H or trump S"), subject=mover, seat=who)
        if self.phase == RETURN_PHASE:
            c, d, x, _ = self.pull_log[-1]
            if action < RETURN:
                return Msg(N_("{seat} must first give a card back to {player} after the pull: "
                              "write return and a card, e.g. {action}"),
                           you=N_("You must first give a card back to {player} after the pull: "
                                  "write return and a card, e.g. {action}"), subject=mover, seat=who,
                           player=g.seat_name(d), action=fmt(self.legal_actions()[0]))
            if action >= TRUMP:
                return Msg(N_("trump is already fixed for this deal; now a card must be given back: write return QS"))
            y = action - RETURN
            if y == x:
                return Msg(N_("{card} is the card just drawn and cannot be given back; "
                              "give back another card, e.g. {action}"),
                           card=Msg(CARD_NAMES[y], context="card"), action=fmt(self.legal_actions()[0]))
            return Msg(N_("{seat} does not hold {card}; give back one of {cards}"),
                       you=N_("You do not hold {card}; give back one of {cards}"), subject=mover, seat=who,
                       card=Msg(CARD_OBJECTS[y], context="card, object"),
                       cards=format_cards(self.hands[c] & ~(1 << x)))
        if self.phase == PLAY_PHASE:
            if action >= TRUMP:
                return Msg(N_("trump is already {suit} for this deal; now play a card"),
                           suit=Msg(SUIT_WORDS[self.trump], context="suit"))
            if action >= RETURN:
                return Msg(N_("no card is to be given back now; play a card from your hand"))
            seat = (self.leader + len(self.trick)) % 3
            if not self.hands[seat] >> action & 1:
                return Msg(N_("{seat} does not hold {card}; play one of {cards}"),
                           you=N_("You do not hold {card}; play one of {cards}"), subject=mover, seat=who,
                           card=Msg(CARD_OBJECTS[action], context="card, object"),
                           cards=format_cards(self._playable()))
            led = self.trick[0] // 13
            return Msg(N_("you must follow suit: {suit} were led and you hold {suit}; play one of {cards}"),
                       you=N_("you must follow suit: {suit} were led and you hold {suit}; play one of {cards}"),
                       subject=mover, suit=Msg(SUIT_WORDS[led], context="suit"), cards=format_cards(self._playable()))
        return Msg(N_("the game is over; no more actions can be played"))

    def _apply(self, action: Action) -> None:
        assert isinstance(action, int)
        if action >= TRUMP:
            self._declare(action - TRUMP)
        elif action >= RETURN:
            self._give_back(action - RETURN)
        else:
            self._play(action)

    def clone(self) -> ThreeTwoFiveState:
        new = object.__new__(ThreeTwoFiveState)
        self._clone_base(new)
        new.dealer = self.dealer
        new.deal_no = self.deal_no
        new.phase = self.phase
        new.hands = self.hands.copy()
        new.played = self.played.copy()
        new.voids = self.voids.copy()
        new.tricks_won = self.tricks_won.copy()
        new.trick = self.trick.copy()
        new.leader = self.leader
        new.last_trick = self.last_trick
        new.pull_log = self.pull_log.copy()
        new.pulls_due = self.pulls_due  # replaced, never mutated
        new.redeals = self.redeals  # replaced, never mutated
        new.trump = self.trump
        new.totals = self.totals  # replaced, never mutated
        new.history = self.history  # replaced, never mutated
        return new

    def contracts(self) -> list[int]:
        return [contract_of(s, self.dealer) for s in range(3)]

    def scores(self) -> list[float]:
        return [float(t) for t in self.totals]

    def winners(self) -> list[int]:
        if self.phase != OVER:
            return []
        best = max(self.totals)
        return [s for s in range(3) if self.totals[s] == best]

    # --- information ------------------------------------------------------------------
    def public_view(self) -> dict[str, Any]:
        """Everything played, the contracts, trump, tricks and totals, and of each pull only
        who drew from whom and whether a card went back: no card of any hand."""
        fc = format_card
        lt = self.last_trick
        return {
            "seat": None,
            "deal": min(self.deal_no + 1, self.game.options["deals"]),
            "deals": self.game.options["deals"],
            "phase": self.phase,
            "to_move": self.to_move(),
            "over": self.phase == OVER,
            "dealer": self.dealer,
            "contracts": self.contracts(),
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "leader": self.leader,
            "trick": [fc(c) for c in self.trick],
            "tricks_won": list(self.tricks_won),
            "played": [[fc(c) for c in card_list(p)] for p in self.played],
            "voids": [[SUITS[s] for s in range(4) if v >> s & 1] for v in self.voids],
            "last_trick": None if lt is None else {"leader": lt[0], "cards": [fc(c) for c in lt[1]], "winner": lt[2]},
            "pulls": [{"puller": c, "from": d, "drawn": None, "returned": None, "done": y >= 0}
                      for c, d, _x, y in self.pull_log],
            "pulls_due": [list(p) for p in self.pulls_due],
            "redeals": [{"trump": SUITS[t], "no_trump": list(v)} for t, v in self.redeals],
            "scores": list(self.totals),
            "history": [_copy_deal(h) for h in self.history],
            "winners": self.winners(),
        }

    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` knows: the public view, its hand, and the cards of the pulls it took
        part in (as puller or as the one pulled from)."""
        v = self.public_view()
        v["seat"] = seat
        v["hand"] = [format_card(c) for c in card_list(self.hands[seat])]
        for p, (c, d, x, y) in zip(v["pulls"], self.pull_log, strict=True):
            if seat in (c, d):
                p["drawn"] = format_card(x)
                p["returned"] = format_card(y) if y >= 0 else None
        return v

    def events(self, action: Action, actor: int, viewer: Viewer,
               before: dict[str, Any], after: dict[str, Any]) -> list[Event]:
        """Cards played and trump are public; a pull's cards only the puller and the seat
        pulled from learn (the third seat and spectators: that a card went each way)."""
        a: int = action  # type: ignore[assignment]
        out: list[Event] = []
        new_deal = len(after["history"]) > len(before["history"])
        if a >= TRUMP:
            out.append({"type": "trump_declared", "seat": actor, "suit": SUITS[a - TRUMP]})
        elif a < RETURN:
            played: Event = {"type": "card_played", "seat": actor, "card": format_card(a)}
            if before["trick"]:  # a card that follows: the led suit, for short words ("South: two.")
                played["led"] = before["trick"][0][-1]
            out.append(played)
        if sum(after["tricks_won"]) > sum(before["tricks_won"]) and not new_deal:
            lt = after["last_trick"]
            out.append({"type": "trick_won", "seat": lt["winner"], "leader": lt["leader"], "cards": lt["cards"],
                        "card": lt["cards"][(lt["winner"] - lt["leader"]) % 3]})
        if new_deal:
            last = after["history"][-1]
            w = next((s for s in range(3) if last["tricks"][s] > before["tricks_won"][s]), None)
            if w is not None:
                cards = [*before["trick"], format_card(a)]
                out.append({"type": "trick_won", "seat": w, "leader": before["leader"], "cards": cards,
                            "card": cards[(w - before["leader"]) % 3], "last": True})
            out.append({"type": "deal_scored", "deal": len(after["history"]), "tricks": last["tricks"],
                        "contracts": before["contracts"], "points": last["points"],
                        "all_ten": last["tricks"].index(10) if 10 in last["tricks"] else None,
                        "scores": after["scores"], "deals": after["deals"]})
            if not after["over"]:
                out.append({"type": "deal_started", "deal": after["deal"], "dealer": after["dealer"],
                            "contracts": after["contracts"]})
        old_redeals = 0 if new_deal else len(before["redeals"])
        for r in after["redeals"][old_redeals:]:
            out.append({"type": "redeal", "trump": r["trump"], "no_trump": r["no_trump"], "dealer": after["dealer"]})
        dealt = new_deal or old_redeals < len(after["redeals"]) or before["phase"] == "trump"
        if dealt and not after["over"]:
            first_five = after["phase"] == "trump"
            if not first_five and self.game.options["trump_by_seventh_card"]:
                out.append({"type": "trump_fixed", "seat": (after["dealer"] + 1) % 3, "suit": after["trump"]})
            hand: Event = {"type": "hand_dealt", "first_five": first_five}
            if viewer is not None:
                hand["hand"] = after["hand"] if first_five else _hand_as_dealt(after)
            out.append(hand)
        if not after["over"]:
            out += _pull_events(before["pulls"] if not (new_deal or old_redeals < len(after["redeals"])) else [],
                                after["pulls"])
        return out + self._over_events(before, after)

    def knowledge(self, seat: int) -> list[int]:
        """The cards `seat` knows each other seat holds now (see `hidden.knowledge`)."""
        return knowledge(self.pull_log, self.played, self.hands, seat)

    def sample(self, seat: int, rng: random.Random) -> ThreeTwoFiveState:
        """Re-deal what `seat` cannot see: the other hands (keeping the cards it knows they
        hold, and none of a suit they showed void in) and the cards of pulls it was not part
        of; a deal whose pulls are impossible (`hidden.rebuild_pulls`) is drawn again."""
        new = self.clone()
        new.seed = rng.randrange(MAX_SEED)
        new.actions = []
        a, b = (seat + 1) % 3, (seat + 2) % 3
        if self.phase == TRUMP_PHASE:
            # While trump is declared the undealt cards are not stored: any 5 + 5 of the unseen 25.
            unseen = cards_of(DECK & ~self.hands[seat])
            new.hands[a], new.hands[b], _ = deal_unseen(unseen, [5, 5, len(unseen) - 10], [DECK] * 3, rng)
            return new
        known = self.knowledge(seat)
        free = cards_of((self.hands[a] | self.hands[b]) & ~known[a] & ~known[b])
        sizes = [self.hands[o].bit_count() - known[o].bit_count() for o in (a, b)]
        allowed = [DECK & ~suits_mask(self.voids[o]) for o in (a, b)]
        hands = list(self.hands)
        log = None
        for _ in range(SAMPLE_TRIES):
            dealt_a, dealt_b = deal_unseen(free, sizes, allowed, rng)
            hands[a], hands[b] = known[a] | dealt_a, known[b] | dealt_b
            log = rebuild_pulls(self.pull_log, self.played, self.trump, seat, hands, rng)
            if log is not None:
                break
        if log is None:  # pragma: no cover - only after SAMPLE_TRIES impossible draws: keep a view-consistent guess
            log = rebuild_pulls(self.pull_log, self.played, self.trump, seat, hands, rng, strict=False)
            assert log is not None
        new.hands = hands
        new.pull_log = log
        return new

    # --- JSON -------------------------------------------------------------------------
    def _to_dict(self) -> dict[str, Any]:
        fc = format_card
        return {
            "chance": self.chance,
            "dealer": self.dealer,
            "deal_no": self.deal_no,
            "phase": self.phase,
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "hands": [format_cards(h) for h in self.hands],
            "played": [format_cards(p) for p in self.played],
            "voids": list(self.voids),
            "leader": self.leader,
            "trick": [fc(c) for c in self.trick],
            "tricks_won": list(self.tricks_won),
            "last_trick": None if self.last_trick is None else
            [self.last_trick[0], [fc(c) for c in self.last_trick[1]], self.last_trick[2]],
            "pull_log": [[c, d, fc(x), fc(y) if y >= 0 else None] for c, d, x, y in self.pull_log],
            "pulls_due": [list(p) for p in self.pulls_due],
            "redeals": [[SUITS[t], list(v)] for t, v in self.redeals],
            "totals": list(self.totals),
            "history": [_copy_deal(h) for h in self.history],
        }

    @classmethod
    def from_dict(cls, game: ThreeTwoFive, data: dict[str, Any], seed: int) -> ThreeTwoFiveState:
        s = object.__new__(cls)
        s.game = game
        s.seed = seed
        s.actions = []
        s.chance = _int(data["chance"], "chance", 0, 10**9)
        s.dealer = _int(data["dealer"], "dealer", 0, 2)
        s.deal_no = _int(data["deal_no"], "deal_no", 0, game.options["deals"])
        if data["phase"] not in PHASES:
            raise StateFormatError(f"phase must be one of {', '.join(PHASES)}, got {data['phase']!r}")
        s.phase = data["phase"]
        s.trump = -1 if data["trump"] is None else _parse_suit(str(data["trump"]).lower())
        s.hands = [parse_cards(h) for h in _list(data["hands"], "hands", 3)]
        s.played = [parse_cards(h) for h in _list(data["played"], "played", 3)]
        s.voids = [_int(v, "voids", 0, 15) for v in _list(data["voids"], "voids", 3)]
        s.leader = _int(data["leader"], "leader", 0, 2)
        s.trick = [parse_card(c) for c in data["trick"]]
        s.tricks_won = [_int(t, "tricks_won", 0, TRICKS) for t in _list(data["tricks_won"], "tricks_won", 3)]
        lt = data["last_trick"]
        s.last_trick = None if lt is None else (_int(lt[0], "last_trick", 0, 2), tuple(parse_card(c) for c in lt[1]),
                                                _int(lt[2], "last_trick", 0, 2))
        s.pull_log = [(_int(c, "pull_log", 0, 2), _int(d, "pull_log", 0, 2), parse_card(x),
                       -1 if y is None else parse_card(y)) for c, d, x, y in data["pull_log"]]
        s.pulls_due = [(_int(c, "pulls_due", 0, 2), _int(d, "pulls_due", 0, 2)) for c, d in data["pulls_due"]]
        s.redeals = [(_parse_suit(str(t).lower()), tuple(_int(v, "redeals", 0, 2) for v in vs)) for t, vs in data["redeals"]]
        s.totals = [_int(t, "totals", -10**6, 10**6) for t in _list(data["totals"], "totals", 3)]
        s.history = [_read_deal(h) for h in data["history"]]
        return s

    def check_consistency(self) -> None:
        """The 30 cards are each in exactly one place, the counts fit the phase, and the
        pulls of this deal are possible from hands that each held a trump."""
        where = self.hands + self.played  # the trick's cards are among the played
        total = 0
        for m in where:
            if total & m:
                raise StateFormatError("a card is in two places at once")
            total |= m
        if self.phase == OVER:
            return
        if self.phase == TRUMP_PHASE:
            if any(h.bit_count() != 5 for h in self.hands) or total & ~DECK or self.pull_log:
                raise StateFormatError("while trump is declared, each player holds five cards of the 30-card deck")
            return
        if total != DECK:
            raise StateFormatError("the hands, the table and the played cards must hold the 30 cards exactly once")
        if self.trump < 0:
            raise StateFormatError("trump must be fixed once the cards are dealt")
        if (self.phase == RETURN_PHASE) != bool(self.pull_log and self.pull_log[-1][3] < 0):
            raise StateFormatError("a card is given back exactly when the last pull is not finished")
        if self.phase == RETURN_PHASE and self.trick:
            raise StateFormatError("no card is played before the pulls are over")
        played = sum(self.tricks_won)
        for s in range(3):
            n = self.hands[s].bit_count() + self.played[s].bit_count()
            expect = TRICKS + (1 if self.phase == RETURN_PHASE and s == self.pull_log[-1][0] else 0) - \
                (1 if self.phase == RETURN_PHASE and s == self.pull_log[-1][1] else 0)
            if n != expect:
                raise StateFormatError(f"{SEATS[s]} holds and played {n} cards; {expect} expected")
        if len(self.trick) + 3 * played != sum(p.bit_count() for p in self.played):
            raise StateFormatError("the played cards do not match the tricks won and the trick on the table")
        if rebuild_pulls(self.pull_log, self.played, self.trump, -1, self.hands, random.Random(0)) is None:
            raise StateFormatError("the pulls of this deal are impossible from hands that each held a trump")


def _copy_deal(h: dict[str, Any]) -> dict[str, Any]:
    return {"dealer": h["dealer"], "tricks": list(h["tricks"]), "points": list(h["points"])}


def _read_deal(h: Any) -> dict[str, Any]:
    """A past deal's summary from JSON: dealer, tricks and points per seat."""
    if not isinstance(h, dict):
        raise StateFormatError("each past deal must be an object with dealer, tricks and points")
    return {"dealer": _int(h["dealer"], "history dealer", 0, 2),
            "tricks": [_int(t, "history tricks", 0, TRICKS) for t in _list(h["tricks"], "history tricks", 3)],
            "points": [_int(p, "history points", -TRICKS, 2 * TRICKS) for p in _list(h["points"], "history points", 3)]}


def _mask(cards: list[int] | tuple[int, ...]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def _int(value: Any, what: str, lo: int, hi: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise StateFormatError(f"{what} must be a whole number from {lo} to {hi}, got {value!r}")
    return value


def _list(value: Any, what: str, n: int) -> list[Any]:
    if not isinstance(value, list) or len(value) != n:
        raise StateFormatError(f"{what} must be a list of {n} entries, one per seat")
    return value


def _hand_as_dealt(view: dict[str, Any]) -> list[str]:
    """The viewer's hand before this deal's pulls (undone from the pulls it saw)."""
    hand = set(view["hand"]) | set(view["played"][view["seat"]])
    for p in reversed(view["pulls"]):
        if p["drawn"] is None:
            continue
        if p["puller"] == view["seat"]:
            hand.discard(p["drawn"])
            if p["returned"]:
                hand.add(p["returned"])
        else:
            hand.add(p["drawn"])
            if p["returned"]:
                hand.discard(p["returned"])
    return sorted(hand, key=parse_card)


def _pull_events(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> list[Event]:
    """The pulls that happened or were completed between two views of one viewer; a card
    is named only where that viewer's view names it."""
    out: list[Event] = []
    for i, p in enumerate(new):
        was = old[i] if i < len(old) else None
        if was is None:
            pull: Event = {"type": "pull", "seat": p["puller"], "from": p["from"]}
            if p["drawn"] is not None:
                pull["card"] = p["drawn"]
            out.append(pull)
        if p["done"] and (was is None or not was["done"]):
            back: Event = {"type": "card_returned", "seat": p["puller"], "to": p["from"]}
            if p["returned"] is not None:
                back["card"] = p["returned"]
            out.append(back)
    return out
