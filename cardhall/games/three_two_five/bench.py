"""`cardhall bench 325`: random games and deals per second, and samples per second.

There is no peer engine for 3-2-5, so `--vs` is refused. `heuristic_vs_random` and
`heuristic_vs_greedy` measure the heuristic bot's strength (docs/three-two-five.md, slow tests).
"""

from __future__ import annotations

import random
from typing import Any

from cardhall.bench import rate
from cardhall.core.bot import Bot, RandomBot
from cardhall.core.cards import parse_card
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game
from cardhall.games.three_two_five.bot import HeuristicBot
from cardhall.games.three_two_five.game import ThreeTwoFive, ThreeTwoFiveState, trick_winner
from cardhall.room import play_game


def random_game(game: Game, seed: int) -> int:
    """Play one game with uniformly random legal actions; return the number of actions."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    n = 0
    while not state.is_over():
        legal = state.legal_actions()
        state.apply_unchecked(legal[rng.randrange(len(legal))])
        n += 1
    return n


def run(game: Game, seconds: float = 3.0, vs: str | None = None) -> dict[str, Any]:
    """Random games per second, the deals per second they make (trump, pulls, ten tricks
    each), and samples per second in a second deal with pulls (what a search bot needs)."""
    if vs is not None:
        raise CardhallError(f"there is no peer engine for {game.name} to compare with; run without --vs")
    games = rate(lambda i: random_game(game, i), seconds)
    state = ThreeTwoFive(**game.options).new_state(1)
    assert isinstance(state, ThreeTwoFiveState)
    rng = random.Random(1)
    while state.deal_no < min(1, game.options["deals"] - 1) or sum(state.tricks_won) < 3:
        state.apply(rng.choice(state.legal_actions()))
    samples = rate(lambda i: state.sample(i % 3, rng), seconds / 2)
    return {
        "game": game.name,
        "random_games_per_second": round(games, 2),
        "deals_per_game": game.options["deals"],
        "random_deals_per_second": round(games * game.options["deals"], 1),
        "samples_per_second": round(samples, 1),
    }


def heuristic_vs_random(games: int = 300, seed: int = 0, **options: Any) -> dict[str, Any]:
    """One heuristic bot against two random bots, its seat rotated game by game.

    A shared win (a tie for first) counts as 1/k of a win for each of the k winners.
    """
    game = ThreeTwoFive(**options)
    wins = 0.0
    score = 0.0
    other = 0.0
    for i in range(games):
        me = i % 3
        bots: list[Bot] = [RandomBot(seed + 10 * i + s) for s in range(3)]
        bots[me] = HeuristicBot(seed + 10 * i + me)
        state = play_game(game.new_state(seed + i), bots)
        winners = state.winners()
        if me in winners:
            wins += 1 / len(winners)
        scores = state.scores()
        score += scores[me]
        other += sum(scores[s] for s in range(3) if s != me) / 2
    return {"games": games, "win_rate": round(wins / games, 3), "mean_score": round(score / games, 2),
            "random_mean_score": round(other / games, 2)}


class GreedyBot(HeuristicBot):
    """A contract-blind baseline: the heuristic bot, but it wins every trick it can (as
    cheaply as possible) — no ducking."""

    name = "greedy"

    def play(self, view: dict[str, Any], hand: int, legal: list[int], trump: int) -> int:
        if view["trick"]:
            trick = [parse_card(c) for c in view["trick"]]
            me = view["seat"]
            wins = [c for c in legal if trick_winner(view["leader"], [*trick, c], trump) == me]
            if wins:
                return min(wins, key=lambda c: (c // 13 == trump, c % 13))
        return super().play(view, hand, legal, trump)


def heuristic_vs_greedy(games: int = 600, seed: int = 1000, **options: Any) -> dict[str, Any]:
    """The heuristic bot against `GreedyBot`: half the games 1 heuristic v 2 greedy, half
    2 v 1, seats rotated; mean total a game per seat of each kind."""
    game = ThreeTwoFive(**options)
    totals = {"heuristic": 0.0, "greedy": 0.0}
    for i in range(games):
        kinds = ["heuristic", "greedy", "greedy"] if i % 2 == 0 else ["greedy", "heuristic", "heuristic"]
        rot = (i // 2) % 3
        kinds = kinds[rot:] + kinds[:rot]
        bots: list[Bot] = [HeuristicBot(seed + 3 * i + s) if k == "heuristic" else GreedyBot(seed + 3 * i + s)
                           for s, k in enumerate(kinds)]
        scores = play_game(game.new_state(seed + i // 2), bots).scores()
        for s, k in enumerate(kinds):
            totals[k] += scores[s] / kinds.count(k)
    return {"games": games, **{f"{k}_mean_score": round(v / games, 2) for k, v in totals.items()}}
