"""A tiny hidden-information game to test the kernel without any real game.

Two players each hold a secret number 1–3 dealt by chance; they alternately take 1 or 2
counters from a pile of 7; whoever takes the last counter scores their secret number.
"""

from __future__ import annotations

import random
from typing import Any

from cardhall.core import Game, NotationError, Option, State
from cardhall.core.rng import MAX_SEED, chance_rng


class Toy(Game):
    name = "toy"
    title = "Toy"
    OPTIONS = (Option("pile", 7, "counters at the start", minimum=1, maximum=30),
               Option("mode", "plain", "a string option", choices=("plain", "fancy")),
               Option("bonus", False, "a flag"))

    @property
    def num_players(self) -> int:
        return 2

    def _new_state(self, seed: int) -> ToyState:
        s = ToyState(self, seed)
        rng = chance_rng(seed, 0)
        s.chance = 1
        s.secrets = [rng.randint(1, 3), rng.randint(1, 3)]
        s.pile = self.options["pile"]
        return s

    def format_action(self, action: Any) -> str:
        return f"take {action}"

    def parse_action(self, text: str, state: State | None = None) -> Any:
        parts = text.split()
        if len(parts) == 2 and parts[0].lower() == "take" and parts[1] in ("1", "2"):
            return int(parts[1])
        raise NotationError(f"cannot read {text!r}; write take 1 or take 2")

    def _state_from_dict(self, data: dict[str, Any], seed: int) -> ToyState:
        s = ToyState(self, seed)
        s.chance = int(data["chance"])
        s.secrets = [int(x) for x in data["secrets"]]
        s.pile = int(data["pile"])
        s.mover = int(data["mover"])
        return s


class ToyState(State):
    __slots__ = ("mover", "pile", "secrets")

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.mover = 0
        self.pile = 0
        self.secrets = [0, 0]

    def to_move(self) -> int | None:
        return None if self.pile == 0 else self.mover

    def legal_actions(self) -> list[Any]:
        return [a for a in (1, 2) if a <= self.pile] if self.pile else []

    def _apply(self, action: Any) -> None:
        self.pile -= action
        if self.pile:
            self.mover ^= 1

    def clone(self) -> ToyState:
        s = ToyState.__new__(ToyState)
        self._clone_base(s)
        s.mover, s.pile, s.secrets = self.mover, self.pile, self.secrets.copy()
        return s

    def scores(self) -> list[float]:
        if self.pile:
            return [0.0, 0.0]
        out = [0.0, 0.0]
        out[self.mover] = float(self.secrets[self.mover])
        return out

    def winners(self) -> list[int]:
        return [] if self.pile else [self.mover]

    def view(self, seat: int) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": self.to_move(), "secret": self.secrets[seat],
                "scores": self.scores()}

    def sample(self, seat: int, rng: random.Random) -> ToyState:
        s = self.clone()
        s.seed, s.chance, s.actions = rng.randrange(MAX_SEED), 0, []
        s.secrets[1 - seat] = rng.randint(1, 3)
        return s

    def _to_dict(self) -> dict[str, Any]:
        return {"chance": self.chance, "secrets": self.secrets, "pile": self.pile, "mover": self.mover}
