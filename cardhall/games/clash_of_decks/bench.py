"""`cardhall bench clash-of-decks`: random games per second, and bot games per second.

`python -m cardhall.games.clash_of_decks.bench GAMES` measures the heuristic bot's win rate
against the solo automaton at quick play and at each custom level (the table in the docs);
`… bench duel GAMES` its win rate against a random player in each duel format;
`… bench solo --bot hard --games N --out FILE` any bot's win rate per level (each level's
preset, `--ways` every way to spend its points, or one `--way`), one JSON line per game in
FILE, so the same command resumes and a larger `--games` extends the table it prints;
`… bench draft-gains GAMES LEVEL` what holding each card is worth (`bot.DRAFT_GAIN`).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from pathlib import Path
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


def solo_game(game: Game, bot: str, seed: int) -> dict[str, Any]:
    """One solo game of `bot` (a spec, seeded with the deal's seed) against the automaton: the
    outcome and the bot's thinking time per decision that had a choice."""
    from cardhall.bots import make_bot
    from cardhall.core.bot import Observation

    state = cast(ClashState, game.new_state(seed))
    player = make_bot(game, bot, seed)
    times: list[float] = []
    while not state.is_over():
        obs = Observation.of(state, 0)
        start = time.perf_counter()
        action = player.act(obs)
        if len(obs.legal) > 1:
            times.append(time.perf_counter() - start)
        state.apply(action)
    return {"seed": seed, "win": state.winners() == [0], "turns": state.turn, "moves": len(times),
            "seconds": sum(times), "slowest": max(times, default=0.0)}


def solo_win_rate(level: int, games: int, first_seed: int = 0, bot: str = "heuristic",
                  options: dict[str, Any] | None = None) -> tuple[int, int]:
    """`bot` vs the automaton, draft format: quick play (level 0), the level's preset, or the
    level with `options` (one of its ways to spend the points, `game.difficulty_ways`)."""
    from cardhall.core.registry import load

    game = load("clash-of-decks", solo=True, format="draft", level=level, **(options or {}))
    wins = sum(solo_game(game, bot, seed)["win"] for seed in range(first_seed, first_seed + games))
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


def setting_name(level: int, options: dict[str, Any]) -> str:
    """A solo setting in words for the tables: "quick play", "level 5: variable_mana=2, …"."""
    if level == 0:
        return "quick play"
    return f"level {level}: " + ", ".join(f"{k}={v}" for k, v in options.items())


def solo_settings(levels: list[int], ways: bool, way: str | None) -> list[tuple[int, dict[str, Any]]]:
    """The (level, options) pairs to measure: each level's preset, every way of each level
    (`ways`), or one way written ``key=value,…`` (`way`)."""
    from cardhall.games.clash_of_decks.game import LEVEL_PRESETS, difficulty_ways

    if way is not None:
        pairs = [part.split("=", 1) for part in way.split(",")]
        options = {k.strip(): _option_value(v.strip()) for k, v in pairs}
        return [(level, options) for level in levels]
    if ways:
        return [(level, options) for level in levels for options in (difficulty_ways(level) if level else [{}])]
    return [(level, dict(LEVEL_PRESETS[level]) if level else {}) for level in levels]


def _option_value(text: str) -> Any:
    return {"true": True, "false": False}.get(text.lower(), int(text) if text.isdigit() else text)


def solo_run(bot: str, games: int, first_seed: int, settings: list[tuple[int, dict[str, Any]]], out: Path) -> None:
    """Play `games` deals (seeds `first_seed`…) of each setting, one JSON line per game appended
    to `out`; games already in `out` (same bot, setting and seed) are not played again, so the
    same command resumes and a larger --games extends."""
    from cardhall.core.registry import load

    done = {(r["bot"], r["setting"], r["seed"]) for r in read_runs(out)}
    out.parent.mkdir(parents=True, exist_ok=True)
    for level, options in settings:
        game = load("clash-of-decks", solo=True, format="draft", level=level, **options)
        name = setting_name(level, options)
        for seed in range(first_seed, first_seed + games):
            if (bot, name, seed) in done:
                continue
            record = {"bot": bot, "setting": name, **solo_game(game, bot, seed)}
            with out.open("a") as f:
                f.write(json.dumps(record) + "\n")


def read_runs(path: Path) -> list[dict[str, Any]]:
    """The game records a solo run wrote (none if the file does not exist yet)."""
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def solo_table(records: list[dict[str, Any]]) -> str:
    """The win-rate table of solo records: per bot and setting, games, wins, the 95% Wilson
    interval and the seconds per decision (mean, slowest)."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in records:
        groups.setdefault((r["bot"], r["setting"]), []).append(r)
    rows = ["| bot | setting | games | wins | win rate | 95% interval | s/move | slowest s |",
            "|---|---|---|---|---|---|---|---|"]
    for (bot, setting), rs in groups.items():
        n, wins = len(rs), sum(r["win"] for r in rs)
        low, high = wilson(wins, n)
        moves = sum(r["moves"] for r in rs)
        per_move = sum(r["seconds"] for r in rs) / max(1, moves)
        slowest = max(r["slowest"] for r in rs)
        rows.append(f"| `{bot}` | {setting} | {n} | {wins} | {wins / n:.1%} | {low:.1%} – {high:.1%} | "
                    f"{per_move:.2f} | {slowest:.2f} |")
    return "\n".join(rows)


def main(argv: list[str]) -> None:
    from cardhall.games.clash_of_decks.game import LEVEL_PRESETS

    if argv[:1] == ["solo"]:
        parser = argparse.ArgumentParser(prog="python -m cardhall.games.clash_of_decks.bench solo",
                                         description="A bot's win rate against the automaton, draft format; "
                                                     "resumable: one JSON line per game in --out.")
        parser.add_argument("--bot", default="hard", help="bot spec (default: hard)")
        parser.add_argument("--games", type=int, default=20, help="deals per setting")
        parser.add_argument("--first-seed", type=int, default=10000, help="the first deal's seed")
        parser.add_argument("--levels", default="0,1,2,3,4,5", help="levels, comma-separated (0: quick play)")
        parser.add_argument("--ways", action="store_true", help="every way to spend each level's points, "
                                                                "not only its preset")
        parser.add_argument("--way", help="one way, e.g. variable_mana=2,constant_mana=8,ai_first=true")
        parser.add_argument("--out", type=Path, required=True, help="the JSON-lines file of games (resumed)")
        parser.add_argument("--table", action="store_true", help="only print the table of --out")
        args = parser.parse_args(argv[1:])
        if not args.table:
            settings = solo_settings([int(x) for x in args.levels.split(",")], args.ways, args.way)
            solo_run(args.bot, args.games, args.first_seed, settings, args.out)
        print(solo_table(read_runs(args.out)))
        return

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
