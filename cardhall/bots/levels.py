"""Strength levels `easy`, `medium`, `hard` of the search bots, tuned per game.

A level is a search bot spec with an iteration (IS-MCTS) or world (PIMC) budget, so a
seeded game replays exactly, plus a wall-time cap as a safety net (`hard` must move within
2 s on a 2-core machine). A game's *profile* says how a
rollout is scored: games played to a far target (Hearts to 100, Jass to 1000, nine deals of
3-2-5) cut rollouts at a horizon and count the points gained since the root; short games
(5 Towers, Clash of Decks) play rollouts out and count the win. docs/bots.md lists the
figures behind each choice.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from cardhall.bots.ismcts import Evaluation


@dataclass(frozen=True)
class Profile:
    """How search judges one game, and its three strength levels.

    A level is a bot spec (`ismcts:…`, `pimc:…` or a game's own class, see `cardhall.bots`) with an iteration or
    world budget (so a seeded game replays exactly) and a wall-time cap as a safety net.
    """

    evaluation: Evaluation = field(default_factory=Evaluation)
    horizon: int | None = None  # rollout cut-off in actions from the root (None: game end)
    exploration: float = 0.7
    values: bool = False  # judge rollouts by the game's `position_values` (its bot module), not its scores
    levels: dict[str, str] = field(default_factory=lambda: _ismcts_levels(50, 300, 1500))


def _ismcts_levels(easy: int, medium: int, hard: int | None = None) -> dict[str, str]:
    """IS-MCTS levels by iterations (hard too, unless the game's hard is another bot)."""
    levels = {"easy": f"ismcts:iterations={easy}:seconds=0.5", "medium": f"ismcts:iterations={medium}:seconds=1"}
    if hard is not None:
        levels["hard"] = f"ismcts:iterations={hard}:seconds=1.5"
    return levels


def _trick_levels(easy: int, medium: int, worlds: int) -> dict[str, str]:
    """Trick games: IS-MCTS for easy and medium, paired heuristic rollouts (PIMC) for hard."""
    return {**_ismcts_levels(easy, medium), "hard": f"pimc:worlds={worlds}:rollout=heuristic:seconds=1.5"}


PROFILES: dict[str, Profile] = {
    # Single game to the end: the win counts, the score margin breaks near-ties.
    # Move generation (every distinct build) is costly: about 3.5 ms per iteration.
    # hard: PIMC over the bids with the card-counting builds (IS-MCTS alone lost to the heuristic).
    "five-towers": Profile(Evaluation(win_weight=0.8, scale=8.0), levels={
        **_ismcts_levels(40, 150), "hard": "cardhall.games.five_towers.bot:BidSearchBot:worlds=24:horizon=12:seconds=1.5"}),
    # Duel or solo against the automaton: mostly the win counts.
    "clash-of-decks": Profile(Evaluation(win_weight=0.9, scale=5.0), levels=_ismcts_levels(100, 300, 800)),
    # Penalty points (fewer is better); a deal is 26 points; scores change at the end of a deal.
    "hearts": Profile(Evaluation(win_weight=0.3, scale=8.0, sign=-1), horizon=70, levels=_trick_levels(200, 1000, 24)),
    # Points are credited trick by trick; a deal is 157 points.
    "jass": Profile(Evaluation(win_weight=0.3, scale=25.0), horizon=40, levels=_trick_levels(150, 600, 12)),
    "putz": Profile(Evaluation(win_weight=0.3, scale=1.0), horizon=40, levels=_trick_levels(200, 800, 16)),
    # Tricks won minus contract per deal.
    "three-two-five": Profile(Evaluation(win_weight=0.3, scale=1.5), horizon=40, levels=_trick_levels(200, 800, 40)),
}

LEVELS = ("easy", "medium", "hard")


def profile(game_name: str) -> Profile:
    """The search profile of a game (a neutral default for games not tuned yet)."""
    return PROFILES.get(game_name, Profile())


def level_spec(game_name: str, level: str) -> str:
    """The bot spec behind a strength level in a game, e.g. ``ismcts:iterations=400:seconds=1.5``."""
    return profile(game_name).levels[level]
