"""`cardhall bench`: engine speed, ours and (where installed) a peer engine's, in one run.

A game may add figures in its package's `bench.py` with
``def run(game: Game, seconds: float, vs: str | None) -> dict``; without one, the bench is
random playouts per second. Timings are measured, never asserted in tests.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from importlib import import_module
from typing import Any

from cardhall.core.errors import CardhallError
from cardhall.core.game import Game


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
    """The figures of `cardhall bench` for `game`."""
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        module = import_module(package + ".bench")
    except ModuleNotFoundError:
        module = None
    if module is not None:
        figures: dict[str, Any] = module.run(game, seconds, vs)
        return figures
    if vs is not None:
        raise CardhallError(f"{game.name} has no peer engine to compare with")
    return {"game": game.name, "games_per_second": round(rate(lambda i: random_playout(game, i), seconds), 2)}
