"""The 5 Towers heuristic bot.

It values a position as its score now plus the room left on its towers for the rest of the
game: a tower whose top is t can still take about t cards, an 8 on top takes anything, a
0 on top is complete (and doubles the tower). A card placed low on a high tower wastes room,
so the bot prefers small steps down, tops (0s) on tall towers, a tall main tower, and few
demolitions (each costs more than the last). It bids the number of cards whose best build
gains the most, and passes (or bids 0 as start player) when no build gains anything.
"""

from __future__ import annotations

import random

from cardhall.core.bot import Bot, Observation
from cardhall.core.game import Action, State
from cardhall.games.five_towers.game import BID, BUILD, TowersState, score_of
from cardhall.games.five_towers.notation import NO_DEMOLISH, PASS
from cardhall.games.five_towers.rules_engine import builds

ROOM = 0.3
"""Points per unit of room on a tower top, early in the game (fades as the cards run out)."""


def room(top: int, spanish: bool) -> float:
    """About how many more cards a tower with this top can take."""
    if top == 0:
        return 0.0
    if top == 8 and not spanish:
        return 15.0
    return float(min(top, 15))


class HeuristicBot(Bot):
    name = "heuristic"

    def __init__(self, seed: int = 0, room_weight: float = ROOM) -> None:
        super().__init__(seed)
        self.room_weight = room_weight

    def act(self, obs: Observation) -> Action:
        if len(obs.legal) == 1:
            return obs.legal[0]
        state = obs.sample(self.rng)  # every card the bot reasons about is public; the draw pile order is not used
        assert isinstance(state, TowersState)
        return self.choose(state, obs.seat, obs.legal)

    def choose(self, state: TowersState, seat: int, legal: list[Action]) -> Action:
        """The action for `seat` to move in `state`, using only public information."""
        weight = self._weight(state)
        if state.phase == BUILD:
            return max(legal, key=lambda a: self._value(state, seat, a, weight))
        assert state.phase == BID
        now = self._eval(state.towers[seat], len(state.demolished[seat]), weight, state.game.spanish)
        best_bid, best_gain = None, 0.0
        for bid in legal:
            if not isinstance(bid, int) or bid <= 0:
                continue
            options = builds(state.towers[seat], state.offer, bid, state.game.spanish)
            gain = max(self._value(state, seat, b, weight) for b in options) - now
            if gain > best_gain + 1e-9:
                best_bid, best_gain = bid, gain
        if best_bid is not None:
            return best_bid
        return PASS if PASS in legal else min(a for a in legal if isinstance(a, int))

    def _weight(self, state: TowersState) -> float:
        """Room is worth less as the game nears its end (fewer cards still to come)."""
        to_come = len(state.draw) + (len(state.discard) + len(state.offer) if state.exhaustions == 0 else 0)
        per_player = to_come / len(state.bids)
        return self.room_weight * min(1.0, per_player / 25.0)

    def _value(self, state: TowersState, seat: int, build: Action, weight: float) -> float:
        """The position's value after `build` (only the towers it touches are copied)."""
        assert isinstance(build, tuple)
        demolished, placement = build
        towers = state.towers[seat]
        changed: dict[int, list[int]] = {}
        n_demolished = len(state.demolished[seat])
        if demolished != NO_DEMOLISH:
            changed[demolished >> 4] = towers[demolished >> 4][:-1]
            n_demolished += 1
        for c in placement:
            tower = changed.get(c >> 4)
            if tower is None:
                tower = changed[c >> 4] = towers[c >> 4].copy()
            tower.append(c & 15)
        after = [changed.get(col, towers[col]) for col in range(5)]
        return self._eval(after, n_demolished, weight, state.game.spanish)

    @staticmethod
    def _eval(towers: list[list[int]], n_demolished: int, weight: float, spanish: bool) -> float:
        value = float(score_of(towers, n_demolished))
        for t in towers:
            value += weight * room(t[-1] if t else 16, spanish)
        return value


_ROLLOUT_BOT = HeuristicBot(0)


def position_values(state: State) -> list[float]:
    """Each seat's worth as the heuristic sees it: its score now plus the room left on its
    towers for the cards still to come (search judges rollouts cut short by it)."""
    assert isinstance(state, TowersState)
    weight = _ROLLOUT_BOT._weight(state)
    spanish = state.game.spanish
    return [HeuristicBot._eval(state.towers[s], len(state.demolished[s]), weight, spanish)
            for s in range(len(state.towers))]


def rollout_policy(state: State, rng: random.Random) -> Action:
    """The heuristic's move in a (sampled) state, for search rollouts: no observation needed."""
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    assert isinstance(state, TowersState)
    return _ROLLOUT_BOT.choose(state, state.turn, legal)


class BidSearchBot(Bot):
    """`hard` for 5 Towers: searches the bids, builds as the heuristic.

    A bid is where the hidden draw pile and the other players matter: each bid is tried on
    `worlds` sampled deals, every bid on the same worlds and continued the same way (PIMC,
    `cardhall.bots.pimc`) by the heuristic for `horizon` actions, and judged by the
    heuristic's position values (`position_values`). Builds use only the seat's own towers
    and the cards taken, which the heuristic values exactly, so it chooses them.
    """

    name = "bid-search"

    def __init__(self, seed: int = 0, worlds: int | str = 24, horizon: int | str = 12,
                 seconds: float | str | None = 1.5) -> None:
        from cardhall.bots.ismcts import Evaluation
        from cardhall.bots.pimc import PIMCBot

        super().__init__(seed)
        self.heuristic = HeuristicBot(seed)
        cap = None if seconds is None or str(seconds).lower() == "none" else float(seconds)
        self.search = PIMCBot(seed, worlds=int(worlds), seconds=cap, horizon=int(horizon),
                              evaluation=Evaluation(win_weight=0.8, scale=8.0, value=position_values),
                              rollout=rollout_policy)

    def act(self, obs: Observation) -> Action:
        if len(obs.legal) > 1 and obs.view["phase"] == BID:
            return self.search.act(obs)
        return self.heuristic.act(obs)
