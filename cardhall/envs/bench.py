"""`cardhall bench envs [--vs openspiel] [--json]`: environment steps per second.

For each game (in its default options) a PettingZoo loop plays random masked actions:
`env.last()` (which builds the observation and its mask), a uniformly random token among
those the mask allows, `env.step`; one step is one token. With `--vs openspiel`, OpenSpiel's
`hearts` is driven the same way through its Python API in the same run: per decision the
player's `information_state_tensor()` and `legal_actions()`, a random legal action,
`apply_action` (chance nodes — the pass direction and the deal — are applied but not
counted as steps). Timing is CPU time with the garbage collector paused, best of short
alternating rounds (`cardhall.core.bench.compare`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import numpy as np

from cardhall.core.bench import compare, measure
from cardhall.core.errors import CardhallError
from cardhall.envs import env

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("five-towers", {}), ("hearts", {}), ("jass", {}), ("putz", {}), ("three-two-five", {}), ("clash-of-decks", {}),
]
PEERS = ("openspiel",)
CHUNK = 200  # steps per unit of work


def env_work(name: str, options: dict[str, Any]) -> Callable[[int], float]:
    """`CHUNK` random masked steps of the game's AEC environment per call (resets included)."""
    e = env(name, **options)
    rng = random.Random(1)
    e.reset(seed=0)

    def work(seed: int) -> float:
        for _ in range(CHUNK):
            obs, _, term, trunc, _ = e.last()
            if term or trunc:
                e.reset(seed=seed)
                continue
            e.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        return float(CHUNK)

    return work


def openspiel_work() -> Callable[[int], float]:
    """One random deal of OpenSpiel's `hearts` per call; returns the player decisions made,
    each with the player's information-state tensor built."""
    from cardhall.games.hearts.peer import peer_game

    peer = peer_game(False)
    choice = random.Random(1).choice

    def work(seed: int) -> float:
        state = peer.new_initial_state()
        steps = 0
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(choice([a for a, _ in state.chance_outcomes()]))
                continue
            state.information_state_tensor()
            state.apply_action(choice(state.legal_actions()))
            steps += 1
        return float(steps)

    return work


def run(seconds: float = 3.0, vs: str | None = None) -> dict[str, Any]:
    """Steps per second per game (and OpenSpiel's hearts beside ours with `vs`)."""
    if vs is not None and vs not in PEERS:
        raise CardhallError(f"--vs must be one of {', '.join(PEERS)}; got {vs!r}")
    figures: dict[str, Any] = {}
    for name, options in GAMES:
        if name == "hearts" and vs is not None:
            pair = compare(env_work(name, options), openspiel_work(), seconds)
            figures[name] = pair["ours"]
            figures["openspiel hearts"] = pair["peer"]
            figures["hearts / openspiel"] = pair["ratio"]
        else:
            figures[name] = round(measure(env_work(name, options), seconds)[0], 1)
    return {"unit": "environment steps per second", **figures}
