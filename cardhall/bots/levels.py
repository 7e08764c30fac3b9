"""Strength levels `easy`, `medium`, `hard` of the search bots, tuned per game.

Each game declares them with its search profile (`Game.plugins.search`, a
`cardhall.core.plugins.SearchProfile`): a level is a search bot spec with an iteration
(IS-MCTS) or world (PIMC) budget, so a seeded game replays exactly, plus a wall-time cap as
a safety net (`hard` must move within 2 s on a 2-core machine). The profile says how a
rollout is scored: games played to a far target (Hearts to 100, Jass to 1000, nine deals of
3-2-5) cut rollouts at a horizon and count the points gained since the root; short games
(5 Towers, Clash of Decks) play rollouts out and count the win. docs/bots.md lists the
figures behind each choice.
"""

from __future__ import annotations

from cardhall.bots.ismcts import Evaluation
from cardhall.core.game import Game
from cardhall.core.registry import game_class

LEVELS = ("easy", "medium", "hard")


def evaluation(game: Game) -> Evaluation:
    """How search scores a rollout's end in `game`, from its declared search profile (judged
    by its `position_values` plug-in when the profile says `values`)."""
    search = game.plugins.search
    value = game.plugins.load("position_values") if search.values else None
    return Evaluation(win_weight=search.win_weight, scale=search.scale, sign=search.sign, value=value)


def level_spec(game_name: str, level: str) -> str:
    """The bot spec behind a strength level in a game, e.g. ``ismcts:iterations=400:seconds=1.5``."""
    return game_class(game_name).plugins.search.levels[level]
