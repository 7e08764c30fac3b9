"""`cardhall bench five-towers`: random playouts per second and the worst build enumeration.

The build enumeration is timed cold (its per-colour cache cleared before each position) on
the worst positions we could construct: five offer cards of one or two colours with the 8
and 9, every colour holding a tower whose top can be demolished (each demolition is a
separate set of builds), plus a seeded random search over legal positions.
"""

from __future__ import annotations

import random
import time
from collections import Counter
from typing import Any

from cardhall.bench import random_playout, rate
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game
from cardhall.games.five_towers.game import make_deck
from cardhall.games.five_towers.notation import format_cards
from cardhall.games.five_towers.rules_engine import builds, card_sequences, max_build, sequences, tower_is_legal

Position = tuple[list[list[int]], list[int]]

WORST: list[Position] = [
    # towers (P V G S Y, bottom to top) and offer, found by search: ~200 builds of 4 cards
    ([[8], [12], [15], [9, 8], [15]], [40, 41, 44, 45, 46]),  # offer G8 G9 G12 G13 G14
    ([[], [15, 8], [15, 8], [15, 8], [15, 8]], [8, 9, 13, 14, 15]),  # P8 P9 P13 P14 P15, other tops 8
    ([[15], [14], [13], [12], [11]], [8, 9, 10, 24, 25]),  # P8 P9 P10 V8 V9
]


def search_positions(players: int, count: int, seed: int = 0) -> list[Position]:
    """Legal positions with offers rich in 8s and 9s and many demolishable towers (seeded)."""
    deck = Counter(make_deck(players))
    rng = random.Random(seed)
    out: list[Position] = []
    while len(out) < count:
        colours = rng.sample(range(5), rng.choice((1, 1, 2, 3)))
        offer: list[int] = []
        while len(offer) < 5:
            c = rng.choice(colours) * 16 + rng.choice((8, 9, 15, 14, 13, 12, 11, 10, 7, 5, 2, 0, rng.randrange(16)))
            if offer.count(c) < deck[c]:
                offer.append(c)
        towers = []
        for _ in range(5):
            tower = [rng.choice((15, 14, 13, 12, 11, 10, 9, 8, 8, 8)) for _ in range(rng.randrange(5))]
            towers.append(tower if tower_is_legal(tower) else [])
        used = Counter(offer) + Counter(c * 16 + v for c, t in enumerate(towers) for v in t)
        if all(used[c] <= deck[c] for c in used):
            out.append((towers, offer))
    return out


def time_enumeration(towers: list[list[int]], offer: list[int], spanish: bool, repeat: int = 3) -> tuple[float, int]:
    """Cold time (seconds, best of `repeat`) to find the highest honourable bid and every build
    for every bid; and the most builds for one bid."""
    best, most = float("inf"), 0
    for _ in range(repeat):
        sequences.cache_clear()
        card_sequences.cache_clear()
        start = time.perf_counter()
        top = max_build(towers, offer, spanish)
        most = max((len(builds(towers, offer, k, spanish)) for k in range(1, top + 1)), default=0)
        best = min(best, time.perf_counter() - start)
    return best, most


def run(game: Game, seconds: float = 3.0, vs: str | None = None) -> dict[str, Any]:
    if vs is not None:
        raise CardhallError(f"five-towers has no peer engine to compare with (got --vs {vs}); run it without --vs")
    spanish = bool(game.options["spanish_eight"])
    moves: list[int] = []
    per_second = rate(lambda i: moves.append(random_playout(game, i)), seconds)
    positions = WORST + search_positions(game.num_players, 2000)
    worst_time, worst_pos, most = 0.0, WORST[0], 0
    for towers, offer in positions:
        elapsed, n = time_enumeration(towers, offer, spanish)
        most = max(most, n)
        if elapsed > worst_time:
            worst_time, worst_pos = elapsed, (towers, offer)
    towers, offer = worst_pos
    return {
        "game": game.name,
        "players": game.num_players,
        "spanish_eight": spanish,
        "games_per_second": round(per_second, 1),
        "moves_per_game": round(sum(moves) / len(moves), 1),
        "positions_timed": len(positions),
        "worst_enumeration_ms": round(worst_time * 1000, 3),
        "worst_position": (f"offer {format_cards(sorted(offer))}; towers "
                           + " | ".join(" ".join(map(str, t)) or "-" for t in towers)),
        "most_builds_one_bid": most,
    }


def bot_match(games: int = 240, players: int = 3, seed: int = 0) -> dict[str, Any]:
    """One heuristic bot against random bots, its seat rotated game by game (seeded, reproducible).

    A shared victory counts as a win for every tied player."""
    from cardhall.core.bot import Bot, RandomBot
    from cardhall.core.registry import load
    from cardhall.games.five_towers.bot import HeuristicBot
    from cardhall.room import play_game  # a driver of the room (above the games layer)

    game = load("five-towers", players=players)
    wins, own, others = 0, 0.0, 0.0
    for i in range(games):
        seat = i % players
        bots: list[Bot] = [HeuristicBot(seed + i) if s == seat else RandomBot(seed + 1000 * i + s)
                           for s in range(players)]
        state = play_game(game.new_state(seed + i), bots)
        scores = state.scores()
        wins += seat in state.winners()
        own += scores[seat]
        others += sum(scores) - scores[seat]
    return {
        "games": games,
        "players": players,
        "heuristic_win_rate": round(wins / games, 3),
        "heuristic_mean_score": round(own / games, 2),
        "random_mean_score": round(others / (games * (players - 1)), 2),
    }


if __name__ == "__main__":  # python -m cardhall.games.five_towers.bench [games] [players]
    import json
    import sys

    args = [int(a) for a in sys.argv[1:3]]
    print(json.dumps(bot_match(*args)))
