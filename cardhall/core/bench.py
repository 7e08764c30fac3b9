"""`cardhall bench`: engine speed, ours and (where installed) a peer engine's, in one run.

The measuring helpers live here, in the core, so a game's own bench (its `bench` plug-in,
``run(game, seconds, vs) -> dict``) may use them; without one, the bench is random playouts
per second. Timings are measured, never asserted in tests.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from typing import Any

from cardhall.core.bot import Bot, Observation
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game, State


def rate(work: Callable[[int], object], seconds: float, min_runs: int = 3) -> float:
    """How many times per second `work(i)` runs, measured for about `seconds`."""
    start = time.perf_counter()
    n = 0
    while True:
        work(n)
        n += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds and n >= min_runs:
            return n / elapsed


def bot_playout(state: State, bots: list[Bot]) -> State:
    """Let `bots` (one per seat) play `state` out, with no table around them: a measuring
    helper for a game's bench and experiments (engine plus bot speed, bot against bot).
    Games people or the arena play go through the room's Table (`cardhall.room.play_game`)."""
    while (seat := state.to_move()) is not None:
        state.apply(bots[seat].act(Observation.of(state, seat)))
    return state


def measure(work: Callable[[int], float], seconds: float, seed: int = 0) -> tuple[float, int]:
    """Run `work(seed)`, `work(seed + 1)`, … for about `seconds` of this process's CPU time
    with the garbage collector paused (as `timeit` does); return (units of work per
    second, the next seed). CPU time keeps other load on the machine out of the figure."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        done = 0.0
        start = time.process_time()
        while True:
            done += work(seed)
            seed += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                return done / elapsed, seed
    finally:
        if was_enabled:
            gc.enable()


def compare(ours: Callable[[int], float], peer: Callable[[int], float], seconds: float) -> dict[str, float]:
    """Our engine's and a peer's rate (units of work per second) measured in the same process:
    they take turns in short rounds (about 0.2 s each), so a change of load on the machine
    hits both alike, and each reports its best round (as `timeit` advises: the slower rounds
    measure the machine's other work, not the engine)."""
    rounds = max(3, round(seconds / 0.4))
    best_ours = best_peer = 0.0
    seed = peer_seed = 0
    for _ in range(rounds):
        rate_ours, seed = measure(ours, seconds / rounds / 2, seed)
        rate_peer, peer_seed = measure(peer, seconds / rounds / 2, peer_seed)
        best_ours, best_peer = max(best_ours, rate_ours), max(best_peer, rate_peer)
    return {"ours": round(best_ours, 1), "peer": round(best_peer, 1), "ratio": round(best_ours / best_peer, 2)}


def random_playout(game: Game, seed: int) -> int:
    """Play one game with uniformly random legal actions; return the number of actions."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    n = 0
    while not state.is_over():
        state.apply_unchecked(rng.choice(state.legal_actions()))
        n += 1
    return n


def run(game: Game, seconds: float = 3.0, vs: str | None = None) -> dict[str, Any]:
    """The figures of `cardhall bench` for `game`: its `bench` plug-in's, else random games per second.
    `vs` must be one of the game's declared `peers`."""
    plugins = game.plugins
    if vs is not None and vs.lower() not in plugins.peers:
        if not plugins.peers:
            raise CardhallError(f"{game.name} has no peer engine to compare with (got --vs {vs}); run it without --vs")
        raise CardhallError(f"unknown peer engine {vs!r} for {game.name}; available: {', '.join(plugins.peers)}")
    bench = plugins.load("bench")
    if bench is not None:
        figures: dict[str, Any] = bench(game, seconds, None if vs is None else vs.lower())
        return figures
    return {"game": game.name, "games_per_second": round(rate(lambda i: random_playout(game, i), seconds), 2)}
