"""Strength levels `easy`, `medium`, `hard` of the IS-MCTS bot, tuned per game.

A level is an iteration budget (so a seeded game replays exactly) plus a wall-time cap as a
safety net (`hard` must move within 2 s on a 2-core machine). A game's *profile* says how a
rollout is scored: games played to a far target (Hearts to 100, Jass to 1000, nine deals of
3-2-5) cut rollouts at a horizon and count the points gained since the root; short games
(5 Towers, Clash of Decks) play rollouts out and count the win. docs/bots.md lists the
figures behind each choice.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from cardhall.bots.ismcts import Evaluation


@dataclass(frozen=True)
class Profile:
    """How IS-MCTS searches one game, and its three strength levels."""

    evaluation: Evaluation = field(default_factory=Evaluation)
    horizon: int | None = None  # rollout cut-off in actions from the root (None: game end)
    exploration: float = 0.7
    # level -> (iterations, seconds cap)
    levels: dict[str, tuple[int, float]] = field(
        default_factory=lambda: {"easy": (50, 0.5), "medium": (300, 1.0), "hard": (1500, 1.8)}
    )


def _levels(easy: int, medium: int, hard: int) -> dict[str, tuple[int, float]]:
    return {"easy": (easy, 0.5), "medium": (medium, 1.0), "hard": (hard, 1.8)}


PROFILES: dict[str, Profile] = {
    # Single game to the end: the win counts, the score margin breaks near-ties.
    # Move generation (every distinct build) is costly: about 3.5 ms per iteration.
    "five-towers": Profile(Evaluation(win_weight=0.8, scale=8.0), levels=_levels(40, 150, 400)),
    # Duel or solo against the automaton: mostly the win counts.
    "clash-of-decks": Profile(Evaluation(win_weight=0.9, scale=5.0), levels=_levels(100, 500, 2000)),
    # Penalty points (fewer is better); a deal is 26 points; scores change at the end of a deal.
    "hearts": Profile(Evaluation(win_weight=0.3, scale=8.0, sign=-1), horizon=70, levels=_levels(200, 1000, 4000)),
    # Points are credited trick by trick; a deal is 157 points.
    "jass": Profile(Evaluation(win_weight=0.3, scale=25.0), horizon=40, levels=_levels(150, 600, 2000)),
    "putz": Profile(Evaluation(win_weight=0.3, scale=1.0), horizon=40, levels=_levels(200, 800, 3000)),
    # Tricks won minus contract per deal.
    "three-two-five": Profile(Evaluation(win_weight=0.3, scale=1.5), horizon=40, levels=_levels(200, 800, 3000)),
}

LEVELS = ("easy", "medium", "hard")


def profile(game_name: str) -> Profile:
    """The search profile of a game (a neutral default for games not tuned yet)."""
    return PROFILES.get(game_name, Profile())


def level_params(game_name: str, level: str) -> dict[str, Any]:
    """The `ISMCTSBot` keyword arguments of a strength level in a game."""
    prof = profile(game_name)
    iterations, seconds = prof.levels[level]
    return {
        "iterations": iterations,
        "seconds": seconds,
        "exploration": prof.exploration,
        "horizon": prof.horizon,
        "evaluation": prof.evaluation,
    }
