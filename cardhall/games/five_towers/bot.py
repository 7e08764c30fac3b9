"""The 5 Towers bots: the heuristic and its card-counting refinement.

The heuristic (`HeuristicBot`) values a position as its score now plus the room left on its
towers for the rest of the game: a tower whose top is t can still take about t cards, an 8 on
top takes anything, a 0 on top is complete (and doubles the tower). A card placed low on a
high tower wastes room, so the bot prefers small steps down, tops (0s) on tall towers, a tall
main tower, and few demolitions (each costs more than the last). It bids the number of cards
whose best build gains the most, and passes (or bids 0 as start player) when no build gains
anything.

`CountingBot` values the room by the cards of each colour still to come (the draw pile is
public as a set). It is also the game's `focus` plug-in: `hard` (`cardhall.bots.focused`)
searches the bids it marks on sampled draw piles and lets it build.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from cardhall.core.bot import Bot, Observation
from cardhall.core.game import Action, State
from cardhall.games.five_towers.game import BID, BUILD, TowersState, score_of, tower_points
from cardhall.games.five_towers.notation import EMPTY, NO_DEMOLISH, PASS
from cardhall.games.five_towers.rules_engine import builds, can_place

ROOM = 0.3
"""Points per unit of room on a tower top, early in the game (fades as the cards run out)."""

Room = Callable[[int, list[int]], float]
"""A tower's worth beyond its score, given its colour and its values (bottom to top)."""

COUNT_WEIGHT = 3.0
COUNT_POWER = 0.7
COUNT_ZERO = 1.0
"""The card-counting bot's defaults (`CountingBot`)."""
_FITS = {spanish: [sum(1 << v for v in range(16) if can_place(top, v, spanish)) for top in range(EMPTY + 1)]
         for spanish in (False, True)}
"""Per variant and tower top (EMPTY: no tower): the values that may go on it, as a bit mask."""


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
        room = self.room_value(state)
        towers = _Towers(state.towers[seat], len(state.demolished[seat]), room)
        if state.phase == BUILD:
            return max(legal, key=towers.value)
        assert state.phase == BID
        now = self._eval(state.towers[seat], len(state.demolished[seat]), room)
        best_bid, best_gain = None, 0.0
        for bid in legal:
            if not isinstance(bid, int) or bid <= 0:
                continue
            options = builds(state.towers[seat], state.offer, bid, state.game.spanish)
            gain = max(towers.value(b) for b in options) - now
            if gain > best_gain + 1e-9:
                best_bid, best_gain = bid, gain
        if best_bid is not None:
            return best_bid
        return PASS if PASS in legal else min(a for a in legal if isinstance(a, int))

    def rollout(self, state: State, rng: random.Random) -> Action:
        """The bot's move in a (sampled) state, for search rollouts: no observation needed."""
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        assert isinstance(state, TowersState)
        return self.choose(state, state.turn, legal)

    def values(self, state: State) -> list[float]:
        """Each seat's worth as this bot sees it: its score plus the worth of its towers' room."""
        assert isinstance(state, TowersState)
        room = self.room_value(state)
        return [self._eval(state.towers[s], len(state.demolished[s]), room) for s in range(len(state.towers))]

    def room_value(self, state: TowersState) -> Room:
        """The points a tower of a colour is worth beyond its score, for the cards still to come.

        The heuristic: `room_weight` per unit of room on the top (`room`), fading as the
        cards run out (`_weight`)."""
        weight = self._weight(state)
        spanish = state.game.spanish
        return lambda colour, tower: weight * room(tower[-1] if tower else EMPTY, spanish)

    def _weight(self, state: TowersState) -> float:
        """Room is worth less as the game nears its end (fewer cards still to come)."""
        to_come = len(state.draw) + (len(state.discard) + len(state.offer) if state.exhaustions == 0 else 0)
        per_player = to_come / len(state.bids)
        return self.room_weight * min(1.0, per_player / 25.0)

    @staticmethod
    def _eval(towers: list[list[int]], n_demolished: int, room: Room) -> float:
        value = float(score_of(towers, n_demolished))
        for colour, tower in enumerate(towers):
            value += room(colour, tower)
        return value


