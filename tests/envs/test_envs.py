"""The RL environments (docs/envs.md): the PettingZoo API, the action codecs, observations
that only a seat's view decides, seeded reproduction, rewards, the single-agent wrapper."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from pettingzoo.test import api_test, seed_test

import cardhall
from cardhall.core.errors import IllegalAction, OptionError
from cardhall.envs import VARIANTS, env, single
from cardhall.envs.codec import decode
from cardhall.envs.docs import tables
from cardhall.envs.driver import Driver, observation, spellings
from cardhall.envs.games import spec_for

ROOT = Path(__file__).resolve().parents[2]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'default'}" for name, opts in VARIANTS]
MOVES = 250  # actions per random game in the slower checks


def random_positions(name: str, options: dict, seed: int, moves: int = MOVES):
    """(state, seat to move) along a random game of `moves` actions at most."""
    state = cardhall.load(name, **options).new_state(seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if state.is_over():
            return
        yield state, state.to_move()
        state.apply(rng.choice(state.legal_actions()))


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_pettingzoo_api(name, options):
    api_test(env(name, **options), num_cycles=300)


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_codec_round_trips_every_legal_action(name, options):
    spec = spec_for(cardhall.load(name, **options))
    codec = spec.codec
    for state, seat in random_positions(name, options, seed=11):
        legal = state.legal_actions()
        view = state.view(seat)
        spelled = spellings(spec, legal, view)
        assert len(set(spelled)) == len(legal), "two legal actions share a spelling"
        for action, sp in zip(legal, spelled, strict=True):
            assert 1 <= len(sp) <= codec.max_tokens and all(0 <= t < codec.n for t in sp)
            assert decode(legal, spelled, sp) == action
            for k in range(1, len(sp)):  # a proper prefix is never a whole action
                assert decode(legal, spelled, sp[:k]) is None
    # and through the environment: spelling a random legal action plays exactly it
    driver = Driver(cardhall.load(name, **options))
    driver.reset(5)
    rng = random.Random(5)
    for _ in range(60):
        if driver.to_move() is None:
            break
        action = rng.choice(driver.state.legal_actions())
        for token in codec.encode(action, driver.view()):
            driver.step(token)
        assert driver.state.actions[-1] == action


@pytest.mark.parametrize(("name", "options"), VARIANTS, ids=IDS)
def test_observation_depends_only_on_the_seats_view(name, options):
    """A state and its samples from a seat's point of view (hidden cards re-dealt) give that
    seat equal observations, masks and pending tokens included; different positions differ."""
    spec = spec_for(cardhall.load(name, **options))
    rng = random.Random(3)
    seen = []
    for i, (state, mover) in enumerate(random_positions(name, options, seed=3, moves=120)):
        seen.append(observation(spec, state, mover)["observation"].tobytes())
        if i % 7:
            continue
        prefix: tuple[int, ...] = ()
        spelled = spellings(spec, state.legal_actions(), state.view(mover))
        longest = max(spelled, key=len)
        if len(longest) > 1:
            prefix = longest[:-1]
        for seat in {mover, (mover + 1) % state.game.num_players}:
            mine = observation(spec, state, seat, prefix if seat == mover else ())
            other = state.sample(seat, rng)
            assert other.view(seat) == state.view(seat)
            theirs = observation(spec, other, seat, prefix if seat == mover else ())
            assert np.array_equal(mine["observation"], theirs["observation"])
            assert np.array_equal(mine["action_mask"], theirs["action_mask"])
            assert mine["action_mask"].any() == (seat == mover)
    assert len(set(seen)) > 1, "the observation never changes"


@pytest.mark.parametrize(("name", "options"), [VARIANTS[1], VARIANTS[5], VARIANTS[7], VARIANTS[10], VARIANTS[11]])
def test_seeded_episodes_reproduce(name, options):
    def episode(e, seed):
        e.reset(seed=seed)
        rng = random.Random(seed)
        trace = []
        for agent in e.agent_iter(max_iter=400):
            obs, reward, term, trunc, _info = e.last()
            trace.append((agent, obs["observation"].tobytes(), obs["action_mask"].tobytes(), reward))
            e.step(None if term or trunc else rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        return trace

    seed_test(lambda: env(name, **options), num_cycles=100)  # PettingZoo's own check
    a, b = env(name, **options), env(name, **options)
    assert episode(a, 21) == episode(b, 21)
    assert episode(a, 21) != episode(a, 22)
    a.reset(seed=4)
    b.reset(seed=4)
    a.reset()
    b.reset()  # unseeded resets after a seeded one replay the same games
    assert a.driver.state == b.driver.state and a.driver.state.seed != 4


@pytest.mark.parametrize(("name", "options"), [("three-two-five", {"deals": 3}), ("hearts", {"target": 40}),
                                               ("jass", {}), ("putz", {"players": 3})])
def test_rewards_win_score_and_per_deal(name, options):
    """`deal` pays each deal's score difference; over a game it sums to `score`. `win` pays ±1 at the end."""
    game = cardhall.load(name, **options)
    n = game.num_players
    drivers = {r: Driver(game, r) for r in ("win", "score", "deal")}
    totals = {r: [0.0] * n for r in drivers}
    paid_deals = 0
    for d in drivers.values():
        d.reset(9)
    rng = random.Random(9)
    while drivers["win"].to_move() is not None:
        action = rng.choice(drivers["win"].state.legal_actions())
        for r, d in drivers.items():
            got = d.play(action)
            totals[r] = [t + g for t, g in zip(totals[r], got, strict=True)]
            if r == "deal" and any(got) and d.to_move() is not None:
                paid_deals += 1
    state = drivers["win"].state
    assert totals["deal"] == pytest.approx(totals["score"])
    assert paid_deals >= 1
    sign = -1 if name == "hearts" else 1
    s = [sign * x for x in state.scores()]
    assert totals["score"][0] == pytest.approx(s[0] - sum(s[1:]) / (n - 1))
    assert totals["win"] == [1.0 if p in state.winners() else -1.0 for p in range(n)]


