"""The strength levels: one place names and describes them; every game and player count has
every level; a level replays exactly for a seed; each level's time cap is the ladder's."""

from __future__ import annotations

from pathlib import Path

import pytest

import cardhall
from cardhall.arena.ladder import CONFIGURATIONS
from cardhall.bots import make_bot
from cardhall.bots.careless import CarelessBot
from cardhall.bots.focused import FocusedSearchBot
from cardhall.bots.ismcts import ISMCTSBot
from cardhall.bots.levels import (
    HEURISTIC,
    LADDER,
    LEVELS,
    SEARCHES,
    choices,
    describe,
    heuristic_level,
    ladder,
    markdown_table,
)
from cardhall.bots.pimc import PIMCBot
from cardhall.core.bot import Bot, RandomBot
from cardhall.core.errors import CardhallError
from cardhall.core.game import Action
from cardhall.core.plugins import SearchProfile
from cardhall.core.registry import game_class
from cardhall.room.bots import bot_seed, decide

IDS = [f"{n}{o.get('players', '')}{'-solo' if o.get('solo') else ''}" for n, o in CONFIGURATIONS]
DOCS = Path(__file__).resolve().parents[2] / "docs" / "bots.md"


def test_the_ladder_is_random_easy_medium_hard_with_its_caps() -> None:
    """Weakest first; the caps per move are easy 0.2 s, medium 0.6 s, hard 1.5 s (random moves at once)."""
    assert [level.name for level in LADDER] == ["random", "easy", "medium", "hard"]
    assert {level.name: level.seconds for level in LADDER} == {"random": None, "easy": 0.2, "medium": 0.6, "hard": 1.5}
    assert LEVELS == ("easy", "medium", "hard")
    assert all(level.description.endswith(".") and len(level.description) < 90 for level in LADDER)


def test_every_configuration_of_the_issue_is_a_game_of_the_registry() -> None:
    assert {name for name, _ in CONFIGURATIONS} == set(cardhall.game_names())
    assert len(CONFIGURATIONS) == 12


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=IDS)
def test_every_game_and_player_count_has_every_level(name: str, options: dict[str, object]) -> None:
    """Each level's spec builds a bot of the declared kind, by its name and by its spec."""
    game = cardhall.load(name, **options)
    assert game_class(name).plugins.search != SearchProfile()  # declared, not the default
    levels = ladder(name)
    assert [level.name for level in levels] == [level.name for level in LADDER]
    for level in levels:
        for spec in (level.name, level.spec):
            bot = make_bot(game, spec, 3)
            assert isinstance(bot, Bot)
    assert isinstance(make_bot(game, "random"), RandomBot)


@pytest.mark.parametrize("name", cardhall.game_names())
def test_each_level_keeps_within_its_cap(name: str) -> None:
    """A searching level has a budget of iterations or worlds (so a seeded game replays) and
    the level's wall-time cap; a level that does not search is the game's heuristic, or the
    careless heuristic, which move at once. (A spec check: no timing is asserted.)"""
    game = cardhall.load(name)
    for level in ladder(name)[1:]:
        kind = level.spec.partition(":")[0]
        bot = make_bot(game, level.name, 1)
        if kind in SEARCHES:
            search = bot.search if isinstance(bot, FocusedSearchBot) else bot
            assert isinstance(search, ISMCTSBot | PIMCBot)
            assert search.seconds == level.seconds
            assert (search.iterations if isinstance(search, ISMCTSBot) else search.worlds) is not None
        else:
            assert level.spec == "heuristic" or isinstance(bot, CarelessBot), level
            assert not isinstance(bot, ISMCTSBot | PIMCBot | FocusedSearchBot)
    assert make_bot(game, "easy:blunder=0.2").blunder == 0.2  # type: ignore[attr-defined]
    if heuristic_level(name) == "medium":
        with pytest.raises(CardhallError, match=r"medium is the heuristic bot in .*, which takes no parameters"):
            make_bot(game, "medium:seconds=none")
    else:
        with pytest.raises(CardhallError, match=r"bad parameter 'seconds=none' for bot 'medium'; .* one of blunder"):
            make_bot(game, "medium:seconds=none")


@pytest.mark.parametrize("name", cardhall.game_names())
def test_medium_is_the_heuristic_or_slips_less_than_easy(name: str) -> None:
    """`medium` is the heuristic, or, where `hard`'s lead over the heuristic is small (Hearts,
    5 Towers), the heuristic with slips: fewer than `easy`'s blunders, so easy < medium still
    holds by construction, and the heuristic comes between medium and hard in the choices."""
    game = cardhall.load(name)
    easy, medium = make_bot(game, "easy", 1), make_bot(game, "medium", 1)
    assert isinstance(easy, CarelessBot)
    if name in ("hearts", "five-towers"):
        assert heuristic_level(name) is None
        assert isinstance(medium, CarelessBot) and 0 < medium.blunder < easy.blunder
        assert choices(name) == ["random", "easy", "medium", "heuristic", "hard"]
    else:
        assert heuristic_level(name) == "medium"
        assert choices(name) == ["random", "easy", "medium", "hard"]


def moves(game: cardhall.Game, spec: str, seed: int, count: int) -> list[Action]:
    """The first `count` moves of a game of `spec` bots in every seat, each move thought by a
    fresh bot seeded as at a table (`cardhall.room.bots`)."""
    state = game.new_state(seed)
    while not state.is_over() and len(state.actions) < count:
        seat = state.to_move()
        assert seat is not None
        state.apply(decide(state, seat, spec, bot_seed(seed, seat, len(state.actions), spec)))
    return list(state.actions)


@pytest.mark.parametrize(("name", "options"), CONFIGURATIONS, ids=IDS)
def test_levels_are_deterministic_for_a_seed(name: str, options: dict[str, object]) -> None:
    """The same game seed and level give the same moves (hard with its cap lifted, the one
    thing that may make a search depend on the machine's load; easy and medium have none)."""
    game = cardhall.load(name, **options)
    for spec, count in (("random", 40), ("easy", 40), ("medium", 40), ("hard:seconds=none", 3)):
        first = moves(game, spec, 11, count)
        assert moves(game, spec, 11, count) == first
    assert moves(game, "easy", 11, 40) != moves(game, "medium", 11, 40)  # easy blunders


def test_the_room_and_the_terminal_read_the_levels_from_one_place() -> None:
    """The lobby's bot choices and `cardhall play --help` say what `cardhall.bots.levels` says."""
    from cardhall.cli import play_help
    from cardhall.web.app import games_catalog

    for game in games_catalog():
        bots = [(b["spec"], b["description"]) for b in game["bots"]]
        assert bots == [(f"bot:{name}", describe(name)) for name in choices(game["name"])]
    text = " ".join(play_help().split())
    for level in LADDER:
        assert f"{level.name}: {level.description}" in text
    assert HEURISTIC in text
    assert "it plays as the level medium; in 5 Towers, Hearts it sits between medium and hard" in text


def test_docs_show_the_levels_as_the_code_declares_them() -> None:
    """docs/bots.md holds `cardhall.bots.levels.markdown_table()` as it is."""
    assert markdown_table() in DOCS.read_text(encoding="utf-8"), f"paste into docs/bots.md:\n{markdown_table()}"
