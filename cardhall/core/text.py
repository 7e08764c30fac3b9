"""Text rendering of a seat's view and of events, shared by the terminal client and screen readers.

Each game subclasses `TextUI` in its package's `text.py`. Pictures are rendered from
`view(seat)` and happenings from the events of `State.apply_with_events`, never from the
full state: the engine decides what a viewer may know, the text only phrases it.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from typing import Any

from cardhall.core.game import Action, Event, Game, Viewer

Shortcut = tuple[str, Callable[[dict[str, Any], int], str | tuple[str, Action]]]
"""A key's description and its function; the function returns what to say, or (what to say,
an action to select) for a key that performs an action (Enter then confirms it)."""


class TextUI:
    """How a game looks and sounds in words. Games override what they need."""

    def __init__(self, game: Game) -> None:
        self.game = game

    def seat(self, seat: int) -> str:
        return self.game.seat_name(seat)

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

    def who(self, seat: int, viewer: Viewer) -> str:
        """A seat as the listener hears it: "You" for the listener's own seat."""
        return "You" if seat == viewer else self.seat(seat)

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
        names = ["you" if w == viewer else self.seat(w) for w in winners]
        table = ", ".join(f"{self.seat(i)} {s:g}" for i, s in enumerate(scores))
        verb = "win" if names == ["you"] else ("wins" if len(names) == 1 else "share the win")
        return f"Game over. Final scores: {table}. {' and '.join(names).capitalize()} {verb}."


def text_ui(game: Game) -> TextUI:
    """The game's own `TextUI` (from its package's `text` module), else the generic one."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        module = import_module(package + ".text")
    except ModuleNotFoundError:
        return TextUI(game)
    cls: type[TextUI] = module.GameTextUI
    return cls(game)
