"""OpenSpiel's Hearts as a peer: the encoding map, and OpenSpiel's IS-MCTS bot as a cardhall bot.

Encoding map (docs/hearts.md): our card ``suit * 13 + rank`` is OpenSpiel's ``rank * 4 + suit``
(same suit order ♣ ♦ ♥ ♠, same ranks 2…A); seats are the same (0 North … 3 West, play goes
0 → 1 → 2 → 3); OpenSpiel plays one deal as one game, whose first chance outcome is the pass
direction (equal to our pass offset: 0 hold, 1 left, 2 across, 3 right) and whose next 52
chance outcomes deal card k to seat k mod 4.

`OpenSpielISMCTS` lets `open_spiel.python.algorithms.ismcts` play in our games and arena:
`cardhall arena hearts --bots hard,cardhall.games.hearts.peer:OpenSpielISMCTS:seconds=0.15`.
It rebuilds the current deal as an OpenSpiel state from a determinization of the seat's view
(OpenSpiel's bot then re-deals the unseen cards itself, from the seat's information state),
and searches for a fixed wall time per move. OpenSpiel's re-deal (`ResampleFromInfostate`) is
broken during the pass phase once another seat has passed: its deals leave a seat with no
legal move (`tests/hearts/test_peer_bot.py` shows it), so there the bot re-deals with ours.
"""

from __future__ import annotations

import time
from typing import Any

from cardhall.core.bot import Bot, Observation
from cardhall.core.cards import parse_card, parse_cards
from cardhall.core.errors import CardhallError
from cardhall.core.game import Action, State
from cardhall.games.hearts.game import PASS, cards_of


def to_os(card: int) -> int:
    """Our card number as OpenSpiel's card action."""
    return (card % 13) * 4 + card // 13


def from_os(action: int) -> int:
    """OpenSpiel's card action as our card number."""
    return (action % 4) * 13 + action // 4


def _pyspiel() -> Any:
    try:
        import pyspiel
    except ImportError:  # pragma: no cover - open_spiel is a test extra
        raise CardhallError("OpenSpiel is not installed; install it with: pip install open_spiel") from None
    return pyspiel


def peer_game(queen_breaks_hearts: bool) -> Any:
    """OpenSpiel's hearts with the parameters that match our rules."""
    return _pyspiel().load_game("hearts", {
        "pass_cards": True,
        "no_pts_on_first_trick": True,
        "can_lead_any_club": False,
        "must_break_hearts": True,
        "qs_breaks_hearts": queen_breaks_hearts,
        "can_lead_hearts_instead_of_qs": False,
        "avoid_all_tricks_bonus": False,
        "jd_bonus": False,
    })


def to_openspiel(state: State, peer: Any) -> Any:
    """The current deal of a full (e.g. determinized) 4-player state, as an OpenSpiel state.

    Rebuilt from the seats' views: each seat's dealt hand is what it holds, plus what it
    played and passed, minus what it received; then the passes (seats in turn) and the
    tricks are replayed in order.
    """
    views = [state.view(s) for s in range(4)]
    tricks = [(t["leader"], [parse_card(c) for c in t["cards"]]) for t in views[0]["tricks"]]
    current = [(s, parse_card(c)) for s, c in views[0]["trick"]]
    played = [0] * 4
    for leader, cards in tricks:
        for i, c in enumerate(cards):
            played[(leader + i) % 4] |= 1 << c
    for s, c in current:
        played[s] |= 1 << c
    passed = [parse_cards(v["passed"]) for v in views]
    dealt = [((parse_cards(v["hand"]) | played[s]) & ~parse_cards(v["received"])) | passed[s]
             for s, v in enumerate(views)]
    hands = [cards_of(h) for h in dealt]
    offset = 0 if views[0]["passed_to"] is None else views[0]["passed_to"] % 4  # seat 0 passes to `offset`
    os_state = peer.new_initial_state()
    os_state.apply_action(offset)
    for i in range(13):
        for s in range(4):
            os_state.apply_action(to_os(hands[s][i]))
    for s in range(4):
        for c in cards_of(passed[s]):
            os_state.apply_action(to_os(c))
    for _, cards in tricks:
        for c in cards:
            os_state.apply_action(to_os(c))
    for _, c in current:
        os_state.apply_action(to_os(c))
    if os_state.current_player() != state.to_move():
        raise CardhallError(f"rebuilt OpenSpiel deal has player {os_state.current_player()} to move, "
                            f"ours {state.to_move()}")
    return os_state


class OpenSpielISMCTS(Bot):
    """OpenSpiel's IS-MCTS (random rollouts, UCT, most-visited move) with `seconds` per move.

    `uct_c` is in OpenSpiel's return units (a deal's returns span 0…26 points), so the
    default 10 explores about as much as UCT's usual √2 on [0, 1] rewards.
    """

    name = "openspiel-ismcts"

    def __init__(self, seed: int = 0, seconds: float | str = 0.15, uct_c: float | str = 10.0) -> None:
        super().__init__(seed)
        import numpy as np
        from open_spiel.python.algorithms import ismcts, mcts

        pyspiel = _pyspiel()
        self.seconds = float(seconds)
        self.peer = peer_game(False)
        state_rng = np.random.RandomState(seed % 2**32)
        evaluator = mcts.RandomRolloutEvaluator(1, state_rng)
        deadline_of = self._deadline

        class TimedISMCTS(ismcts.ISMCTSBot):  # type: ignore[misc]
            """OpenSpiel's bot searching until a deadline instead of a simulation count."""

            def run_search(self, state: Any) -> Any:
                self.reset()
                legal = state.legal_actions()
                if len(legal) == 1:
                    return [(legal[0], 1.0)]
                self._root_node = self.create_new_node(state)
                deadline = deadline_of()
                done = 0
                while done <= len(legal) or time.perf_counter() < deadline:  # each move tried once at least
                    self.run_simulation(self.sample_root_state(state))
                    done += 1
                return self.get_final_policy(state, self._root_node)

        self.bot = TimedISMCTS(self.peer, evaluator, float(uct_c), max_simulations=1, random_state=state_rng,
                               final_policy_type=ismcts.ISMCTSFinalPolicyType.MAX_VISIT_COUNT)
        self._start = 0.0
        del pyspiel

    def _deadline(self) -> float:
        return self._start + self.seconds

    def act(self, obs: Observation) -> Action:
        legal = obs.legal
        if len(legal) == 1:
            return legal[0]
        if obs.game.num_players != 4 or obs.game.options.get("queen_breaks_hearts"):
            raise CardhallError("OpenSpiel's hearts plays 4 players with Q♠ not breaking hearts")
        self._start = time.perf_counter()
        if legal[0] >= PASS:  # type: ignore[operator]
            # OpenSpiel's own re-deal is broken while passing (once a seat has passed, its
            # re-dealt hands leave seats without legal moves), so it re-deals with ours there.
            self.bot.set_resampler(lambda _state, _player: to_openspiel(obs.sample(self.rng), self.peer))
        else:
            self.bot.set_resampler(None)  # OpenSpiel's ResampleFromInfostate
        world = obs.sample(self.rng)  # any determinization: OpenSpiel re-deals from the seat's view
        action = self.bot.step(to_openspiel(world, self.peer))
        card = from_os(int(action))
        return PASS + card if legal[0] >= PASS else card  # type: ignore[operator]
