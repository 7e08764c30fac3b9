"""The environments' engine room: a game state, the factored decision in progress, the
observation of any seat and the rewards. The PettingZoo and Gymnasium wrappers are thin
shells around a `Driver`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from cardhall.core.errors import IllegalAction, OptionError
from cardhall.core.game import Action, Game, State
from cardhall.envs.codec import TableCodec
from cardhall.envs.games import EnvSpec, spec_for

REWARDS = ("win", "score", "deal")


def observation(spec: EnvSpec, state: State, seat: int, prefix: Sequence[int] = (),
                legal: Sequence[Action] | None = None) -> dict[str, np.ndarray]:
    """The observation of `seat`: built from `state.view(seat)`, the tokens already chosen in
    a factored decision, and (when `seat` is to move) the action mask. Nothing else of the
    state is read, so states that look alike from `seat` give equal observations."""
    return Observation(spec).of(state, seat, prefix, legal)


class Observation:
    """Builds observations for one game (the layout, plus the pending tokens of a factored
    decision: one one-hot of n per token already chosen)."""

    def __init__(self, spec: EnvSpec) -> None:
        self.spec = spec
        self.n = spec.codec.n
        self.pending = (spec.codec.max_tokens - 1) * self.n
        self.size = spec.layout.size + self.pending

    def of(self, state: State, seat: int, prefix: Sequence[int] = (), legal: Sequence[Action] | None = None,
           view: dict[str, Any] | None = None, spelled: Sequence[tuple[int, ...]] | None = None
           ) -> dict[str, np.ndarray]:
        """`seat`'s observation; `legal`, `view` and `spelled` may be passed when known."""
        if view is None:
            view = state.view(seat)
        vec = np.zeros(self.size, dtype=np.float32)
        self.spec.encode(view, vec)
        mask = bytearray(self.n)
        if state.to_move() == seat:
            if legal is None:
                legal = state.legal_actions()
            codec = self.spec.codec
            if isinstance(codec, TableCodec):  # one token per action: the fast path
                index = codec.index
                for a in legal:
                    mask[index[a]] = 1
            else:
                base, k, start = self.spec.layout.size, len(prefix), tuple(prefix)
                for i, t in enumerate(prefix):
                    vec[base + i * self.n + t] = 1.0
                for sp in spellings(self.spec, legal, view) if spelled is None else spelled:
                    if sp[:k] == start:
                        mask[sp[k]] = 1
        return {"observation": vec, "action_mask": np.frombuffer(mask, dtype=np.int8)}


def spellings(spec: EnvSpec, legal: Sequence[Action], view: dict[str, Any]) -> list[tuple[int, ...]]:
    encode = spec.codec.encode
    return [encode(a, view) for a in legal]


