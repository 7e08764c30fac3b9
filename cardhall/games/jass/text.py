"""Jass and Putz in words: the picture of a seat's view, the events, and the seed's keys.

Keys (rules/jass.md, "The seed's keyboard shortcuts"): Enter plays the selected choice;
C the cards on the table; A choose or hear the trump; F the led suit; H take the talon;
G exchange the trump six; S the score; T whose turn. H and G, when that action is yours,
select it so that Enter confirms it. Everything comes from `view(seat)`.

Every sentence is a whole message of the ``jass`` catalog domain, in the reader's language
(`self.tr`): a sentence about the reader ("You play …") and one about another seat ("North
plays …") are separate messages; card names come from the ``cardhall`` domain (`self.card`).
Seats, cards and suits fill placeholders in the nominative (the subject form) or, with
``as_object``, as the object of a verb, so that translations can keep their grammar.
"""

from __future__ import annotations

from typing import Any

from cardhall.core.card_words import rank_words, suit_words
from cardhall.core.cards import RANKS, SUITS, parse_card
from cardhall.core.game import Action, Event, Viewer
from cardhall.core.text import Shortcut, TextUI, signed
from cardhall.games.jass.base import EXCHANGE_SIX, KEEP, NO_EXCHANGE, PUSH, TAKE_TALON, TRUMP
from cardhall.games.jass.tricks import six_of

SUIT_ORDER = "SHDC"
"""The order in which a hand is read out: spades, hearts, diamonds, clubs."""


