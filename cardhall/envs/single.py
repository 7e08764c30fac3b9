"""A single-agent Gymnasium view of a game: one learning seat, bots in the others."""

from __future__ import annotations

import random
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from cardhall.bots import make_bot
from cardhall.core.bot import Observation
from cardhall.core.errors import OptionError
from cardhall.core.game import Game
from cardhall.envs.driver import Driver


class SingleAgentEnv(gymnasium.Env):
    """`step(token)` chooses one token for the learner's seat, then lets the bots play until
    the learner is to move again or the game ends. The reward is the learner's (as the
    driver's `reward` option says); `info["view"]` is the learner's raw view and
    `info["action_mask"]` the mask (also inside the observation)."""

    metadata: dict[str, Any] = {"render_modes": []}  # noqa: RUF012 (as the base class)

    def __init__(self, game: Game, opponents: str = "heuristic", seat: int = 0, reward: str = "win") -> None:
        if not 0 <= seat < game.num_players:
            raise OptionError(f"seat must be 0 … {game.num_players - 1} for {game.name}; got {seat}")
        self.driver = Driver(game, reward)
        self.game, self.seat, self.opponents = game, seat, opponents
        self.bots = {s: make_bot(game, opponents, s) for s in range(game.num_players) if s != seat}
        self.observation_space = spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (self.driver.obs.size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.driver.codec.n,), np.int8),
        })
        self.action_space = spaces.Discrete(self.driver.codec.n)
        self._seeds = random.Random()

    def reset(self, *, seed: int | None = None, options: dict[str, Any] | None = None
              ) -> tuple[dict[str, np.ndarray], dict[str, Any]]:
        super().reset(seed=seed)
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        for s, bot in self.bots.items():
            bot.reseed(game_seed + s)
        self.driver.reset(game_seed)
        reward = self._play_bots()
        assert reward == 0.0 or self.driver.to_move() is None
        return self._observe(), self._info()

    def step(self, action: int) -> tuple[dict[str, np.ndarray], float, bool, bool, dict[str, Any]]:
        rewards = self.driver.step(int(action))
        reward = 0.0 if rewards is None else rewards[self.seat]
        reward += self._play_bots()
        return self._observe(), reward, self.driver.to_move() is None, False, self._info()

    def _play_bots(self) -> float:
        """Let the bots move until the learner must act; return the learner's rewards meanwhile."""
        total = 0.0
        while (s := self.driver.to_move()) is not None and s != self.seat:
            action = self.bots[s].act(Observation.of(self.driver.state, s))
            total += self.driver.play(action)[self.seat]
        return total

    def _observe(self) -> dict[str, np.ndarray]:
        return self.driver.observe(self.seat)

    def _info(self) -> dict[str, Any]:
        return {"view": self.driver.state.view(self.seat), "action_mask": self.driver.mask()}

    def action_masks(self) -> np.ndarray:
        """The mask as a boolean array (the name sb3-contrib's MaskablePPO looks for)."""
        return self.driver.mask().astype(bool)
