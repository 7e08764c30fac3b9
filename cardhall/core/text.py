"""Text rendering of a seat's view and of events, shared by the terminal client and screen readers.

Each game subclasses `TextUI` (usually in its package's `text.py`) and declares it as its
`text_ui` plug-in (`Game.plugins`). Pictures are rendered from `view(seat)` and happenings
from the events of `State.apply_with_events`, never from the full state: the engine decides
what a viewer may know, the text only phrases it.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from cardhall.core.card_words import card_words
from cardhall.core.game import Action, Event, Game, Viewer
from cardhall.core.i18n import DEFAULT, Lang, domain_of, lang

Shortcut = tuple[str, Callable[[dict[str, Any], int], str | tuple[str, Action]]]
"""A key's description and its function; the function returns what to say, or (what to say,
an action to select) for a key that performs an action (Enter then confirms it)."""


class TextUI:
    """How a game looks and sounds in words, in one language. Games override what they need.

    `self.tr` translates into the reader's language (`cardhall.core.i18n.Lang`), looking in the
    game's own catalog domain first (the domain of the module that defines the subclass)."""

    def __init__(self, game: Game, lang_code: str = DEFAULT) -> None:
        self.game = game
        self.tr: Lang = lang(lang_code, domain_of(type(self).__module__))

    def seat(self, seat: int) -> str:
        """A seat's name in the reader's language (`Game.seat_name` may return a `Msg`)."""
        return self.tr.say(self.game.seat_name(seat))

    def card(self, card: int, *, as_object: bool = False) -> str:
        """A card (0–51) in words in the reader's language; `as_object` as the object of a verb."""
        return card_words(card, self.tr, as_object=as_object)

    def say(self, message: object, viewer: Viewer = None) -> str:
        """An engine's message (a `Msg` or an error carrying one) in the reader's language, "you"
        for the reader's own seat."""
        return self.tr.say(message, viewer)

    def render(self, view: dict[str, Any], seat: int) -> str:
        """The whole picture for `seat`: table, own cards, scores, whose turn."""
        return "\n".join(p for p in (self.table(view, seat), self.score(view, seat), self.turn(view, seat)) if p)

    def table(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut C: the cards on the table."""
        return "Cards on the table: " + str(view.get("table", "none"))

    def score(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut S: the score."""
        scores = view.get("scores", [])
        return "Score: " + ", ".join(f"{self.seat(i)} {s}" for i, s in enumerate(scores))

    def turn(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut T: whose turn it is, and what they must do."""
        mover = view.get("to_move")
        if mover is None:
            return "The game is over."
        return "Your turn." if mover == seat else f"{self.seat(mover)} is to move."

    def shortcuts(self) -> dict[str, Shortcut]:
        """Single-letter keys: C, S, T here; games add F, A, H, G and more."""
        return {
            "C": ("the cards on the table", self.table),
            "S": ("the score", self.score),
            "T": ("whose turn it is", self.turn),
        }

    def choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        """How a legal action is listed in the numbered choices."""
        return self.game.format_action(action)

    def to_you(self, message: str, seat: int) -> str:
        """An engine's refusal of `seat`'s own move, said to that player: "North does not hold QS"
        becomes "You do not hold QS" (the engine names the mover; the listener is "you")."""
        named_first = message.startswith(self.seat(seat))
        name = re.escape(self.seat(seat))
        for pattern, you in ((r"does not", "do not"), (r"has", "have"), (r"holds", "hold"), (r"is", "are"),
                             (r"must", "must"), (r"cannot", "cannot"), (r"won", "won"), (r"bid", "bid")):
            message = re.sub(rf"\b{name} {pattern}\b", f"you {you}", message)
        message = re.sub(rf"\b{name}'s\b", "your", message)
        return message[:1].upper() + message[1:] if named_first else message

    def steps(self, action: Action, view: dict[str, Any], seat: int) -> list[tuple[str, str]] | None:
        """A long list of choices made step by step: for `action`, each step's (question, answer)
        — e.g. which cards, which tower to demolish, where each card goes. None: one list."""
        return None

    def who(self, seat: int, viewer: Viewer, capital: bool = True) -> str:
        """A seat as the listener hears it: "You" (or "you" mid-sentence) for the listener's own seat."""
        if seat == viewer:
            return "You" if capital else "you"
        return self.seat(seat)

    def does(self, seat: int, viewer: Viewer, verb: str, capital: bool = True) -> str:
        """A seat and its verb as the listener hears it: "You deal" / "South deals"."""
        if seat == viewer:
            return f"{'You' if capital else 'you'} {'are' if verb == 'be' else verb}"
        if verb == "be":
            return f"{self.seat(seat)} is"
        ending = "es" if verb.endswith(("s", "sh", "ch", "x", "o")) else "s"
        return f"{self.seat(seat)} {verb}{ending}"

    def phrase(self, event: Event, viewer: Viewer) -> str:
        """One event as one sentence for `viewer` (a seat, or None for a spectator), or ""
        when there is nothing to say. The event already holds only what `viewer` may know."""
        if event["type"] == "move":
            who = self.who(event["seat"], viewer)
            return f"{who}: {event['action']}." if "action" in event else f"{who} moves."
        return ""

    def intro(self, view: dict[str, Any], seat: int) -> list[str]:
        """What a player hears when the game starts or resumes (dealer, contracts, trump…)."""
        return []

    def result(self, view: dict[str, Any], scores: list[float], winners: list[int], viewer: int) -> str:
        """The end for `viewer`: "You win with 43 points" or "East wins with 50 points; you finish second"."""
        table = ", ".join(f"{self.who(i, viewer, capital=False)} {s:g}" for i, s in enumerate(scores))
        return f"Game over. {self.outcome(scores, winners, viewer)} Final scores: {table}."

    def outcome(self, scores: list[float], winners: list[int], viewer: int) -> str:
        """Who won, and where the viewer finished, in one sentence."""
        if not winners:
            return "Nobody wins."
        points = f"{plural(scores[winners[0]], 'point')}"
        if viewer in winners:
            others = [self.seat(w) for w in winners if w != viewer]
            return f"You share the win with {' and '.join(others)}, with {points}." if others else f"You win with {points}."
        names = " and ".join(self.seat(w) for w in winners)
        head = f"{names} {'wins' if len(winners) == 1 else 'share the win'} with {points}"
        if not 0 <= viewer < len(scores):
            return head + "."
        lower_wins = scores[winners[0]] <= min(scores) and scores[winners[0]] < max(scores)
        better = sum(1 for s in scores if (s < scores[viewer] if lower_wins else s > scores[viewer]))
        place = ORDINALS[better] if better < len(ORDINALS) else f"number {better + 1}"
        return f"{head}; you finish {place} with {plural(scores[viewer], 'point')}."


ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth")


def plural(count: float, noun: str, many: str | None = None) -> str:
    """ "1 card", "2 cards", "0 points" (never "−0")."""
    count = 0 if count == 0 else count
    return f"{count:g} {noun if count in (1, -1) else many or noun + 's'}"


def text_ui(game: Game, lang_code: str = DEFAULT) -> TextUI:
    """The game's own `TextUI` (its declared `text_ui` plug-in), else the generic one, speaking the
    language `lang_code` (``en``, ``bg``, ``cs``, ``es``, ``ru``)."""
    cls: type[TextUI] = game.plugins.load("text_ui") or TextUI
    return cls(game, lang_code)


def signed(delta: float) -> str:
    """A change of score: "+3", "-2", "0" (never "+0" or "−0")."""
    return "0" if delta == 0 else f"{delta:+g}"
