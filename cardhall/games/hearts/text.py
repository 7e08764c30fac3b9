"""Hearts in words: hand, trick, passing and scores, rendered from a seat's view only."""

from __future__ import annotations

from typing import Any

from cardhall.core.cards import RANK_NAMES, SUIT_NAMES, card_name, parse_card
from cardhall.core.game import Action, Event, Viewer
from cardhall.core.text import Shortcut, TextUI
from cardhall.games.hearts.game import PASS

SUIT_ORDER = "SHDC"  # spades, hearts, diamonds, clubs: how a hand is read out


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _names(cards: list[str]) -> str:
    return _join([card_name(parse_card(c)) for c in cards])


def _points(n: int) -> str:
    return f"{n} point" + ("" if n in (1, -1) else "s")


class GameTextUI(TextUI):
    def intro(self, view: dict[str, Any], seat: int) -> list[str]:
        return [f"Avoid hearts (1 point each) and the queen of spades (13 points); take all of them to shoot "
                f"the moon. The game ends when a total passes {view['target']}; the lowest total wins. "
                f"Keys: C table, S score, T turn, F led suit, ? help."]

    # --- the picture -------------------------------------------------------------
    def render(self, view: dict[str, Any], seat: int) -> str:
        parts = [self.header(view, seat), self.hand(view, seat), self.passing(view, seat),
                 self.table(view, seat), self.score(view, seat), self.turn(view, seat)]
        return "\n".join(p for p in parts if p)

    def header(self, view: dict[str, Any], seat: int) -> str:
        passing = {"hold": "no passing (hold)", "left": "pass to the left", "right": "pass to the right",
                   "across": "pass across"}[view["passing"]]
        broken = "Hearts are broken." if view["hearts_broken"] else "Hearts are not broken."
        removed = f" The {card_name(parse_card(view['removed']))} is out of play." if view["removed"] else ""
        return f"Deal {view['deal']}, {passing}. {broken}{removed}"

    def hand(self, view: dict[str, Any], seat: int) -> str:
        """Your hand by suit, highest first, in words and notation."""
        by_suit: dict[str, list[str]] = {s: [] for s in SUIT_ORDER}
        for c in view["hand"]:
            by_suit[c[1]].append(c)
        n = len(view["hand"])
        lines = [f"Your hand ({n} card{'' if n == 1 else 's'}):"]
        for s in SUIT_ORDER:
            cards = sorted(by_suit[s], key=parse_card, reverse=True)
            name = SUIT_NAMES["CDHS".index(s)]
            ranks = ", ".join(RANK_NAMES[parse_card(c) % 13] for c in cards)
            shown = f"{ranks} ({' '.join(cards)})" if cards else "none"
            lines.append(f"  {name.capitalize()}: {shown}")
        return "\n".join(lines)

    def passing(self, view: dict[str, Any], seat: int) -> str:
        out = []
        if view["passed"] and view["passed_to"] is not None:
            out.append(f"You pass {_names(view['passed'])} to {self.seat(view['passed_to'])}.")
        if view["received"] and view["received_from"] is not None:
            out.append(f"You received {_names(view['received'])} from {self.seat(view['received_from'])}.")
        return " ".join(out)

    def table(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut C: the cards of the current trick, and the last trick."""
        trick = view["trick"]
        if trick:
            plays = [f"{self.who(s, seat)} {'led' if i == 0 else 'played'} the {card_name(parse_card(c))} ({c})"
                     for i, (s, c) in enumerate(trick)]
            now = "On the table: " + "; ".join(plays) + "."
        elif view["phase"] == "pass":
            now = "No cards on the table: the players are choosing cards to pass."
        else:
            now = "No cards on the table."
        last = view["last_trick"]
        if last and view["tricks"]:
            now += (f" Last trick: {' '.join(last['cards'])}, led by {self.who(last['leader'], seat)}, "
                    f"won by {self.who(last['winner'], seat)}.")
        return now

    def led_suit(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut F: the suit of the first card of the trick."""
        trick = view["trick"]
        if not trick:
            return "No card has been led in this trick yet."
        suit = SUIT_NAMES["CDHS".index(trick[0][1][1])]
        held = [c for c in view["hand"] if c[1] == trick[0][1][1]]
        follow = f"you hold {len(held)} {suit}" if held else f"you have no {suit}"
        return f"The led suit is {suit}; {follow}."

    def score(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut S: totals, this deal's points so far, and the target."""
        totals = ", ".join(f"{self.who(i, seat)} {v}" for i, v in enumerate(view["scores"]))
        deal = ", ".join(f"{self.who(i, seat)} {v}" for i, v in enumerate(view["taken_points"]))
        return (f"Totals (lowest wins; the game ends when a total passes {view['target']}): {totals}. "
                f"Points taken this deal: {deal}.")

    def turn(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut T: whose turn it is and what they must do."""
        mover = view["to_move"]
        if mover is None:
            return "The game is over."
        if view["phase"] == "pass":
            if mover != seat:
                return f"{self.seat(mover)} is choosing cards to pass."
            k = view["pass_counts"][seat]
            return (f"Your turn: choose card {k + 1} of 3 to pass to {self.seat(view['passed_to'])} "
                    f"(write pass and a card, e.g. pass {view['hand'][-1]}).")
        if mover != seat:
            return f"{self.seat(mover)} is to play."
        if not view["trick"]:
            return "Your turn to lead."
        suit = SUIT_NAMES["CDHS".index(view["trick"][0][1][1])]
        return f"Your turn to play to a {suit} trick."

    def shortcuts(self) -> dict[str, Shortcut]:
        keys = super().shortcuts()
        keys["F"] = ("the led suit", self.led_suit)
        return keys

    # --- events ------------------------------------------------------------------
    def choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        a: int = action  # type: ignore[assignment]
        text = self.game.format_action(a)
        return f"{text} ({card_name(a - PASS if a >= PASS else a)})"

    def phrase(self, event: Event, viewer: Viewer) -> str:
        kind = event["type"]
        who = self.who(event["seat"], viewer) if "seat" in event else ""
        s = "" if who == "You" else "s"
        if kind == "pass_chosen":  # another seat's pass is said once, when its three cards are chosen
            count = event.get("count", 3)
            if "card" in event:
                return f"{who} choose{s} the {card_name(parse_card(event['card']))} to pass ({count} of 3)."
            return f"{who} pass{'' if who == 'You' else 'es'} three cards." if count >= 3 else ""
        if kind == "card_played":
            return f"{who} play{s} the {card_name(parse_card(event['card']))}."
        if kind == "passes_done":
            if event.get("received"):
                return (f"Passing is done. You received {_names(event['received'])} "
                        f"from {self.seat(event['received_from'])}.")
            return "Passing is done."
        if kind == "trick_won":
            return f"{who} win{s} the trick ({' '.join(event['cards'])}, {_points(event['points'])})."
        if kind == "hearts_broken":
            return "Hearts are broken."
        if kind == "deal_scored":
            shown = ", ".join(f"{self.who(i, viewer)} {p}" for i, p in enumerate(event["points"]))
            moon = event["moon"]
            shot = "" if moon is None else f" {self.who(moon, viewer)} shot the moon!"
            totals = ", ".join(f"{self.who(i, viewer)} {v}" for i, v in enumerate(event["scores"]))
            return f"Deal {event['deal']} scored: {shown}.{shot} Totals: {totals}."
        if kind == "deal_started":
            return self.header({**event, "hearts_broken": False}, viewer if viewer is not None else -1)
        return super().phrase(event, viewer)
