"""The ladder of a game: one arena run seating `random`, `easy`, `medium` and `hard` together
(seats rotated, duplicate deals), and the margin of each level over the one below it.

A step's margin is the paired score difference (upper − lower, oriented so that > 0 favours
the upper level; in Hearts fewer points are better) with its 95% interval: over the games
where both levels sat, or, in a game of one seat (Clash of Decks solo), over the deals both
played (every level plays every deal). A step is "significant" when its interval excludes 0.
`cardhall ladder GAME` prints the table, writes it as Markdown into `--out` and draws it with
`--plot`.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path
from typing import Any

from cardhall.arena.plot import save
from cardhall.arena.results import mean_ci
from cardhall.arena.runner import Arena
from cardhall.bots.levels import LADDER, level_spec

NAMES = [level.name for level in LADDER]

DEAL_GAMES = 24
"""Games per deal at most: 4 levels at 5 seats take 240 seatings to rotate fully, so there a
new deal comes every 24 games (10 deals over the 240), elsewhere every full rotation
(24 games at 3 and 4 seats, 12 in a duel, 4 solo)."""

CONFIGURATIONS: list[tuple[str, dict[str, Any]]] = [
    ("three-two-five", {}), ("hearts", {"players": 4}), ("hearts", {"players": 3}), ("jass", {}),
    ("putz", {"players": 3}), ("putz", {"players": 5}),
    *(("five-towers", {"players": n}) for n in (2, 3, 4, 5)),
    ("clash-of-decks", {}), ("clash-of-decks", {"solo": True}),
]
"""Every game and player count the ladder must hold in (issue 18)."""


def ladder_arena(game: str, games: int, seed: int = 1, options: dict[str, Any] | None = None,
                 out: Path | None = None, workers: int = 1) -> Arena:
    """The arena that measures `game`'s ladder: its four levels at one table."""
    arena = Arena(game=game, bots=list(NAMES), games=games, seed=seed, options=options or {}, out=out, workers=workers)
    if arena.cycle > DEAL_GAMES:
        arena.deal_games = DEAL_GAMES
    return arena


def _deal_pairs(summary: dict[str, Any], upper: str, lower: str) -> list[float]:
    """One paired difference per deal both levels played (their mean scores on that deal)."""
    sign = 1 if summary["higher_is_better"] else -1
    by_deal: dict[int, dict[str, list[float]]] = {}
    for g in summary["games"]:
        deal = by_deal.setdefault(g["seed"], {})
        for seat, label in enumerate(g["bots"]):
            deal.setdefault(label, []).append(g["scores"][seat])
    return [sign * (sum(d[upper]) / len(d[upper]) - sum(d[lower]) / len(d[lower]))
            for d in by_deal.values() if upper in d and lower in d]


