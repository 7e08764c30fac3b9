"""Every registered game keeps the protocol's promises, checked on random games.

Game-specific rules live in each game's tests; this file holds what all games share:
replay equality, JSON round trips, views as JSON, samples consistent with views, illegal
actions rejected without a trace, clones independent, bots choosing legal actions.
"""

from __future__ import annotations

import json
import random
from importlib import resources
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardhall
from cardhall.bots import make_bot
from cardhall.core import IllegalAction, Record
from cardhall.core.bot import Observation
from cardhall.core.errors import OptionError
from cardhall.core.i18n import LANGUAGES
from cardhall.core.registry import game_class
from tests.helpers import random_prefix

GAMES = cardhall.game_names()
ROOT = Path(__file__).resolve().parents[1]


def present(name: str) -> bool:
    try:
        game_class(name)
    except ModuleNotFoundError:
        return False
    return True


@pytest.fixture(params=GAMES)
def game(request):
    if not present(request.param):
        pytest.skip("engine not present")
    return cardhall.load(request.param)


SEEDS = st.integers(min_value=0, max_value=2**32)
STEPS = st.integers(min_value=0, max_value=400)
quick = settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))


@quick
@given(seed=SEEDS, steps=STEPS)
def test_record_replays_to_the_same_state(game, seed, steps):
    state = random_prefix(game, seed, steps)
    rec = Record.from_json(json.loads(Record.of(state).dumps()))
    assert rec.replay() == state
    assert rec.check() == state


@quick
@given(seed=SEEDS, steps=STEPS)
def test_json_state_round_trips(game, seed, steps):
    state = random_prefix(game, seed, steps)
    again = game.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again == state
    assert again.legal_actions() == state.legal_actions()
    assert again.to_move() == state.to_move()


@quick
@given(seed=SEEDS, steps=STEPS)
def test_views_are_json_and_samples_agree_with_them(game, seed, steps):
    state = random_prefix(game, seed, steps)
    rng = random.Random(seed)
    for seat in range(game.num_players):
        view = state.view(seat)
        assert json.loads(json.dumps(view)) == view
        sample = state.sample(seat, rng)
        assert sample.view(seat) == view, f"sample for seat {seat} does not match its view"
        assert sample.actions == []
        if seat == state.to_move():
            assert sample.legal_actions() == state.legal_actions()


@quick
@given(seed=SEEDS, steps=STEPS)
def test_samples_depend_only_on_the_view(game, seed, steps):
    """Two states that look the same from a seat give the same samples for the same rng, so
    nothing hidden (not even the true order of unseen cards) can reach a searching bot."""
    state = random_prefix(game, seed, steps)
    for seat in range(game.num_players):
        twin = state.sample(seat, random.Random(seed))
        assert twin.view(seat) == state.view(seat)
        assert twin.sample(seat, random.Random(7)) == state.sample(seat, random.Random(7))


@quick
@given(seed=SEEDS, steps=STEPS)
def test_clone_is_independent(game, seed, steps):
    state = random_prefix(game, seed, steps)
    if state.is_over():
        return
    before = state.to_json()
    copy = state.clone()
    copy.apply(random.Random(seed).choice(copy.legal_actions()))
    assert state.to_json() == before


@quick
@given(seed=SEEDS, steps=STEPS)
def test_illegal_actions_leave_the_state_untouched(game, seed, steps):
    state = random_prefix(game, seed, steps)
    if state.is_over():
        return
    legal = state.legal_actions()
    # An action legal somewhere else in the game but not here, if we can find one.
    other = random_prefix(game, seed + 1, steps // 2 + 1)
    candidates = [a for a in ([] if other.is_over() else other.legal_actions()) if a not in legal]
    if not candidates:
        return
    before = state.to_json()
    with pytest.raises(IllegalAction) as err:
        state.apply(candidates[0])
    assert str(err.value)  # a sentence, not an empty error
    assert state.to_json() == before


def test_finished_games_have_winners_and_notation_round_trips(game):
    for seed in range(3):
        state = game.new_state(seed)
        rng = random.Random(seed)
        while not state.is_over():
            legal = state.legal_actions()
            assert legal, "a live state must have legal actions"
            assert len(set(legal)) == len(legal), "legal actions must be distinct"
            action = rng.choice(legal)
            text = game.format_action(action)
            assert game.parse_action(text, state) == action
            state.apply(action)
        assert state.winners(), "a finished game has at least one winner"
        assert state.legal_actions() == []
        assert len(state.scores()) == game.num_players


@pytest.mark.parametrize("kind", ["random", "heuristic"])
def test_bots_play_legal_actions_to_the_end(game, kind):
    state = game.new_state(seed=5)
    bots = [make_bot(game, kind, seed=s) for s in range(game.num_players)]
    while (seat := state.to_move()) is not None:
        action = bots[seat].act(Observation.of(state, seat))
        assert action in state.legal_actions()
        state.apply(action)
    assert state.winners()


@pytest.mark.parametrize("code", list(LANGUAGES))
def test_rules_for_players_are_shipped_in_every_language(game, code):
    """`cardhall rules GAME --lang L`: the package's rules/<game>.<lang>.md, written for players
    (no file names, no Decisions), with the same headings as the English file."""
    text = game.rules_text(code)
    assert len(text) > 500 and "Decision" not in text and ".py" not in text
    headings = [line.split(" ", 1)[0] for line in text.splitlines() if line.startswith("#")]
    assert headings == [line.split(" ", 1)[0] for line in game.rules_text("en").splitlines() if line.startswith("#")]


def test_rules_in_an_unknown_language_are_a_sentence(game):
    with pytest.raises(OptionError, match="cardhall does not speak 'xx'; choose one of en"):
        game.rules_text("xx")


def test_the_specification_for_developers_is_in_the_docs(game):
    package = type(game).__module__.split(".")[2]
    spec = ROOT / "docs" / "spec" / f"{package.replace('_', '-')}.md"
    assert "Decision" in spec.read_text(encoding="utf-8")
    assert not resources.files(f"cardhall.games.{package}").joinpath("rules.md").is_file()
