"""The ladder of a game: `random`, `easy`, `medium` and `hard` measured against each other in
arena runs (seats rotated, duplicate deals), and the margin of each level over the one below it.

At three seats or more (and solo) the four levels share one table in one arena run. In a duel
they would meet pairwise in only 2 of 12 games, so there each step is its own head-to-head
match instead: the two levels, seats swapped, on the same deals for every step (`--games`
per step, each match in `--out`/UPPER-LOWER, the ladder's combined results in `--out`).

A step's margin is the paired score difference (upper − lower, oriented so that > 0 favours
the upper level; in Hearts fewer points are better) with its 95% interval: over the games
where both levels sat, or, in a game of one seat (Clash of Decks solo), over the deals both
played (every level plays every deal). A step is "significant" when its interval excludes 0.
Its standardized effect is the margin over the standard deviation of the paired differences,
comparable between games whose points are not. `cardhall ladder GAME` prints the table,
writes it as Markdown into `--out` and draws it with `--plot`; `cardhall ladder-plot RUN...`
draws every run's steps side by side.
"""

from __future__ import annotations

import itertools
import json
import math
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from cardhall.arena.plot import save
from cardhall.arena.results import Z95, mean_ci, standings
from cardhall.arena.runner import GAME_KEYS, Arena, Progress, run, think_times, write_results
from cardhall.bots.levels import LADDER, level_spec
from cardhall.core.errors import CardhallError

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


def ladder_arenas(game: str, games: int, seed: int = 1, options: dict[str, Any] | None = None,
                  out: Path | None = None, workers: int = 1) -> list[Arena]:
    """The arena runs that measure `game`'s ladder: its four levels at one table, or, in a duel,
    one head-to-head match of `games` games per step (lower, upper; same seed, so the same
    deals), each in `out`/UPPER-LOWER."""
    arena = Arena(game=game, bots=list(NAMES), games=games, seed=seed, options=options or {}, out=out, workers=workers)
    if arena.num_seats != 2:
        if arena.cycle > DEAL_GAMES:
            arena.deal_games = DEAL_GAMES
        return [arena]
    return [Arena(game=game, bots=[lower, upper], games=games, seed=seed, options=arena.options,
                  out=None if out is None else out / f"{upper}-{lower}", workers=workers)
            for lower, upper in itertools.pairwise(NAMES)]


@dataclass
class LadderOutcome:
    """A ladder run's results (results.json data: one arena's, or a duel's steps combined) and
    whether it was stopped before the end."""

    results: dict[str, Any]
    stopped: bool