class Driver:
    """One game played token by token, with rewards as `reward` says:

    - `win` (default): at the end, +1 for each winner and −1 for each other seat (0 for all
      when every seat wins);
    - `score`: at the end, my score minus the mean of the other seats' (negated in Hearts,
      where low scores win);
    - `deal` (multi-deal games): the same score difference, paid at the end of every deal
      for that deal's change of scores. Summed over a game it equals `score`.
    """

    def __init__(self, game: Game, reward: str = "win") -> None:
        self.game = game
        self.spec = spec_for(game)
        if reward not in REWARDS:
            raise OptionError(f"reward must be one of {', '.join(REWARDS)}; got {reward!r}")
        if reward == "deal" and not self.spec.multi_deal:
            raise OptionError(f"{game.name} is one game, not a series of deals; use reward='win' or 'score'")
        self.reward = reward
        self.players = game.num_players
        self.codec = self.spec.codec
        self.single = isinstance(self.codec, TableCodec)
        self.obs = Observation(self.spec)
        self.reset(0)

    # --- the game -------------------------------------------------------------------
    def reset(self, seed: int) -> None:
        self.state: State = self.game.new_state(seed)
        self.prefix: list[int] = []
        self._decision: tuple[list[Action], list[tuple[int, ...]], dict[str, Any]] | None = None
        self._paid = self._oriented()
        self._deal = self.spec.deal(self.state.view(0)) if self.reward == "deal" else 0

    def to_move(self) -> int | None:
        return self.state.to_move()

    def view(self) -> dict[str, Any]:
        """The view of the seat to move (cached for the current decision)."""
        return self._current()[2]

    def _current(self) -> tuple[list[Action], list[tuple[int, ...]], dict[str, Any]]:
        """(legal actions, their spellings, the mover's view) of this decision, computed
        when first needed (bots' moves in the single-agent env never need them)."""
        if self._decision is None:
            seat = self.state.to_move()
            assert seat is not None, "the game is over"
            legal = self.state.legal_actions()
            view = self.state.view(seat)
            spelled = [] if self.single else spellings(self.spec, legal, view)
            self._decision = (legal, spelled, view)
        return self._decision

    def mask(self) -> np.ndarray:
        """The tokens the seat to move may choose now."""
        seat = self.state.to_move()
        if seat is None:
            return np.zeros(self.codec.n, dtype=np.int8)
        return self.observe(seat)["action_mask"]

    def observe(self, seat: int) -> dict[str, np.ndarray]:
        if seat == self.state.to_move():
            legal, spelled, view = self._current()
            return self.obs.of(self.state, seat, self.prefix, legal, view, None if self.single else spelled)
        return self.obs.of(self.state, seat)

    def step(self, token: int) -> list[float] | None:
        """Choose one token for the seat to move; play the action once it is spelled out.
        Return the rewards of all seats if an action was played, else None."""
        legal, spelled, _ = self._current()
        if self.single:
            action = self.codec.actions[token] if 0 <= token < self.codec.n else None  # type: ignore[attr-defined]
            if action is None or action not in legal:
                allowed = sorted(self.codec.index[a] for a in legal)  # type: ignore[attr-defined]
                raise IllegalAction(f"token {token} is not legal now; the action mask allows {allowed}")
            return self.play(action, checked=True)
        prefix = (*self.prefix, int(token))
        k = len(prefix)
        matches = [(a, sp) for a, sp in zip(legal, spelled, strict=True) if sp[:k] == prefix]
        if not matches:
            allowed = sorted({sp[k - 1] for sp in spelled if sp[: k - 1] == prefix[:-1]})
            raise IllegalAction(f"token {token} is not legal now; the action mask allows {allowed}")
        for action, sp in matches:
            if len(sp) == k:
                return self.play(action, checked=True)
        self.prefix.append(int(token))
        return None

    def play(self, action: Action, checked: bool = False) -> list[float]:
        """Play a whole action (an opponent's; `checked` when taken from the legal ones);
        return the rewards it brings every seat."""
        if checked:
            self.state.apply_unchecked(action)
        else:
            self.state.apply(action)
        self.prefix = []
        self._decision = None
        return self._rewards()

    # --- rewards --------------------------------------------------------------------
    def _oriented(self) -> list[float]:
        sign = -1.0 if self.spec.lower_is_better else 1.0
        return [sign * x for x in self.state.scores()]

    def _relative(self, values: list[float]) -> list[float]:
        n = len(values)
        if n == 1:
            return list(values)
        total = sum(values)
        return [v - (total - v) / (n - 1) for v in values]

    def _rewards(self) -> list[float]:
        over = self.state.is_over()
        if self.reward == "win":
            if not over:
                return [0.0] * self.players
            winners = set(self.state.winners())
            if len(winners) == self.players:
                return [0.0] * self.players
            return [1.0 if s in winners else -1.0 for s in range(self.players)]
        if self.reward == "deal" and not over:
            deal = self.spec.deal(self.state.view(self.state.to_move() or 0))
            if deal == self._deal:
                return [0.0] * self.players
            self._deal = deal
        elif not over:
            return [0.0] * self.players
        now = self._oriented()
        change = [a - b for a, b in zip(now, self._paid, strict=True)]
        self._paid = now
        return self._relative(change)
