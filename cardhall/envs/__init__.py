"""Reinforcement-learning environments for every cardhall game (see docs/envs.md).

    from cardhall.envs import env, single
    e = env("hearts", players=3)              # a PettingZoo AECEnv
    g = single("jass", opponents="heuristic")  # a Gymnasium Env: seat 0 against three bots

Needs the `envs` extra: `pip install "cardhall[envs]"`.
"""

from __future__ import annotations

from typing import Any

from cardhall.core.registry import load
from cardhall.envs.aec import CardhallEnv
from cardhall.envs.single import SingleAgentEnv

VARIANTS: list[tuple[str, dict[str, Any]]] = [
    *(("five-towers", {"players": p}) for p in (2, 3, 4, 5)),
    ("five-towers", {"players": 3, "spanish_eight": True}),
    ("hearts", {"players": 4}),
    ("hearts", {"players": 3}),
    ("jass", {}),
    ("putz", {"players": 3}),
    ("putz", {"players": 5}),
    ("three-two-five", {}),
    ("clash-of-decks", {"format": "precon"}),
    ("clash-of-decks", {"format": "draft"}),
    ("clash-of-decks", {"format": "constructed"}),
    ("clash-of-decks", {"solo": True}),
    ("clash-of-decks", {"solo": True, "format": "precon", "decks": "3"}),
]
"""Every game and variant the environments are tested on (the game options that change
the seats, the deal or the actions)."""


def env(name: str, reward: str = "win", render_mode: str | None = None, **options: Any) -> CardhallEnv:
    """A PettingZoo AEC environment for game `name` with its `options` (as `cardhall.load`).

    `reward`: `win` (±1 at the end), `score` (score difference at the end) or `deal`
    (score difference at each deal's end; multi-deal games)."""
    return CardhallEnv(load(name, **options), reward=reward, render_mode=render_mode)


def single(name: str, opponents: str = "heuristic", seat: int = 0, reward: str = "win",
           **options: Any) -> SingleAgentEnv:
    """A single-agent Gymnasium environment: the learner plays `seat`, bots (`opponents`, a
    bot spec of `cardhall.bots.make_bot` such as `random` or `heuristic`) play the others."""
    return SingleAgentEnv(load(name, **options), opponents=opponents, seat=seat, reward=reward)


__all__ = ["VARIANTS", "CardhallEnv", "SingleAgentEnv", "env", "single"]
