"""Set up 5 Towers positions by hand for the tests."""

from __future__ import annotations

from collections import Counter
from typing import Any

import cardhall
from cardhall.games.five_towers.game import BID, TowersState
from cardhall.games.five_towers.notation import COLOURS, PASS, parse_card, parse_cards


def cards(text: str) -> list[int]:
    return parse_cards(text)


def position(players: int = 3, *, offer: str = "", towers: dict[int, dict[str, list[int]]] | None = None,
             demolished: dict[int, str] | None = None, discard: str = "", start: int = 0,
             bids: list[Any] | None = None, draw: str | None = None, exhaustions: int = 0,
             exhausted_now: bool = False, spanish: bool = False, rest: str = "") -> TowersState:
    """A bid-phase position (first bidder to move unless `bids` says otherwise).

    The deck's other cards go where `rest` says: "draw" (the default without `draw`),
    "discard" (the default with `draw`, bottom to top as given), or "demolished" (the last
    seat's demolished pile), so that every card is accounted for."""
    game = cardhall.load("five-towers", players=players, spanish_eight=spanish)
    s = game.new_state(seed=1)
    assert isinstance(s, TowersState)
    s.offer = sorted(cards(offer))
    s.towers = [[[] for _ in range(5)] for _ in range(players)]
    for seat, tw in (towers or {}).items():
        for letter, values in tw.items():
            s.towers[seat][COLOURS.index(letter)] = list(values)
    s.demolished = [cards((demolished or {}).get(seat, "")) for seat in range(players)]
    s.discard = cards(discard)
    used = Counter(s.offer) + Counter(s.discard) + Counter(c for d in s.demolished for c in d)
    used += Counter(col * 16 + v for tw in s.towers for col, t in enumerate(tw) for v in t)
    others = Counter(game.deck()) - used
    s.draw = cards(draw) if draw is not None else []
    assert Counter(s.draw) <= others, "draw pile cards are used elsewhere"
    left = sorted((others - Counter(s.draw)).elements())
    where = rest or ("draw" if draw is None else "discard")
    if where == "draw":
        s.draw = left + s.draw
    elif where == "discard":
        s.discard += left
    else:
        s.demolished[-1] += left
    s.start = start
    s.phase = BID
    s.bids = [None] * players
    for i, b in enumerate(bids or []):
        s.bids[(start + i) % players] = PASS if b == "pass" else b
    s._set_high()
    s.turn = (start + len(bids or [])) % players
    s.exhaustions, s.exhausted_now = exhaustions, exhausted_now
    s.round = 1
    s.check_consistency()
    return s


def card(text: str) -> int:
    return parse_card(text)


def tower(s: TowersState, seat: int, letter: str) -> list[int]:
    return s.towers[seat][COLOURS.index(letter)]
