"""`cardhall bench hearts [--vs openspiel]`: random full deals per second, ours and OpenSpiel's.

Both engines play uniformly random legal actions chosen by the same picker
(``random.Random.choice`` on the engine's own legal-action list). Ours counts deals finished
in random games (dealing included). OpenSpiel plays single-deal games from Python, chance
nodes included: the pass direction and the 52 dealt cards, each picked uniformly from the
state's legal chance outcomes. The peer uses the parameters that match our rules. The two
take turns in one process, timed in CPU time with the garbage collector paused, and each
reports its best round (`cardhall.core.bench.compare`, as the Jass bench does).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from cardhall.core.bench import compare, measure
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game
from cardhall.games.hearts.peer import peer_game


def our_work(game: Game) -> Callable[[int], float]:
    """One random game through our engine per call (dealing included); its finished deals."""
    choice = random.Random(1).choice

    def play(seed: int) -> float:
        state = game.new_state(seed)
        while not state.is_over():
            state.apply_unchecked(choice(state.legal_actions()))
        return len(state.results)  # type: ignore[attr-defined]

    return play


def openspiel_work(game: Game) -> Callable[[int], float]:
    """One random single-deal game through OpenSpiel's `hearts` per call, chance nodes
    driven from Python: the pass direction (left, right, across, hold, cycled as our deals
    are) and the 52 dealt cards, each picked from the state's legal chance outcomes."""
    if game.num_players != 4:
        raise CardhallError("OpenSpiel's hearts has 4 players; bench with --players 4")
    peer = peer_game(bool(game.options["queen_breaks_hearts"]))
    choice = random.Random(1).choice
    directions = (1, 3, 2, 0)  # left, right, across, hold, as our deals cycle

    def play(seed: int) -> float:
        state = peer.new_initial_state()
        state.apply_action(directions[seed % 4])
        while not state.is_terminal():
            state.apply_action(choice(state.legal_actions()))
        return 1.0

    return play


def run(game: Game, seconds: float = 3.0, vs: str | None = None) -> dict[str, Any]:
    """The figures of `cardhall bench hearts`: deals per second (and OpenSpiel's, with `vs`
    = "openspiel", the one declared peer)."""
    if vs is None:
        return {"game": game.name, "deals_per_second": round(measure(our_work(game), seconds)[0], 1)}
    return compare(our_work(game), openspiel_work(game), seconds)
