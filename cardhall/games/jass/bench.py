"""`cardhall bench jass|putz [--vs jass-kit]`: random deals per second, ours and jass-kit's.

A deal: deal the cards, choose trump at random, play the 36 cards at random (each move
chosen among the legal cards). jass-kit runs the same workload with its ``GameSim`` and
``RuleSchieber`` in the same process.
"""

from __future__ import annotations

import random
from typing import Any

from cardhall.core.bench import compare, measure, random_playout, rate
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
    """The figures of `cardhall bench jass|putz`: deals per second (and jass-kit's, with `vs`
    = "jass-kit", Jass's one declared peer; Putz declares none)."""
    if game.name != "jass":
        return {"game": game.name, "games_per_second": round(rate(lambda i: random_playout(game, i), seconds), 2)}
    if vs is None:
        return {"game": "jass", "deals_per_second": round(measure(lambda i: our_game(game, i), seconds)[0], 1)}
    kit_deal = _kit_workload()
    ours_game = load("jass", bauer_exception=True)
    return compare(lambda i: our_game(ours_game, i), kit_deal, seconds)
