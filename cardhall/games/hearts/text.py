"""Hearts in words: hand, trick, passing and scores, rendered from a seat's view only, in the
reader's language (`self.tr`, catalog domain ``hearts``)."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from cardhall.core.card_words import rank_words, suit_words
from cardhall.core.cards import parse_card
from cardhall.core.game import Action, Event, Viewer
from cardhall.core.text import Shortcut, TextUI, kept
from cardhall.games.hearts.game import PASS

SUIT_ORDER = "SHDC"  # spades, hearts, diamonds, clubs: how a hand is read out


def _suit(letter: str) -> int:
    """A suit letter (C, D, H, S) as the suit's number."""
    return "CDHS".index(letter)


def _table_key(view: dict[str, Any], seat: int) -> Hashable:
    """What the words of the current trick depend on (`GameTextUI.table`): its plays and the phase, and
    the reader's seat only when the reader played to it ("You led …"): every other reader of one
    language hears the same sentence, phrased once."""
    trick = tuple((s, c) for s, c in view["trick"])
    return trick, view["phase"], seat if any(s == seat for s, _ in trick) else None


def _turn_key(view: dict[str, Any], seat: int) -> Hashable:
    """What the turn's words depend on (`GameTextUI.turn`): who moves and the phase for a reader who
    waits ("East is to play."), shared by all of them; for the mover, what its own words name."""
    mover, phase = view["to_move"], view["phase"]
    if mover is None or mover != seat:
        return mover, phase, None
    trick = view["trick"]
    return (mover, phase, seat, view["pass_counts"][seat], view["passed_to"], view["hand"][-1] if view["hand"] else None,
            trick[0][1] if trick else None)


def _led_suit_key(view: dict[str, Any], seat: int) -> Hashable:
    """What the led suit's words depend on (`GameTextUI.led_suit`): the led card and the reader's hand."""
    trick = view["trick"]
    return (trick[0][1][1], tuple(view["hand"])) if trick else None


def _last_trick_key(view: dict[str, Any], seat: int) -> Hashable:
    """What the words of the last trick depend on (`GameTextUI.last_trick`)."""
    last = view["last_trick"]
    trick = (tuple(last["cards"]), last["leader"], last["winner"]) if last else None
    return bool(view["tricks"]), trick, seat