class GameTextUI(TextUI):
    """Text for Jass (four in two teams) and Putz (three or five, each alone)."""

    faces_offered = ("french", "german")

    @property
    def people_named(self) -> bool:  # type: ignore[override]
        """Putz's seats are only numbered ("Player 2"): its words name who sits there, as the felt
        does; Jass's seats are the places its teams sit (South and North), kept."""
        return self.game.name == "putz"

    # --- words -------------------------------------------------------------------------
    def words(self, card: str, *, as_object: bool = False) -> str:
        """'QS' → 'queen of spades' in the reader's language."""
        return self.card(parse_card(card), as_object=as_object)

    def suit(self, letter: str) -> str:
        """'H' → 'hearts' in the reader's language."""
        return suit_words(SUITS.index(letter), self.tr, self.faces)

    def six_words(self, trump: str, *, as_object: bool = False) -> str:
        """The six of trump by name ('six of hearts')."""
        return self.card(six_of(SUITS.index(trump)), as_object=as_object)

    def mine(self, seat: int, viewer: Viewer) -> bool:
        return isinstance(viewer, int) and seat == viewer

    def is_partner(self, seat: int, viewer: Viewer) -> bool:
        """Is `seat` the listener's partner in Jass for four?"""
        return self.game.num_players == 4 and isinstance(viewer, int) and 0 <= viewer < 4 and seat == (viewer + 2) % 4

    def team(self, team: int, viewer: Viewer = None) -> str:
        """A Jass team as the listener hears it: "you and North", "West and East"."""
        first, second = team, team + 2
        if viewer == second:
            first, second = second, first
        if viewer == first:
            # Translators: the listener's team in Jass, mid-sentence ("Score: you and North 320, …").
            return self.tr._("you and {partner}", partner=self.seat(second))
        # Translators: a team of two players in Jass, mid-sentence ("Score: …, West and East 210").
        return self.tr._("{first} and {second}", first=self.seat(first), second=self.seat(second))

    def hand_words(self, cards: list[str]) -> str:
        """A hand read out by suit: "spades: ace, king; hearts: nine"."""
        if not cards:
            return self.tr._("no cards")
        parts = []
        for s in SUIT_ORDER:
            ranks = [rank_words(RANKS.index(c[0]), self.tr, self.faces) for c in cards if c[1] == s]
            if ranks:
                # Translators: one suit of a hand read out ("spades: ace, king, six").
                parts.append(self.tr._("{suit}: {ranks}", suit=self.suit(s), ranks=", ".join(ranks)))
        return self.tr.items(parts)

    def listed(self, seat: int, viewer: Viewer, value: object) -> str:
        """A seat and its number in a list of scores: "you 3", "North 2"."""
        if self.mine(seat, viewer):
            # Translators: the listener's score in a list of scores ("Score: you 3, Player 2 1").
            return self.tr._("you {score}", score=value)
        # Translators: a player's score in a list of scores ("Score: Player 1 3, Player 2 1").
        return self.tr._("{player} {score}", player=self.seat(seat), score=value)

    # --- the picture -------------------------------------------------------------------
    def render(self, view: dict[str, Any], seat: int) -> str:
        hand = view["hand"]
        lines = [self.header(view, seat)]
        if self.notation:
            lines.append(self.tr._("Your cards ({count}): {cards} [{notation}].", count=len(hand),
                                   cards=self.hand_words(hand), notation=" ".join(hand)))
        else:
            lines.append(self.tr._("Your cards ({count}): {cards}.", count=len(hand), cards=self.hand_words(hand)))
        if view["variant"] == "putz" and view.get("aside"):
            aside = view["aside"]
            lines.append(self.tr._("Set aside (your old hand): {notation}.",
                                   notation=" ".join(aside) if self.notation else self.hand_words(aside)))
        lines += [self.table(view, seat), self.score(view, seat), self.turn(view, seat)]
        return "\n".join(lines)

    def header(self, view: dict[str, Any], seat: Viewer = None) -> str:
        deal = len(view["deals"]) + (0 if view["phase"] == "over" else 1)
        title = self.tr._(self.game.title)
        dealer = view["dealer"]
        if self.mine(dealer, seat):
            head = self.tr._("{game}, deal {deal}; you deal.", game=title, deal=deal)
        else:
            head = self.tr._("{game}, deal {deal}; {player} deals.", game=title, deal=deal, player=self.seat(dealer))
        return head + " " + self.trump_text(view, seat)

    def trump_text(self, view: dict[str, Any], seat: Viewer = None) -> str:
        if view["variant"] == "putz":
            return self.putz_trump_text(view, seat)
        chooser = view["chooser"]
        if view["trump"] is None:
            if self.mine(chooser, seat):
                return (self.tr._("Trump is not chosen yet: you choose (the choice was pushed).") if view["pushed"]
                        else self.tr._("Trump is not chosen yet: you choose."))
            if view["pushed"]:
                return self.tr._("Trump is not chosen yet: {player} chooses (the choice was pushed).",
                                 player=self.seat(chooser))
            return self.tr._("Trump is not chosen yet: {player} chooses.", player=self.seat(chooser))
        suit, player = self.suit(view["trump"]), self.seat(chooser)
        if self.mine(chooser, seat):
            return (self.tr._("Trump is {suit}, chosen by you after a push.", suit=suit) if view["pushed"]
                    else self.tr._("Trump is {suit}, chosen by you.", suit=suit))
        if self.is_partner(chooser, seat):
            return (self.tr._("Trump is {suit}, chosen by your partner {player} after a push.", suit=suit, player=player)
                    if view["pushed"] else self.tr._("Trump is {suit}, chosen by your partner {player}.", suit=suit,
                                                     player=player))
        return (self.tr._("Trump is {suit}, chosen by {player} after a push.", suit=suit, player=player) if view["pushed"]
                else self.tr._("Trump is {suit}, chosen by {player}.", suit=suit, player=player))

    def putz_trump_text(self, view: dict[str, Any], seat: Viewer) -> str:
        """Putz: trump, the turned-up card, and what became of the six and the talon."""
        text = self.tr._("Trump is {suit}: the turned-up card is the {card}.", suit=self.suit(view["trump"]),
                         card=self.words(view["turned"]))
        taker, exchanger = view["talon_taken_by"], view["six_exchanged_by"]
        if exchanger >= 0:
            six = self.six_words(view["trump"])
            if taker >= 0 and self.mine(taker, seat):
                fate = self.tr._("the {six} went with the talon to you.", six=six)
            elif taker >= 0:
                fate = self.tr._("the {six} went with the talon to {player}.", six=six, player=self.seat(taker))
            elif view["players"] == 3:
                fate = self.tr._("the {six} lies face up on the talon.", six=six)
            else:
                fate = self.tr._("the {six} lies face up.", six=six)
            if self.mine(exchanger, seat):
                text += " " + self.tr._("You exchanged the six of trump for it; {fate}", fate=fate)
            else:
                text += " " + self.tr._("{player} exchanged the six of trump for it; {fate}",
                                        player=self.seat(exchanger), fate=fate)
        elif taker >= 0:
            text += " " + (self.tr._("It went with the talon to you.") if self.mine(taker, seat)
                           else self.tr._("It went with the talon to {player}.", player=self.seat(taker)))
        return text

    def table(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut C: the cards on the table (the trick so far, else the last trick)."""
        n = view["players"]
        if view["trick"]:
            plays = []
            for i, c in enumerate(view["trick"]):
                player = (view["leader"] + i) % n
                card = self.words(c, as_object=True)
                plays.append(self.tr._("You played the {card}", card=card) if player == seat
                             else self.tr._("{player} played the {card}", player=self.seat(player), card=card))
            winning = view["winning"]
            win = (self.tr._("You are winning it.") if winning == seat
                   else self.tr._("{player} is winning it.", player=self.seat(winning)))
            return self.tr._("On the table: {plays}.", plays=self.tr.items(plays)) + " " + win
        last = view["last_trick"]
        if last is None:
            return self.tr._("The table is empty; no trick has been played yet.")
        plays = []
        for i, c in enumerate(last["cards"]):
            player = (last["leader"] + i) % n
            # Translators: who played which card, in a list of the last trick's cards ("North queen of spades").
            plays.append(self.tr._("You {card}", card=self.words(c)) if player == seat
                         else self.tr._("{player} {card}", player=self.seat(player), card=self.words(c)))
        if last["winner"] == seat:
            return self.tr.ngettext("The table is empty. Last trick: {plays}; taken by you for {count} point.",
                                    "The table is empty. Last trick: {plays}; taken by you for {count} points.",
                                    last["points"], plays=self.tr.items(plays))
        return self.tr.ngettext("The table is empty. Last trick: {plays}; taken by {player} for {count} point.",
                                "The table is empty. Last trick: {plays}; taken by {player} for {count} points.",
                                last["points"], plays=self.tr.items(plays), player=self.seat(last["winner"]))

    def score(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut S: the score."""
        if view["variant"] == "jass":
            sc, dp = view["team_scores"], view["team_points"]
            return self.tr._("Score: {team} {score}, {other_team} {other_score} (game to {target}). "
                             "This deal so far: {points} to {other_points}.",
                             team=self.team(0, seat), score=sc[0], other_team=self.team(1, seat), other_score=sc[1],
                             target=view["target"], points=dp[0], other_points=dp[1])
        scores = ", ".join(self.listed(i, seat, s) for i, s in enumerate(view["scores"]))
        points = ", ".join(self.listed(i, seat, p) for i, p in enumerate(view["deal_points"]))
        return self.tr._("Score: {scores} (game to {win_at}, or until someone drops below {lose_below}). "
                         "Card points this deal: {points}.",
                         scores=scores, win_at=7, lose_below=view["lose_below"], points=points)

    def turn(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut T: whose turn it is, and what they must do."""
        mover = view["to_move"]
        if mover is None:
            return self.tr._("The game is over.")
        phase = view["phase"]
        if phase == "play":
            phase = "play" if view["trick"] else "lead"
        if mover == seat:
            return {
                "trump": self.tr._("Your turn: choose trump or push the choice to your partner."),
                "pushed": self.tr._("Your turn: choose trump (the choice was pushed)."),
                "six": self.tr._("Your turn: say whether to exchange the six of trump for the turned-up card."),
                "talon": self.tr._("Your turn: take the talon or keep your hand."),
                "lead": self.tr._("Your turn to lead."),
                "play": (self.your_turn_led(self.suit(view["led"])) if view.get("led") and len(view["trick"]) > 1
                         else self.tr._("Your turn.")),
            }[phase]
        player = self.seat(mover)
        return {
            "trump": self.tr._("{player} is to choose trump or push the choice to the partner.", player=player),
            "pushed": self.tr._("{player} is to choose trump (the choice was pushed).", player=player),
            "six": self.tr._("{player} is to say whether to exchange the six of trump for the turned-up card.",
                             player=player),
            "talon": self.tr._("{player} is to take the talon or keep the hand.", player=player),
            "lead": self.tr._("{player} is to lead a card.", player=player),
            "play": self.tr._("{player} is to play a card.", player=player),
        }[phase]

    def your_turn_led(self, suit: str) -> str:
        """"Your turn. Led suit: hearts.": the turn and the suit led, in two sentences, so that with the
        turn's earcon (which says the first) the page says only the suit (F says more). Said once two
        cards or more are on the table: when only the lead is, its line ("East: ten of hearts.") was the
        last one heard and named the suit."""
        # Translators: said after "Your turn." when a trick is under way: the suit of its first card.
        led = self.tr._("Led suit: {suit}.", suit=suit)
        return f"{self.tr._('Your turn.')} {led}"

    def led(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut F: the suit that was led."""
        if view["led"] is None:
            if view["phase"] != "play":
                return self.tr._("No card has been led yet.")
            if view["leader"] == seat:
                return self.tr._("No card is on the table; you lead.")
            return self.tr._("No card is on the table; {player} leads.", player=self.seat(view["leader"]))
        if view["led"] == view["trump"]:
            return self.tr._("The led suit is {suit} (trump).", suit=self.suit(view["led"]))
        return self.tr._("The led suit is {suit}.", suit=self.suit(view["led"]))

    def trump_key(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut A, the rulebook's "choose or hear the trump" (the seed's «выбрать или посмотреть
        масть козыря»; this Jass has no announcements): how to choose it when that is yours to do,
        else the trump and who chose it. A listener with buttons hears the suits in words and where
        the choices are; the terminal's reader what to type."""
        if view["phase"] in ("trump", "pushed") and view["to_move"] == seat:
            suits = {"hearts": self.suit("H"), "diamonds": self.suit("D"), "spades": self.suit("S"),
                     "clubs": self.suit("C")}
            if not self.notation:
                if view["phase"] == "trump":
                    return self.tr._("Choose trump among your choices (J goes to them): {hearts}, {diamonds}, {spades} "
                                     "or {clubs}, or let your partner choose.", **suits)
                return self.tr._("Your partner left trump to you: choose it among your choices (J goes to them): "
                                 "{hearts}, {diamonds}, {spades} or {clubs}.", **suits)
            if view["phase"] == "trump":
                return self.tr._("Choose trump: type trump H ({hearts}), trump D ({diamonds}), trump S ({spades}) or "
                                 "trump C ({clubs}) or push to let your partner choose; or a choice's number. "
                                 "Then press Enter.", **suits)
            return self.tr._("Choose trump: type trump H ({hearts}), trump D ({diamonds}), trump S ({spades}) or "
                             "trump C ({clubs}); or a choice's number. Then press Enter.", **suits)
        return self.trump_text(view, seat)

    def talon_key(self, view: dict[str, Any], seat: int) -> str | tuple[str, Action]:
        """Shortcut H: take the talon (selects it when the offer is yours)."""
        if view["variant"] != "putz" or view["players"] != 3:
            return self.tr._("There is no talon in this game; H takes the talon in Putz for three players.")
        taker, mover = view["talon_taken_by"], view["to_move"]
        if view["phase"] == "talon" and mover == seat:
            if not self.notation:  # the page adds "Press Enter to play it." (said once, issue 38)
                return (self.tr._("Take the talon: your nine cards are set aside and the talon becomes your hand."),
                        TAKE_TALON)
            return (self.tr._("Take the talon: your nine cards are set aside and the talon becomes your hand. "
                              "Press Enter to confirm, or type keep."), TAKE_TALON)
        if taker >= 0:
            return (self.tr._("You took the talon this deal.") if taker == seat
                    else self.tr._("{player} took the talon this deal.", player=self.seat(taker)))
        if view["phase"] == "talon":
            return self.tr._("The talon is offered to {player} now; the offer goes once around.",
                             player=self.seat(mover))
        if view["phase"] == "six":
            return self.tr._("The talon is offered after the trump-six exchange, once around from the dealer's left.")
        return self.tr._("Nobody took the talon this deal; it stays out of play.")

    def six_key(self, view: dict[str, Any], seat: int) -> str | tuple[str, Action]:
        """Shortcut G: exchange the trump six (selects it when that is yours to do)."""
        if view["variant"] != "putz":
            return self.tr._("There is no trump-six exchange in Jass for four; G exchanges the trump six in Putz.")
        trump = view["trump"]
        if view["phase"] == "six" and view["to_move"] == seat:
            if "6" + trump in view["hand"]:
                six, card = self.six_words(trump, as_object=True), self.words(view["up"], as_object=True)
                if not self.notation:  # the page adds "Press Enter to play it." (said once, issue 38)
                    return (self.tr._("Exchange the {six} for the {card}.", six=six, card=card), EXCHANGE_SIX)
                return (self.tr._("Exchange the {six} for the {card}. Press Enter to confirm, or type no exchange.",
                                  six=six, card=card), EXCHANGE_SIX)
            if not self.notation:
                return self.tr._("You do not hold the {six}, so you cannot exchange it.",
                                 six=self.six_words(trump, as_object=True))
            return self.tr._("You do not hold the {six}; answer no exchange.", six=self.six_words(trump, as_object=True))
        exchanger = view["six_exchanged_by"]
        if exchanger >= 0:
            six, card = self.six_words(trump, as_object=True), self.words(view["turned"], as_object=True)
            if exchanger == seat:
                return self.tr._("You exchanged the {six} for the {card}.", six=six, card=card)
            return self.tr._("{player} exchanged the {six} for the {card}.", player=self.seat(exchanger), six=six,
                             card=card)
        if view["phase"] == "six":
            return self.tr._("{player} is asked about the trump-six exchange.", player=self.seat(view["to_move"]))
        if view["up"] == "6" + trump:
            return self.tr._("The turned-up card is the six of trump itself; there is nothing to exchange.")
        return self.tr._("Nobody exchanged the six of trump this deal.")

    def shortcuts(self) -> dict[str, Shortcut]:
        """The keys this game uses: H (the talon) only in Putz for three, G (the trump six) only in Putz."""
        keys: dict[str, Shortcut] = {
            "C": (self.tr._("the cards on the table"), self.table),
            "S": (self.tr._("the score"), self.score),
            "T": (self.tr._("whose turn it is"), self.turn),
            "F": (self.tr._("the suit that was led"), self.led),
            "A": (self.tr._("choose or hear the trump"), self.trump_key),
        }
        if self.game.name == "putz":
            if self.game.num_players == 3:
                keys["H"] = (self.tr._("take the talon"), self.talon_key)
            keys["G"] = (self.tr._("exchange the trump six"), self.six_key)
        return keys

    # --- choices and events ------------------------------------------------------------
    def choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        note = self.game.format_action(action)
        if isinstance(action, int) and action < 52:
            if view["trump"] and note[1] == view["trump"]:
                # Translators: a card among the numbered choices: its notation, its name, "trump".
                return self.tr._("{note}, {card} (trump)", note=note, card=self.words(note))
            # Translators: a card among the numbered choices: its notation and its name.
            return self.tr._("{note}, {card}", note=note, card=self.words(note))
        if isinstance(action, int) and TRUMP <= action < TRUMP + 4:
            # Translators: {note} is what the player types (trump H, push, take talon…); keep it as it is.
            return self.tr._("{note}: make {suit} trump", note=note, suit=self.suit(SUITS[action - TRUMP]))
        if action == PUSH:
            return self.tr._("{note}: your partner chooses trump", note=note)
        if action == EXCHANGE_SIX and view.get("up"):
            return self.tr._("{note}: give the six of trump for the {card}", note=note,
                             card=self.words(view["up"], as_object=True))
        if action == NO_EXCHANGE:
            # Translators: the choice not to exchange the trump six; keep "no exchange" (what the
            # player types) and add its meaning in your language ("no exchange — …").
            return self.tr.pgettext("choice", "no exchange")
        if action == TAKE_TALON:
            return self.tr._("{note}: set your cards aside and take the talon", note=note)
        if action == KEEP:
            return self.tr._("{note}: keep your hand", note=note)
        return note

    def spoken_choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        """A choice in words only, for a listener who chooses with buttons: a card by its name
        ("queen of hearts (trump)"), another choice by what it does ("make hearts trump")."""
        note = self.game.format_action(action)
        if isinstance(action, int) and action < 52:
            if view["trump"] and note[1] == view["trump"]:
                # Translators: a card among the choices, in words: its name, "trump".
                return self.tr._("{card} (trump)", card=self.words(note))
            return self.words(note)
        said = self.choice(action, view, seat)
        prefix = self.tr.labelled(note, "")  # "trump H: " («trump H\u202f: » in French)
        return said[len(prefix):] if said.startswith(prefix) else said

    def phrase(self, event: Event, viewer: Viewer) -> str:
        kind = event["type"]
        if kind == "deal_scored":
            return self.deal_summary(event, viewer)
        if kind == "deal_started":
            view = {**event, "phase": "trump", "deals": [None] * (event["deal"] - 1)}
            return self.tr._("New deal. {header}", header=self.header(view, viewer))
        if kind == "hand_dealt":
            if not self.notation:
                return self.tr._("Your cards: {cards}.", cards=self.hand_words(event["hand"]))
            return self.tr._("Your cards: {cards} [{notation}].", cards=self.hand_words(event["hand"]),
                             notation=" ".join(event["hand"]))
        if "seat" not in event:
            return super().phrase(event, viewer)
        seat = event["seat"]
        you = self.mine(seat, viewer)
        player = self.seat(seat)
        tr = self.tr
        if kind == "card_played":  # said short: one in every four lines of a trick
            return self._played(event, you, player)
        if kind == "trump_chosen":
            suit = self.suit(event["suit"])
            if you:
                return tr._("You choose {suit} as trump.", suit=suit)
            if self.is_partner(seat, viewer):
                return tr._("Your partner {player} chooses {suit} as trump.", player=player, suit=suit)
            return tr._("{player} chooses {suit} as trump.", player=player, suit=suit)
        if kind == "pushed":
            if you:
                return tr._("You push: your partner chooses trump.")
            if self.is_partner(seat, viewer):
                return tr._("{player} pushes: you choose trump.", player=player)
            return tr._("{player} pushes: the partner chooses trump.", player=player)
        if kind == "six_exchanged":
            return (tr._("You exchange the six of trump for the turned-up card.") if you
                    else tr._("{player} exchanges the six of trump for the turned-up card.", player=player))
        if kind == "no_exchange":
            return tr._("You: no exchange.") if you else tr._("{player}: no exchange.", player=player)
        if kind == "talon_taken":
            return (tr._("You take the talon; your hand is set aside.") if you
                    else tr._("{player} takes the talon; their hand is set aside.", player=player))
        if kind == "talon_kept":
            return tr._("You keep your hand.") if you else tr._("{player} keeps their hand.", player=player)
        if kind == "trick_won" and not self.notation:  # the page's reader just heard the cards (issue 38)
            return self.trick_end(you, player, event["points"])
        if kind == "trick_won":
            card = self.words(event["card"])
            if you:
                return tr.ngettext("You win the trick with the {card}: {count} point.",
                                   "You win the trick with the {card}: {count} points.", event["points"], card=card)
            return tr.ngettext("{player} wins the trick with the {card}: {count} point.",
                               "{player} wins the trick with the {card}: {count} points.", event["points"],
                               player=player, card=card)
        return super().phrase(event, viewer)

    def _played(self, event: Event, you: bool, player: str) -> str:
        """A card played, short. On the page a card that follows the led suit is its rank alone
        ("South: nine."), a trump played on another suit says so ("West: six of trumps."), the
        lead and any other card in full (issue 38)."""
        tr = self.tr
        code = event["card"]
        if self.notation or "led" not in event:
            card = self.words(code)
        elif code[-1] == event["led"]:
            card = rank_words(parse_card(code) % 13, tr, self.faces)
        elif code[-1] == event.get("trump"):
            rank = rank_words(parse_card(code) % 13, tr, self.faces)
            # Translators: a trump played on another suit, said short: "West: six of trumps."
            return tr._("You: {rank} of trumps.", rank=rank) if you else \
                tr._("{player}: {rank} of trumps.", player=player, rank=rank)
        else:
            card = self.words(code)
        # Translators: a card played, said short: "You: two of clubs." / "West: king of spades."
        return tr._("You: {card}.", card=card) if you else tr._("{player}: {card}.", player=player, card=card)

    def deal_summary(self, event: Event, viewer: Viewer = None) -> str:
        """A `deal_scored` event: the deal's points and the score."""
        if "team_scores" in event:
            pts, sc = event["points"], event["team_scores"]
            return self.tr._("Deal scored: {team} {points}, {other_team} {other_points}. "
                             "Score: {score} to {other_score}.",
                             team=self.team(0, viewer), points=pts[0], other_team=self.team(1, viewer),
                             other_points=pts[1], score=sc[0], other_score=sc[1])
        parts = []
        for i, (p, d) in enumerate(zip(event["points"], event["deltas"], strict=True)):
            delta = signed(d)
            apple = p < 21
            if self.mine(i, viewer):
                parts.append(
                    self.tr.ngettext("you {count} point (apple) {delta}", "you {count} points (apple) {delta}", p,
                                     delta=delta) if apple
                    else self.tr.ngettext("you {count} point {delta}", "you {count} points {delta}", p, delta=delta))
            else:
                player = self.seat(i)
                parts.append(
                    self.tr.ngettext("{player} {count} point (apple) {delta}", "{player} {count} points (apple) {delta}",
                                     p, player=player, delta=delta) if apple
                    else self.tr.ngettext("{player} {count} point {delta}", "{player} {count} points {delta}", p,
                                          player=player, delta=delta))
        scores = ", ".join(self.listed(i, viewer, s) for i, s in enumerate(event["scores"]))
        return self.tr._("Deal scored: {points}. Score: {scores}.", points=self.tr.items(parts), scores=scores)

    def result(self, view: dict[str, Any], scores: list[float], winners: list[int], viewer: int) -> str:
        if view["variant"] == "jass" and winners:
            team = winners[0] & 1
            points, against = int(scores[winners[0]]), int(scores[1 - team])
            first, second = team, team + 2
            if viewer in winners:
                partner = second if viewer == first else first
                return self.tr.ngettext(
                    "Game over. You and {partner} reach {count} point against {against} — your team wins.",
                    "Game over. You and {partner} reach {count} points against {against} — your team wins.",
                    points, partner=self.seat(partner), against=against)
            params = {"first": self.seat(first), "second": self.seat(second), "against": against}
            if 0 <= viewer < 4:
                return self.tr.ngettext(
                    "Game over. {first} and {second} reach {count} point against {against} — your team loses.",
                    "Game over. {first} and {second} reach {count} points against {against} — your team loses.",
                    points, **params)
            return self.tr.ngettext("Game over. {first} and {second} reach {count} point against {against}.",
                                    "Game over. {first} and {second} reach {count} points against {against}.",
                                    points, **params)
        return super().result(view, scores, winners, viewer)

