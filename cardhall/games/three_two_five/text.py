"""3-2-5 in words, for the terminal and screen readers; everything comes from `view(seat)`.

Shortcuts: C the table, A trump (and how to declare it), F the led suit, P this deal's
pulls, S the score, T whose turn; plus the terminal's Enter, L, ?, Q.
"""

from __future__ import annotations

from typing import Any

from cardhall.core.cards import RANK_NAMES, SUIT_NAMES, SUITS, card_name, format_card, parse_card
from cardhall.core.game import Action
from cardhall.core.text import Shortcut, TextUI
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

    def who(self, seat: int, viewer: int, capital: bool = True) -> str:
        if seat == viewer:
            return "You" if capital else "you"
        return self.seat(seat)

    def _contract_line(self, view: View, seat: int) -> str:
        d = view["dealer"]
        parts = []
        for off in (1, 2, 0):
            s = (d + off) % 3
            role = " (dealer)" if s == d else (" (declares trump and leads)" if off == 1 else "")
            parts.append(f"{self.who(s, seat)}{' (' + self.seat(s) + ')' if s == seat else ''} "
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
        totals = ", ".join(f"{self.who(s, seat)} {view['totals'][s]}" for s in range(3))
        text = f"Totals after {len(view['history'])} of {view['deals']} deals: {totals}."
        if view["history"]:
            last = view["history"][-1]
            pts = ", ".join(f"{self.who(s, seat)} {last['points'][s]:+d}" for s in range(3))
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

    def announce(self, action: Action, actor: int, viewer: int) -> str:
        assert isinstance(action, int)
        who = self.who(actor, viewer)
        if action >= TRUMP:
            verb = "declare" if actor == viewer else "declares"
            return f"{who}, to win five tricks, {verb} {SUIT_NAMES[action - TRUMP]} trump."
        if action >= RETURN:  # which card only the two players involved learn (see `after`)
            if actor == viewer:
                return f"You give back {card_name(action - RETURN)}."
            return f"{who} gives one card back."
        return f"{who} {'play' if actor == viewer else 'plays'} {card_name(action)}."

    def after(self, before: View, after: View, viewer: int) -> list[str]:
        out: list[str] = []
        new_deal = len(after["history"]) > len(before["history"])
        if sum(after["tricks_won"]) > sum(before["tricks_won"]) and not new_deal:
            lt = after["last_trick"]
            w = lt["winner"]
            out.append(f"{self.who(w, viewer)} {'win' if w == viewer else 'wins'} the trick with "
                       f"{_the(lt['cards'][(w - lt['leader']) % 3])}.")
        if new_deal:
            last = after["history"][-1]
            w = next((s for s in range(3) if last["tricks"][s] > before["tricks_won"][s]), None)
            if w is not None:
                out.append(f"{self.who(w, viewer)} {'win' if w == viewer else 'wins'} the last trick.")
            parts = []
            for s in range(3):
                contract = before["contracts"][s]
                parts.append(f"{self.who(s, viewer)} {last['tricks'][s]} of {contract} ({last['points'][s]:+d})")
            out.append(f"Deal {len(after['history'])} scored: " + ", ".join(parts) + ".")
            if 10 in last["tricks"]:
                out.append(f"{self.who(last['tricks'].index(10), viewer)} took all ten tricks: 5 points more.")
            out.append(self.score(after, viewer))
            if after["phase"] != "over":
                out.append(f"Deal {after['deal']}: {self.who(after['dealer'], viewer)} "
                           f"{'deal' if after['dealer'] == viewer else 'deals'}. " + self._contract_line(after, viewer))
        old_redeals = 0 if new_deal else len(before["redeals"])
        for r in after["redeals"][old_redeals:]:
            names = " and ".join(self.who(s, viewer) for s in r["no_trump"])
            out.append(f"No trump, no deal: {names} {'hold' if viewer in r['no_trump'] or len(r['no_trump']) > 1 else 'holds'} "
                       f"no {_suit_name(r['trump'])}. {self.who(after['dealer'], viewer)} "
                       f"{'redeal' if after['dealer'] == viewer else 'redeals'}, with the same contracts.")
        dealt = new_deal or old_redeals < len(after["redeals"]) or before["phase"] == "trump"
        if dealt and after["phase"] != "over":
            if after["phase"] == "trump":
                out.append(f"Your first five cards: {_cards_in_words(after['hand'])}.")
            else:
                if self.game.options["trump_by_seventh_card"]:
                    out.append(self.trump(after, viewer))
                out.append(f"The cards are dealt. Your hand: {_cards_in_words(self._hand_as_dealt(after))}.")
        if after["phase"] != "over":
            out += self._pull_events(before, after, viewer, new_deal or old_redeals < len(after["redeals"]))
        return out

    @staticmethod
    def _hand_as_dealt(view: View) -> list[str]:
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
        return sorted(hand)

    def _pull_events(self, before: View, after: View, viewer: int, fresh: bool) -> list[str]:
        out = []
        old = [] if fresh else before["pulls"]
        for i, p in enumerate(after["pulls"]):
            c, d = p["puller"], p["from"]
            was = old[i] if i < len(old) else None
            if was is None:
                if p["drawn"] is None:
                    out.append(f"{self.seat(c)} draws a card blind from {self.seat(d)}'s hand.")
                elif c == viewer:
                    out.append(f"You draw {_the(p['drawn'])} blind from {self.seat(d)}'s hand.")
                else:
                    out.append(f"{self.seat(c)} draws {_the(p['drawn'])} from your hand.")
            if p["done"] and (was is None or not was["done"]) and d == viewer:
                out.append(f"You receive {_the(p['returned'])} from {self.seat(c)}.")
        return out