def test_hearts_scores_are_negated_and_options_are_checked():
    d = Driver(cardhall.load("hearts"), "score")
    assert d.spec.lower_is_better
    with pytest.raises(OptionError, match="not a series of deals"):
        env("five-towers", reward="deal")
    with pytest.raises(OptionError, match="reward must be one of"):
        env("hearts", reward="points")


def test_an_illegal_token_is_refused_with_the_allowed_ones():
    e = env("hearts")
    e.reset(seed=1)
    obs = e.observe(e.agent_selection)
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    with pytest.raises(IllegalAction, match="the action mask allows"):
        e.step(bad)


def test_infos_hold_the_raw_view_of_the_agent_to_move():
    e = env("jass", render_mode="ansi")
    e.reset(seed=2)
    agent = e.agent_selection
    seat = int(agent.split("_")[1])
    assert e.infos[agent]["view"] == e.driver.state.view(seat)
    while e.agent_selection == agent:
        e.step(int(np.flatnonzero(e.observe(agent)["action_mask"])[0]))
    assert e.infos[agent] == {}, "a view no longer current is dropped"
    assert e.infos[e.agent_selection]["view"]["seat"] == int(e.agent_selection[-1])
    assert e.render().startswith("jass move ")


@pytest.mark.parametrize("opponents", ["random", "heuristic"])
def test_single_agent_env_plays_a_whole_game(opponents):
    g = single("hearts", opponents=opponents, target=30)
    obs, info = g.reset(seed=3)
    assert g.observation_space.contains(obs) and info["view"]["seat"] == 0
    rng = random.Random(3)
    total, done, steps = 0.0, False, 0
    while not done:
        assert obs["action_mask"].any()
        obs, reward, done, _truncated, info = g.step(rng.choice(np.flatnonzero(obs["action_mask"]).tolist()))
        total += reward
        steps += 1
    assert total in (1.0, -1.0)
    replay, mine = g.driver.game.new_state(3), 0
    for action in g.driver.state.actions:  # the learner made exactly seat 0's moves
        mine += replay.to_move() == 0
        replay.apply(action)
    assert steps == mine
    with pytest.raises(OptionError, match="seat must be"):
        single("hearts", seat=4)


def test_single_agent_env_with_a_factored_game():
    g = single("five-towers", opponents="random", players=2)
    g.reset(seed=8)
    rng = random.Random(8)
    done = False
    while not done:
        _obs, reward, done, _, _ = g.step(rng.choice(np.flatnonzero(g.action_masks()).tolist()))
    assert g.driver.state.is_over() and reward in (1.0, -1.0, 0.0)


def test_docs_list_every_feature_and_token():
    docs = (ROOT / "docs" / "envs.md").read_text(encoding="utf-8")
    assert tables() in docs, "docs/envs.md is out of date: paste `python -m cardhall.envs.docs` into it"
