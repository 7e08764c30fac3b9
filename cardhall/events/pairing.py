"""Seating a round of a Swiss event: who sits with whom, and where.

The rule (docs/room.md, "Swiss"): the entrants still in the event, best score first, fill as
few tables of the game's player count as hold them all, the tables as evenly filled as they can
be (9 entrants at 4-seat tables: three tables of three, each with one bot); each table is the
best-placed entrant not yet seated with, out of the next few in order, the ones that have met
the table's entrants least often (so scores stay grouped, and repeats happen only where the
field is too small to avoid them); a table's entrants take the seats they have held least often
in all. Empty seats are the event's bots.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence
from itertools import permutations

WINDOW = 3
"""How many tables' worth of the entrants next in order a table's next member is chosen from."""


def table_sizes(entrants: int, seats: int) -> list[int]:
    """How many entrants sit at each table: as few tables as hold them all, filled as evenly as
    possible, the fuller ones first."""
    if entrants <= 0:
        return []
    tables = math.ceil(entrants / seats)
    base, extra = divmod(entrants, tables)
    return [base + (1 if i < extra else 0) for i in range(tables)]


def group(order: Sequence[str], seats: int, met: Mapping[str, Counter[str]]) -> list[list[str]]:
    """The round's tables (entrants only), from `order` (best score first) and `met` (for each
    entrant, how often they have met each other one)."""
    left = list(order)
    tables = []
    for size in table_sizes(len(order), seats):
        table = [left.pop(0)]
        while len(table) < size:
            window = left[:max(WINDOW * seats, 1)]
            chosen = min(range(len(window)),
                         key=lambda i: (sum(met.get(window[i], Counter())[p] for p in table), i))
            table.append(left.pop(chosen))
        tables.append(table)
    return tables


def place(table: Sequence[str], seats: int, held: Mapping[str, Counter[int]]) -> list[str | None]:
    """The table's seats (None: a bot): of every way to seat its entrants, the one whose seats
    they have held least often in all (`held`: for each entrant, how often they held each
    seat); among equal ways, the first in seat order. (Tables have at most a few seats, so every
    way is tried.)"""
    def cost(way: tuple[int, ...]) -> int:
        return sum(held.get(person, Counter())[seat] for person, seat in zip(table, way, strict=True))
    best = min(permutations(range(seats), len(table)), key=cost)
    out: list[str | None] = [None] * seats
    for person, seat in zip(table, best, strict=True):
        out[seat] = person
    return out


def seat_round(order: Sequence[str], seats: int, met: Mapping[str, Counter[str]],
               held: Mapping[str, Counter[int]]) -> list[list[str | None]]:
    """Every table of the round with its seats (player ids; None: a bot)."""
    return [place(table, seats, held) for table in group(order, seats, met)]


def repeats(tables: Sequence[Sequence[str | None]], met: Mapping[str, Counter[str]]) -> int:
    """How many pairs of entrants at the same table have met before (0: no repeat)."""
    count = 0
    for table in tables:
        people = [p for p in table if p is not None]
        count += sum(1 for i, a in enumerate(people) for b in people[i + 1:] if met.get(a, Counter())[b])
    return count


def arena_tables(order: Sequence[str], seats: int, last: Mapping[str, set[str]], fill: bool) -> list[list[str]]:
    """An arena's new tables from the entrants waiting, best score first: tables of `seats`
    entrants, consecutive in score as far as the rule allows, never two who sat together at
    either one's last table; `fill` (they have waited long enough): what is left makes tables
    too, their empty places for bots (each entrant still at a table with nobody from their
    last one). Entrants who fit no table wait on."""
    left = list(order)
    tables: list[list[str]] = []
    while left:
        table = [left.pop(0)]
        for candidate in list(left):
            if len(table) == seats:
                break
            if all(candidate not in last.get(p, set()) and p not in last.get(candidate, set()) for p in table):
                table.append(candidate)
                left.remove(candidate)
        if len(table) == seats or fill:
            tables.append(table)
    return tables