class _Towers:
    """A seat's towers as a bot values them, with each tower's points, height and room worked
    out once: the value after a build recomputes only the towers it touches. The value is the
    same float as `HeuristicBot._eval` of the towers after the build (same terms, same order)."""

    def __init__(self, towers: list[list[int]], n_demolished: int, room: Room) -> None:
        self.towers, self.n_demolished, self.room = towers, n_demolished, room
        self.points = [tower_points(t) for t in towers]
        self.heights = [len(t) for t in towers]
        self.rooms = [room(colour, t) for colour, t in enumerate(towers)]

    def value(self, build: Action) -> float:
        """The position's value after `build` (a demolished card or none, and the cards placed)."""
        assert isinstance(build, tuple)
        demolished, placement = build
        changed: dict[int, list[int]] = {}
        n = self.n_demolished
        if demolished != NO_DEMOLISH:
            changed[demolished >> 4] = self.towers[demolished >> 4][:-1]
            n += 1
        for c in placement:
            tower = changed.get(c >> 4)
            if tower is None:
                tower = changed[c >> 4] = self.towers[c >> 4].copy()
            tower.append(c & 15)
        points, heights = self.points.copy(), self.heights.copy()
        for colour, tower in changed.items():
            points[colour], heights[colour] = tower_points(tower), len(tower)
        value = float(sum(points) + max(heights) - n * (n + 1) // 2)
        for colour in range(5):
            tower = changed.get(colour)
            value += self.rooms[colour] if tower is None else self.room(colour, tower)
        return value


class CountingBot(HeuristicBot):
    """The heuristic with card counting: the room of a tower is the cards still to come that fit on it.

    The cards still to come are public: the draw pile holds every card not on a tower, in a
    demolished pile, in the offer or on the discard pile (which is shuffled back once, so
    before that it counts too). A tower whose top is t is worth `weight` / n × k ** `power`
    for the k cards of its colour still to come that may go on t (n players share them; the
    power is below 1 because a tower takes only a descending run of them), plus `zero` ×
    its height / n while its colour's 0 is still to come (the chance to top it, doubling
    it). A topped tower is worth its score alone. The defaults were tuned in arena runs
    against the heuristic (docs/five-towers.md).
    """

    name = "counting"

    def __init__(self, seed: int = 0, weight: float | str = COUNT_WEIGHT, power: float | str = COUNT_POWER,
                 zero: float | str = COUNT_ZERO) -> None:
        super().__init__(seed)
        self.weight, self.power, self.zero = float(weight), float(power), float(zero)

    def room_value(self, state: TowersState) -> Room:
        once = [0] * 5  # per colour: bit v = at least one card of value v still to come
        twice = [0] * 5  # bit v = two of them (the 4+ copies)
        cards = state.draw + state.discard + state.offer if state.exhaustions == 0 else state.draw
        for c in cards:
            bit = 1 << (c & 15)
            colour = c >> 4
            if once[colour] & bit:
                twice[colour] |= bit
            once[colour] |= bit
        fits = _FITS[state.game.spanish]
        n = len(state.bids)
        weight, power, zero = self.weight / n, self.power, self.zero / n

        def value(colour: int, tower: list[int]) -> float:
            top = tower[-1] if tower else EMPTY
            if top == 0:
                return 0.0
            fit = fits[top]
            k = (once[colour] & fit).bit_count() + (twice[colour] & fit).bit_count()
            worth: float = weight * k ** power
            if tower and once[colour] & 1:
                worth += zero * len(tower)
            return worth

        return value

    def searches(self, obs: Observation) -> bool:
        """Whether `hard` (the focused search) searches this decision: a bid. A bid is where the
        hidden draw pile and the other players matter; a build uses only the seat's own towers,
        the cards taken and the public count of cards to come, which this bot values."""
        return bool(obs.view["phase"] == BID)


_HEURISTIC = HeuristicBot(0)
position_values = _HEURISTIC.values
"""Each seat's score plus the room left on its towers, as the heuristic sees it (search cut at a horizon judges by it)."""
rollout_policy = _HEURISTIC.rollout
"""The heuristic's move in a sampled state, for search rollouts."""