class GameTextUI(TextUI):
    def intro(self, view: dict[str, Any], seat: int) -> list[str]:
        return [self.tr._("Avoid hearts (1 point each) and the queen of spades (13 points); take all of them to shoot "
                          "the moon. The game ends when a total passes {target}; the lowest total wins. "
                          "Keys: C table, S score, T turn, F led suit, ? help.", target=view["target"])]

    # --- words shared by the pictures and the events -----------------------------------
    def _cards(self, cards: list[str], *, as_object: bool = True) -> str:
        """Cards in words, as the object of a verb ("You pass the queen of spades and the two of
        clubs"), or named on their own (`as_object` False: "Last trick: …", after a colon)."""
        return self.tr.join(self.card(parse_card(c), as_object=as_object) for c in cards)

    def _entries(self, values: list[int], viewer: Viewer) -> str:
        """Each seat with a number: "You 3, East 0, South 13, West 10"."""
        tr = self.tr
        # Translators: one seat's number in a list of scores, e.g. "East 13".
        return ", ".join(tr._("You {value}", value=v) if i == viewer else tr._("{player} {value}", player=self.seat(i), value=v)
                         for i, v in enumerate(values))

    # --- the picture -------------------------------------------------------------
    def render(self, view: dict[str, Any], seat: int) -> str:
        parts = [self.header(view, seat), self.hand(view, seat), self.passing(view, seat),
                 self.table(view, seat), self.last_trick(view, seat) if view["tricks"] else "",
                 self.score(view, seat), self.turn(view, seat)]
        return "\n".join(p for p in parts if p)

    @kept(lambda view, seat: (view["deal"], view["passing"], view["hearts_broken"], view["removed"]))
    def header(self, view: dict[str, Any], seat: int) -> str:
        tr = self.tr
        deal = view["deal"]
        sentences = [{
            "hold": tr._("Deal {deal}, no passing (hold).", deal=deal),
            "left": tr._("Deal {deal}, pass to the left.", deal=deal),
            "right": tr._("Deal {deal}, pass to the right.", deal=deal),
            "across": tr._("Deal {deal}, pass across.", deal=deal),
        }[view["passing"]]]
        sentences.append(tr._("Hearts are broken.") if view["hearts_broken"] else tr._("Hearts are not broken."))
        if view["removed"]:
            sentences.append(tr._("The {card} is out of play.", card=self.card(parse_card(view["removed"]))))
        return " ".join(sentences)

    @kept(lambda view, seat: tuple(view["hand"]))
    def hand(self, view: dict[str, Any], seat: int) -> str:
        """Your hand by suit, highest first, in words and notation."""
        tr = self.tr
        by_suit: dict[str, list[str]] = {s: [] for s in SUIT_ORDER}
        for c in view["hand"]:
            by_suit[c[1]].append(c)
        n = len(view["hand"])
        lines = [tr.ngettext("Your hand ({count} card):", "Your hand ({count} cards):", n)]
        for s in SUIT_ORDER:
            cards = sorted(by_suit[s], key=parse_card, reverse=True)
            name = suit_words(_suit(s), tr)
            ranks = ", ".join(rank_words(parse_card(c) % 13, tr) for c in cards)
            shown = (f"{ranks} ({' '.join(cards)})" if self.notation else ranks) if cards else tr._("none")
            lines.append("  " + tr.labelled(f"{name[:1].upper()}{name[1:]}", shown))
        return "\n".join(lines)

    @kept(lambda view, seat: (tuple(view["passed"] or ()), view["passed_to"],
                              tuple(view["received"] or ()), view["received_from"]))
    def passing(self, view: dict[str, Any], seat: int) -> str:
        tr = self.tr
        out = []
        if view["passed"] and view["passed_to"] is not None:
            out.append(tr._("You pass {cards} to {player}.", cards=self._cards(view["passed"]),
                            player=self.seat(view["passed_to"])))
        if view["received"] and view["received_from"] is not None:
            out.append(tr._("You received {cards} from {player}.", cards=self._cards(view["received"]),
                            player=self.seat(view["received_from"])))
        return " ".join(out)

    def _play(self, i: int, who: int, card: str, seat: int) -> str:
        """One card of the current trick: "East led the queen of spades" (and " (QS)" for a reader
        who types notation)."""
        tr = self.tr
        words = self.card(parse_card(card), as_object=True)
        if who == seat:
            said = tr._("You led the {card}", card=words) if i == 0 else tr._("You played the {card}", card=words)
        elif i == 0:
            said = tr._("{player} led the {card}", player=self.seat(who), card=words)
        else:
            said = tr._("{player} played the {card}", player=self.seat(who), card=words)
        return said + self.code(card)

    def _trick_cards(self, cards: list[str]) -> str:
        """A whole trick's cards, named on their own ("Last trick: three of clubs, …"), or as
        notation for a reader who types it ("3C 5C QC 2D")."""
        return " ".join(cards) if self.notation else self._cards(cards, as_object=False)

    @kept(_table_key)
    def table(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut C: the cards of the current trick alone, in one sentence (X: the last trick)."""
        tr = self.tr
        trick = view["trick"]
        if trick:
            return tr._("On the table: {plays}.", plays=tr.items(self._play(i, s, c, seat) for i, (s, c) in enumerate(trick)))
        if view["phase"] == "pass":
            return tr._("No cards on the table: the players are choosing cards to pass.")
        return tr._("No cards on the table.")

    @kept(_last_trick_key)
    def last_trick(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut X: the last trick, in one sentence: its cards, who led it and who won it."""
        tr = self.tr
        last = view["last_trick"]
        if not (last and view["tricks"]):
            return tr._("No trick has been played in this deal yet.")
        cards, leader, winner = self._trick_cards(last["cards"]), last["leader"], last["winner"]
        if leader == seat and winner == seat:
            return tr._("Last trick: {cards}, led by you, won by you.", cards=cards)
        if leader == seat:
            return tr._("Last trick: {cards}, led by you, won by {winner}.", cards=cards, winner=self.seat(winner))
        if winner == seat:
            return tr._("Last trick: {cards}, led by {leader}, won by you.", cards=cards, leader=self.seat(leader))
        return tr._("Last trick: {cards}, led by {leader}, won by {winner}.", cards=cards,
                    leader=self.seat(leader), winner=self.seat(winner))

    @kept(_led_suit_key)
    def led_suit(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut F: the suit of the first card of the trick."""
        tr = self.tr
        trick = view["trick"]
        if not trick:
            return tr._("No card has been led in this trick yet.")
        letter = trick[0][1][1]
        suit = suit_words(_suit(letter), tr)
        held = sum(c[1] == letter for c in view["hand"])
        if not held:
            return tr._("The led suit is {suit}; you hold none of it.", suit=suit)
        return tr.ngettext("The led suit is {suit}; you hold {count} card of it.",
                           "The led suit is {suit}; you hold {count} cards of it.", held, suit=suit)

    @kept(lambda view, seat: (tuple(view["scores"]), tuple(view["taken_points"]), view["target"], seat))
    def score(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut S: totals, this deal's points so far, and the target."""
        return self.tr._("Totals (lowest wins; the game ends when a total passes {target}): {totals}. "
                         "Points taken this deal: {points}.", target=view["target"],
                         totals=self._entries(view["scores"], seat), points=self._entries(view["taken_points"], seat))

    @kept(_turn_key)
    def turn(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut T: whose turn it is and what they must do."""
        tr = self.tr
        mover = view["to_move"]
        if mover is None:
            return tr._("The game is over.")
        if view["phase"] == "pass":
            if mover != seat:
                return tr._("{player} is choosing cards to pass.", player=self.seat(mover))
            said = tr._("Your turn: choose card {number} of 3 to pass to {player}.",
                        number=view["pass_counts"][seat] + 1, player=self.seat(view["passed_to"]))
            if self.notation:
                said += " " + tr._("(Write pass and a card, e.g. pass {card}.)", card=view["hand"][-1])
            return said
        if mover != seat:
            return tr._("{player} is to play.", player=self.seat(mover))
        if not view["trick"]:
            return tr._("Your turn to lead.")
        if self.notation:
            return tr._("Your turn to play to a {suit} trick.", suit=suit_words(_suit(view["trick"][0][1][1]), tr))
        return tr._("Your turn.")  # a listener just heard the led suit (F says it again)

    def shortcuts(self) -> dict[str, Shortcut]:
        keys = super().shortcuts()
        keys["F"] = (self.tr._("the led suit"), self.led_suit)
        keys["X"] = (self.tr._("the last trick"), self.last_trick)
        return keys

    # --- events ------------------------------------------------------------------
    def choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        a: int = action  # type: ignore[assignment]
        return f"{self.game.format_action(a)} ({self.card(a - PASS if a >= PASS else a)})"

    def _played(self, event: Event) -> str:
        """A card played in words; on the page a card that follows the led suit is its rank alone
        ("South: two.": the listener heard the suit with the lead, issue 38)."""
        code = event["card"]
        if not self.notation and event.get("led") == code[-1]:
            return rank_words(parse_card(code) % 13, self.tr)
        return self.card(parse_card(code))

    def spoken_choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        """A card to play or pass, in words only: "the queen of spades", "pass the queen of spades"."""
        a: int = action  # type: ignore[assignment]
        if a >= PASS:
            return self.tr._("pass the {card}", card=self.card(a - PASS, as_object=True))
        return self.card(a)

    SHARED = frozenset({"card_played", "trick_won", "hearts_broken"})
    """Events every viewer receives alike, whose sentence names no seat as "you" but the one that
    played or took the trick."""

    def audience(self, event: Event, viewer: Viewer) -> Hashable:
        """A card played, a trick taken, hearts broken: said alike to every viewer but the seat
        that played or took it ("You: …" there, "East: …" to all others)."""
        kind = event["type"]
        if kind in self.SHARED:
            return (kind, "seat" in event and event["seat"] == viewer)
        return super().audience(event, viewer)

    def phrase(self, event: Event, viewer: Viewer) -> str:
        tr = self.tr
        kind = event["type"]
        seat = event.get("seat")
        you = seat is not None and seat == viewer
        player = self.seat(seat) if seat is not None else ""
        if kind == "pass_chosen":  # another seat's pass is said once, when its three cards are chosen
            count = event.get("count", 3)
            if "card" in event and not you:  # a replay, which shows every hand, tells what another seat passed
                return tr._("{player} passes the {card}.", player=player,
                            card=self.card(parse_card(event["card"]), as_object=True))
            if "card" in event:
                return tr._("You choose the {card} to pass ({number} of 3).",
                            card=self.card(parse_card(event["card"]), as_object=True), number=count)
            if count < 3:
                return ""
            return tr._("You pass three cards.") if you else tr._("{player} passes three cards.", player=player)
        if kind == "card_played":  # said short: four in every trick
            card = self._played(event)
            # Translators: a card played, said short: "You: two of clubs." / "West: king of spades."
            return tr._("You: {card}.", card=card) if you else tr._("{player}: {card}.", player=player, card=card)
        if kind == "passes_done":
            if event.get("received"):
                return tr._("Passing is done. You received {cards} from {player}.", cards=self._cards(event["received"]),
                            player=self.seat(event["received_from"]))
            return tr._("Passing is done.")
        if kind == "trick_won":  # one line: who takes it, with which card, the points if any
            points, cards = event["points"], event["cards"]
            if not self.notation:  # the page's reader heard the card a moment ago: who, and the points
                return self.trick_end(you, player, points)
            best = self.card(parse_card(cards[(seat - event["leader"]) % len(cards)]))
            if not points:
                return (tr._("You take the trick with the {card}.", card=best) if you
                        else tr._("{player} takes the trick with the {card}.", player=player, card=best))
            if you:
                return tr.ngettext("You take the trick with the {card}, {count} point.",
                                   "You take the trick with the {card}, {count} points.", points, card=best)
            return tr.ngettext("{player} takes the trick with the {card}, {count} point.",
                               "{player} takes the trick with the {card}, {count} points.", points,
                               player=player, card=best)
        if kind == "hearts_broken":
            return tr._("Hearts are broken.")
        if kind == "deal_scored":
            sentences = [tr._("Deal {deal} scored: {points}.", deal=event["deal"],
                              points=self._entries(event["points"], viewer))]
            moon = event["moon"]
            if moon is not None:
                sentences.append(tr._("You shot the moon!") if moon == viewer
                                 else tr._("{player} shot the moon!", player=self.seat(moon)))
            sentences.append(tr._("Totals: {totals}.", totals=self._entries(event["scores"], viewer)))
            return " ".join(sentences)
        if kind == "deal_started":
            return self.header({**event, "hearts_broken": False}, viewer if viewer is not None else -1)
        return super().phrase(event, viewer)
