"""IS-MCTS and the bot registry: determinism, budgets, specs, endgames, no peeking."""

from __future__ import annotations

import random

import pytest

import cardhall
from cardhall.bots import ISMCTSBot, bot_names, make_bot
from cardhall.bots.focused import FocusedSearchBot
from cardhall.bots.ismcts import Evaluation
from cardhall.bots.levels import level_spec
from cardhall.bots.pimc import PIMCBot
from cardhall.core.bot import Observation
from cardhall.core.errors import CardhallError
from cardhall.core.game import Action
from cardhall.room import play_game
from tests.bots.helpers import classify, present_game, random_position

GAMES = cardhall.game_names()
# Every bot kind; hard runs here with a small budget of its own kind.
KINDS = ["random", "heuristic", "easy", "medium", "careless:blunder=0.3",
         "hard:SMALL", "ismcts:iterations=12", "ismcts:iterations=8:rollout=heuristic", "pimc:worlds=3",
         "pimc:worlds=2:rollout=heuristic"]


def small(game: cardhall.Game, kind: str) -> str:
    """`hard:SMALL` is the game's hard level with a small budget of its own kind."""
    if kind != "hard:SMALL":
        return kind
    spec = level_spec(game.name, "hard")
    if spec.startswith("pimc"):
        return "hard:worlds=2:seconds=none"
    if spec.startswith("ismcts"):
        return "hard:iterations=12:seconds=none"
    return "hard:worlds=2:horizon=3"  # the focused search (5 Towers' bids)


@pytest.fixture(params=GAMES)
def game(request: pytest.FixtureRequest) -> cardhall.Game:
    return present_game(request.param)


def choose(game: cardhall.Game, kind: str, state: cardhall.State, seed: int = 5) -> object:
    return make_bot(game, small(game, kind), seed).act(Observation.of(state))


@pytest.mark.parametrize("kind", KINDS)
def test_no_peeking_same_view_same_choice(game: cardhall.Game, kind: str) -> None:
    """A bot must not peek: two states identical from its seat (the real one, and one with the
    hidden cards re-dealt by `sample`) yield the same choice for the same seed."""
    for pos_seed, steps in ((1, 3), (2, 17), (3, 40)):
        state = random_position(game, pos_seed, steps)
        if state.is_over():
            continue
        seat = state.to_move()
        assert seat is not None
        other = state.sample(seat, random.Random(99))
        assert other.view(seat) == state.view(seat), "sample must look the same from the seat"
        assert other.legal_actions() == state.legal_actions()
        assert state.sample(seat, random.Random(5)) == other.sample(seat, random.Random(5)), \
            "sample() must depend only on the view (sort unseen cards before shuffling)"
        assert choose(game, kind, state) == choose(game, kind, other)


def test_ismcts_is_deterministic_for_a_seed(game: cardhall.Game) -> None:
    """With an iteration budget, the same seed gives the same search and the same move."""
    state = random_position(game, 4, 10)
    bots = [make_bot(game, "ismcts:iterations=40", 11) for _ in range(2)]
    assert isinstance(bots[0], ISMCTSBot)
    roots = [b.search(Observation.of(state)) for b in bots]
    assert {a: c.visits for a, c in roots[0].children.items()} == {a: c.visits for a, c in roots[1].children.items()}
    assert sum(c.visits for c in roots[0].children.values()) == 40


def test_ismcts_plays_a_whole_game_legally(game: cardhall.Game) -> None:
    """Every bot kind plays legal moves to the end of a game (checked by `apply`)."""
    state = game.new_state(8)
    bots = [make_bot(game, ["ismcts:iterations=6", "heuristic", "random"][s % 3], s) for s in range(game.num_players)]
    play_game(state, bots)
    assert state.is_over()


def test_time_budget_stops_the_search(game: cardhall.Game) -> None:
    state = random_position(game, 5, 5)
    bot = make_bot(game, "ismcts:seconds=0.05", 1)
    assert isinstance(bot, ISMCTSBot) and bot.iterations is None
    assert bot.act(Observation.of(state)) in state.legal_actions()
    assert bot.last_iterations >= 1


def test_pimc_is_deterministic_and_pairs_its_moves(game: cardhall.Game) -> None:
    """PIMC with a world budget: the same seed gives the same values; every legal move is
    judged on every world (values are means over the same worlds)."""
    state = random_position(game, 6, 12)
    if state.is_over() or len(state.legal_actions()) < 2:
        state = random_position(game, 6, 2)
    bots = [make_bot(game, "pimc:worlds=3", 4) for _ in range(2)]
    assert isinstance(bots[0], PIMCBot) and isinstance(bots[1], PIMCBot)
    values = [b.values(Observation.of(state)) for b in bots]
    assert values[0] == values[1] and len(values[0]) == len(state.legal_actions())
    assert bots[0].last_worlds == 3 and all(0.0 <= v <= 1.0 for v in values[0])


