"""Every game declares its plug-ins (`Game.plugins`) and they load as what they promise;
an action is checked once and recorded once.

The plug-in paths are strings, so a typo would pass until someone used the part: here every
declared part of every registered game is loaded and checked for its kind.
"""

from __future__ import annotations

import inspect
import random

import pytest

import cardhall
from cardhall.bots import bot_names, make_bot
from cardhall.bots.levels import LEVELS
from cardhall.core.bot import Bot
from cardhall.core.errors import CardhallError
from cardhall.core.game import State
from cardhall.core.plugins import Plugins
from cardhall.core.text import TextUI, text_ui
from tests.core.toy import Toy

GAMES = cardhall.game_names()


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> cardhall.Game:
    return cardhall.load(request.param)


def test_every_declared_part_loads_as_what_it_promises(game: cardhall.Game) -> None:
    plugins = type(game).plugins
    assert plugins != Plugins(), f"{game.name} declares no plug-ins"
    assert issubclass(plugins.load("text_ui"), TextUI) and type(text_ui(game)) is plugins.load("text_ui")
    heuristic = plugins.load("heuristic")
    assert issubclass(heuristic, Bot) and isinstance(make_bot(game, "heuristic"), heuristic)
    for part in ("rollout", "position_values", "bench"):
        if getattr(plugins, part) is not None:
            assert callable(plugins.load(part))
    if plugins.rollout is not None:
        assert list(inspect.signature(plugins.load("rollout")).parameters) == ["state", "rng"]
    if plugins.bench is not None:
        assert list(inspect.signature(plugins.load("bench")).parameters) == ["game", "seconds", "vs"]
    if plugins.focus is not None:
        focus = plugins.load("focus")(0)
        assert all(callable(getattr(focus, m, None)) for m in ("act", "searches", "values", "rollout"))
    assert set(plugins.search.levels) == set(LEVELS)
    assert all(peer == peer.lower() for peer in plugins.peers)


def test_a_game_declaring_nothing_gets_the_generic_parts() -> None:
    """The toy game of the core tests declares no plug-ins: the generic text UI, no heuristic
    bot, random games per second for the bench, and no peer to compare with."""
    from cardhall.core import bench

    toy = Toy()
    assert type(text_ui(toy)) is TextUI
    assert "heuristic" not in bot_names(toy) and "focused" not in bot_names(toy)
    assert set(bench.run(toy, 0.01)) == {"game", "games_per_second"}
    with pytest.raises(CardhallError, match="toy has no peer engine"):
        bench.run(toy, 0.01, "openspiel")
    with pytest.raises(CardhallError, match="toy declares no focus bot"):
        make_bot(toy, "focused:worlds=2")


def test_a_plug_in_that_does_not_load_is_a_sentence() -> None:
    with pytest.raises(CardhallError, match=r"the game's heuristic plug-in 'no\.such\.module:Bot' cannot be loaded"):
        Plugins(heuristic="no.such.module:Bot").load("heuristic")


def test_an_unknown_peer_engine_is_named_with_the_available_ones() -> None:
    from cardhall.core import bench

    with pytest.raises(CardhallError, match=r"unknown peer engine 'jass-kit' for hearts; available: openspiel"):
        bench.run(cardhall.load("hearts"), 0.01, "jass-kit")


def test_apply_checks_legality_once_and_records_the_action_once(game: cardhall.Game,
                                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    """Over random games: `apply` calls `check_legal` once per action, `check_legal` builds
    `legal_actions()` at most once, and the action joins `actions` once. (`apply_with_events`
    plays through `apply`; its events are tested with the per-viewer events.)"""
    cls = type(game.new_state(0))
    calls = {"check": 0, "legal": 0}
    check, legal_actions = cls.check_legal, cls.legal_actions

    def counting_check(self: State, action: object) -> None:
        calls["check"] += 1
        before = calls["legal"]
        check(self, action)
        assert calls["legal"] - before <= 1, "check_legal built legal_actions() more than once"

    def counting_legal(self: State) -> list[object]:
        calls["legal"] += 1
        return legal_actions(self)

    rng = random.Random(3)
    for seed in range(3):
        state = game.new_state(seed)
        for _ in range(120):
            if state.is_over():
                break
            action = rng.choice(state.legal_actions())
            n = len(state.actions)
            monkeypatch.setattr(cls, "check_legal", counting_check)
            monkeypatch.setattr(cls, "legal_actions", counting_legal)
            calls.update(check=0, legal=0)
            state.apply(action)
            assert calls["check"] == 1
            monkeypatch.undo()
            assert state.actions[n:] == [action]


def test_every_game_draws_its_own_pictures(game: cardhall.Game) -> None:
    """The `web` part: a package of the game's holding its browser presenter (cardhall.web.presenters)."""
    from importlib import resources

    package = type(game).plugins.web
    assert package is not None and package.startswith(f"{type(game).__module__.rpartition('.')[0]}.")
    assert (resources.files(package) / "presenter.js").is_file()
    assert "export default" in (resources.files(package) / "presenter.js").read_text()
