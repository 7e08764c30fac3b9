"""Shared helpers of the bot tests: the present games, and endgame positions with a known
winning move found by exhaustive search over several determinizations."""

from __future__ import annotations

import random

import pytest

import cardhall
from cardhall.core.game import Action, Game, State
from tests.helpers import random_prefix


def present_game(name: str) -> Game:
    """The game `name` with default options; skip the test if its engine is not there yet."""
    try:
        return cardhall.load(name)
    except ModuleNotFoundError:
        pytest.skip("engine not present")


def random_position(game: Game, seed: int, steps: int) -> State:
    """The position after `steps` random moves (or fewer if the game ends first, or where the
    mover first has a real choice afterwards)."""
    state: State = random_prefix(game, seed, steps)
    while not state.is_over() and len(state.legal_actions()) < 2:
        state.apply(state.legal_actions()[0])
    return state


class TooBig(Exception):
    """The endgame tree is too large to settle by exhaustive search."""


def forced(state: State, seat: int, depth: int, budget: list[int] | None = None) -> int | None:
    """1 if `seat` wins whatever the others do (playing well itself), 0 if it loses whatever
    anyone does, None if neither is certain within `depth` moves."""
    mover = state.to_move()
    if mover is None:
        return 1 if seat in state.winners() else 0
    if depth == 0:
        return None
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise TooBig
    values = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        values.append(forced(child, seat, depth - 1, budget))
        if mover == seat and values[-1] == 1:
            return 1
    if all(v == 0 for v in values):
        return 0
    if mover != seat and all(v == 1 for v in values):
        return 1
    return None


def classify(state: State, depth: int, samples: int = 8) -> tuple[list[Action], list[Action]]:
    """The mover's surely winning and surely losing actions, judged on the real state and
    on `samples` determinizations from the mover's seat (so hidden cards cannot matter)."""
    seat = state.to_move()
    assert seat is not None
    rng = random.Random(1)
    worlds = [state] + [state.sample(seat, rng) for _ in range(samples)]
    wins, losses = [], []
    budget = [20000]
    for action in state.legal_actions():
        values = set()
        for world in worlds:
            child = world.clone()
            child.apply_unchecked(action)
            values.add(forced(child, seat, depth, budget))
            if len(values) > 1 or None in values:
                break
        if values == {1}:
            wins.append(action)
        elif values == {0}:
            losses.append(action)
    return wins, losses


def find_endgame(game: Game, tries: int = 30, back: int = 10) -> tuple[State, list[Action]] | None:
    """A late position of a seeded random game where some moves surely win and others surely lose."""
    for seed in range(tries):
        rng = random.Random(seed)
        state = game.new_state(seed)
        history = []
        while not state.is_over():
            action = rng.choice(state.legal_actions())
            history.append(action)
            state.apply(action)
        for k in range(1, min(back, len(history)) + 1):
            pos = game.new_state(seed)
            for action in history[:-k]:
                pos.apply(action)
            if len(pos.legal_actions()) < 2:
                continue
            try:
                wins, losses = classify(pos, k)
            except TooBig:
                break
            if wins and losses:
                return pos, wins
    return None