def run_ladder(arenas: list[Arena], progress: Progress | None = None,
               say: Callable[[str], None] = lambda text: None) -> LadderOutcome:
    """Play the ladder's arena runs (resuming what their `out` holds); a duel's steps one after
    the other (each announced by `say`), then their results combined into `out`."""
    if len(arenas) == 1:
        outcome = run(arenas[0], progress)
        return LadderOutcome(outcome.results, outcome.stopped)
    outcomes = []
    for arena in arenas:
        say(f"{arena.bots[1]} − {arena.bots[0]}, head to head: {arena.games} games")
        outcomes.append(run(arena, progress))
        if outcomes[-1].stopped:
            break
    games = [{**g, "index": k * arenas[0].games + g["index"]} for k, o in enumerate(outcomes) for g in o.games]
    first = arenas[0]
    summary = {
        "settings": {"game": first.game, "options": first.options, "bots": list(NAMES), "seed": first.seed,
                     "duel": True, "games_per_step": first.games},
        "games_planned": sum(a.games for a in arenas),
        "games_played": len(games),
        "complete": len(outcomes) == len(arenas) and all(o.results["complete"] for o in outcomes),
        "higher_is_better": first.sign > 0,
        "standings": standings(games, list(NAMES), first.sign),
        "games": [{k: g[k] for k in GAME_KEYS} for g in games],
        "timing": think_times(games, list(NAMES)),
    }
    out = first.out.parent if first.out is not None else None
    if out is not None:
        write_results(out, summary, games)
    return LadderOutcome(summary, any(o.stopped for o in outcomes))


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
    with its paired margin, 95% interval and the number of games (or deals) it rests on, and
    its standardized effect: the margin and interval over the SD of the paired differences."""
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
        sd = (high - low) / (2 * Z95) * math.sqrt(n) if n > 1 else math.nan  # the interval's own SD
        effect = [x / sd if sd > 0 else math.nan for x in (margin, low, high)]
        out.append({"upper": upper, "lower": lower, "paired": n, "unit": unit, "margin": margin,
                    "low": low, "high": high, "significant": bool(low > 0 or high < 0), "sd": sd,
                    "effect": effect[0], "effect_low": effect[1], "effect_high": effect[2]})
    return out


def levels(summary: dict[str, Any]) -> list[dict[str, Any]]:
    """Each level's spec in the game as played (its options), mean score with its interval, and
    time per move."""
    bots = {b["bot"]: b for b in summary["standings"]["bots"]}
    game, options = summary["settings"]["game"], summary["settings"].get("options") or {}
    return [{"level": name, "spec": level_spec(game, name, options), "games": bots[name]["games"],
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


def _games(summary: dict[str, Any]) -> str:
    """How many games the ladder played: "240 games", or in a duel "612 games (204 a step, head to head)"."""
    s = summary["settings"]
    each = f" ({s['games_per_step']} a step, head to head)" if s.get("duel") else ""
    return f"{summary['games_played']} games{each}"


def _f(x: float, digits: int = 2) -> str:
    return "–" if x is None or math.isnan(x) else f"{x:+.{digits}f}"


def markdown(summary: dict[str, Any], command: str = "") -> str:
    """The ladder as Markdown: the steps, then each level's score and time per move."""
    s = summary["settings"]
    better = "higher" if summary["higher_is_better"] else "lower"
    lines = [f"Ladder of {s['game']}{_options(s)}: {_games(summary)}, seed {s['seed']}.", ""]
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
    if s.get("duel"):
        lines += ["", "Head to head, a level's games, score and win % are over both of its matches "
                      "(against the level below and the level above)."]
    return "\n".join(lines) + "\n"


def climb(summary: dict[str, Any]) -> list[tuple[str, float, float]]:
    """Each level's height above `random` when every step is its own match (a duel): the sum
    of the step margins below it, with the half-width of its 95% interval (the matches are
    independent, so the steps' variances add). A level's mean score over its two matches
    would not climb: each level wins against the one below and loses to the one above."""
    out, height, variance = [(NAMES[0], 0.0, 0.0)], 0.0, 0.0
    for step in steps(summary):
        height += step["margin"]
        variance += ((step["high"] - step["low"]) / 2) ** 2
        out.append((step["upper"], height, math.sqrt(variance)))
    return out