def test_bot_names_and_bad_specs(game: cardhall.Game) -> None:
    """Unknown bots and bad parameters are clear errors naming what is allowed."""
    assert {"random", "easy", "medium", "hard", "ismcts", "pimc", "careless"} <= set(bot_names(game))
    with pytest.raises(CardhallError, match="bad value 'often' for bot parameter blunder"):
        make_bot(game, "careless:blunder=often")
    with pytest.raises(CardhallError, match="blunder must be a probability from 0 to 1, got 2"):
        make_bot(game, "careless:blunder=2")
    with pytest.raises(CardhallError, match="bad parameter 'iterations=3' for bot 'pimc'"):
        make_bot(game, "pimc:iterations=3")
    with pytest.raises(CardhallError, match="bad value '0' for bot parameter worlds"):
        make_bot(game, "pimc:worlds=0")
    with pytest.raises(CardhallError, match=r"unknown bot 'genius'.*available: random"):
        make_bot(game, "genius")
    with pytest.raises(CardhallError, match="bad parameter 'depth=3'"):
        make_bot(game, "ismcts:depth=3")
    with pytest.raises(CardhallError, match="bad value 'many' for bot parameter iterations"):
        make_bot(game, "ismcts:iterations=many")
    with pytest.raises(CardhallError, match="rollout must be random or heuristic"):
        make_bot(game, "ismcts:rollout=smart")
    with pytest.raises(CardhallError, match="does not exist"):
        make_bot(game, "nowhere/bot.py:MyBot")


def test_custom_bot_from_a_file(tmp_path, game: cardhall.Game) -> None:  # type: ignore[no-untyped-def]
    """`file.py:Class` loads a user's bot (the docs' write-your-own-bot example)."""
    path = tmp_path / "first_bot.py"
    path.write_text("from cardhall.bots import Bot\n\nclass FirstBot(Bot):\n"
                    "    def act(self, obs):\n        return obs.legal[0]\n", encoding="utf-8")
    bot = make_bot(game, f"{path}:FirstBot", 3)
    state = random_position(game, 1, 2)
    assert bot.act(Observation.of(state)) == state.legal_actions()[0]
    with pytest.raises(CardhallError, match="is not a Bot class"):
        make_bot(game, f"{path}:Missing")


def test_evaluation_rewards_win_share_and_score_direction() -> None:
    """Rewards are in [0, 1]; tied winners share the win; sign −1 prefers fewer points."""
    hearts = present_game("hearts")
    state = hearts.new_state(3)
    rng = random.Random(0)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    ev = Evaluation(win_weight=1.0, sign=-1)
    rewards = ev.rewards(state, [0.0] * 4, over=True)
    winners = state.winners()
    assert all(abs(rewards[w] - 1 / len(winners)) < 1e-9 for w in winners)
    assert sum(rewards) == pytest.approx(1.0)
    part = Evaluation(win_weight=0.0, sign=-1).rewards(state, [0.0] * 4, over=False)
    best = min(range(4), key=lambda s: state.scores()[s])
    assert max(part) == part[best] and all(0.0 <= r <= 1.0 for r in part)


def test_ismcts_finds_the_winning_move_five_towers_endgame() -> None:
    """ISMCTS finds the winning move in a small endgame: 5 Towers, last round of seed 2's
    random game, where `bid 1` surely wins and `bid 0` surely loses (checked exhaustively on
    the real state and on determinizations); set up through `state_from_json`."""
    game = present_game("five-towers")
    rng = random.Random(2)
    state = game.new_state(2)
    history = []
    while not state.is_over():
        history.append(rng.choice(state.legal_actions()))
        state.apply(history[-1])
    position = game.new_state(2)
    for action in history[:81]:
        position.apply(action)
    position = game.state_from_json(position.to_json())
    wins, losses = classify(position, len(history) - 81)
    assert wins and losses, "the hand-made endgame must have a sure win and a sure loss"
    bot = ISMCTSBot(0, iterations=300, evaluation=Evaluation(win_weight=1.0))
    assert bot.act(Observation.of(position)) in wins
    hard = make_bot(game, "hard:seconds=none", 0)
    assert hard.act(Observation.of(position)) in wins


