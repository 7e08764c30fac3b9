"""The worked example's smoke run (a few hundred timesteps of MaskablePPO; the full run is
in docs/envs.md) and the `cardhall bench envs` command (figures reported, never asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import torch

from cardhall.envs import example

ROOT = Path(__file__).resolve().parents[2]


def test_example_smoke_run(tmp_path):
    results = example.run(timesteps=256, eval_deals=4, out=tmp_path, n_steps=128)
    assert (tmp_path / "learning-curve.png").stat().st_size > 1000
    assert (tmp_path / "model.zip").stat().st_size > 1000
    assert json.loads((tmp_path / "results.json").read_text()) == results
    assert results["training_deals"] >= 256 // 16  # a deal is 16 decisions of the learner (3 passes, 13 cards)
    for opponents in ("heuristic", "random"):
        row = results[f"vs {opponents}"]
        assert set(row) == {"random policy", "trained policy", "heuristic bot"}
        for figures in row.values():
            assert 0 <= figures["points_per_deal"] <= 26 and figures["interval_95"] >= 0


def test_training_changes_the_policy_and_is_seeded():
    initial = example.MaskablePPO("MlpPolicy", example.make_env(), seed=3, device="cpu").policy.state_dict()
    a, steps_a, rewards_a = example.train(128, seed=3, n_steps=64)
    b, steps_b, rewards_b = example.train(128, seed=3, n_steps=64)
    params_a, params_b = a.policy.state_dict(), b.policy.state_dict()
    assert (steps_a, rewards_a) == (steps_b, rewards_b) and steps_a[-1] <= 128
    assert all(torch.equal(params_a[k], params_b[k]) for k in params_a)
    assert any(not torch.equal(params_a[k], initial[k]) for k in params_a if k in initial)


def test_the_trained_policy_plays_only_legal_tokens():
    model, _, _ = example.train(128, seed=1, n_steps=64)
    env = example.single("hearts", opponents="random", reward="score", target=1)
    choose = example.model_chooser(model)
    obs, _ = env.reset(seed=5)
    done = False
    while not done:
        token = choose(env, obs)
        assert obs["action_mask"][token] == 1
        obs, _, done, _, _ = env.step(token)


def test_bench_envs_command():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    r = subprocess.run([sys.executable, "-m", "cardhall", "bench", "envs", "--seconds", "0.05", "--json", "--vs", "openspiel"],
                       capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr
    figures = json.loads(r.stdout)
    for key in ("five-towers", "hearts", "jass", "putz", "three-two-five", "clash-of-decks", "openspiel hearts"):
        assert figures[key] > 0
    r = subprocess.run([sys.executable, "-m", "cardhall", "bench", "envs", "--vs", "rlcard"],
                       capture_output=True, text=True, env=env, cwd=ROOT, timeout=120)
    assert r.returncode != 0 and "--vs must be one of openspiel" in r.stdout + r.stderr