def plot(summary: dict[str, Any], path: Path) -> Path:
    """Draw the ladder into `path` (PNG, SVG or PDF): each level's mean score with its 95%
    interval (in a duel, its height above `random`, `climb`), and each step's paired margin
    with its 95% interval."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    s = summary["settings"]
    rows = levels(summary)
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.2))
    fig.suptitle(f"cardhall ladder: {s['game']}{_options(s)}, {_games(summary)}, seed {s['seed']}")
    xs = range(len(rows))
    if s.get("duel"):
        heights = climb(summary)
        left.errorbar(xs, [h for _, h, _ in heights], yerr=[w for _, _, w in heights], fmt="o-", capsize=4)
        left.set_ylabel("above random: sum of the step margins, 95% CI")
    else:
        means = [r["score"] for r in rows]
        left.errorbar(xs, means, yerr=[[m - r["score_low"] for m, r in zip(means, rows, strict=True)],
                                       [r["score_high"] - m for m, r in zip(means, rows, strict=True)]],
                      fmt="o-", capsize=4)
        left.set_ylabel(f"mean score per game ({'higher' if summary['higher_is_better'] else 'lower'} is better)")
        if not summary["higher_is_better"]:
            left.invert_yaxis()
    left.set_xticks(list(xs), [r["level"] for r in rows])
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


def read_run(run_dir: Path) -> dict[str, Any]:
    """The summary (results.json) of a ladder run in `run_dir` (`cardhall ladder --out`)."""
    path = run_dir / "results.json"
    try:
        summary: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise CardhallError(f"{run_dir} holds no results.json; give a directory written by "
                            "`cardhall ladder GAME --out DIR`") from None
    except (OSError, ValueError) as exc:
        raise CardhallError(f"cannot read {path}: {exc}") from None
    if not isinstance(summary, dict) or summary.get("settings", {}).get("bots") != NAMES:
        raise CardhallError(f"{run_dir} is not a ladder run (its bots are not {', '.join(NAMES)}); "
                            "give a directory written by `cardhall ladder GAME --out DIR`")
    return summary


def run_label(settings: dict[str, Any]) -> str:
    """A ladder run's short name: the game, its player count and the options that differ from
    the defaults, e.g. "hearts, 4 players, target 1"."""
    from cardhall.core.registry import game_class

    defaults = {o.name: o.default for o in game_class(settings["game"]).OPTIONS}
    options = settings["options"]
    parts = [settings["game"]]
    if "players" in options:
        parts.append(f"{options['players']} players")
    parts += [f"{k} {v}" for k, v in options.items() if k != "players" and defaults.get(k, object()) != v]
    return ", ".join(parts)


def overview_markdown(summaries: list[dict[str, Any]]) -> str:
    """Every run's steps as one Markdown table: games, and per step the paired games (or
    deals), the standardized effect with its 95% interval, and whether it is significant."""
    head = " | ".join(f"{u} − {lo}" for lo, u in itertools.pairwise(NAMES))
    lines = ["Each step: the paired games (or deals), the standardized effect (margin / SD of the paired "
             "differences) [95% CI], and (no) where the interval includes 0.", "",
             f"| run | games | {head} | every step significant |", "|---|---|" + "---|" * len(NAMES)]
    for summary in summaries:
        st = steps(summary)
        cells = [f"{x['paired']} {x['unit']}: {_f(x['effect'])} [{_f(x['effect_low'])}, {_f(x['effect_high'])}]"
                 f"{'' if x['significant'] else ' (no)'}" for x in st]
        every = "yes" if all(x["significant"] for x in st) else "no"
        lines.append(f"| {run_label(summary['settings'])} | {_games(summary)} | {' | '.join(cells)} | {every} |")
    return "\n".join(lines) + "\n"


def overview(summaries: list[dict[str, Any]], path: Path) -> Path:
    """Draw every run's ladder side by side into `path` (PNG, SVG or PDF): per run, each step's
    standardized effect (paired margin / SD of the paired differences) with its 95% interval;
    a hollow marker is a step whose interval includes 0."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(max(7.0, 1.25 * len(summaries) + 2), 5.0))
    colours = ("tab:blue", "tab:orange", "tab:green")
    width = 0.25
    for k, (lower, upper) in enumerate(itertools.pairwise(NAMES)):
        for i, summary in enumerate(summaries):
            x = next(st for st in steps(summary) if st["lower"] == lower)
            if math.isnan(x["effect"]):
                continue
            ax.errorbar([i + (k - 1) * width], [x["effect"]],
                        yerr=[[x["effect"] - x["effect_low"]], [x["effect_high"] - x["effect"]]],
                        fmt="o", capsize=3, color=colours[k], markerfacecolor=colours[k] if x["significant"] else "white",
                        label=f"{upper} − {lower}" if i == 0 else None)
    ax.axhline(0, color="grey", linewidth=1)
    ax.set_xticks(list(range(len(summaries))),
                  [run_label(s["settings"]).replace(", ", "\n", 1) for s in summaries], fontsize=8)
    ax.set_ylabel("step's standardized effect, 95% CI (> 0: upper level stronger)")
    ax.grid(axis="y", alpha=0.3)
    ax.legend(loc="best", fontsize=8)
    ax.set_title("cardhall: the ladder in every game, random < easy < medium < hard")
    ax.set_xlim(-0.6, len(summaries) - 0.4)
    ax.set_xlabel("standardized effect = paired score margin / SD of the paired differences\n"
                  "(the games' points are not comparable); hollow: the 95% interval includes 0", fontsize=8)
    return save(fig, path)
