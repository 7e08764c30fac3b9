"""5 Towers: the rules engine (see docs/spec/five-towers.md).

A round: reveal up to 5 offer cards; bidding (the start player must bid 0..N, each other
player once bids higher or passes); the highest bidder takes, demolishes at most one top
card and places every card taken, all as ONE build action; cleanup. The draw pile running
out the first time triggers a reshuffle of the discard pile at the end of that round, the
second time ends the game at the end of that round.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import pairwise
from typing import Any, cast

from cardhall.core.errors import IllegalAction, NotationError, StateFormatError
from cardhall.core.game import Action, Event, Game, State, Viewer
from cardhall.core.i18n import N_, Msg, Plural
from cardhall.core.options import Option
from cardhall.core.plugins import Plugins, SearchProfile, heuristic_levels
from cardhall.core.rng import MAX_SEED, chance_rng
from cardhall.games.five_towers import notation as nt
from cardhall.games.five_towers.notation import COLOURS, EMPTY, NO_DEMOLISH, PASS, Build, format_card, format_cards
from cardhall.games.five_towers.rules_engine import builds, can_place, max_build, tower_is_legal
from cardhall.games.five_towers.views import TowersPublicView, TowersView

BID, BUILD, OVER = "bid", "build", "over"
EXTRA_VALUES = (0, 2, 5, 7, 10, 12)
"""The values that exist twice per colour with 4–5 players (the cards marked 4+)."""


CARD_COUNTS = (N_("no cards"), N_("1 card"), N_("2 cards"), N_("3 cards"), N_("4 cards"), N_("5 cards"))
"""A number of offer cards (0–5) in words: a closed set, so each language writes its own plural forms."""


def card_count(n: int) -> Msg:
    """`n` offer cards (0–5) as a `Msg`: "1 card", "3 cards"."""
    return Msg(CARD_COUNTS[n]) if 0 <= n < len(CARD_COUNTS) else Plural("{count} card", "{count} cards", count=n)


def make_deck(players: int) -> list[int]:
    """80 cards (one of each value 0–15 per colour) or, with 4–5 players, 110 (plus the 4+ cards)."""
    deck = [c * 16 + v for c in range(5) for v in range(16)]
    if players >= 4:
        deck += [c * 16 + v for c in range(5) for v in EXTRA_VALUES]
    return deck


def tower_points(values: list[int]) -> int:
    """1 point per card, 2 per card if the tower is topped with a 0."""
    return len(values) * (2 if values and values[-1] == 0 else 1)


def score_of(towers: list[list[int]], demolished: int) -> int:
    """Towers + the tallest tower's height (main tower) − n(n+1)/2 for n demolished cards."""
    return (sum(tower_points(t) for t in towers) + max(len(t) for t in towers)
            - demolished * (demolished + 1) // 2)


class FiveTowers(Game):
    name = "five-towers"
    title = "5 Towers"
    plugins = Plugins(
        text_ui="cardhall.games.five_towers.text:GameTextUI",
        web="cardhall.games.five_towers.web",
        heuristic="cardhall.games.five_towers.bot:HeuristicBot",
        rollout="cardhall.games.five_towers.bot:rollout_policy",
        position_values="cardhall.games.five_towers.bot:position_values",
        focus="cardhall.games.five_towers.bot:CountingBot",
        bench="cardhall.games.five_towers.bench:run",
        # A single game to the end: the win counts, the score margin breaks near-ties. Move
        # generation (every distinct build) is costly: about 3.5 ms per iteration. hard: PIMC
        # over the bids with the card-counting builds (IS-MCTS alone lost to the heuristic).
        search=SearchProfile(win_weight=0.8, scale=8.0, levels=heuristic_levels(
            "focused:worlds=24:horizon=12", slip=0.15)),
    )
    OPTIONS = (
        Option("players", 3, N_("number of players (80 cards for 2–3, 110 for 4–5)"), minimum=2, maximum=5,
               label=N_("Players")),
        Option("spanish_eight", False,
               N_("variant from the Spanish summary: an 8 may go on any card, even a 0 (nothing special on an 8)"),
               label=N_("The Spanish eight")),
        Option("one_round", False, N_("a quick game of one round: the towers built in it score (a duplicate board)"),
               label=N_("One round only")),
    )

    @property
    def num_players(self) -> int:
        n: int = self.options["players"]
        return n

    @property
    def spanish(self) -> bool:
        return bool(self.options["spanish_eight"])

    def deck(self) -> list[int]:
        return make_deck(self.num_players)

    def _new_state(self, seed: int) -> TowersState:
        n = self.num_players
        s = TowersState(self, seed)
        rng = chance_rng(seed, 0)
        s.chance = 1
        s.draw = self.deck()
        rng.shuffle(s.draw)
        s.start = rng.randrange(n)  # the start player is chosen at random (seeded)
        s._start_round()
        return s

    def format_action(self, action: Action) -> str:
        return nt.format_action(action)

    def parse_action(self, text: str, state: State | None = None) -> Action:
        if not isinstance(text, str):
            raise NotationError(Msg(N_("an action is text, got {value}"), value=repr(text)))
        if state is None or not isinstance(state, TowersState) or state.phase != BUILD:
            action: Action = nt.parse_action(text)
            return action
        bid = nt.parse_bid(text)
        if bid is not None:
            return bid
        return state.parse_build(text)

    def seat_name(self, seat: int) -> str:
        return Msg(N_("Player {number}"), number=seat + 1)

    def _state_from_dict(self, data: dict[str, Any], seed: int) -> TowersState:
        n = self.num_players
        s = TowersState(self, seed)
        s.chance = _int(data, "chance")
        s.round = _int(data, "round")
        s.draw = _cards(data, "draw")
        s.discard = _cards(data, "discard")
        s.offer = sorted(_cards(data, "offer"))
        towers = data["towers"]
        if not isinstance(towers, list) or len(towers) != n:
            raise StateFormatError(f"towers must be a list of {n} objects (one per player)")
        s.towers = []
        for seat, tw in enumerate(towers):
            if not isinstance(tw, dict) or set(tw) - set(COLOURS):
                raise StateFormatError(f"towers[{seat}] must be an object with keys among {' '.join(COLOURS)}")
            cols = []
            for letter in COLOURS:
                vals = tw.get(letter, [])
                if not isinstance(vals, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in vals):
                    raise StateFormatError(f"towers[{seat}].{letter} must be a list of card values bottom to top")
                cols.append(list(vals))
            s.towers.append(cols)
        demolished = data["demolished"]
        if not isinstance(demolished, list) or len(demolished) != n:
            raise StateFormatError(f"demolished must be a list of {n} lists of cards")
        s.demolished = [_card_list(d, f"demolished[{i}]") for i, d in enumerate(demolished)]
        s.start = _int(data, "start", n - 1)
        phase = data["phase"]
        if phase not in (BID, BUILD, OVER):
            raise StateFormatError(f"phase must be one of bid, build, over; got {phase!r}")
        s.phase = phase
        turn = data.get("to_move")
        if phase == OVER:
            if turn is not None:
                raise StateFormatError("to_move must be null when the phase is over")
            s.turn = -1
        else:
            if not isinstance(turn, int) or isinstance(turn, bool) or not 0 <= turn < n:
                raise StateFormatError(f"to_move must be a seat from 0 to {n - 1}, got {turn!r}")
            s.turn = turn
        bids = data["bids"]
        if not isinstance(bids, list) or len(bids) != n:
            raise StateFormatError(f"bids must be a list of {n} entries (null, \"pass\" or a number)")
        s.bids = []
        for b in bids:
            if b is None:
                s.bids.append(None)
            elif b == "pass":
                s.bids.append(PASS)
            elif isinstance(b, int) and not isinstance(b, bool) and 0 <= b <= 5:
                s.bids.append(b)
            else:
                raise StateFormatError(f"a bid must be null, \"pass\" or a number from 0 to 5, got {b!r}")
        s._set_high()
        s.exhaustions = _int(data, "exhaustions", 2)
        flag = data.get("exhausted_this_round", False)
        if not isinstance(flag, bool):
            raise StateFormatError("exhausted_this_round must be true or false")
        s.exhausted_now = flag
        return s


def _is_card(c: object) -> bool:
    return isinstance(c, int) and not isinstance(c, bool) and 0 <= c < 80


def _int(data: dict[str, Any], key: str, maximum: int | None = None) -> int:
    v = data[key]
    if not isinstance(v, int) or isinstance(v, bool) or v < 0 or (maximum is not None and v > maximum):
        limit = f" from 0 to {maximum}" if maximum is not None else " of at least 0"
        raise StateFormatError(f"{key} must be a whole number{limit}, got {v!r}")
    return v


def _cards(data: dict[str, Any], key: str) -> list[int]:
    return _card_list(data[key], key)


def _card_list(value: Any, what: str) -> list[int]:
    if not isinstance(value, list) or not all(isinstance(x, str) for x in value):
        raise StateFormatError(f"{what} must be a list of cards like \"Y7\"")
    try:
        return [nt.parse_card(x) for x in value]
    except NotationError as exc:
        raise StateFormatError(f"{what}: {exc}") from None


class TowersState(State):
    """A 5 Towers position. Cards are ints (colour*16+value); towers[seat][colour] are values bottom to top."""

    VIEW_TYPE = TowersView
    PUBLIC_VIEW_TYPE = TowersPublicView

    __slots__ = ("bids", "demolished", "discard", "draw", "exhausted_now", "exhaustions", "high", "high_seat",
                 "offer", "phase", "round", "start", "towers", "turn")

    game: FiveTowers

    def __init__(self, game: FiveTowers, seed: int) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self.draw: list[int] = []  # bottom … top (the end is drawn first)
        self.discard: list[int] = []
        self.offer: list[int] = []  # sorted
        self.towers: list[list[list[int]]] = [[[] for _ in range(5)] for _ in range(n)]
        self.demolished: list[list[int]] = [[] for _ in range(n)]
        self.start = 0
        self.turn = 0  # the seat to move; -1 when over
        self.phase = BID
        self.bids: list[int | None] = [None] * n  # None: no chance yet; PASS; or the bid
        self.high = -1
        self.high_seat = -1
        self.exhaustions = 0  # times the draw pile has run out
        self.exhausted_now = False  # it ran out in this round's reveal
        self.round = 0

    # --- the round ----------------------------------------------------------------
    def _start_round(self) -> None:
        """Reveal min(5, draw pile) cards; the game ends if the draw pile is empty (Decision)."""
        if not self.draw:
            self._end_game()
            return
        m = min(5, len(self.draw))
        self.offer = sorted(self.draw[-m:])
        del self.draw[-m:]
        if not self.draw:
            self.exhaustions += 1
            self.exhausted_now = True
        self.round += 1
        self.bids = [None] * len(self.bids)
        self.high = self.high_seat = -1
        self.phase = BID
        self.turn = self.start

    def _end_round(self, next_start: int) -> None:
        """Cleanup is done; reshuffle after the first exhaustion, stop after the second."""
        self.start = next_start
        if self.game.options["one_round"]:
            # Not in the seeds: a game of one round (a duplicate event's board; docs/room.md, "Events").
            self._end_game()
            return
        if self.exhausted_now:
            self.exhausted_now = False
            if self.exhaustions >= 2:
                self._end_game()
                return
            rng = chance_rng(self.seed, self.chance)
            self.chance += 1
            self.draw, self.discard = self.discard, []
            rng.shuffle(self.draw)
        self._start_round()

    def _end_game(self) -> None:
        self.phase = OVER
        self.turn = -1
        self.bids = [None] * len(self.bids)
        self.high = self.high_seat = -1

    def _set_high(self) -> None:
        self.high = self.high_seat = -1
        for seat, b in enumerate(self.bids):
            if b is not None and b > self.high:
                self.high, self.high_seat = b, seat

    # --- the protocol -------------------------------------------------------------
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.turn

    def max_bid(self, seat: int | None = None) -> int:
        """The largest bid `seat` could honour on this offer (with at most one demolition)."""
        seat = self.turn if seat is None else seat
        return max_build(self.towers[seat], self.offer, self.game.spanish)

    def legal_actions(self) -> list[Action]:
        if self.phase == BID:
            top = self.max_bid()
            if self.turn == self.start and self.bids[self.turn] is None:
                return list(range(top + 1))  # the start player must bid, 0 is always possible
            return [*range(self.high + 1, top + 1), PASS]
        if self.phase == BUILD:
            return list(builds(self.towers[self.turn], self.offer, self.high, self.game.spanish))
        return []

    def check_legal(self, action: Action) -> None:
        if self.phase == OVER:
            raise IllegalAction(Msg(N_("the game is over; no more actions can be played")))
        problem = self._problem(action)
        if problem:
            raise IllegalAction(problem)

    def explain_illegal(self, action: Action) -> str:
        return self._problem(action) or Msg(N_("{action} is legal"), action=self.game.format_action(action))

    def _says(self, msgid: str, you: str, **params: Any) -> Msg:
        """A sentence about the player to move (`{player}`), with its "you" form for that player."""
        return Msg(msgid, you=you, subject=self.turn, player=self.game.seat_name(self.turn), **params)

    def _problem(self, action: Action) -> Msg | None:
        """Why `action` is illegal now (a sentence), or None if it is legal: a bid's problem in
        the bidding, a build's after it."""
        return self._bid_problem(action) if self.phase == BID else self._build_problem(action)

    def _bid_problem(self, action: Action) -> Msg | None:
        """Why a bid is not allowed (the start player may not pass; above the high bid, within the
        offer and what can be built), or None."""
        if isinstance(action, tuple):
            return Msg(N_("it is time to bid, not to build: {hint}"), hint=self._bid_hint())
        if not isinstance(action, int) or isinstance(action, bool):
            return Msg(N_("{action} is not a 5 Towers action"), action=repr(action))
        starting = self.turn == self.start and self.bids[self.turn] is None
        if action == PASS:
            return Msg(N_("the start player cannot pass: {hint}"), hint=self._bid_hint()) if starting else None
        n = len(self.offer)
        if not 0 <= action <= n:
            return Msg(N_("a bid must be from 0 to {count}, the number of offer cards: {hint}"), count=n,
                       hint=self._bid_hint())
        if action <= self.high:
            return Msg(N_("a bid must be higher than the current {high}: {hint}"), high=self.high,
                       hint=self._bid_hint())
        top = self.max_bid()
        if action > top:
            return self._says(
                N_("{player} cannot bid {bid}: no {bid} of these offer cards can be built, even with one "
                   "demolition (at most {top}); {hint}"),
                N_("you cannot bid {bid}: no {bid} of these offer cards can be built, even with one "
                   "demolition (at most {top}); {hint}"),
                bid=action, top=top, hint=self._bid_hint())
        return None

    def _build_problem(self, action: Action) -> Msg | None:
        """Why a build is not allowed (its form, the bid's count, the offer's cards, the
        demolition, each card's place), or None."""
        if not isinstance(action, tuple) or len(action) != 2:
            return self._says(N_("{player} won the bidding and must now take and build {cards}, e.g. {example}"),
                              N_("you won the bidding and must now take and build {cards}, e.g. {example}"),
                              cards=card_count(self.high), example=self._example_build())
        demolished, placement = action
        if not (_is_card(demolished) or demolished == NO_DEMOLISH) or not isinstance(placement, tuple) \
                or not all(_is_card(c) for c in placement):
            return Msg(N_("{action} is not a build; write it like {example}"), action=repr(action),
                       example=self._example_build())
        if len(placement) != self.high:
            return self._says(N_("{player} bid {bid} and must take exactly {cards}, not {taken}; e.g. {example}"),
                              N_("you bid {bid} and must take exactly {cards}, not {taken}; e.g. {example}"),
                              bid=self.high, cards=card_count(self.high), taken=len(placement),
                              example=self._example_build())
        if tuple(placement) != nt.canonical_placement(placement):
            canonical = nt.format_action((demolished, nt.canonical_placement(placement)))
            return Msg(N_("write the placement colour by colour (P V G S Y): {build}"), build=canonical)
        missing = Counter[int](placement) - Counter(self.offer)
        if missing:
            return Msg(N_("{cards} is not in the offer ({offer})"), cards=format_cards(sorted(missing.elements())),
                       offer=format_cards(self.offer))
        towers = [t.copy() for t in self.towers[self.turn]]
        if demolished != NO_DEMOLISH:
            col = demolished >> 4
            tower = towers[col]
            if not tower:
                return self._says(N_("{player} has no {tower} to demolish"), N_("you have no {tower} to demolish"),
                                  tower=Msg(nt.TOWER_MISSING[col], context="tower, missing"))
            if col * 16 + tower[-1] != demolished:
                return Msg(N_("only the top card can be demolished: the {tower} top is {card}"),
                           tower=Msg(nt.TOWER_NAMES[col], context="tower"), card=format_card(col * 16 + tower[-1]))
            if tower[-1] == 0:
                return Msg(N_("a 0 is a tower top and can never be demolished"))
            tower.pop()
        for c in placement:
            col, v = c >> 4, c & 15
            top = towers[col][-1] if towers[col] else EMPTY
            if not can_place(top, v, self.game.spanish):
                return self._cannot_place(c, col * 16 + top, demolished)
            towers[col].append(v)
        return None

    def _cannot_place(self, card: int, on: int, demolished: int) -> Msg:
        """`card` cannot go on `on`: why, and whether demolishing that top first would allow it."""
        top, value, col = on & 15, card & 15, card >> 4
        if top == 0:
            why = (Msg(N_("a 0 is a tower top, nothing can be placed on it (only an 8 may go on a 0 in the "
                          "spanish_eight variant)")) if self.game.spanish
                   else Msg(N_("a 0 is a tower top, nothing can be placed on it")))
        elif self.game.spanish:
            why = Msg(N_("values must decrease upwards; only a 9 (and an 8) may go on a lower or equal card"))
        else:
            why = Msg(N_("values must decrease upwards; only a 9 may go on a lower or equal card, and anything on an 8"))
        tower = self.towers[self.turn][col]
        if demolished == NO_DEMOLISH and tower and tower[-1] != 0:
            below = tower[-2] if len(tower) > 1 else EMPTY
            if can_place(below, value, self.game.spanish):
                return Msg(N_("{card} cannot be placed on {top}: {why}; demolishing {demolish} first would allow it"),
                           card=format_card(card), top=format_card(on), why=why,
                           demolish=format_card(col * 16 + tower[-1]))
        return Msg(N_("{card} cannot be placed on {top}: {why}"), card=format_card(card), top=format_card(on), why=why)

    def _bid_hint(self) -> Msg:
        """What the player to move may do: "Player 2 must bid 0 to 5", "you must bid 3 or pass"."""
        legal = [a for a in self.legal_actions() if isinstance(a, int)]
        bids = [a for a in legal if a >= 0]
        can_pass = PASS in legal
        if not bids:
            return self._says(N_("{player} must pass"), N_("you must pass"))
        if len(bids) == 1:
            if can_pass:
                return self._says(N_("{player} must bid {low} or pass"), N_("you must bid {low} or pass"), low=bids[0])
            return self._says(N_("{player} must bid {low}"), N_("you must bid {low}"), low=bids[0])
        if can_pass:
            return self._says(N_("{player} must bid {low} to {high} or pass"),
                              N_("you must bid {low} to {high} or pass"), low=bids[0], high=bids[-1])
        return self._says(N_("{player} must bid {low} to {high}"), N_("you must bid {low} to {high}"),
                          low=bids[0], high=bids[-1])

    def _example_build(self) -> str:
        legal = self.legal_actions() if self.phase == BUILD else []
        return self.game.format_action(legal[0]) if legal else "take …; place …"

    def parse_build(self, text: str) -> Action:
        """Read a build in this position. Shorthand: `take Y7 Y5` (or just `Y7 Y5`) when one build
        takes those cards (without a demolish clause, builds without demolition come first);
        `demolish Y` naming just the colour (its top card)."""
        try:
            clauses = nt.parse_clauses(text)
        except NotationError:
            try:
                cards = nt.parse_cards(text)
            except NotationError:
                cards = []
            if not cards:
                raise
            clauses = {"take": cards}
        demolish = clauses.get("demolish")
        if isinstance(demolish, int):  # a colour only: its top card
            tower = self.towers[self.turn][demolish]
            if not tower:
                raise NotationError(Msg(N_("there is no {tower} to demolish"),
                                        tower=Msg(nt.TOWER_MISSING[demolish], context="tower, missing")))
            clauses["demolish"] = ("card", demolish * 16 + tower[-1])
        if "place" in clauses:
            return nt.build_from_clauses(clauses, text)
        take = Counter(clauses["take"])
        want = clauses.get("demolish", "any")
        matches = [a for a in self.legal_actions()
                   if isinstance(a, tuple) and Counter(a[1]) == take
                   and (want == "any" or a[0] == (NO_DEMOLISH if want is None else want[1]))]
        if want == "any" and len(matches) > 1:  # no demolish clause: prefer not demolishing
            matches = [a for a in matches if a[0] == NO_DEMOLISH] or matches
        if len(matches) == 1:
            return matches[0]
        if not matches:
            raise NotationError(Msg(
                N_("no legal build takes {cards}; e.g. {example}") if want == "any"
                else N_("no legal build takes {cards} with that demolition; e.g. {example}"),
                cards=format_cards(clauses["take"]), example=self._example_build()))
        shown = " | ".join(nt.format_action(a) for a in matches[:6])
        taken = format_cards(clauses["take"])
        if len(matches) > 6:
            raise NotationError(Msg(N_("several builds take {cards}; write the whole build, one of: {builds} "
                                       "(and {more} more)"), cards=taken, builds=shown, more=len(matches) - 6))
        raise NotationError(Msg(N_("several builds take {cards}; write the whole build, one of: {builds}"),
                                cards=taken, builds=shown))

    def _apply(self, action: Action) -> None:
        n = len(self.bids)
        if self.phase == BID:
            assert isinstance(action, int)
            seat = self.turn
            self.bids[seat] = action
            if action > self.high:
                self.high, self.high_seat = action, seat
            nxt = (seat + 1) % n
            if action == len(self.offer) or nxt == self.start:
                if self.high == 0:  # special case: start bid 0, everyone passed
                    self.discard.extend(self.offer)
                    self.offer = []
                    self._end_round(self.start)
                else:
                    self.phase = BUILD
                    self.turn = self.high_seat
            else:
                self.turn = nxt
            return
        assert isinstance(action, tuple)
        demolished, placement = action
        seat = self.turn
        towers = self.towers[seat]
        if demolished != NO_DEMOLISH:
            towers[demolished >> 4].pop()
            self.demolished[seat].append(demolished)
        offer = self.offer
        for c in placement:
            towers[c >> 4].append(c & 15)
            offer.remove(c)
        self.discard.extend(offer)
        self.offer = []
        self._end_round((seat + 1) % n)

    def clone(self) -> TowersState:
        s = TowersState.__new__(TowersState)
        self._clone_base(s)
        s.draw = self.draw.copy()
        s.discard = self.discard.copy()
        s.offer = self.offer.copy()
        s.towers = [[t.copy() for t in tw] for tw in self.towers]
        s.demolished = [d.copy() for d in self.demolished]
        s.bids = self.bids.copy()
        s.start, s.turn, s.phase, s.high, s.high_seat = self.start, self.turn, self.phase, self.high, self.high_seat
        s.exhaustions, s.exhausted_now, s.round = self.exhaustions, self.exhausted_now, self.round
        return s

    def scores(self) -> list[float]:
        return [float(score_of(self.towers[s], len(self.demolished[s]))) for s in range(len(self.bids))]

    def winners(self) -> list[int]:
        """Highest total wins; all tied players share the victory."""
        if self.phase != OVER:
            return []
        scores = self.scores()
        best = max(scores)
        return [s for s, v in enumerate(scores) if v == best]

    # --- information --------------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """The public view: a seat knows nothing more than a spectator in 5 Towers."""
        v = self.public_view()
        v["seat"] = seat
        return v

    def public_view(self) -> dict[str, Any]:
        """Everything public at the table. Hidden: only the order of the draw pile.

        The demolished piles lie face down, but each demolished card was the visible top of
        a tower when it was demolished in front of everyone, so it is listed (Decision).
        """
        n = len(self.bids)
        return {
            "seat": None,
            "over": self.phase == OVER,
            "players": n,
            "spanish_eight": self.game.spanish,
            "round": self.round,
            "phase": self.phase,
            "to_move": self.to_move(),
            "start_player": self.start,
            "offer": [format_card(c) for c in self.offer],
            "bids": [None if b is None else ("pass" if b == PASS else b) for b in self.bids],
            "high_bid": None if self.high < 0 else self.high,
            "high_bidder": None if self.high_seat < 0 else self.high_seat,
            "towers": [{COLOURS[c]: list(self.towers[s][c]) for c in range(5)} for s in range(n)],
            "demolished": [[format_card(c) for c in self.demolished[s]] for s in range(n)],
            "demolished_counts": [len(d) for d in self.demolished],
            "draw_pile": len(self.draw),
            "discard": [format_card(c) for c in self.discard],
            "exhaustions": self.exhaustions,
            "last_round": self.exhausted_now and self.exhaustions >= 2,
            "scores": self.scores(),
            "winners": self.winners(),
        }

    def events(self, action: Action, actor: int, viewer: Viewer,
               before: dict[str, Any], after: dict[str, Any]) -> list[Event]:
        """Everything in 5 Towers is public (only the draw pile's order is hidden, and no
        event names a card before it is revealed): every viewer hears the same events."""
        out: list[Event] = []
        round_ended = after["round"] != before["round"] or after["over"]
        if isinstance(action, int):
            out.append({"type": "passed", "seat": actor} if action == PASS else {"type": "bid", "seat": actor, "bid": action})
            if after["phase"] == "build":
                out.append({"type": "bidding_won", "seat": after["high_bidder"], "bid": after["high_bid"]})
            elif round_ended:
                out.append({"type": "offer_discarded", "cards": before["offer"], "reason": "no_bid"})
        else:
            demolished, placement = cast(Build, action)
            out.append({"type": "build", "seat": actor, "cards": [format_card(c) for c in placement],
                        "demolished": None if demolished == NO_DEMOLISH else format_card(demolished)})
            leftover = list(before["offer"])
            for c in placement:
                leftover.remove(format_card(c))
            if leftover:
                out.append({"type": "offer_discarded", "cards": leftover, "reason": "leftover"})
        if round_ended and before["exhaustions"] == 1 and before["draw_pile"] == 0:
            out.append({"type": "discard_reshuffled"})
        if after["over"]:
            out.append({"type": "game_ends", "reason": "draw_pile_out_twice" if after["exhaustions"] >= 2 else "no_cards"})
        elif round_ended:
            out.append({"type": "round_started", "round": after["round"], "offer": after["offer"],
                        "start_player": after["start_player"]})
            if after["exhaustions"] > before["exhaustions"]:
                out.append({"type": "draw_pile_emptied", "times": after["exhaustions"]})
        return out + self._over_events(before, after)

    def sample(self, seat: int, rng: random.Random) -> TowersState:
        """The same table with the draw pile (the only unseen cards) re-shuffled by `rng`."""
        s = self.clone()
        s.draw.sort()  # the true order must not shape the sample
        rng.shuffle(s.draw)
        s.seed, s.chance, s.actions = rng.randrange(MAX_SEED), 0, []
        return s

    def _to_dict(self) -> dict[str, Any]:
        n = len(self.bids)
        return {
            "chance": self.chance,
            "round": self.round,
            "phase": self.phase,
            "to_move": self.to_move(),
            "start": self.start,
            "bids": [None if b is None else ("pass" if b == PASS else b) for b in self.bids],
            "offer": [format_card(c) for c in self.offer],
            "towers": [{COLOURS[c]: list(self.towers[s][c]) for c in range(5)} for s in range(n)],
            "demolished": [[format_card(c) for c in self.demolished[s]] for s in range(n)],
            "draw": [format_card(c) for c in self.draw],
            "discard": [format_card(c) for c in self.discard],
            "exhaustions": self.exhaustions,
            "exhausted_this_round": self.exhausted_now,
        }

    def check_consistency(self) -> None:
        """Raise StateFormatError for impossible positions (cards, towers, bids, turn)."""
        n = len(self.bids)
        spanish = self.game.spanish
        cards = self.draw + self.discard + self.offer + [c for d in self.demolished for c in d]
        for s in range(n):
            for col in range(5):
                tower = self.towers[s][col]
                if not tower_is_legal(tower, spanish):
                    raise StateFormatError(
                        f"{self.game.seat_name(s)}'s {nt.TOWER_NAMES[col]} tower {tower} breaks the building rules")
                cards += [col * 16 + v for v in tower]
        have, want = Counter(cards), Counter(self.game.deck())
        if have != want:
            extra = format_cards(sorted((have - want).elements()))
            lack = format_cards(sorted((want - have).elements()))
            raise StateFormatError(
                f"the cards do not add up to the {sum(want.values())}-card deck for {n} players"
                + (f"; too many: {extra}" if extra else "") + (f"; missing: {lack}" if lack else ""))
        if self.phase == OVER:
            if self.offer:
                raise StateFormatError("when the game is over the offer is empty (its cards went to the discard pile)")
            return
        if self.exhausted_now and self.draw:
            raise StateFormatError("exhausted_this_round says the draw pile ran out in this round, but it holds cards")
        if self.exhaustions >= 2 and not self.exhausted_now:
            raise StateFormatError("after the draw pile ran out twice the game is over; phase must be over")
        if not 0 <= self.start < n:
            raise StateFormatError(f"start must be a seat from 0 to {n - 1}")
        if not 1 <= len(self.offer) <= 5:
            raise StateFormatError("during a round the offer holds 1 to 5 cards")
        if self.exhaustions > 2 or (self.exhausted_now and self.exhaustions == 0):
            raise StateFormatError("exhaustions must be 0, 1 or 2 (and at least 1 if the draw pile ran out this round)")
        if self.start != self.turn and self.bids[self.start] is None:
            raise StateFormatError("the start player bids first: bids[start] cannot be null when someone else is to move")
        if self.bids[self.start] == PASS:
            raise StateFormatError("the start player cannot pass")
        for b in self.bids:
            if b is not None and b > len(self.offer):
                raise StateFormatError(f"a bid of {b} is more than the {len(self.offer)} offer cards")
        if self.phase == BUILD and (self.high <= 0 or self.turn != self.high_seat):
            raise StateFormatError("in the build phase the player to move is the highest bidder (bid 1 or more)")
        if self.phase == BID:
            order = [(self.start + i) % n for i in range(n)]
            done = order.index(self.turn)
            if any(self.bids[s] is None for s in order[:done]) or any(self.bids[s] is not None for s in order[done:]):
                raise StateFormatError("bids go clockwise from the start player: the players before the one to move "
                                       "have bid or passed, the others have not")
        made = [b for b in (self.bids[(self.start + i) % n] for i in range(n)) if b is not None and b != PASS]
        if any(a >= b for a, b in pairwise(made)):
            raise StateFormatError(f"each bid must be higher than the one before, got {made}")
