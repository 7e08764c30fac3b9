"""3-2-5 in words, for the terminal and screen readers; everything comes from `view(seat)`.

Shortcuts: C the table, A trump (and how to declare it), F the led suit, P this deal's
pulls, S the score, T whose turn; plus the terminal's Enter, L, ?, Q.
"""

from __future__ import annotations

from typing import Any

from cardhall.core.cards import RANK_NAMES, SUIT_NAMES, SUITS, card_name, format_card, parse_card
from cardhall.core.game import Action, Event, Viewer
from cardhall.core.text import Shortcut, TextUI, signed
from cardhall.games.three_two_five.game import RETURN, TRUMP

View = dict[str, Any]


def _suit_name(letter: str) -> str:
    return SUIT_NAMES[SUITS.index(letter)]


def _cards_in_words(cards: list[str]) -> str:
    """Cards grouped by suit, high first: 'spades: ace, nine (AS 9S); hearts: seven (7H)'."""
    parts = []
    for s in (3, 2, 1, 0):
        mine = sorted((parse_card(c) for c in cards if c[-1] == SUITS[s]), reverse=True)
        if mine:
            words = ", ".join(RANK_NAMES[c % 13] for c in mine)
            parts.append(f"{SUIT_NAMES[s]}: {words} ({' '.join(format_card(c) for c in mine)})")
    return "; ".join(parts) if parts else "no cards"


def _the(c: str) -> str:
    return "the " + card_name(parse_card(c))


