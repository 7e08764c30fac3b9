"""The worked example's smoke run (a few episodes; the full run is in docs/envs.md) and the
`cardhall bench envs` command (figures reported, never asserted)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np

from cardhall.envs import example

ROOT = Path(__file__).resolve().parents[2]


def test_example_smoke_run(tmp_path):
    results = example.run(episodes=12, eval_deals=4, out=tmp_path)
    assert (tmp_path / "learning-curve.png").stat().st_size > 1000
    assert json.loads((tmp_path / "results.json").read_text()) == results
    for opponents in ("heuristic", "random"):
        row = results[f"vs {opponents}"]
        assert set(row) == {"random policy", "trained policy", "heuristic bot"}
        for figures in row.values():
            assert 0 <= figures["points_per_deal"] <= 26


def test_training_changes_the_policy_and_is_seeded():
    a, rewards_a = example.train(episodes=6, seed=3)
    b, rewards_b = example.train(episodes=6, seed=3)
    assert np.abs(a.W).sum() > 0
    assert rewards_a == rewards_b and np.array_equal(a.W, b.W)


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
