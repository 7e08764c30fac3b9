"""What Jass and Putz share: the action notation and a state that plays tricks.

Actions are ints: a card is its kernel number (0–51); the other decisions are
``TRUMP + suit`` ("trump H"), ``PUSH`` ("push"), ``EXCHANGE_SIX`` ("exchange six"),
``NO_EXCHANGE`` ("no exchange"), ``TAKE_TALON`` ("take talon") and ``KEEP`` ("keep").
"""

from __future__ import annotations

from typing import Any, ClassVar

from cardhall.core.card_words import CARD_OBJECTS, GERMAN_NAMES, GERMAN_OBJECTS, GERMAN_SUITS, SUIT_WORDS
from cardhall.core.cards import (
    SUIT_MASKS,
    SUIT_NAMES,
    SUIT_SYMBOLS,
    SUITS,
    format_card,
    format_cards,
    parse_card,
    parse_cards,
)
from cardhall.core.errors import IllegalAction, NotationError, StateFormatError
from cardhall.core.game import Action, Event, Game, State, Viewer
from cardhall.core.i18n import N_, Faced, Msg, listing
from cardhall.games.jass import tricks
from cardhall.games.jass.tricks import (
    DECK,
    LAST_TRICK_BONUS,
    NO_TRUMP_BAUER,
    POINTS,
    STRENGTH,
    SUIT_DECK,
    cannot_hold,
    cards_of,
    legal_mask,
)

TRUMP = 60
PUSH = 64
EXCHANGE_SIX = 65
NO_EXCHANGE = 66
TAKE_TALON = 67
KEEP = 68
WORDS = {PUSH: "push", EXCHANGE_SIX: "exchange six", NO_EXCHANGE: "no exchange", TAKE_TALON: "take talon", KEEP: "keep"}
_READ = {v: k for k, v in WORDS.items()}
TRUMP_CHOICES = [TRUMP + s for s in (2, 1, 3, 0)]  # hearts, diamonds, spades, clubs, as the seed lists them

# phases of a deal
P_TRUMP, P_PUSHED, P_SIX, P_TALON, P_PLAY, P_OVER = range(6)
PHASE_NAMES = ("trump", "pushed", "six", "talon", "play", "over")


def parse_suit(text: str) -> int:
    t = text.strip().lower()
    for i in range(4):
        if t in (SUITS[i].lower(), SUIT_NAMES[i], SUIT_NAMES[i][:-1], SUIT_SYMBOLS[i]):
            return i
    raise NotationError(Msg(N_("cannot read {text} as a suit; write H, D, S or C (or hearts, diamonds, spades, clubs)"),
                            text=repr(text.strip())))


def suit_msg(suit: int) -> Msg:
    """A suit's name (0–3: clubs, diamonds, hearts, spades), said in each reader's language and
    faces: a reader of the Swiss German-suited cards hears its German suit («Schellen» for clubs)."""
    return Faced(Msg(SUIT_WORDS[suit], context="suit"), Msg(GERMAN_SUITS[suit], context="suit, German suits"))


def card_object_msg(card: int) -> Msg:
    """A card's name as the object of a verb ("you do not hold the six of hearts"), said in each
    reader's language and faces ("the six of bells")."""
    return Faced(Msg(CARD_OBJECTS[card], context="card, object"),
                 Msg(GERMAN_OBJECTS[card], context="card, German suits, object"))


def card_msg(card: int, *, as_object: bool = False) -> Msg:
    """A card in a refusal: its notation ("JD", what a player types), or to a reader of the German
    faces the German card by name («Eichel-Under»; `as_object`: as a verb's object)."""
    german = (Msg(GERMAN_OBJECTS[card], context="card, German suits, object") if as_object
              else Msg(GERMAN_NAMES[card], context="card, German suits"))
    return Faced(format_card(card), german)


def cards_msg(mask: int) -> Msg:
    """Cards in a refusal: their notation ("AS KS"), or to a reader of the German faces the
    German cards by name, one after another («Schilten-Ass, Schilten-König»)."""
    cards = [c for c in range(52) if mask >> c & 1]
    return Faced(format_cards(mask), listing([Msg(GERMAN_NAMES[c], context="card, German suits") for c in cards]))


def refusal(msgid: str, seat: int, **params: Any) -> Msg:
    """A refusal of `seat`'s move, said to that player ("you do not hold QC"); the English
    sentence is addressed to the mover, who is the only one to hear it (`Lang.say` gives it a
    capital when it is said to that seat)."""
    return Msg(msgid, you=msgid, subject=seat, **params)


