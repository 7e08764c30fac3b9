"""The kernel: options, registry, states, records and errors, on a toy game."""

from __future__ import annotations

import json
import random

import pytest

import cardhall
from cardhall.core import (
    IllegalAction,
    NotationError,
    OptionError,
    Record,
    RecordError,
    StateFormatError,
    UnknownGame,
)
from cardhall.core.bot import Observation, RandomBot
from cardhall.core.rng import MAX_SEED, chance_rng
from cardhall.room import play_game


def test_load_validates_and_fills_defaults(toy):
    g = cardhall.load("toy", pile="5", mode="fancy", bonus="yes")
    assert g.options == {"pile": 5, "mode": "fancy", "bonus": True}
    assert cardhall.load("toy").options == {"pile": 7, "mode": "plain", "bonus": False}


@pytest.mark.parametrize(
    ("options", "words"),
    [
        ({"pile": 0}, "pile=0 is not valid; it must be a whole number from 1 to 30"),
        ({"pile": "many"}, "it must be a whole number from 1 to 30"),
        ({"pile": True}, "it must be a whole number"),
        ({"mode": "odd"}, "it must be one of 'plain', 'fancy'"),
        ({"bonus": "perhaps"}, "it must be true or false"),
        ({"colour": "red"}, "unknown option 'colour'; the options of toy are: bonus, mode, pile"),
    ],
)
def test_bad_options_say_what_is_allowed(toy, options, words):
    with pytest.raises(OptionError, match=words.replace("(", r"\(").replace(")", r"\)")):
        cardhall.load("toy", **options)


def test_unknown_game_lists_the_games():
    with pytest.raises(UnknownGame) as err:
        cardhall.load("poker")
    assert "unknown game 'poker'; the games are: five-towers" in str(err.value)


def test_registry_reads_aliases_and_spelling():
    from cardhall.core.registry import canonical_name

    assert canonical_name("325") == "three-two-five"
    assert canonical_name("Five_Towers") == "five-towers"
    assert canonical_name("apple") == "putz"


def test_seed_must_be_a_valid_number(toy):
    with pytest.raises(cardhall.CardhallError, match="a seed must be a whole number from 0"):
        toy.new_state(seed=-1)
    assert 0 <= toy.new_state().seed <= MAX_SEED


def test_chance_rng_is_deterministic_and_distinct():
    a = [chance_rng(42, n).random() for n in range(3)]
    assert a == [chance_rng(42, n).random() for n in range(3)]
    assert len(set(a)) == 3
    assert chance_rng(43, 0).random() != a[0]


def test_illegal_action_leaves_the_state_untouched(toy):
    s = toy.new_state(seed=1)
    s.apply(2)
    s.apply(2)
    s.apply(2)  # pile 1 left
    before = s.to_json()
    with pytest.raises(IllegalAction, match="take 2 is not legal now; legal are: take 1"):
        s.apply(2)
    assert s.to_json() == before
    s.apply(1)
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply(1)


def test_notation_errors_say_the_expected_form(toy):
    s = toy.new_state(seed=1)
    with pytest.raises(NotationError, match="write take 1 or take 2"):
        s.apply_text("grab 3")
    assert s.apply_text("TAKE 2") == 2


def test_clone_is_independent(toy):
    s = toy.new_state(seed=3)
    c = s.clone()
    c.apply(1)
    assert s.actions == [] and c.actions == [1]
    assert s.pile == 7 and c.pile == 6


