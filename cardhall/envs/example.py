"""A worked example: a Hearts policy learned with sb3-contrib's MaskablePPO against the heuristic bots.

    pip install ".[rl]"
    python -m cardhall.envs.example --timesteps 50000 --eval-deals 500 --seed 0 --out hearts-ppo

The learner sits in seat 0 of `cardhall.envs.single("hearts", opponents="heuristic",
reward="score", target=1)`: with a target of 1 every game is one deal, and the reward at
its end is the other seats' mean points minus mine. MaskablePPO (stable-baselines3's PPO
with invalid actions masked out of the policy's distribution) reads the mask from the
environment's `action_masks()`; the policy sees only the feature vector. The example then
measures, on the same seeded deals, the points per deal of seat 0 played by a uniformly
random policy, by the trained policy (its most probable legal action) and by the heuristic
bot, both against three heuristic opponents and against three random ones, each with a 95 %
interval, and plots the learning curve with those levels (Matplotlib).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any, cast

import gymnasium
import numpy as np

from cardhall.bots import make_bot
from cardhall.core.bot import Observation
from cardhall.envs import single
from cardhall.envs.single import SingleAgentEnv

try:
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.monitor import Monitor
except ImportError as exc:  # pragma: no cover (the rl extra is part of the test extra)
    raise SystemExit(f'the worked example needs the rl extra ({exc.name} is missing): pip install "cardhall[rl]"') from None

GAME = "hearts"
OPTIONS = {"target": 1}  # one deal per game


class Features(gymnasium.ObservationWrapper):
    """The feature vector alone (the mask reaches MaskablePPO through `action_masks()`,
    which gymnasium forwards to the wrapped environment)."""

    def __init__(self, env: SingleAgentEnv) -> None:
        super().__init__(env)
        self.observation_space = cast(gymnasium.spaces.Dict, env.observation_space)["observation"]

    def observation(self, observation: dict[str, np.ndarray]) -> np.ndarray:
        return observation["observation"]


def make_env(opponents: str = "heuristic") -> Monitor:
    """The learner's environment, with a Monitor recording every episode's reward."""
    return Monitor(Features(single(GAME, opponents=opponents, reward="score", **OPTIONS)))


def train(timesteps: int, seed: int = 0, n_steps: int = 1024, log: bool = False
          ) -> tuple[MaskablePPO, list[int], list[float]]:
    """Train against the heuristic bots (`n_steps` decisions per PPO rollout); return the
    model and, per training deal, the timesteps done at its end and its reward."""
    env = make_env()
    model = MaskablePPO("MlpPolicy", env, seed=seed, n_steps=n_steps, batch_size=min(256, n_steps), learning_rate=3e-4,
                        gamma=1.0, ent_coef=0.01, policy_kwargs={"net_arch": [128, 128]},
                        verbose=1 if log else 0, device="cpu")
    model.learn(total_timesteps=timesteps)
    return model, [int(t) for t in np.cumsum(env.get_episode_lengths())], [float(r) for r in env.get_episode_rewards()]


Chooser = Callable[[SingleAgentEnv, dict[str, np.ndarray]], int]


def random_chooser(seed: int) -> Chooser:
    rng = random.Random(seed)
    return lambda env, obs: rng.choice(np.flatnonzero(obs["action_mask"]).tolist())


def model_chooser(model: MaskablePPO) -> Chooser:
    def choose(env: SingleAgentEnv, obs: dict[str, np.ndarray]) -> int:
        action, _ = model.predict(obs["observation"], action_masks=obs["action_mask"].astype(bool), deterministic=True)
        return int(action)

    return choose


def heuristic_chooser(seed: int) -> Chooser:
    bot = make_bot(env_game(), "heuristic", seed)

    def choose(env: SingleAgentEnv, obs: dict[str, np.ndarray]) -> int:
        action = bot.act(Observation.of(env.driver.state, env.seat))
        (token,) = env.driver.codec.encode(action, env.driver.view())
        return token

    return choose


def env_game() -> Any:
    import cardhall

    return cardhall.load(GAME, **OPTIONS)


def evaluate(choose: Chooser, opponents: str, deals: int, seed: int = 10**9) -> dict[str, float]:
    """Seat 0's mean points per deal (with a 95 % interval, ± 1.96 standard errors) and mean
    reward over `deals` seeded deals (the same deals for every chooser)."""
    env = single(GAME, opponents=opponents, reward="score", **OPTIONS)
    points, rewards = [], []
    for d in range(deals):
        obs, _ = env.reset(seed=seed + d)
        done, total = False, 0.0
        while not done:
            obs, reward, done, _, _ = env.step(choose(env, obs))
            total += reward
        points.append(env.driver.state.scores()[0])
        rewards.append(total)
    half = 1.96 * float(np.std(points, ddof=1) / np.sqrt(deals)) if deals > 1 else float("nan")
    return {"points_per_deal": round(float(np.mean(points)), 2), "interval_95": round(half, 2),
            "reward": round(float(np.mean(rewards)), 2)}


def plot(steps: list[int], rewards: list[float], levels: dict[str, float], path: Path, window: int) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    r = np.asarray(rewards)
    w = max(1, min(window, len(r)))
    smooth = np.convolve(r, np.ones(w) / w, mode="valid")
    fig, ax = plt.subplots(figsize=(7, 4))
    ax.plot(np.asarray(steps[w - 1:]), smooth, label=f"training reward (mean of {w} deals)")
    for (name, level), style in zip(levels.items(), ("--", ":"), strict=False):
        ax.axhline(level, linestyle=style, color="grey", label=f"{name} vs heuristic bots")
    ax.set_xlabel("timesteps (the learner's decisions)")
    ax.set_ylabel("others' mean points − mine")
    ax.set_title("Hearts: MaskablePPO in seat 0 against three heuristic bots")
    ax.legend(loc="lower right")
    fig.tight_layout()
    fig.savefig(path)
    plt.close(fig)


def run(timesteps: int, eval_deals: int, out: Path, seed: int = 0, n_steps: int = 1024, log: bool = False) -> dict[str, Any]:
    out.mkdir(parents=True, exist_ok=True)
    model, steps, rewards = train(timesteps, seed, n_steps, log=log)
    model.save(out / "model.zip")
    results: dict[str, Any] = {"game": GAME, "options": OPTIONS, "timesteps": timesteps, "training_deals": len(rewards),
                               "eval_deals": eval_deals}
    for opponents in ("heuristic", "random"):
        results[f"vs {opponents}"] = {
            "random policy": evaluate(random_chooser(1), opponents, eval_deals),
            "trained policy": evaluate(model_chooser(model), opponents, eval_deals),
            "heuristic bot": evaluate(heuristic_chooser(1), opponents, eval_deals),
        }
        if log:
            print(json.dumps({opponents: results[f"vs {opponents}"]}), file=sys.stderr)
    vs_h = results["vs heuristic"]
    plot(steps, rewards, {"random policy": vs_h["random policy"]["reward"], "heuristic bot": vs_h["heuristic bot"]["reward"]},
         out / "learning-curve.png", window=max(1, len(rewards) // 20))
    (out / "results.json").write_text(json.dumps(results, indent=2) + "\n")
    return results


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--timesteps", type=int, default=50_000, help="the learner's decisions to train on")
    parser.add_argument("--eval-deals", type=int, default=500, help="deals per evaluation")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--n-steps", type=int, default=1024, help="decisions per PPO rollout")
    parser.add_argument("--out", type=Path, default=Path("hearts-ppo"), help="where the model, plot and results.json go")
    args = parser.parse_args(argv)
    import torch

    torch.set_num_threads(1)  # a small MLP: one thread is as fast, and fairer to a shared machine
    print(json.dumps(run(args.timesteps, args.eval_deals, args.out, args.seed, args.n_steps, log=True), indent=2))


if __name__ == "__main__":
    main()
