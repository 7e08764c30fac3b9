"""Standings of an arena: wins and draws, mean score with a 95% confidence interval, pairwise
score margins, and OpenSkill ratings. Everything here is a function of the game results in
index order, so the same seeds give the same standings."""

from __future__ import annotations

import csv
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

Z95 = 1.959963984540054  # two-sided 95% normal quantile


def mean_ci(values: Sequence[float]) -> tuple[float, float, float]:
    """Mean and its 95% confidence interval (normal approximation)."""
    n = len(values)
    if n == 0:
        return (math.nan, math.nan, math.nan)
    mean = sum(values) / n
    if n == 1:
        return (mean, math.nan, math.nan)
    var = sum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(var / n)
    return (mean, mean - half, mean + half)


def wilson(successes: float, n: int) -> tuple[float, float, float]:
    """A proportion and its 95% Wilson score interval."""
    if n == 0:
        return (math.nan, math.nan, math.nan)
    p = successes / n
    z2 = Z95 * Z95
    centre = (p + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return (p, centre - half, centre + half)


def _per_bot(game: dict[str, Any], sign: int) -> dict[str, tuple[float, str]]:
    """Each bot's score in one game (mean over its seats) and outcome: win, draw or loss."""
    seats: dict[str, list[int]] = {}
    for seat, label in enumerate(game["bots"]):
        seats.setdefault(label, []).append(seat)
    winners = set(game["winners"])
    winning_bots = {game["bots"][w] for w in winners}
    out = {}
    for label, mine in seats.items():
        score = sum(game["scores"][s] for s in mine) / len(mine)
        won = bool(winners.intersection(mine))
        outcome = ("win" if winning_bots == {label} else "draw") if won else "loss"
        out[label] = (score, outcome)
    return out


def standings(games: list[dict[str, Any]], labels: list[str], sign: int = 1) -> dict[str, Any]:
    """The arena's standings from its finished games (`sign` −1: fewer points are better)."""
    from openskill.models import PlackettLuce

    games = sorted(games, key=lambda g: g["index"])
    model = PlackettLuce()
    ratings = {label: model.rating(name=label) for label in labels}
    scores: dict[str, list[float]] = {label: [] for label in labels}
    outcomes: dict[str, dict[str, int]] = {label: {"win": 0, "draw": 0, "loss": 0} for label in labels}
    by_game: list[dict[str, tuple[float, str]]] = []
    for game in games:
        per = _per_bot(game, sign)
        by_game.append(per)
        for label, (score, outcome) in per.items():
            scores[label].append(score)
            outcomes[label][outcome] += 1
        if len(per) > 1:
            order = list(per)
            keys = [(0 if per[b][1] != "loss" else 1, -sign * per[b][0]) for b in order]
            ranks: list[float] = [float(sorted(set(keys)).index(k) + 1) for k in keys]
            new = model.rate([[ratings[b]] for b in order], ranks=ranks)
            for b, team in zip(order, new, strict=True):
                ratings[b] = team[0]
    bots = []
    for label in labels:
        n = len(scores[label])
        o = outcomes[label]
        win_rate = wilson(o["win"] + 0.5 * o["draw"], n)
        mean = mean_ci(scores[label])
        r = ratings[label]
        bots.append({
            "bot": label, "games": n, "wins": o["win"], "draws": o["draw"], "losses": o["loss"],
            "win_rate": win_rate[0], "win_rate_low": win_rate[1], "win_rate_high": win_rate[2],
            "mean_score": mean[0], "score_low": mean[1], "score_high": mean[2],
            "mu": r.mu, "sigma": r.sigma, "ordinal": r.ordinal(),
        })
    pairs = []
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            diffs = [sign * (g[a][0] - g[b][0]) for g in by_game if a in g and b in g]
            if diffs:
                m = mean_ci(diffs)
                pairs.append({"bot": a, "versus": b, "games": len(diffs), "margin": m[0],
                              "margin_low": m[1], "margin_high": m[2],
                              "significant": bool(m[1] > 0 or m[2] < 0)})
    return {"bots": bots, "pairs": pairs}


def write_csv(path: Path, rows: list[dict[str, Any]]) -> None:
    if not rows:
        path.write_text("", encoding="utf-8")
        return
    with path.open("w", newline="", encoding="utf-8") as f:
        writer = csv.DictWriter(f, fieldnames=list(rows[0]))
        writer.writeheader()
        writer.writerows(rows)


def games_rows(games: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """One CSV row per game and seat."""
    rows = []
    for g in sorted(games, key=lambda g: g["index"]):
        for seat, label in enumerate(g["bots"]):
            rows.append({"game": g["index"], "seed": g["seed"], "seat": seat + 1, "bot": label,
                         "score": g["scores"][seat], "winner": seat in g["winners"], "moves": g["moves"]})
    return rows
