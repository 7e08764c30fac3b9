"""3-2-5 in words, for the terminal and screen readers; everything comes from `view(seat)`,
said in the reader's language (`self.tr`, catalog domain ``three_two_five``).

Shortcuts: C the table, A trump (and how to declare it), F the led suit, P this deal's
pulls, S the score, T whose turn; plus the terminal's Enter, L, ?, Q.
"""

from __future__ import annotations

from typing import Any

from cardhall.core.card_words import rank_words, suit_words
from cardhall.core.cards import SUITS, format_card, parse_card
from cardhall.core.game import Action, Event, Viewer
from cardhall.core.text import Shortcut, TextUI, signed
from cardhall.games.three_two_five.game import RETURN, TRUMP

View = dict[str, Any]


class GameTextUI(TextUI):
    """How 3-2-5 looks and sounds in words."""

    # --- words shared by the pictures and the events -----------------------------------
    def _suit(self, letter: str) -> str:
        """A suit letter (C, D, H, S) in words: "spades"."""
        return suit_words(SUITS.index(letter), self.tr)

    def _the(self, card: str) -> str:
        """A card in notation, in words as the object of a verb ("queen of spades"; the sentence says "the")."""
        return self.card(parse_card(card), as_object=True)

    def _cards_in_words(self, cards: list[str]) -> str:
        """Cards grouped by suit, high first: 'spades: ace, nine (AS 9S); hearts: seven (7H)'."""
        tr = self.tr
        parts = []
        for s in (3, 2, 1, 0):
            mine = sorted((parse_card(c) for c in cards if c[-1] == SUITS[s]), reverse=True)
            if mine:
                words = ", ".join(rank_words(c % 13, tr) for c in mine)
                codes = f" ({' '.join(format_card(c) for c in mine)})" if self.notation else ""
                parts.append(tr.labelled(suit_words(s, tr), f"{words}{codes}"))
        return tr.items(parts) if parts else tr._("no cards")

    def _entry(self, seat: int, viewer: int, value: Any) -> str:
        """One seat and its number in a list: "You 3", "East 5"."""
        if seat == viewer:
            return self.tr._("You {value}", value=value)
        # Translators: one seat's number in a list of scores or contracts, e.g. "East 5".
        return self.tr._("{player} {value}", player=self.seat(seat), value=value)

    def _contract_line(self, view: View, seat: int) -> str:
        tr = self.tr
        d = view["dealer"]
        parts = []
        for off in (1, 2, 0):
            s = (d + off) % 3
            contract = view["contracts"][s]
            if s == d:
                parts.append(tr._("You {contract} (dealer)", contract=contract) if s == seat
                             else tr._("{player} {contract} (dealer)", player=self.seat(s), contract=contract))
            elif off == 1:
                parts.append(tr._("You {contract} (declares trump and leads)", contract=contract) if s == seat
                             else tr._("{player} {contract} (declares trump and leads)", player=self.seat(s),
                                       contract=contract))
            else:
                parts.append(self._entry(s, seat, contract))
        return tr._("Contracts: {contracts}.", contracts=", ".join(parts))

    def _totals(self, done: int, deals: int, scores: list[int], seat: int) -> str:
        return self.tr.ngettext("Totals after {done} of {count} deal: {totals}.",
                                "Totals after {done} of {count} deals: {totals}.", deals, done=done,
                                totals=", ".join(self._entry(s, seat, scores[s]) for s in range(3)))

    def _trump_by(self, suit: str, five: int, seat: int) -> str:
        """Trump and who chose it (or whose 7th card fixed it)."""
        tr = self.tr
        if self.game.options["trump_by_seventh_card"]:
            if five == seat:
                return tr._("Trump is {suit}, fixed by the 7th card dealt to you.", suit=suit)
            return tr._("Trump is {suit}, fixed by the 7th card dealt to {player}.", suit=suit, player=self.seat(five))
        if five == seat:
            return tr._("Trump is {suit}, declared by you.", suit=suit)
        return tr._("Trump is {suit}, declared by {player}.", suit=suit, player=self.seat(five))

    # --- the picture -------------------------------------------------------------
    def render(self, view: View, seat: int) -> str:
        tr = self.tr
        if view["phase"] == "over":
            return tr.ngettext("The game is over after {count} deal.", "The game is over after {count} deals.",
                               view["deals"]) + " " + self.score(view, seat)
        n = len(view["hand"])
        if view["dealer"] == seat:
            first = tr._("Deal {deal} of {deals}. You deal; play goes to the right (anticlockwise).",
                         deal=view["deal"], deals=view["deals"])
        else:
            first = tr._("Deal {deal} of {deals}. {player} deals; play goes to the right (anticlockwise).",
                         deal=view["deal"], deals=view["deals"], player=self.seat(view["dealer"]))
        lines = [first, self._contract_line(view, seat), self.trump(view, seat),
                 tr.ngettext("Your hand ({count} card): {cards}.", "Your hand ({count} cards): {cards}.", n,
                             cards=self._cards_in_words(view["hand"]))]
        if view["redeals"]:
            lines.append(tr.ngettext("No trump, no deal: this deal was redealt once.",
                                     "No trump, no deal: this deal was redealt {count} times.", len(view["redeals"])))
        pulls = self.pulls(view, seat)
        if view["pulls"] or view["pulls_due"]:
            lines.append(pulls)
        lines += [self.table(view, seat), self.score(view, seat), self.turn(view, seat)]
        return "\n".join(lines)

    def trump(self, view: View, seat: int) -> str:
        """Shortcut A: trump, or how to declare it."""
        tr = self.tr
        five = (view["dealer"] + 1) % 3
        if view["trump"] is None:
            if view["phase"] == "over":
                return tr._("The game is over.")
            if five == seat:
                suits = ", ".join(
                    f"{suit_words(s, tr)} {n}" for s in (3, 2, 1, 0) if (n := sum(c[-1] == SUITS[s] for c in view["hand"]))
                )
                if not self.notation:  # a listener with buttons: where the choices are, not what to type
                    return tr._("Trump is not declared yet. You must win five tricks, so you declare trump from your "
                                "first five cards ({suits}): choose it among your choices (J goes to them). "
                                "Long suits with high cards make good trumps.", suits=suits)
                return tr._("Trump is not declared yet. You must win five tricks, so you declare trump from your "
                            "first five cards ({suits}): write trump C, trump D, trump H or trump S, "
                            "or pick its number. Long suits with high cards make good trumps.", suits=suits)
            return tr._("Trump is not declared yet: {player} declares it from the first five cards.",
                        player=self.seat(five))
        return self._trump_by(self._suit(view["trump"]), five, seat)

    def table(self, view: View, seat: int) -> str:
        """Shortcut C: the trick on the table and the tricks won against the contracts."""
        tr = self.tr
        if view["phase"] == "over":
            return tr._("The game is over; no cards are on the table.")
        if view["trick"]:
            plays = []
            for i, c in enumerate(view["trick"]):
                s = (view["leader"] + i) % 3
                plays.append(tr._("You played the {card}", card=self._the(c)) if s == seat
                             else tr._("{player} played the {card}", player=self.seat(s), card=self._the(c)))
            trick = tr._("On the table: {plays}.", plays=tr.items(plays))
        elif view["phase"] == "play":
            trick = (tr._("The table is empty; you lead.") if view["leader"] == seat
                     else tr._("The table is empty; {player} leads.", player=self.seat(view["leader"])))
        else:
            trick = tr._("No trick has started yet.")
        won = ", ".join(
            tr._("You {won} of {contract}", won=view["tricks_won"][s], contract=view["contracts"][s]) if s == seat
            else tr._("{player} {won} of {contract}", player=self.seat(s), won=view["tricks_won"][s],
                      contract=view["contracts"][s])
            for s in range(3))
        return trick + " " + tr._("Tricks won against contracts: {won}.", won=won)

    def led(self, view: View, seat: int) -> str:
        """Shortcut F: the suit led, and the cards of it you hold."""
        tr = self.tr
        if not view["trick"]:
            return tr._("No suit is led yet.")
        letter = view["trick"][0][-1]
        suit = self._suit(letter)
        mine = [c for c in view["hand"] if c[-1] == letter]
        leader = view["leader"]
        if mine:
            cards = self._cards_in_words(mine)
            text = (tr._("{suit} led by you; you hold {cards}.", suit=suit, cards=cards) if leader == seat
                    else tr._("{suit} led by {player}; you hold {cards}.", suit=suit, cards=cards,
                              player=self.seat(leader)))
        elif leader == seat:
            text = tr._("{suit} led by you; you hold none, so you may trump or play any card.", suit=suit)
        else:
            text = tr._("{suit} led by {player}; you hold none, so you may trump or play any card.", suit=suit,
                        player=self.seat(leader))
        return text[:1].upper() + text[1:]

    def _pull(self, pull: dict[str, Any], seat: int) -> str:
        """One pull of this deal, as far as `seat` may know it."""
        tr = self.tr
        c, d = pull["puller"], pull["from"]
        if pull["drawn"] is None:
            if pull["done"]:
                return tr._("{puller} drew a card from {victim} and gave one back", puller=self.seat(c),
                            victim=self.seat(d))
            return tr._("{puller} drew a card from {victim}", puller=self.seat(c), victim=self.seat(d))
        drawn, back = self._the(pull["drawn"]), pull["returned"]
        if c == seat:
            if back:
                return tr._("You drew the {card} from {player} and gave back the {returned}", card=drawn,
                            player=self.seat(d), returned=self._the(back))
            return tr._("You drew the {card} from {player}", card=drawn, player=self.seat(d))
        if d == seat:
            if back:
                return tr._("{player} drew the {card} from you and gave back the {returned}", card=drawn,
                            player=self.seat(c), returned=self._the(back))
            return tr._("{player} drew the {card} from you", card=drawn, player=self.seat(c))
        if back:
            return tr._("{puller} drew the {card} from {victim} and gave back the {returned}", card=drawn,
                        puller=self.seat(c), victim=self.seat(d), returned=self._the(back))
        return tr._("{puller} drew the {card} from {victim}", card=drawn, puller=self.seat(c), victim=self.seat(d))

    def _due(self, puller: int, victim: int, seat: int) -> str:
        """A pull still to come: "you from East", "East from you", "East from West"."""
        tr = self.tr
        if puller == seat:
            return tr._("you from {victim}", victim=self.seat(victim))
        if victim == seat:
            return tr._("{puller} from you", puller=self.seat(puller))
        return tr._("{puller} from {victim}", puller=self.seat(puller), victim=self.seat(victim))

    def pulls(self, view: View, seat: int) -> str:
        """Shortcut P: the pulls of this deal, as far as you may know them."""
        tr = self.tr
        lines = [self._pull(p, seat) for p in view["pulls"]]
        due = view["pulls_due"][1:] if view["phase"] == "return" else view["pulls_due"]
        if due:
            lines.append(tr.ngettext("still to come: {count} pull {pulls}", "still to come: {count} pulls {pulls}",
                                     len(due), pulls=", ".join(self._due(c, d, seat) for c, d in due)))
        if not lines:
            return tr._("Pulls this deal: none.")
        return tr._("Pulls this deal: {pulls}.", pulls=tr.items(lines))

    def score(self, view: View, seat: int) -> str:
        """Shortcut S: the totals and each deal's points."""
        text = self._totals(len(view["history"]), view["deals"], view["scores"], seat)
        if view["history"]:
            last = view["history"][-1]
            pts = ", ".join(self._entry(s, seat, signed(last["points"][s])) for s in range(3))
            text += " " + self.tr._("Last deal: {points}.", points=pts)
        return text

    def turn(self, view: View, seat: int) -> str:
        """Shortcut T: whose turn it is and what they must do."""
        tr = self.tr
        mover = view["to_move"]
        if mover is None:
            return tr._("The game is over.")
        phase = view["phase"]
        if mover != seat:
            player = self.seat(mover)
            return {"trump": tr._("{player} is to declare trump.", player=player),
                    "return": tr._("{player} is to give a card back.", player=player),
                    "play": tr._("{player} is to play a card.", player=player)}[phase]
        if phase == "trump":
            return (tr._("Your turn: declare trump (trump C, D, H or S).") if self.notation
                    else tr._("Your turn: declare trump."))
        if phase == "return":
            p = view["pulls"][-1]
            if not self.notation:
                return tr._("Your turn: give a card back to {player}, not the {card} you drew.",
                            player=self.seat(p["from"]), card=self._the(p["drawn"]))
            return tr._("Your turn: give a card back to {player} (return and a card). You drew the {card} and may not "
                        "give that one back.", player=self.seat(p["from"]), card=self._the(p["drawn"]))
        if len(view["trick"]) > 1:  # the suit led, a sentence after the turn's (the earcon says that one; F says
            # more); not when the lead is the only card: its line, just heard, named the suit
            # Translators: said after "Your turn." when a trick is under way: the suit of its first card.
            led = tr._("Led suit: {suit}.", suit=self._suit(view["trick"][0][-1]))
            return f"{tr._('Your turn.')} {led}"
        if view["trick"]:
            return tr._("Your turn.")
        return tr._("Your turn to lead.")

    def shortcuts(self) -> dict[str, Shortcut]:
        tr = self.tr
        keys = super().shortcuts()
        keys["A"] = (tr._("trump (when declaring: how to choose)"), self.trump)
        keys["F"] = (tr._("the suit led"), self.led)
        keys["P"] = (tr._("the pulls of this deal"), self.pulls)
        return keys

    def choice(self, action: Action, view: View, seat: int) -> str:
        assert isinstance(action, int)
        tr = self.tr
        note = self.game.format_action(action)
        if action >= TRUMP:
            s = SUITS[action - TRUMP]
            n = sum(c[-1] == s for c in view["hand"])
            return tr.ngettext("{suit} trump, you hold {count} ({notation})", "{suit} trump, you hold {count} ({notation})",
                               n, suit=suit_words(action - TRUMP, tr), notation=note)
        if action >= RETURN:
            return tr._("give back {card} ({notation})", card=self.card(action - RETURN, as_object=True), notation=note)
        return f"{self.card(action)} ({note})"

    def spoken_choice(self, action: Action, view: View, seat: int) -> str:
        """A choice in words only, for a listener who chooses with buttons: "eight of clubs",
        "give back the eight of clubs", "hearts trump, you hold 4"."""
        assert isinstance(action, int)
        tr = self.tr
        if action >= TRUMP:
            s = SUITS[action - TRUMP]
            n = sum(c[-1] == s for c in view["hand"])
            return tr.ngettext("{suit} trump, you hold {count}", "{suit} trump, you hold {count}", n,
                               suit=suit_words(action - TRUMP, tr))
        if action >= RETURN:
            return tr._("give back {card}", card=self.card(action - RETURN, as_object=True))
        return self.card(action)

    # --- events ------------------------------------------------------------------
    def phrase(self, event: Event, viewer: Viewer) -> str:
        tr = self.tr
        kind = event["type"]
        v = -1 if viewer is None else viewer
        you = event.get("seat") == v
        player = self.seat(event["seat"]) if "seat" in event else ""
        if kind == "trump_declared":
            suit = self._suit(event["suit"])
            return (tr._("You, to win five tricks, declare {suit} trump.", suit=suit) if you
                    else tr._("{player}, to win five tricks, declares {suit} trump.", player=player, suit=suit))
        if kind == "card_played":  # on the page a card that follows the led suit is its rank alone (issue 38)
            code = event["card"]
            follows = not self.notation and event.get("led") == code[-1]
            card = rank_words(parse_card(code) % 13, tr) if follows else self.card(parse_card(code))
            # Translators: a card played, said short: "You: two of clubs." / "West: king of spades."
            return tr._("You: {card}.", card=card) if you else tr._("{player}: {card}.", player=player, card=card)
        if kind == "trick_won":
            return self._trick_won(event, you, player)
        if kind == "deal_scored":
            return self._deal_scored(event, v)
        if kind == "deal_started":
            d = event["dealer"]
            first = (tr._("Deal {deal}: You deal.", deal=event["deal"]) if d == v
                     else tr._("Deal {deal}: {player} deals.", deal=event["deal"], player=self.seat(d)))
            return first + " " + self._contract_line(event, v)
        if kind == "redeal":
            return self._redeal(event, v)
        if kind == "trump_fixed":
            suit = self._suit(event["suit"])
            return (tr._("Trump is {suit}, fixed by the 7th card dealt to you.", suit=suit) if you
                    else tr._("Trump is {suit}, fixed by the 7th card dealt to {player}.", suit=suit, player=player))
        if kind == "hand_dealt":
            if "hand" not in event:
                return tr._("The first five cards are dealt.") if event["first_five"] else tr._("The cards are dealt.")
            if event["first_five"]:
                return tr._("Your first five cards: {cards}.", cards=self._cards_in_words(event["hand"]))
            return tr._("The cards are dealt. Your hand: {cards}.", cards=self._cards_in_words(event["hand"]))
        if kind in ("pull", "card_returned"):
            return self._exchange(kind, event, v)
        return super().phrase(event, v)

    def _trick_won(self, event: Event, you: bool, player: str) -> str:
        """A trick won, with its winning card when the viewer may know it (not on the page, whose
        reader just heard the cards: "East wins the trick.")."""
        tr = self.tr
        if not self.notation and not event.get("last"):  # the page's reader just heard the cards (issue 38)
            return tr._("You win the trick.") if you else tr._("{player} wins the trick.", player=player)
        if event.get("last") and "card" not in event:
            return tr._("You win the last trick.") if you else tr._("{player} wins the last trick.", player=player)
        card = self.card(parse_card(event["card"]))  # named on its own: «старшая карта — дама пик»
        if event.get("last"):
            return (tr._("You win the last trick with the {card}.", card=card) if you
                    else tr._("{player} wins the last trick with the {card}.", player=player, card=card))
        return (tr._("You win the trick with the {card}.", card=card) if you
                else tr._("{player} wins the trick with the {card}.", player=player, card=card))

    def _deal_scored(self, event: Event, v: int) -> str:
        """A deal's result: each seat's tricks against its contract, a sweep, the totals."""
        tr = self.tr
        parts = ", ".join(
            tr._("You {tricks} of {contract} ({points})", tricks=event["tricks"][t],
                 contract=event["contracts"][t], points=signed(event["points"][t])) if t == v
            else tr._("{player} {tricks} of {contract} ({points})", player=self.seat(t), tricks=event["tricks"][t],
                      contract=event["contracts"][t], points=signed(event["points"][t]))
            for t in range(3))
        sentences = [tr._("Deal {deal} scored: {results}.", deal=event["deal"], results=parts)]
        sweeper = event["all_ten"]
        if sweeper is not None:
            sentences.append(tr._("You took all ten tricks: 5 points more.") if sweeper == v
                             else tr._("{player} took all ten tricks: 5 points more.", player=self.seat(sweeper)))
        sentences.append(self._totals(event["deal"], event["deals"], event["scores"], v))
        return " ".join(sentences)

    def _exchange(self, kind: str, event: Event, v: int) -> str:
        """The cards drawn and given back between deals (`pull`, `card_returned`): the card only
        to those who may know it."""
        tr = self.tr
        if kind == "pull":
            c, d = event["seat"], event["from"]
            if "card" not in event:
                return tr._("{puller} draws a card blind from {victim}'s hand.", puller=self.seat(c), victim=self.seat(d))
            if c == v:
                return tr._("You draw the {card} blind from {player}'s hand.", card=self._the(event["card"]),
                            player=self.seat(d))
            return tr._("{player} draws the {card} from your hand.", player=self.seat(c), card=self._the(event["card"]))
        c = event["seat"]  # card_returned
        if "card" not in event:
            return tr._("{player} gives one card back.", player=self.seat(c))
        if c == v:
            return tr._("You give back {card}.", card=self.card(parse_card(event["card"]), as_object=True))
        return tr._("You receive the {card} from {player}.", card=self._the(event["card"]), player=self.seat(c))

    def _redeal(self, event: Event, viewer: int) -> str:
        """No trump, no deal: who holds no trump, and who redeals."""
        tr = self.tr
        suit = self._suit(event["trump"])
        others = [self.seat(t) for t in event["no_trump"] if t != viewer]
        if viewer in event["no_trump"]:
            first = (tr._("No trump, no deal: you and {players} hold no {suit}.", players=tr.join(others), suit=suit)
                     if others else tr._("No trump, no deal: you hold no {suit}.", suit=suit))
        else:
            first = tr.ngettext("No trump, no deal: {players} holds no {suit}.",
                                "No trump, no deal: {players} hold no {suit}.", len(others),
                                players=tr.join(others), suit=suit)
        d = event["dealer"]
        second = (tr._("You redeal, with the same contracts.") if d == viewer
                  else tr._("{player} redeals, with the same contracts.", player=self.seat(d)))
        return first + " " + second