class GameTextUI(TextUI):
    """How 3-2-5 looks and sounds in words."""

    def who(self, seat: int, viewer: Viewer, capital: bool = True) -> str:
        if seat == viewer:
            return "You" if capital else "you"
        return self.seat(seat)

    def _contract_line(self, view: View, seat: int) -> str:
        d = view["dealer"]
        parts = []
        for off in (1, 2, 0):
            s = (d + off) % 3
            role = " (dealer)" if s == d else (" (declares trump and leads)" if off == 1 else "")
            parts.append(f"{self.who(s, seat)} "
                         f"{view['contracts'][s]}{role}")
        return "Contracts: " + ", ".join(parts) + "."

    def render(self, view: View, seat: int) -> str:
        if view["phase"] == "over":
            return f"The game is over after {view['deals']} deals. " + self.score(view, seat)
        n = len(view["hand"])
        lines = [f"Deal {view['deal']} of {view['deals']}. {self.who(view['dealer'], seat)} "
                 f"{'deal' if view['dealer'] == seat else 'deals'}; play goes to the right (anticlockwise).",
                 self._contract_line(view, seat), self.trump(view, seat),
                 f"Your hand ({n} card{'' if n == 1 else 's'}): {_cards_in_words(view['hand'])}."]
        if view["redeals"]:
            n = len(view["redeals"])
            lines.append(f"No trump, no deal: this deal was redealt {'once' if n == 1 else f'{n} times'}.")
        pulls = self.pulls(view, seat)
        if view["pulls"] or view["pulls_due"]:
            lines.append(pulls)
        lines += [self.table(view, seat), self.score(view, seat), self.turn(view, seat)]
        return "\n".join(lines)

    def trump(self, view: View, seat: int) -> str:
        """Shortcut A: trump, or how to declare it."""
        five = (view["dealer"] + 1) % 3
        if view["trump"] is None:
            if view["phase"] == "over":
                return "The game is over."
            if five == seat:
                suits = ", ".join(
                    f"{SUIT_NAMES[s]} {n}" for s in (3, 2, 1, 0) if (n := sum(c[-1] == SUITS[s] for c in view["hand"]))
                )
                return ("Trump is not declared yet. You must win five tricks, so you declare trump from your "
                        f"first five cards ({suits}): write trump C, trump D, trump H or trump S, "
                        "or pick its number. Long suits with high cards make good trumps.")
            return f"Trump is not declared yet: {self.seat(five)} declares it from the first five cards."
        how = ("fixed by the 7th card dealt to " if self.game.options["trump_by_seventh_card"]
               else "declared by ")
        return f"Trump is {_suit_name(view['trump'])}, {how}{self.who(five, seat, capital=False)}."

    def table(self, view: View, seat: int) -> str:
        """Shortcut C: the trick on the table and the tricks won against the contracts."""
        if view["phase"] == "over":
            return "The game is over; no cards are on the table."
        if view["trick"]:
            plays = [f"{self.who((view['leader'] + i) % 3, seat)} played {_the(c)}"
                     for i, c in enumerate(view["trick"])]
            trick = "On the table: " + "; ".join(plays) + "."
        elif view["phase"] == "play":
            lead = "lead" if view["leader"] == seat else "leads"
            trick = f"The table is empty; {self.who(view['leader'], seat, capital=False)} {lead}."
        else:
            trick = "No trick has started yet."
        won = ", ".join(f"{self.who(s, seat)} {view['tricks_won'][s]} of {view['contracts'][s]}" for s in range(3))
        return f"{trick} Tricks won against contracts: {won}."

    def led(self, view: View, seat: int) -> str:
        """Shortcut F: the suit led, and the cards of it you hold."""
        if not view["trick"]:
            return "No suit is led yet."
        suit = view["trick"][0][-1]
        mine = [c for c in view["hand"] if c[-1] == suit]
        held = f"you hold {_cards_in_words(mine)}" if mine else "you hold none, so you may trump or play any card"
        return f"{_suit_name(suit).capitalize()} led by {self.who(view['leader'], seat, capital=False)}; {held}."

    def pulls(self, view: View, seat: int) -> str:
        """Shortcut P: the pulls of this deal, as far as you may know them."""
        lines = []
        for p in view["pulls"]:
            c, d = p["puller"], p["from"]
            if p["drawn"] is None:
                lines.append(f"{self.seat(c)} drew a card from {self.seat(d)}"
                             + (" and gave one back" if p["done"] else ""))
            else:
                got = f"{self.who(c, seat)} drew {_the(p['drawn'])} from {self.who(d, seat, capital=False)}"
                back = f" and gave back {_the(p['returned'])}" if p["returned"] else ""
                lines.append(got + back)
        due = view["pulls_due"][1:] if view["phase"] == "return" else view["pulls_due"]
        if due:
            lines.append(f"still to come: {len(due)} pull{'s' if len(due) > 1 else ''} "
                         + ", ".join(f"{self.who(c, seat, False)} from {self.who(d, seat, False)}" for c, d in due))
        return "Pulls this deal: " + ("; ".join(lines) if lines else "none") + "."

    def score(self, view: View, seat: int) -> str:
        """Shortcut S: the totals and each deal's points."""
        totals = ", ".join(f"{self.who(s, seat)} {view['scores'][s]}" for s in range(3))
        text = f"Totals after {len(view['history'])} of {view['deals']} deals: {totals}."
        if view["history"]:
            last = view["history"][-1]
            pts = ", ".join(f"{self.who(s, seat)} {signed(last['points'][s])}" for s in range(3))
            text += f" Last deal: {pts}."
        return text

    def turn(self, view: View, seat: int) -> str:
        """Shortcut T: whose turn it is and what they must do."""
        mover = view["to_move"]
        if mover is None:
            return "The game is over."
        phase = view["phase"]
        if mover != seat:
            what = {"trump": "declare trump", "return": "give a card back", "play": "play a card"}[phase]
            return f"{self.seat(mover)} is to {what}."
        if phase == "trump":
            return "Your turn: declare trump (trump C, D, H or S)."
        if phase == "return":
            p = view["pulls"][-1]
            return (f"Your turn: give a card back to {self.seat(p['from'])} (return and a card). You drew "
                    f"{_the(p['drawn'])} and may not give that one back.")
        if view["trick"]:
            return f"Your turn: play a card; {_suit_name(view['trick'][0][-1])} led, follow suit if you can."
        return "Your turn: lead any card."

    def shortcuts(self) -> dict[str, Shortcut]:
        keys = super().shortcuts()
        keys["A"] = ("trump (when declaring: how to choose)", self.trump)
        keys["F"] = ("the suit led", self.led)
        keys["P"] = ("the pulls of this deal", self.pulls)
        return keys

    def choice(self, action: Action, view: View, seat: int) -> str:
        assert isinstance(action, int)
        note = self.game.format_action(action)
        if action >= TRUMP:
            s = SUITS[action - TRUMP]
            n = sum(c[-1] == s for c in view["hand"])
            return f"{SUIT_NAMES[action - TRUMP]} trump, you hold {n} ({note})"
        if action >= RETURN:
            return f"give back {card_name(action - RETURN)} ({note})"
        return f"{card_name(action)} ({note})"

    def phrase(self, event: Event, viewer: Viewer) -> str:
        kind = event["type"]
        v = -1 if viewer is None else viewer
        who = self.who(event["seat"], v) if "seat" in event else ""
        s = "" if who == "You" else "s"
        if kind == "trump_declared":
            return f"{who}, to win five tricks, declare{s} {_suit_name(event['suit'])} trump."
        if kind == "card_played":
            return f"{who} play{s} {card_name(parse_card(event['card']))}."
        if kind == "trick_won":
            if event.get("last"):
                return f"{who} win{s} the last trick" + (f" with {_the(event['card'])}." if "card" in event else ".")
            return f"{who} win{s} the trick with {_the(event['card'])}."
        if kind == "deal_scored":
            parts = [f"{self.who(t, v)} {event['tricks'][t]} of {event['contracts'][t]} ({signed(event['points'][t])})"
                     for t in range(3)]
            text = f"Deal {event['deal']} scored: " + ", ".join(parts) + "."
            if event["all_ten"] is not None:
                text += f" {self.who(event['all_ten'], v)} took all ten tricks: 5 points more."
            totals = ", ".join(f"{self.who(t, v)} {event['scores'][t]}" for t in range(3))
            return text + f" Totals after {event['deal']} of {event['deals']} deals: {totals}."
        if kind == "deal_started":
            d = event["dealer"]
            return (f"Deal {event['deal']}: {self.who(d, v)} {'deal' if d == v else 'deals'}. "
                    + self._contract_line(event, v))
        if kind == "redeal":
            names = " and ".join(self.who(t, v) for t in event["no_trump"])
            hold = "hold" if v in event["no_trump"] or len(event["no_trump"]) > 1 else "holds"
            d = event["dealer"]
            return (f"No trump, no deal: {names} {hold} no {_suit_name(event['trump'])}. {self.who(d, v)} "
                    f"{'redeal' if d == v else 'redeals'}, with the same contracts.")
        if kind == "trump_fixed":
            return f"Trump is {_suit_name(event['suit'])}, fixed by the 7th card dealt to {self.who(event['seat'], v, False)}."
        if kind == "hand_dealt":
            if "hand" not in event:
                return "The first five cards are dealt." if event["first_five"] else "The cards are dealt."
            if event["first_five"]:
                return f"Your first five cards: {_cards_in_words(event['hand'])}."
            return f"The cards are dealt. Your hand: {_cards_in_words(event['hand'])}."
        if kind == "pull":
            c, d = event["seat"], event["from"]
            if "card" not in event:
                return f"{self.seat(c)} draws a card blind from {self.seat(d)}'s hand."
            if c == v:
                return f"You draw {_the(event['card'])} blind from {self.seat(d)}'s hand."
            return f"{self.seat(c)} draws {_the(event['card'])} from your hand."
        if kind == "card_returned":
            c, d = event["seat"], event["to"]
            if "card" not in event:
                return f"{self.seat(c)} gives one card back."
            if c == v:
                return f"You give back {card_name(parse_card(event['card']))}."
            return f"You receive {_the(event['card'])} from {self.seat(c)}."
        return super().phrase(event, v)