def test_docs_write_your_own_bot_example(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """The bot of docs/bots.md is under 30 lines and plays a game through `file.py:Class`."""
    from pathlib import Path

    text = (Path(__file__).parents[2] / "docs" / "bots.md").read_text(encoding="utf-8")
    code = text.split("```python\n", 1)[1].split("```", 1)[0]
    assert len(code.strip().splitlines()) < 30
    path = tmp_path / "my_bot.py"
    path.write_text(code, encoding="utf-8")
    game = present_game("clash-of-decks")
    state = game.new_state(1)
    bots = [make_bot(game, f"{path}:GreedyBot", 1), make_bot(game, "random", 2)]
    play_game(state, bots)
    assert state.is_over()


def find_hearts_endgame(game: cardhall.Game) -> tuple[cardhall.State, list[Action]]:
    """The first late position, over seeds 8, 9, …, of a random one-deal game where one card
    surely wins and another surely loses (rebuilt through `state_from_json`), and its
    winning cards."""
    for seed in range(8, 60):
        rng = random.Random(seed)
        state = game.new_state(seed)
        history = []
        while not state.is_over():
            history.append(rng.choice(state.legal_actions()))
            state.apply(history[-1])
        for k in range(1, 9):  # the last moves of the game
            position = game.new_state(seed)
            for action in history[:-k]:
                position.apply(action)
            position = game.state_from_json(position.to_json())
            if len(position.legal_actions()) < 2:
                continue
            wins, losses = classify(position, k)
            if wins and losses:
                return position, wins
    pytest.fail("no endgame with a sure win and a sure loss in seeds 8–59")


def test_ismcts_finds_the_winning_move_hearts_endgame() -> None:
    """ISMCTS finds the winning move in a small Hearts endgame (a one-deal game, `target=1`):
    the last tricks of a seeded random game, where one card surely wins the game and another
    surely loses it (checked exhaustively on the real state and on determinizations); set up
    through `state_from_json`."""
    present_game("hearts")
    game = cardhall.load("hearts", target=1)
    position, wins = find_hearts_endgame(game)
    bot = ISMCTSBot(0, iterations=300, evaluation=Evaluation(win_weight=1.0))
    assert bot.act(Observation.of(position)) in wins
    hard = make_bot(game, "hard:seconds=none", 0)  # PIMC with the heuristic rollouts
    assert hard.act(Observation.of(position)) in wins


def test_evaluation_can_judge_by_a_games_position_values() -> None:
    """With `value`, the score term compares the game's position values (5 Towers: score plus
    room left on the towers) instead of the scores; at the game's end they are the scores."""
    from cardhall.games.five_towers.bot import position_values

    game = present_game("five-towers")
    state = random_position(game, 3, 20)
    ev = Evaluation(win_weight=0.0, scale=8.0, value=position_values)
    assert list(ev.values(state)) == position_values(state) != state.scores()
    rng = random.Random(1)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    assert position_values(state) == pytest.approx(state.scores())


def test_a_level_can_search_by_time_alone(game: cardhall.Game) -> None:
    """`hard:worlds=none:seconds=S` (or `iterations=none`) searches for S seconds per move,
    as the equal-time comparison with OpenSpiel's bot does; no budget at all is an error.
    (5 Towers' hard, the focused search, passes them to its PIMC search.)"""
    budget = "iterations" if level_spec(game.name, "hard").startswith("ismcts") else "worlds"
    bot = make_bot(game, f"hard:{budget}=none:seconds=0.02", 1)
    search = bot.search if isinstance(bot, FocusedSearchBot) else bot
    assert getattr(search, budget) is None and search.seconds == 0.02  # type: ignore[attr-defined]
    with pytest.raises(CardhallError, match="needs a budget"):
        make_bot(game, f"hard:{budget}=none:seconds=none")


def test_five_towers_hard_searches_bids_and_builds_by_counting() -> None:
    """5 Towers' hard (the focused search with its declared CountingBot): level parameters
    reach it (the rightmost value wins), a build is the counting bot's, and a bid is one of
    the legal bids."""
    from cardhall.games.five_towers.bot import CountingBot

    game = present_game("five-towers")
    bot = make_bot(game, "hard:worlds=3:horizon=4", 2)
    assert isinstance(bot, FocusedSearchBot) and bot.search.worlds == 3 and bot.search.horizon == 4
    assert isinstance(bot.base, CountingBot) and bot.search.seconds == 1.5
    rng = random.Random(5)
    state = game.new_state(5)
    seen = set()
    while not state.is_over() and len(seen) < 2:
        obs = Observation.of(state)
        if len(obs.legal) > 1:
            phase = obs.view["phase"]
            seen.add(phase)
            choice = bot.act(obs)
            assert choice in obs.legal
            if phase == "build":
                assert choice == CountingBot(2).act(obs)
        state.apply(rng.choice(state.legal_actions()))
    assert seen == {"bid", "build"}


def test_level_parameter_values_that_do_not_parse_are_sentences() -> None:
    """`hard:worlds=abc` in 5 Towers (the focused search behind the level) is a CardhallError
    naming the parameter and what it takes, not a traceback; a game without a focus bot has
    no focused search."""
    game = present_game("five-towers")
    with pytest.raises(CardhallError, match=r"bad value 'abc' for bot parameter worlds \(worlds: a whole number"):
        make_bot(game, "hard:worlds=abc")
    with pytest.raises(CardhallError, match="hearts declares no focus bot"):
        make_bot(present_game("hearts"), "focused:worlds=2")
