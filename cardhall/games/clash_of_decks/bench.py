"""`cardhall bench clash-of-decks`: random games per second, and bot games per second.

`python -m cardhall.games.clash_of_decks.bench GAMES` measures the heuristic bot's win rate
against the solo automaton at quick play and at each custom level (the table in the docs);
`… bench duel GAMES` its win rate against a random player in each duel format;
(`python -m cardhall.arena.clash_solo` measures any bot, e.g. `hard`, per level);
`… bench draft-gains GAMES LEVEL` what holding each card is worth (`bot.DRAFT_GAIN`).
"""

from __future__ import annotations

import math
import random
import sys
from typing import Any, cast

from cardhall.core.bench import bot_playout, random_playout, rate
from cardhall.core.game import Game
from cardhall.games.clash_of_decks.game import ClashState


def run(game: Game, seconds: float, vs: str | None) -> dict[str, Any]:
    """Random playouts per second (the loaded options) and heuristic-bot games per second
    (`vs` is always None: there is no peer engine)."""
    from cardhall.games.clash_of_decks.bot import HeuristicBot

    actions: list[int] = []

    def playout(i: int) -> None:
        actions.append(random_playout(game, i))

    games = rate(playout, seconds)

    def bot_game(i: int) -> None:
        bot_playout(game.new_state(i), [HeuristicBot(i) for _ in range(game.num_players)])

    clone_state = game.new_state(1)
    rng = random.Random(1)
    while not clone_state.is_over() and len(clone_state.actions) < 6:
        clone_state.apply(rng.choice(clone_state.legal_actions()))
    return {
        "game": game.name,
        "setting": ("solo " if game.options["solo"] else "duel ") + str(getattr(game, "format", game.options["format"])),
        "random_games_per_second": round(games, 1),
        "decisions_per_second": round(games * sum(actions) / max(1, len(actions)), 1),
        "heuristic_bot_games_per_second": round(rate(bot_game, seconds / 2), 2),
        "clones_per_second": round(rate(lambda i: clone_state.clone(), seconds / 4, min_runs=100)),
    }


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def solo_win_rate(level: int, games: int, first_seed: int = 0) -> tuple[int, int]:
    """Heuristic bot vs the automaton: quick play (level 0) or the level's preset, draft format."""
    from cardhall.core.registry import load
    from cardhall.games.clash_of_decks.bot import HeuristicBot

    game = load("clash-of-decks", solo=True, format="draft", level=level)
    wins = 0
    for seed in range(first_seed, first_seed + games):
        state = bot_playout(game.new_state(seed), [HeuristicBot(seed)])
        wins += state.winners() == [0]
    return wins, games


def duel_vs_random(fmt: str, games: int) -> int:
    """Heuristic bot against a random player in a duel, seats alternating; the bot's wins."""
    from cardhall.core.bot import RandomBot
    from cardhall.core.registry import load
    from cardhall.games.clash_of_decks.bot import HeuristicBot

    game = load("clash-of-decks", format=fmt)
    wins = 0
    for seed in range(games):
        seat = seed % 2
        bots = [HeuristicBot(seed), RandomBot(seed)] if seat == 0 else [RandomBot(seed), HeuristicBot(seed)]
        wins += bot_playout(game.new_state(seed), bots).winners() == [seat]
    return wins


def draft_gains(games: int, level: int, first_seed: int = 50000) -> dict[str, float]:
    """Per card, the heuristic's solo win rate when it holds the card minus when the automaton
    does, over `games` deals drafted at random (then played by the heuristic): what drafting
    the card is worth (`bot.DRAFT_GAIN`)."""
    from cardhall.core.registry import load
    from cardhall.games.clash_of_decks.bot import HeuristicBot
    from cardhall.games.clash_of_decks.cards import CARDS

    game = load("clash-of-decks", solo=True, format="draft", level=level)
    held = [[0, 0] for _ in CARDS]  # wins, games with the card in the player's hand
    wins = 0
    for seed in range(first_seed, first_seed + games):
        state = cast(ClashState, game.new_state(seed))
        rng = random.Random(seed)
        while state.phase == "draft":
            state.apply(rng.choice(state.legal_actions()))
        hand = set(state.hands[0])
        won = bot_playout(state, [HeuristicBot(seed)]).winners() == [0]
        wins += won
        for card in hand:
            held[card][0] += won
            held[card][1] += 1
    return {CARDS[c].name: round(w / max(1, n) - (wins - w) / max(1, games - n), 3) for c, (w, n) in enumerate(held)}


def main(argv: list[str]) -> None:
    from cardhall.games.clash_of_decks.game import LEVEL_PRESETS

    if argv[:1] == ["draft-gains"]:
        gains = draft_gains(int(argv[1]) if len(argv) > 1 else 4000, int(argv[2]) if len(argv) > 2 else 1)
        for name, gain in sorted(gains.items(), key=lambda kv: -kv[1]):
            print(f"{name} {gain:+.3f}")
        return
    if argv[:1] == ["duel"]:
        games = int(argv[1]) if len(argv) > 1 else 200
        print("| duel format | games | heuristic wins vs random | 95% interval |")
        print("|---|---|---|---|")
        for fmt in ("precon", "draft", "constructed"):
            wins = duel_vs_random(fmt, games)
            low, high = wilson(wins, games)
            print(f"| {fmt} | {games} | {wins} ({wins / games:.1%}) | {low:.1%} – {high:.1%} |", flush=True)
        return
    games = int(argv[0]) if argv else 200
    levels = [int(x) for x in argv[1:]] or [0, 1, 2, 3, 4, 5]
    print("| setting | options | games | wins | win rate | 95% interval |")
    print("|---|---|---|---|---|---|")
    for level in levels:
        wins, n = solo_win_rate(level, games)
        low, high = wilson(wins, n)
        name = "quick play" if level == 0 else f"level {level}"
        opts = "all zero" if level == 0 else ", ".join(f"{k}={v}" for k, v in LEVEL_PRESETS[level].items())
        print(f"| {name} | {opts} | {n} | {wins} | {wins / n:.1%} | {low:.1%} – {high:.1%} |", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
