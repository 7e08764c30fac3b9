"""The PettingZoo AEC environment over any cardhall game (see docs/envs.md)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cardhall.core.game import Game
from cardhall.envs.driver import Driver


class CardhallEnv(AECEnv):  # type: ignore[misc]
    """One cardhall game as an agent-environment-cycle environment.

    Agents are `player_0` … `player_{n-1}` (seat order). Each agent observes
    `{"observation": Box, "action_mask": Box(int8, (n,))}` and acts in `Discrete(n)`;
    `infos[agent]["view"]` is the raw view of the agent to move. `reset(seed=s)` plays the
    game with seed `s`; the resets without a seed that follow it play seeds drawn from `s`.
    """

    metadata: dict[str, Any] = {"render_modes": ["ansi"], "is_parallelizable": False}  # noqa: RUF012 (as the base class)

    def __init__(self, game: Game, reward: str = "win", render_mode: str | None = None) -> None:
        super().__init__()
        self.driver = Driver(game, reward)
        self.game = game
        self.metadata = {**self.metadata, "name": f"cardhall_{game.name.replace('-', '_')}_v0"}
        self.render_mode = render_mode
        n = game.num_players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = self.driver.obs.size
        self.observation_spaces = {a: spaces.Dict({
            "observation": spaces.Box(-np.inf, np.inf, (size,), np.float32),
            "action_mask": spaces.Box(0, 1, (self.driver.codec.n,), np.int8),
        }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.driver.codec.n) for a in self.possible_agents}
        self._seeds = random.Random()

    def observation_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:  # type: ignore[type-arg]
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.getrandbits(63)
        self.driver.reset(game_seed)
        self.agents = self.possible_agents.copy()
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.agents[0]
        self._select()

    def _select(self) -> None:
        """Point `agent_selection` at the seat to move and give it its view in `infos`."""
        seat = self.driver.to_move()
        if seat is None:
            for a in self.agents:
                self.terminations[a] = True
                self.infos[a] = {"view": self.driver.state.view(self._seat[a])}
            return
        agent = self.possible_agents[seat]
        if self.infos.get(self.agent_selection):  # the previous mover's view is stale now
            self.infos[self.agent_selection] = {}
        self.infos[agent] = {"view": self.driver.view()}
        self.agent_selection = agent

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        return self.driver.observe(self._seat[agent])

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        rewards = self.driver.step(int(action))  # type: ignore[arg-type]
        if rewards is not None and any(rewards):
            for a, r in zip(self.possible_agents, rewards, strict=True):
                self.rewards[a] = r
            self._rewarded = True
        elif self._rewarded:  # the previous step's rewards are history now
            self.rewards = dict.fromkeys(self.possible_agents, 0.0)
            self._rewarded = False
        self._select()
        if self.driver.to_move() is None:  # all are terminated; the dead steps go round from the next agent
            self.agent_selection = self.possible_agents[(self._seat[agent] + 1) % len(self.possible_agents)]
        if self._rewarded:  # (adding zeros would change nothing)
            self._accumulate_rewards()

    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        state = self.driver.state
        seat = state.to_move()
        last = self.game.format_action(state.actions[-1]) if state.actions else "—"
        return (f"{self.game.name} move {len(state.actions)}, last {last}, "
                f"{'over' if seat is None else f'player_{seat} to move'}, scores {state.scores()}")

    def close(self) -> None:
        pass