def steps(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """Each adjacent step of the ladder (easy over random, medium over easy, hard over medium)
    with its paired margin, 95% interval and the number of games (or deals) it rests on."""
    pairs = {(p["bot"], p["versus"]): p for p in summary["standings"]["pairs"]}
    out = []
    for lower, upper in itertools.pairwise(NAMES):
        if (lower, upper) in pairs or (upper, lower) in pairs:
            if (upper, lower) in pairs:
                p = pairs[(upper, lower)]
                margin, low, high = p["margin"], p["margin_low"], p["margin_high"]
            else:
                p = pairs[(lower, upper)]
                margin, low, high = -p["margin"], -p["margin_high"], -p["margin_low"]
            n, unit = p["games"], "games"
        else:
            diffs = _deal_pairs(summary, upper, lower)
            margin, low, high = mean_ci(diffs)
            n, unit = len(diffs), "deals"
        out.append({"upper": upper, "lower": lower, "paired": n, "unit": unit, "margin": margin,
                    "low": low, "high": high, "significant": bool(low > 0 or high < 0)})
    return out


def levels(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """Each level's spec in the game, mean score with its interval, and time per move."""
    bots = {b["bot"]: b for b in summary["standings"]["bots"]}
    game = summary["settings"]["game"]
    return [{"level": name, "spec": level_spec(game, name), "games": bots[name]["games"],
             "score": bots[name]["mean_score"], "score_low": bots[name]["score_low"],
             "score_high": bots[name]["score_high"], "win_rate": bots[name]["win_rate"],
             "seconds_per_move": summary["timing"][name]["seconds_per_move"],
             "slowest_move": summary["timing"][name]["slowest_move"]} for name in NAMES]


def _options(settings: dict[str, Any]) -> str:
    """The game options that differ from the game's defaults, e.g. "players 4, target 1"."""
    from cardhall.core.registry import game_class

    defaults = {o.name: o.default for o in game_class(settings["game"]).OPTIONS}
    changed = [f"{k} {v}" for k, v in settings["options"].items() if defaults.get(k, object()) != v]
    return f" ({', '.join(changed)})" if changed else ""


def _f(x: float, digits: int = 2) -> str:
    return "–" if x is None or math.isnan(x) else f"{x:+.{digits}f}"


def markdown(summary: dict[str, Any], command: str = "") -> str:
    """The ladder as Markdown: the steps, then each level's score and time per move."""
    s = summary["settings"]
    better = "higher" if summary["higher_is_better"] else "lower"
    lines = [f"Ladder of {s['game']}{_options(s)}: {summary['games_played']} games, seed {s['seed']}.", ""]
    if command:
        lines += [f"`{command}`", ""]
    lines += ["| step | paired | margin [95% CI] | significant |", "|---|---|---|---|"]
    for st in steps(summary):
        lines.append(f"| {st['upper']} − {st['lower']} | {st['paired']} {st['unit']} | "
                     f"{_f(st['margin'])} [{_f(st['low'])}, {_f(st['high'])}] | {'yes' if st['significant'] else 'no'} |")
    lines += ["", f"| level | spec | games | mean score [95% CI] ({better} is better) | win % | s/move | slowest s |",
              "|---|---|---|---|---|---|---|"]
    for lv in levels(summary):
        lines.append(f"| {lv['level']} | `{lv['spec']}` | {lv['games']} | {lv['score']:.2f} "
                     f"[{lv['score_low']:.2f}, {lv['score_high']:.2f}] | {100 * lv['win_rate']:.1f} | "
                     f"{lv['seconds_per_move']:.3f} | {lv['slowest_move']:.2f} |")
    return "\n".join(lines) + "\n"


def plot(summary: dict[str, Any], path: Path) -> Path:
    """Draw the ladder into `path` (PNG, SVG or PDF): each level's mean score with its 95%
    interval, and each step's paired margin with its 95% interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    s = summary["settings"]
    rows = levels(summary)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    fig.suptitle(f"cardhall ladder: {s['game']}{_options(s)}, {summary['games_played']} games, seed {s['seed']}")
    xs = range(len(rows))
    means = [r["score"] for r in rows]
    left.errorbar(xs, means, yerr=[[m - r["score_low"] for m, r in zip(means, rows, strict=True)],
                                   [r["score_high"] - m for m, r in zip(means, rows, strict=True)]],
                  fmt="o-", capsize=4)
    left.set_xticks(list(xs), [r["level"] for r in rows])
    left.set_ylabel(f"mean score per game ({'higher' if summary['higher_is_better'] else 'lower'} is better)")
    if not summary["higher_is_better"]:
        left.invert_yaxis()
    left.grid(axis="y", alpha=0.3)
    st = steps(summary)
    ys = [x["margin"] for x in st]
    right.errorbar(range(len(st)), ys, yerr=[[m - x["low"] for m, x in zip(ys, st, strict=True)],
                                             [x["high"] - m for m, x in zip(ys, st, strict=True)]],
                   fmt="s", capsize=5, color="tab:green")
    right.axhline(0, color="grey", linewidth=1)
    right.set_xticks(list(range(len(st))), [f"{x['upper']} − {x['lower']}\n({x['paired']} {x['unit']})" for x in st])
    right.set_ylabel("step margin, 95% CI (> 0: upper stronger)")
    right.grid(axis="y", alpha=0.3)
    return save(fig, path)
