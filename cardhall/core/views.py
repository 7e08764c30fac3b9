"""The keys every game's view shares, as a TypedDict; each game extends it (its `views.py`).

A view is JSON data (what `State.view(seat)` and `State.public_view()` return). Every game
names these keys the same, so the room, the wire protocol and the RL wrappers read them
without knowing the game:

* `seat`: the viewer's seat, None in the public view;
* `to_move`: the seat that must act, None when the game is over;
* `phase`: the game's phase, a word (e.g. "pass", "play", "bid", "summon", "over");
* `scores`: each seat's score or total as the game shows it;
* `winners`: the winning seats once the game is over (several on a tie), else empty;
* `over`: whether the game is over.

Games with hands add `hand` (the viewer's own cards) in `view(seat)` only.
"""

from __future__ import annotations

from typing import Any, TypedDict


class SharedView(TypedDict):
    """The keys every view has (`seat` is declared by each game's view type: an int in
    `view(seat)`, None in `public_view()`)."""

    to_move: int | None
    phase: str
    scores: list[float]
    winners: list[int]
    over: bool


def view_keys(typed: Any) -> frozenset[str]:
    """The keys a view TypedDict declares (its own and inherited)."""
    keys: frozenset[str] = typed.__required_keys__ | typed.__optional_keys__
    return keys
