"""`cardhall bench hearts [--vs openspiel]`: random full deals per second, ours and OpenSpiel's.

Both engines play uniformly random legal actions chosen by the same picker
(``random.Random.choice``). Ours counts deals finished in random games (dealing
included). OpenSpiel plays single-deal games from Python, chance nodes included: the pass
direction (cycled left, across, right, hold) and the 52 dealt cards, each picked uniformly
from the state's legal chance outcomes. The peer uses the parameters that match our rules.
The two are measured in alternating slices of the time given, within one process.
"""

from __future__ import annotations

import random
import time
from typing import Any

from cardhall.core.errors import CardhallError
from cardhall.core.game import Game

PEERS = ("openspiel",)


class _Ours:
    """Random games through our engine; counts finished deals (dealing included)."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.choice = random.Random(1).choice
        self.seed = 0

    def play(self, seconds: float) -> tuple[int, float]:
        choice = self.choice
        deals = 0
        start = time.perf_counter()
        while True:
            state = self.game.new_state(self.seed)
            self.seed += 1
            while not state.is_over():
                state.apply_unchecked(choice(state.legal_actions()))
            deals += len(state.results)  # type: ignore[attr-defined]
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return deals, elapsed


class _OpenSpiel:
    """Random single-deal games through OpenSpiel's `hearts`, chance nodes driven from Python."""

    def __init__(self, game: Game) -> None:
        try:
            import pyspiel
        except ImportError:  # pragma: no cover - open_spiel is a test extra
            raise CardhallError("OpenSpiel is not installed; install it with: pip install open_spiel") from None
        if game.num_players != 4:
            raise CardhallError("OpenSpiel's hearts has 4 players; bench with --players 4")
        self.peer = pyspiel.load_game("hearts", {
            "qs_breaks_hearts": bool(game.options["queen_breaks_hearts"]),
            "can_lead_hearts_instead_of_qs": False,
            "can_lead_any_club": False,
        })
        self.choice = random.Random(1).choice
        self.deals = 0

    def play(self, seconds: float) -> tuple[int, float]:
        choice = self.choice
        directions = (1, 3, 2, 0)  # left, right, across, hold, as our deals cycle
        deals = 0
        start = time.perf_counter()
        while True:
            state = self.peer.new_initial_state()
            state.apply_action(directions[self.deals % 4])
            while not state.is_terminal():
                state.apply_action(choice(state.legal_actions()))
            deals += 1
            self.deals += 1
            elapsed = time.perf_counter() - start
            if elapsed >= seconds:
                return deals, elapsed


def measure(engine: _Ours | _OpenSpiel, seconds: float) -> float:
    deals, elapsed = engine.play(seconds)
    return deals / elapsed


def run(game: Game, seconds: float = 3.0, vs: str | None = None) -> dict[str, Any]:
    """The figures of `cardhall bench hearts`: deals per second (and the peer's, with --vs)."""
    if vs is None:
        return {"game": game.name, "deals_per_second": round(measure(_Ours(game), seconds), 1)}
    if vs.lower() not in PEERS:
        raise CardhallError(f"unknown peer engine {vs!r} for hearts; available: {', '.join(PEERS)}")
    engines: list[_OpenSpiel | _Ours] = [_OpenSpiel(game), _Ours(game)]
    deals = [0, 0]
    times = [0.0, 0.0]
    rounds = 6  # alternate short slices so that load changes on the machine hit both alike
    for _ in range(rounds):
        for i, engine in enumerate(engines):
            d, t = engine.play(seconds / rounds)
            deals[i] += d
            times[i] += t
    peer, ours = deals[0] / times[0], deals[1] / times[1]
    return {"ours": round(ours, 1), "peer": round(peer, 1), "ratio": round(ours / peer, 2)}
