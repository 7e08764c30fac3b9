"""Bots over the wire: a seat's view and legal notations, as JSON, are enough for the bots
docs/room.md says work remotely (they choose exactly as at the server); the others are refused
with a sentence."""

from __future__ import annotations

import json
import random

import pytest

import cardhall
from cardhall.bots import make_bot
from cardhall.core.bot import Observation
from cardhall.web.remote_bot import WireBotError, check_wire_bot, wire_heuristics, wire_observation

VIEW_ONLY = [("hearts", {}), ("jass", {}), ("putz", {"players": 3}), ("three-two-five", {})]
SAMPLING = [("five-towers", {}), ("clash-of-decks", {})]


def test_the_wire_capable_heuristics_are_those_the_games_declare() -> None:
    assert wire_heuristics() == [name for name, _ in VIEW_ONLY]
    assert not {name for name, _ in SAMPLING} & set(wire_heuristics())
    with pytest.raises(WireBotError, match=r"heuristic \(hearts, jass, putz, three-two-five\)"):
        check_wire_bot("hard")


def over_the_wire(state: cardhall.State, seat: int, spec: str) -> Observation:
    """The observation a remote seat builds from its JSON messages."""
    view = json.loads(json.dumps(state.view(seat)))
    legal = json.loads(json.dumps([state.game.format_action(a) for a in state.legal_actions()]))
    return wire_observation(state.game, seat, view, legal, spec)


@pytest.mark.parametrize(("name", "options"), VIEW_ONLY)
@pytest.mark.parametrize("spec", ["heuristic", "random"])
def test_view_only_bots_choose_over_the_wire_as_at_the_server(name: str, options: dict[str, object], spec: str) -> None:
    game = cardhall.load(name, **options)
    rng = random.Random(5)
    for seed in range(2):
        state = game.new_state(seed)
        for move in range(120):
            seat = state.to_move()
            if seat is None:
                break
            local = make_bot(game, spec, seed * 1000 + move).act(Observation.of(state, seat))
            remote = make_bot(game, spec, seed * 1000 + move).act(over_the_wire(state, seat, spec))
            assert remote == local, f"{name} seed {seed} move {move}"
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("name", "options"), SAMPLING)
def test_a_heuristic_that_samples_is_refused_with_a_sentence(name: str, options: dict[str, object]) -> None:
    game = cardhall.load(name, **options)
    state = game.new_state(3)
    rng = random.Random(3)
    while len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move()
    assert seat is not None
    with pytest.raises(WireBotError, match=r"deals the hidden cards again .* obs.view and obs.legal"):
        make_bot(game, "heuristic", 0).act(over_the_wire(state, seat, "heuristic"))


@pytest.mark.parametrize("spec", ["hard", "ismcts:iterations=10", "pimc:worlds=2", "HARD:seconds=1", "focused:worlds=2"])
def test_search_bots_are_refused_before_sitting_down(spec: str) -> None:
    with pytest.raises(WireBotError, match="a seat over the wire gets only its view and legal moves"):
        check_wire_bot(spec)
    for plays_on_its_view in ("heuristic", "random", "easy", "medium", "careless:blunder=0.2"):  # no search
        check_wire_bot(plays_on_its_view)
