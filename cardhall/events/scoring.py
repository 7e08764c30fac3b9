"""Duplicate scoring: each board's scores compared across the field by matchpoints.

On a board, an entry gets 2 matchpoints for every other entry it beat and 1 for every tie; its
percentage is its matchpoints over the most it could have had (2 per other entry; alone on a
board it has 100 %). An entry's result is the average percentage of the boards it played; ties
in the result are ranked by more boards played, then share a rank. A board's frequency table
counts how many entries had each score, best first.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass


@dataclass(frozen=True)
class BoardResult:
    """One entry's board: its score, matchpoints and percentage."""

    score: float
    matchpoints: int
    percent: float


def better(a: float, b: float, lower_is_better: bool) -> bool:
    return a < b if lower_is_better else a > b


def matchpoints(scores: Mapping[str, float], lower_is_better: bool) -> dict[str, BoardResult]:
    """Each entry's result on one board from every entry's score there."""
    ordered = sorted(scores.values())
    n = len(ordered)
    counts = Counter(ordered)
    below: dict[float, int] = {}
    seen = 0
    for value in sorted(counts):
        below[value] = seen
        seen += counts[value]
    top = 2 * (n - 1)
    out = {}
    for entry, score in scores.items():
        lower = below[score]
        higher = n - lower - counts[score]
        beaten = higher if lower_is_better else lower
        points = 2 * beaten + (counts[score] - 1)
        out[entry] = BoardResult(score, points, 100.0 * points / top if top else 100.0)
    return out


def frequencies(scores: Sequence[float], lower_is_better: bool) -> list[tuple[float, int]]:
    """(score, how many entries had it), best score first."""
    counts = Counter(scores)
    return sorted(counts.items(), key=lambda kv: kv[0] if lower_is_better else -kv[0])


def average(percents: Sequence[float]) -> float | None:
    """The event result of an entry: the mean of its boards' percentages (None: no board played)."""
    return sum(percents) / len(percents) if percents else None


def ranks(results: Sequence[tuple[str, float | None, int]]) -> dict[str, int]:
    """Each entry's rank from (entry, percent, boards played): higher percent first, then more
    boards; equal keys share a rank (1, 2, 2, 4); entries with no board rank last together."""
    def key(row: tuple[str, float | None, int]) -> tuple[float, int]:
        return (-(row[1] if row[1] is not None else -1.0), -row[2])
    ordered = sorted(results, key=key)
    out: dict[str, int] = {}
    previous: tuple[float, int] | None = None
    rank = 0
    for i, row in enumerate(ordered, start=1):
        if key(row) != previous:
            rank, previous = i, key(row)
        out[row[0]] = rank
    return out