class JassFamily(Game):
    """Options and notation shared by Jass and Putz."""

    hand_size: int = 9

    def format_action(self, action: Action) -> str:
        if isinstance(action, int):
            if 0 <= action < 52 and DECK >> action & 1:
                return format_card(action)
            if TRUMP <= action < TRUMP + 4:
                return f"trump {SUITS[action - TRUMP]}"
            if action in WORDS:
                return WORDS[action]
        raise NotationError(Msg(N_("{action} is not a {game} action"), action=repr(action), game=self.name))

    def parse_action(self, text: str, state: State | None = None) -> Action:
        t = " ".join(text.strip().lower().split())
        if t in _READ:
            return _READ[t]
        if t.startswith("trump ") or t.startswith("trumps "):
            return TRUMP + parse_suit(t.split(" ", 1)[1])
        try:
            c = parse_card(t)
        except NotationError:
            raise NotationError(Msg(
                N_("cannot read {text}; write a card (rank then suit: QS, TH, 6C), "
                   "trump H/D/S/C, push, exchange six, no exchange, take talon or keep"), text=repr(text.strip())
            )) from None
        if not DECK >> c & 1:
            raise NotationError(Msg(N_("{card} is not in the Jass deck; the cards are 6 to ace"), card=format_card(c)))
        return c


