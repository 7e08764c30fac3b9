"""One arena game as a pure function of its `Job`: the same job gives the same game anywhere
(inline, in a worker process, or as a Ray task on another machine). The game is played on a
room Table with a bot in every seat, each move thought by the room's deterministic bots
(`cardhall.room.bots`), so an arena game is the game a room would play with those bots."""

from __future__ import annotations

import itertools
import random
import time
from dataclasses import dataclass
from typing import Any

from cardhall.core.errors import CardhallError
from cardhall.core.record import Record
from cardhall.core.registry import load
from cardhall.core.rng import MAX_SEED
from cardhall.room.bots import bot_seed, decide
from cardhall.room.errors import TableError
from cardhall.room.table import Seat, Table


def derive_seed(*parts: object) -> int:
    """A seed that depends only on `parts` (stable across processes and machines)."""
    return random.Random(":".join(map(str, ("cardhall-arena", *parts)))).randrange(MAX_SEED)


def seatings(num_bots: int, num_seats: int, teams: tuple[tuple[int, ...], ...] = ()) -> list[tuple[int, ...]]:
    """Every fair way to seat the bots: bot index per seat.

    With at least as many bots as seats, every ordered choice of bots for the seats; with
    fewer, the line-up repeats the bots in turn (A B A B …, starting from each bot in turn so
    that none gets more seats) and every distinct arrangement of those line-ups is used. Each
    bot thus sits in each seat equally often over one cycle.

    With `teams` (the game's partnerships, `Game.teams`), a bot takes every seat of a team:
    the teams are seated as above, as if each were one seat, so that every game is one bot's
    team against another's (two bots in Jass: A B A B and B A B A).
    """
    if teams:
        team_of = {seat: t for t, team in enumerate(teams) for seat in team}
        return [tuple(by_team[team_of[seat]] for seat in range(num_seats))
                for by_team in seatings(num_bots, len(teams))]
    if num_bots >= num_seats:
        return list(itertools.permutations(range(num_bots), num_seats))
    found: set[tuple[int, ...]] = set()
    for start in range(num_bots):
        found.update(itertools.permutations([(start + i) % num_bots for i in range(num_seats)]))
    return sorted(found)


@dataclass(frozen=True)
class Job:
    """Everything needed to play one arena game."""

    index: int
    game: str
    options: dict[str, Any]
    seed: int  # the deal seed (shared by the games of one seating cycle)
    seating: tuple[int, ...]  # bot index per seat
    specs: tuple[str, ...]  # bot spec per seat
    labels: tuple[str, ...]  # bot label per seat


def schedule(game: str, options: dict[str, Any], specs: list[str], labels: list[str],
             num_seats: int, games: int, seed: int, deal_games: int | None = None,
             teams: tuple[tuple[int, ...], ...] = ()) -> list[Job]:
    """The arena's games: deal d is played once per seating (duplicate format), so every bot
    meets the same cards from every seat; all seeds derive from `seed`. With `deal_games`, a
    new deal comes every `deal_games` games instead (the seatings still follow their cycle):
    where the cycle is long (4 bots at 5 seats: 240 seatings), a run of a few hundred games
    then spans several deals rather than one. With `teams`, partners are seated as one bot
    (`seatings`)."""
    cycle = seatings(len(specs), num_seats, teams)
    jobs = []
    for i in range(games):
        deal, k = divmod(i, len(cycle))
        if deal_games is not None:
            deal, k = i // deal_games, i % len(cycle)
        seating = cycle[k]
        jobs.append(Job(
            index=i, game=game, options=dict(options), seed=derive_seed(seed, "deal", deal),
            seating=seating, specs=tuple(specs[b] for b in seating), labels=tuple(labels[b] for b in seating),
        ))
    return jobs


def play_job(job: Job) -> dict[str, Any]:
    """Play the job's game to the end; return its result with the record (JSON data)."""
    game = load(job.game, **job.options)
    table = Table(f"arena-{job.index}", game, job.seed, [Seat.robot(spec) for spec in job.specs], host="arena",
                  events=False)
    table.start("arena")
    n = game.num_players
    think = [0.0] * n
    slowest = [0.0] * n
    moves = [0] * n
    while (found := table.bot_seat()) is not None:
        seat, spec = found
        move = len(table.state.actions)
        start = time.perf_counter()
        action = decide(table.state, seat, spec, bot_seed(job.seed, seat, move, spec))
        spent = time.perf_counter() - start
        think[seat] += spent
        slowest[seat] = max(slowest[seat], spent)
        moves[seat] += 1
        try:
            table.bot_act(seat, game.format_action(action), move)
        except TableError as exc:
            raise CardhallError(f"arena game {job.index}, {job.labels[seat]}: {exc}") from None
    state = table.state
    scores = state.scores()
    winners = state.winners()
    result = {
        "index": job.index,
        "seed": job.seed,
        "bots": list(job.labels),
        "scores": scores,
        "winners": winners,
        "moves": len(state.actions),
    }
    timing = {"think": think, "slowest": slowest, "moves": moves}
    record = Record.of(state, final_scores=scores, arena={**result, "specs": list(job.specs), "timing": timing})
    return {**result, "timing": timing, "record": record.to_json()}
