"""`cardhall bench jass|putz [--vs jass-kit]`: random deals per second, ours and jass-kit's.

A deal: deal the cards, choose trump at random, play the 36 cards at random (each move
chosen among the legal cards). jass-kit runs the same workload with its ``GameSim`` and
``RuleSchieber`` in the same process.
"""

from __future__ import annotations

import gc
import random
import time
from collections.abc import Callable
from typing import Any

from cardhall.bench import random_playout, rate
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game
from cardhall.core.registry import load
from cardhall.games.jass.base import PUSH


def our_game(game: Game, seed: int) -> float:
    """Play one random game of Jass (random trump choices and legal cards); return the deals
    played (cards played / 36, so the unfinished last deal counts in part)."""
    rand = random.Random(seed).random
    state = game.new_state(seed)
    legal_actions, apply = state.legal_actions, state.apply_unchecked
    while legal := legal_actions():
        apply(legal[int(rand() * len(legal))])
    # every action is a card but the trump choices (one per deal) and the pushes
    cards = len(state.actions) - len(state.log) - state.actions.count(PUSH)  # type: ignore[attr-defined]
    return cards / 36


def measure(work: Callable[[int], float], seconds: float, seed: int = 0) -> tuple[float, int]:
    """Run `work(seed)`, `work(seed + 1)`, … for about `seconds` of this process's CPU time
    with the garbage collector paused (as `timeit` does); return (units of work per
    second, the next seed). CPU time keeps other load on the machine out of the figure."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        done = 0.0
        start = time.process_time()
        while True:
            done += work(seed)
            seed += 1
            elapsed = time.process_time() - start
            if elapsed >= seconds:
                return done / elapsed, seed
    finally:
        if was_enabled:
            gc.enable()


def _kit_workload() -> Any:
    try:
        import numpy as np
        from jass.game.const import PUSH
        from jass.game.game_sim import GameSim
        from jass.game.game_util import deal_random_hand
        from jass.game.rule_schieber import RuleSchieber
    except ImportError:
        raise CardhallError("jass-kit is not installed; pip install jass-kit") from None
    rule = RuleSchieber()

    def kit_deal(seed: int) -> float:
        """One deal: random cards, a random trump choice (or push), 36 random legal cards."""
        rng = random.Random(seed)
        np.random.seed(seed % 2**32)
        sim = GameSim(rule=rule)
        sim.init_from_cards(hands=deal_random_hand(), dealer=rng.randrange(4))
        choice = rng.randrange(5)
        if choice == 4:
            sim.action_trump(PUSH)
            choice = rng.randrange(4)
        sim.action_trump(choice)
        while not sim.is_done():
            valid = np.flatnonzero(rule.get_valid_cards_from_state(sim.state))
            sim.action_play_card(int(valid[int(rng.random() * len(valid))]))
        return 1.0

    return kit_deal


def run(game: Game, seconds: float, vs: str | None) -> dict[str, Any]:
    if vs is not None and vs != "jass-kit":
        raise CardhallError(f"{game.name} can be compared only with jass-kit (--vs jass-kit), not {vs!r}")
    if game.name != "jass":
        if vs is not None:
            raise CardhallError("jass-kit plays the four-player game only; use cardhall bench jass --vs jass-kit")
        return {"game": game.name, "games_per_second": round(rate(lambda i: random_playout(game, i), seconds), 2)}
    if vs is None:
        return {"game": "jass", "deals_per_second": round(measure(lambda i: our_game(game, i), seconds)[0], 1)}
    # The engines take turns, several short rounds each, and each reports its best round.
    kit_deal = _kit_workload()
    ours_game = load("jass", bauer_exception=True)
    rounds = max(3, round(seconds / 0.4))
    ours = peer = 0.0
    seed = kit_seed = 0
    for _ in range(rounds):
        rate_ours, seed = measure(lambda i: our_game(ours_game, i), seconds / rounds / 2, seed)
        rate_peer, kit_seed = measure(kit_deal, seconds / rounds / 2, kit_seed)
        ours, peer = max(ours, rate_ours), max(peer, rate_peer)
    return {"ours": round(ours, 1), "peer": round(peer, 1), "ratio": round(ours / peer, 2)}