class TrickState(State):
    """A state that deals and plays tricks; Jass and Putz add their decisions and scoring."""

    __slots__ = ("bauer", "cannot", "dealer", "hands", "known", "last", "lead", "leader", "n", "phase", "played",
                 "points", "trick", "tricks_done", "trump", "turn", "win_card", "win_seat")

    game: JassFamily

    def _init_base(self, n: int) -> None:
        self.n = n
        self.bauer = bool(self.game.options["bauer_exception"])
        self._no_cards(n)
        self.dealer = n - 1
        self.phase = P_TRUMP
        self.trump = -1
        self.leader = 0
        self.turn = 0  # the seat to play in the card play: leader + len(trick), mod n
        self.trick: list[int] = []
        self.lead = -1  # the led suit, while a trick is on the table
        self.win_card = -1
        self.win_seat = -1
        self.cannot = [0] * n
        self.known = [0] * n
        self.points = [0] * n
        self.tricks_done = 0
        self.last: tuple[int, list[int], int, int] | None = None

    def _play_out(self, seat: int, card_bit: int) -> None:
        """The card leaves the seat's hand and joins the played cards."""
        self.hands[seat] ^= card_bit
        self.played |= card_bit

    def _no_cards(self, n: int) -> None:
        """Empty hands and no card played: the state before the first deal."""
        self.hands = [0] * n
        self.played = 0

    def hand(self, seat: int) -> int:
        """One seat's hand as a card mask."""
        return self.hands[seat]

    def _clone_trick(self, s: TrickState) -> None:
        """Copy the trick games' fields into `s` (the cards through `_clone_cards`)."""
        self._clone_base(s)
        self._clone_cards(s)
        s.n = self.n
        s.bauer = self.bauer
        s.dealer = self.dealer
        s.phase = self.phase
        s.trump = self.trump
        s.leader = self.leader
        s.turn = self.turn
        s.trick = self.trick.copy()
        s.lead = self.lead
        s.win_card = self.win_card
        s.win_seat = self.win_seat
        s.cannot = self.cannot.copy()
        s.known = self.known.copy()
        s.points = self.points.copy()
        s.tricks_done = self.tricks_done
        s.last = self.last

    def _clone_cards(self, s: TrickState) -> None:
        """Copy the hands and played cards into `s`."""
        s.hands = self.hands.copy()
        s.played = self.played

    def _new_deal_base(self) -> None:
        """The card play's fields at a fresh deal (the game deals the cards)."""
        self.trump = -1
        self.trick = []
        self.win_card = -1
        self.win_seat = -1
        self.cannot = [0] * self.n
        self.known = [0] * self.n
        self.points = [0] * self.n
        self.tricks_done = 0
        self.leader = self.turn = (self.dealer + 1) % self.n

    # --- card play -------------------------------------------------------------------
    def _legal_mask(self) -> int:
        trick = self.trick
        hand = self.hands[(self.leader + len(trick)) % self.n]
        if not trick:
            return hand
        return legal_mask(hand, trick[0] // 13, self.win_card, self.trump, self.bauer)

    def _legal_cards(self) -> list[Action]:
        trick = self.trick
        hand = self.hands[(self.leader + len(trick)) % self.n]
        if trick:
            hand = legal_mask(hand, trick[0] // 13, self.win_card, self.trump, self.bauer)
        return cards_of(hand)  # type: ignore[return-value]

    def _decide(self, action: Action) -> None:
        """Apply a decision before the card play (trump, push, six, talon)."""
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        """Apply `action` (the core records it); a card is played here directly (the hot path)."""
        if self.phase != P_PLAY:
            self._decide(action)
            return
        card: int = action  # type: ignore[assignment]
        trick = self.trick
        n = self.n
        seat = self.turn
        self.turn = (seat + 1) % n
        b = 1 << card
        self._play_out(seat, b)
        if self.known[seat]:
            self.known[seat] &= ~b
        if not trick:
            trick.append(card)
            self.lead = card // 13
            self.win_card = card
            self.win_seat = seat
            return
        t = self.trump
        lead = self.lead
        s = card // 13
        if s != lead:
            if s == t:
                st = STRENGTH[t]
                if st[card] > st[self.win_card]:
                    self.win_card = card
                    self.win_seat = seat
                elif self.win_card // 13 == t:  # an under-trump: only lower trumps were left
                    self.cannot[seat] |= cannot_hold(card, lead, self.win_card, t, self.bauer)
            elif lead == t:  # no trump to follow a trump lead (but maybe the Bauer, by the exception)
                self.cannot[seat] |= NO_TRUMP_BAUER[t] if self.bauer else SUIT_DECK[t]
            else:  # void in the led suit
                self.cannot[seat] |= SUIT_DECK[lead]
        elif STRENGTH[t][card] > STRENGTH[t][self.win_card]:
            self.win_card = card
            self.win_seat = seat
        trick.append(card)
        if len(trick) == n:
            total = sum(map(POINTS[t].__getitem__, trick))
            self.tricks_done += 1
            if self.hands[seat] == 0:  # the last trick of the deal
                total += LAST_TRICK_BONUS
            winner = self.win_seat
            self.points[winner] += total
            self.last = (self.leader, trick, winner, total)
            self.trick = []
            self.leader = self.turn = winner
            self.win_card = -1
            self._trick_taken(winner, total)

    def _trick_taken(self, winner: int, points: int) -> None:
        """Credit a finished trick; start a new deal or end the game when due."""
        raise NotImplementedError

    def explain_card(self, card: int) -> Msg:
        """Why `card` may not be played now (the play phase), said to the seat to play."""
        seat = (self.leader + len(self.trick)) % self.n
        hand = self.hands[seat]
        if not hand >> card & 1:
            return refusal(N_("you do not hold {card}; your cards are {cards}"), seat,
                           card=card_msg(card, as_object=True), cards=cards_msg(hand))
        t = self.trump
        lead = self.trick[0] // 13
        legal = cards_msg(self._legal_mask())
        if lead == t:
            return refusal(N_("trump ({trump}) was led and you hold trumps, so you must play a trump: {legal}"), seat,
                           trump=suit_msg(t), legal=legal)
        if self.win_card // 13 == t and card // 13 == t:
            return refusal(N_("you may not under-trump: {card} is lower than {winning} on the table "
                              "and you have other cards; you may play {legal}"), seat,
                           card=card_msg(card), winning=card_msg(self.win_card), legal=legal)
        return refusal(N_("you must follow suit: you hold {suit} ({cards}); "
                          "you may also play a trump ({trump}) that is allowed: {legal}"), seat,
                       suit=suit_msg(lead), cards=cards_msg(hand & SUIT_MASKS[lead]), trump=suit_msg(t), legal=legal)

    # --- shared pieces of views and JSON ------------------------------------------------
    def _public_base(self) -> dict[str, Any]:
        """The public part every variant shares: the table, tricks, voids shown, hand sizes."""
        t = self.trump
        last = None
        if self.last is not None and self.tricks_done:  # (none yet this deal)
            ld, cards, w, p = self.last
            last = {"leader": ld, "cards": [format_card(c) for c in cards], "winner": w, "points": p}
        voids = []
        for s in range(self.n):
            voids.append([SUITS[u] for u in range(4) if (SUIT_MASKS[u] & DECK) & ~self.cannot[s] == 0])
        return {
            "seat": None,
            "players": self.n,
            "phase": PHASE_NAMES[self.phase],
            "to_move": self.to_move(),
            "over": self.phase == P_OVER,
            "dealer": self.dealer,
            "trump": SUITS[t] if t >= 0 else None,
            "hand_sizes": [h.bit_count() for h in self.hands],
            "leader": self.leader,
            "trick": [format_card(c) for c in self.trick],
            "led": SUITS[self.trick[0] // 13] if self.trick else None,
            "winning": self.win_seat if self.trick else None,
            "last_trick": last,
            "played": format_cards(self.played).split(),
            "tricks_done": self.tricks_done,
            "voids": voids,
            "known": [format_cards(k).split() for k in self.known],
            "deal_points": list(self.points),
        }

    def _public_variant(self) -> dict[str, Any]:
        """The variant's public part of the view (scores, trump choice, talon…)."""
        raise NotImplementedError

    def _private_variant(self, seat: int) -> dict[str, Any]:
        """What only `seat` sees besides its hand (the set-aside hand in Putz)."""
        return {}

    def public_view(self) -> dict[str, Any]:
        """What a spectator sees: the table, tricks, scores, hand sizes and the publicly known cards."""
        v = self._public_base()
        v.update(self._public_variant())
        return v

    def view(self, seat: int) -> dict[str, Any]:
        """The public view with the seat's own hand (and in Putz its set-aside hand)."""
        v = self.public_view()
        v["seat"] = seat
        v["hand"] = format_cards(self.hands[seat]).split()
        v.update(self._private_variant(seat))
        return v

    DECISIONS: ClassVar[dict[int, str]] = {PUSH: "pushed", EXCHANGE_SIX: "six_exchanged", NO_EXCHANGE: "no_exchange",
                 TAKE_TALON: "talon_taken", KEEP: "talon_kept"}
    HEADER_KEYS = ("variant", "players", "dealer", "trump", "chooser", "pushed", "turned", "up",
                   "six_exchanged_by", "talon_taken_by")

    def events(self, action: Action, actor: int, viewer: Viewer,
               before: dict[str, Any], after: dict[str, Any]) -> list[Event]:
        """Every decision and card is public; a new hand is told only to its holder."""
        a: int = action  # type: ignore[assignment]
        out: list[Event] = []
        if a < 52:
            played: Event = {"type": "card_played", "seat": actor, "card": format_card(a)}
            if before["trick"]:  # a card that follows: the led suit and trump, for short words
                played.update(led=before["trick"][0][-1], trump=before["trump"])
            out.append(played)
            if len(before["trick"]) == before["players"] - 1 and self.last is not None:  # this card completed it
                leader, cards, winner, points = self.last
                best = cards[(winner - leader) % before["players"]]
                out.append({"type": "trick_won", "seat": winner, "leader": leader,
                            "cards": [format_card(c) for c in cards], "card": format_card(best), "points": points})
        elif TRUMP <= a < TRUMP + 4:
            out.append({"type": "trump_chosen", "seat": actor, "suit": SUITS[a - TRUMP]})
        else:
            decision: Event = {"type": self.DECISIONS[a], "seat": actor}
            if a == EXCHANGE_SIX:  # the six now lies face up where the turned-up card was
                decision.update(six=after["up"], card=after["turned"])
            out.append(decision)
        if len(after["deals"]) > len(before["deals"]):
            scored: Event = {"type": "deal_scored", "deal": len(after["deals"]), "scores": after["scores"]}
            last_deal = after["deals"][-1]
            if after["variant"] == "jass":
                scored.update(points=last_deal, team_scores=after["team_scores"])
            else:
                scored.update(points=last_deal["points"], deltas=last_deal["deltas"])
            out.append(scored)
            if not after["over"]:
                started: Event = {"type": "deal_started", "deal": len(after["deals"]) + 1}
                started.update({k: after[k] for k in self.HEADER_KEYS if k in after})
                out.append(started)
                if viewer is not None:
                    out.append({"type": "hand_dealt", "hand": after["hand"]})
        return out + self._over_events(before, after)

    def _dict_base(self) -> dict[str, Any]:
        return {
            "chance": self.chance,
            "dealer": self.dealer,
            "phase": PHASE_NAMES[self.phase],
            "trump": SUITS[self.trump] if self.trump >= 0 else None,
            "leader": self.leader,
            "trick": [format_card(c) for c in self.trick],
            "hands": [format_cards(h) for h in self.hands],
            "played": format_cards(self.played),
            "cannot": [format_cards(m) for m in self.cannot],
            "known": [format_cards(m) for m in self.known],
            "points": list(self.points),
            "tricks_done": self.tricks_done,
            "last": None if self.last is None else [self.last[0], [format_card(c) for c in self.last[1]],
                                                    self.last[2], self.last[3]],
        }

    def _load_base(self, data: dict[str, Any], n: int) -> None:
        self._init_base(n)
        self.chance = int(data["chance"])
        self.dealer = int(data["dealer"])
        if not 0 <= self.dealer < n:
            raise StateFormatError(f"dealer must be a seat from 0 to {n - 1}")
        self.phase = PHASE_NAMES.index(data["phase"])
        self.trump = -1 if data["trump"] is None else SUITS.index(data["trump"])
        self.leader = int(data["leader"]) % n
        self.trick = [parse_card(c) for c in data["trick"]]
        self.turn = (self.leader + len(self.trick)) % n
        self.hands = [parse_cards(h) for h in data["hands"]]
        self.played = parse_cards(data["played"])
        self.cannot = [parse_cards(m) for m in data["cannot"]]
        self.known = [parse_cards(m) for m in data["known"]]
        self.points = [int(p) for p in data["points"]]
        self.tricks_done = int(data["tricks_done"])
        last = data.get("last")
        self.last = None if last is None else (int(last[0]), [parse_card(c) for c in last[1]], int(last[2]), int(last[3]))
        if len(self.hands) != n or len(self.cannot) != n or len(self.points) != n or len(self.known) != n:
            raise StateFormatError(f"hands, cannot, known and points must have {n} entries")
        if self.trick:
            t = self.trump
            self.lead = lead = self.trick[0] // 13
            w = 0
            for i in range(1, len(self.trick)):
                if tricks.beats(self.trick[i], self.trick[w], lead, t):
                    w = i
            self.win_card = self.trick[w]
            self.win_seat = (self.leader + w) % n

    def _check_cards(self, pieces: list[int], what: str) -> None:
        """Every card of the deck is in exactly one of `pieces`."""
        seen = 0
        for p in pieces:
            if p & seen or p & ~DECK:
                raise StateFormatError(f"a card is in two places or is not a Jass card ({what})")
            seen |= p
        if seen != DECK:
            raise StateFormatError(f"cards are missing: {format_cards(DECK & ~seen)} ({what})")
        trick_mask = sum(1 << c for c in self.trick)
        if trick_mask & ~self.played:
            raise StateFormatError("cards in the trick must be among the played cards")
        if len(self.trick) >= self.n:
            raise StateFormatError(f"a trick holds at most {self.n - 1} cards between tricks")

    def check_legal(self, action: Action) -> None:
        if self.phase == P_OVER:
            raise IllegalAction(Msg(N_("the game is over; no more actions can be played")))
        if self.phase == P_PLAY and isinstance(action, int) and 0 <= action < 52:
            if not self._legal_mask() >> action & 1:
                raise IllegalAction(self.explain_card(action))
            return
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))

    def explain_illegal(self, action: Action) -> Msg:
        """Why `action` is not legal in this phase, and what would be, said to the seat to move."""
        phase = self.phase
        seat = self.to_move()
        mover = -1 if seat is None else seat
        legal = ", ".join(self.game.format_action(a) for a in self.legal_actions())
        what = self.game.format_action(action) if isinstance(action, int) else repr(action)
        if phase == P_PLAY:
            if isinstance(action, int) and 0 <= action < 52:
                return self.explain_card(action)
            return refusal(N_("{action} is not possible now: the cards are being played; play a card ({legal})"),
                           mover, action=what, legal=legal)
        if phase == P_TRUMP:
            return refusal(N_("{action} is not possible now: choose the trump suit or push the choice to your partner "
                              "({legal})"), mover, action=what, legal=legal)
        if phase == P_PUSHED:
            return refusal(N_("{action} is not possible now: your partner pushed, so you must choose the trump suit "
                              "({legal})"), mover, action=what, legal=legal)
        if phase == P_SIX:
            if action == EXCHANGE_SIX:
                return refusal(N_("you do not hold the {six}, so there is nothing to exchange; answer {legal}"), mover,
                               six=card_object_msg(tricks.six_of(self.trump)), legal=legal)
            return refusal(N_("{action} is not possible now: before the first trick each player in turn says whether to "
                              "exchange the six of trump for the turned-up card ({legal})"), mover, action=what, legal=legal)
        if phase == P_TALON:
            return refusal(N_("{action} is not possible now: take the talon or keep your hand ({legal})"), mover,
                           action=what, legal=legal)
        return refusal(N_("{action} is not legal now; legal are: {legal}"), mover, action=what, legal=legal)