def test_json_round_trip_and_errors(toy):
    s = toy.new_state(seed=5)
    s.apply(1)
    data = json.loads(json.dumps(s.to_json()))
    t = toy.state_from_json(data)
    assert t == s and t.actions == [1]
    with pytest.raises(StateFormatError, match="must be a JSON object"):
        toy.state_from_json([1, 2])
    with pytest.raises(StateFormatError, match="for game 'hearts', not 'toy'"):
        toy.state_from_json({**data, "game": "hearts"})
    with pytest.raises(StateFormatError, match="saved with options"):
        toy.state_from_json({**data, "options": {"pile": 9}})
    with pytest.raises(StateFormatError, match="missing field 'pile'"):
        toy.state_from_json({**data, "state": {"chance": 1, "secrets": [1, 2], "mover": 0}})
    with pytest.raises(StateFormatError, match="seed"):
        toy.state_from_json({**data, "seed": "abc"})
    with pytest.raises(StateFormatError, match="take 1 or take 2"):
        toy.state_from_json({**data, "history": ["take 9"]})


def test_record_replays_exactly(toy, tmp_path):
    s = toy.new_state(seed=11)
    play_game(s, [RandomBot(1), RandomBot(2)])
    rec = Record.of(s, final_scores=s.scores())
    path = rec.save(tmp_path / "g.json")
    again = Record.load(path)
    assert again == rec
    assert again.check() == s


def test_record_errors_are_sentences(toy, tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    with pytest.raises(RecordError, match="is not valid JSON"):
        Record.load(bad)
    with pytest.raises(RecordError, match="cannot read record"):
        Record.load(tmp_path / "missing.json")
    with pytest.raises(RecordError, match="lacks seed, actions"):
        Record.from_json({"game": "toy"})
    with pytest.raises(RecordError, match="actions must be a list of action texts"):
        Record.from_json({"game": "toy", "seed": 1, "actions": [1]})
    with pytest.raises(RecordError, match="record field seed"):
        Record.from_json({"game": "toy", "seed": -5, "actions": []})
    with pytest.raises(RecordError, match="unknown game 'chess'"):
        Record.from_json({"game": "chess", "seed": 1, "actions": []}).replay()
    with pytest.raises(RecordError, match=r"move 2 \('take 5'\) does not replay"):
        Record.from_json({"game": "toy", "seed": 1, "actions": ["take 1", "take 5"]}).replay()
    with pytest.raises(RecordError, match="unknown option"):
        Record.from_json({"game": "toy", "options": {"x": 1}, "seed": 1, "actions": []}).replay()
    rec = Record.from_json({"game": "toy", "seed": 1, "actions": ["take 2"] * 3 + ["take 1"],
                            "meta": {"final_scores": [99, 0]}})
    with pytest.raises(RecordError, match="the record says"):
        rec.check()


def test_observation_holds_only_the_view(toy):
    s = toy.new_state(seed=2)
    obs = Observation.of(s)
    assert obs.seat == 0 and obs.legal == [1, 2] and obs.view == s.view(0)
    s.apply(1)  # the observation's sampler is frozen at its own position
    assert obs.sample(random.Random(0)).pile == 7
    assert obs.sample(random.Random(0)).secrets[0] == s.secrets[0]


def test_random_bot_is_deterministic(toy):
    a = play_game(toy.new_state(seed=9), [RandomBot(4), RandomBot(5)])
    b = play_game(toy.new_state(seed=9), [RandomBot(4), RandomBot(5)])
    assert a.actions == b.actions


def test_a_viewers_view_is_computed_once_per_position():
    """`view_of` keeps each viewer's view until the next move: the room's events and state
    messages of one change share it (the view after a move is the view before the next)."""
    import cardhall

    state = cardhall.load("hearts").new_state(4)
    calls = []
    real = type(state).view

    class Counting(type(state)):  # type: ignore[misc, valid-type]
        __slots__ = ()

        def view(self, seat):
            calls.append(seat)
            return real(self, seat)

    state.__class__ = Counting
    first = state.view_of(0)
    assert state.view_of(0) is first and calls == [0]
    action = state.legal_actions()[0]
    state.apply_with_events(action)  # the views before come from the memo; the views after are new
    assert calls.count(0) == 2
    after = state.view_of(0)
    assert calls.count(0) == 2 and after == real(state, 0) and after != first
    twin = state.clone()
    twin.apply(twin.legal_actions()[0])
    assert twin.view_of(0) == real(twin, 0) != after
