"""Per-viewer events and typed views, every game and variant, on random games.

Property: no event and no view (`view(seat)`, `public_view()`) for a viewer contains a card
that viewer may not know. "May know" is worked out here from the full state, independently
of the view and event code; events and views are then scanned recursively for card notations.
Also: events are JSON; `apply_with_events` leaves the state exactly as `apply` would; every
view matches its game's TypedDict.
"""

from __future__ import annotations

import functools
import json
import random
import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import Any

import msgspec
import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

import cardhall
from cardhall.core.cards import format_card
from cardhall.core.game import State, Viewer
from cardhall.core.text import text_ui
from cardhall.core.views import view_keys
from cardhall.games.clash_of_decks.game import PICK, name_of
from cardhall.games.five_towers.notation import format_card as towers_card
from cardhall.games.hearts.game import PASSING, cards_of
from cardhall.games.three_two_five.game import DECK as DECK_325

VARIANTS = [
    *[("five-towers", {"players": p}) for p in (2, 3, 4, 5)],
    ("five-towers", {"spanish_eight": True}),
    ("hearts", {"players": 3}), ("hearts", {"players": 4}),
    ("jass", {}), ("putz", {"players": 3}), ("putz", {"players": 5}),
    ("three-two-five", {}), ("three-two-five", {"trump_by_seventh_card": True}),
    *[("clash-of-decks", {"format": f}) for f in ("precon", "draft", "constructed")],
    ("clash-of-decks", {"solo": True}), ("clash-of-decks", {"solo": True, "format": "precon", "level": 3}),
]
IDS = [f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items()) or 'default'}" for name, opts in VARIANTS]


# --- what a viewer may not know, from the full state -----------------------------------------
def _masks(mask: int) -> set[str]:
    return {format_card(c) for c in range(64) if mask >> c & 1}


def hearts_secret(s: Any, v: Viewer) -> set[str]:
    """Other seats' hands, and while passing, the cards they chose; once passing is done, a
    seat knows where the cards it passed went."""
    hidden = 0
    for o in range(s.game.players):
        if o != v:
            hidden |= s.hands[o] | (s.passed[o] if s.phase == PASSING else 0)
    if v is not None and s.phase != PASSING:
        hidden &= ~s.passed[v]
    return {format_card(c) for c in cards_of(hidden)}


def jass_secret(s: Any, v: Viewer) -> set[str]:
    """Other hands but their publicly known cards; in Putz also the talon under its face-up
    card and a set-aside hand (but its public card), unless the viewer set it aside."""
    hidden = 0
    for o in range(s.n):
        if o != v:
            hidden |= s.hands[o] & ~s.known[o]
    if s.game.name == "putz":
        hidden |= s.talon & ~(1 << s.up)
        if v is None or v != s.taker:
            hidden |= s.aside & ~s.aside_known()
    return _masks(hidden)


def three_two_five_secret(s: Any, v: Viewer) -> set[str]:
    """Other hands and the cards not dealt yet, except the cards of the pulls the viewer took
    part in."""
    hidden = DECK_325
    for o in range(3):
        hidden &= ~s.played[o]
    if v is not None:
        hidden &= ~s.hands[v]
        for c, d, x, y in s.pull_log:
            if v in (c, d):
                hidden &= ~(1 << x | (1 << y if y >= 0 else 0))
    return _masks(hidden)


SECRETS: dict[str, Callable[[Any, Viewer], set[str]]] = {
    "hearts": hearts_secret, "jass": jass_secret, "putz": jass_secret, "three-two-five": three_two_five_secret,
}


# --- scanning ----------------------------------------------------------------------------------
def strings(data: Any) -> Iterator[str]:
    if isinstance(data, str):  # the string and its words, each once
        yield from {data, *re.findall(r"[A-Za-z0-9!?]+", data)}
    elif isinstance(data, dict):
        for value in data.values():
            yield from strings(value)
    elif isinstance(data, list | tuple):
        for item in data:
            yield from strings(item)


def lists(data: Any) -> Iterator[list[Any]]:
    if isinstance(data, dict):
        for value in data.values():
            yield from lists(value)
    elif isinstance(data, list):
        yield data
        for item in data:
            yield from lists(item)


CARD = re.compile(r"[2-9TJQKA][CDHS]")


def check_trick_game(s: State, v: Viewer, seen: list[Any], before: State, action: Any) -> None:
    """The view and the events of the new deal (from `deal_started` on) against what the
    viewer may know now; the events of the finished deal (a deal's last trick) against what
    it knew before the move, with the card played (public) added."""
    secret = SECRETS[s.game.name](s, v)
    played = s.game.format_action(action)
    old = SECRETS[s.game.name](before, v) - ({played} if CARD.fullmatch(played) else set())
    view, *events = seen
    new_deal = not any(e["type"] == "deal_started" for e in events)
    for item in [*events, view]:
        new_deal = new_deal or item.get("type") == "deal_started"
        leaked = (secret if new_deal else old) & set(strings(item))
        assert not leaked, f"viewer {v} is told {sorted(leaked)}, which it may not know: {item}"


@functools.lru_cache(maxsize=64)
def _outside_draw(draw: tuple[int, ...], draw_before: tuple[int, ...], deck: tuple[int, ...]) -> Counter[str]:
    full = Counter(towers_card(c) for c in deck)
    return (full - Counter(towers_card(c) for c in draw)) | (full - Counter(towers_card(c) for c in draw_before))


def check_towers(s: Any, v: Viewer, seen: list[Any], before: Any) -> None:
    """Only the draw pile's cards are unseen (copies exist): no item names more copies of a
    card than lie outside the draw pile before or after the move (a reshuffle puts seen cards
    back into it)."""
    outside = _outside_draw(tuple(s.draw), tuple(before.draw), tuple(s.game.deck()))
    for item in seen:
        named = Counter(t for t in strings(item) if re.fullmatch(r"[PVGSY]\d{1,2}", t))
        assert not named - outside, f"viewer {v} is told of cards still in the draw pile: {item}"


def _reveals_order(data: Any, true: list[str], hidden: list[bool]) -> bool:
    """Whether some list in `data` names a hidden order: every hidden place's true card at
    its place (an order that equals the sorted one is no secret)."""
    places = [i for i, h in enumerate(hidden) if h]
    if len(places) < 2 or [true[i] for i in places] == sorted(true[i] for i in places):
        return False
    return any(len(lst) == len(true) and all(lst[i] == true[i] for i in places) for lst in lists(data))


def check_clash(s: Any, v: Viewer, seen: list[Any]) -> None:
    """Hidden: the draft pile; while picking, the other's constructed picks; the order of a
    hand's cards that did not return to it (to all but its owner); the automaton's deck order."""
    pile = {name_of(c) for c in s.pile}
    mine = {name_of(c) for c in s.picks[v]} if v is not None else set()
    names = {name_of(c) for c in range(32)}
    for item in seen:
        told = [t for t in strings(item) if t in names]
        assert not pile & set(told), f"viewer {v} is told a card of the draft pile: {item}"
        if s.phase == PICK:
            assert set(told) <= mine, f"viewer {v} is told another's secret pick: {item}"
        # a draft's picks are public, in the order picked: a hand shuffled from them can match
        # that order at its hidden places by chance (1 in 56 with two hidden), which tells nothing
        ordered = {k: x for k, x in item.items() if k != "picks"} if s.game.format == "draft" and isinstance(item, dict) else item
        for o in range(len(s.hands)):
            if o != v and _reveals_order(ordered, [name_of(c) for c in s.hands[o]], [not x for x in s.shown[o]]):
                raise AssertionError(f"viewer {v} is told the order of seat {o}'s hand: {item}")
        deck = [name_of(c) for c in s.ai_deck]
        assert not _reveals_order(item, deck, [True] * len(deck)), f"the automaton's deck order is told: {item}"


def check_secrecy(s: State, v: Viewer, seen: list[Any], before: State, action: Any) -> None:
    if s.game.name in SECRETS:
        check_trick_game(s, v, seen, before, action)
    elif s.game.name == "five-towers":
        check_towers(s, v, seen, before)
    else:
        check_clash(s, v, seen)


def check_typed(s: State, v: Viewer, view: dict[str, Any]) -> None:
    typed = type(s).PUBLIC_VIEW_TYPE if v is None else type(s).VIEW_TYPE
    assert typed is not None, f"{type(s).__name__} declares no view type"
    required = typed.__required_keys__
    assert required <= view.keys() <= view_keys(typed), (sorted(required - view.keys()),
                                                          sorted(view.keys() - view_keys(typed)))
    msgspec.convert(view, typed, strict=True)
    assert view["seat"] == v and view["to_move"] == s.to_move() and view["over"] == s.is_over()
    assert view["winners"] == s.winners()


# --- the properties ----------------------------------------------------------------------------
@pytest.fixture(params=VARIANTS, ids=IDS)
def game(request):
    name, options = request.param
    return cardhall.load(name, **options)


@settings(max_examples=4, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(min_value=0, max_value=2**32), steps=st.integers(min_value=1, max_value=250))
@example(seed=36488, steps=17)  # Clash solo: a hand that matched the public draft order by chance
def test_events_and_views_tell_no_viewer_a_card_it_may_not_know(game, seed, steps):
    rng = random.Random(seed)
    state = game.new_state(seed)
    ui = text_ui(game)
    viewers: list[Viewer] = [*range(game.num_players), None]
    for _ in range(steps):
        if state.is_over():
            break
        action = rng.choice(state.legal_actions())
        before = state.clone()
        twin = state.clone()
        twin.apply(action)
        events = state.apply_with_events(action)
        assert state == twin and state.actions == twin.actions  # exactly as `apply`
        assert list(events) == viewers
        json.loads(json.dumps(events[None]))
        for v in viewers:
            assert all(isinstance(e, dict) and isinstance(e.get("type"), str) for e in events[v])
            assert all(isinstance(ui.phrase(e, v), str) for e in events[v])  # every event can be phrased
            json.dumps(events[v])
            view = state.view_of(v)
            check_typed(state, v, view)
            check_secrecy(state, v, [view, *events[v]], before, action)
    if state.is_over():
        assert state.view_of(None)["over"]


def test_the_last_move_tells_everyone_the_game_is_over(game):
    rng = random.Random(5)
    state = game.new_state(5)
    events = {}
    while not state.is_over():
        events = state.apply_with_events(rng.choice(state.legal_actions()))
    for v, said in events.items():
        assert said[-1] == {"type": "game_over", "scores": state.scores(), "winners": state.winners()}, v


def test_hearts_each_receiver_learns_only_its_own_received_cards():
    state = cardhall.load("hearts").new_state(11)
    events: dict[Viewer, list[Any]] = {}
    while state.view(0)["phase"] == "pass":
        events = state.apply_with_events(state.legal_actions()[0])
    for seat in range(4):
        done = [e for e in events[seat] if e["type"] == "passes_done"]
        view = state.view(seat)
        assert done == [{"type": "passes_done", "passing": "left", "received": view["received"],
                         "received_from": view["received_from"]}]
    assert [e for e in events[None] if e["type"] == "passes_done"] == [{"type": "passes_done", "passing": "left"}]
    assert [e for e in events[0] if e["type"] == "pass_chosen"] == [{"type": "pass_chosen", "seat": 3, "count": 3}]


def test_three_two_five_pull_cards_go_only_to_the_two_seats_involved():
    game = cardhall.load("three-two-five")
    rng = random.Random(2)
    for seed in range(20):
        state = game.new_state(seed)
        while not state.is_over():
            events = state.apply_with_events(rng.choice(state.legal_actions()))
            pulls = [e for e in events[None] if e["type"] in ("pull", "card_returned")]
            if not pulls:
                continue
            for e in pulls:
                pair = (e["seat"], e.get("from", e.get("to")))
                third = 3 - sum(pair)
                for v in (*pair, third):
                    told = [x for x in events[v] if x["type"] == e["type"] and x["seat"] == e["seat"]]
                    assert told and ("card" in told[0]) == (v in pair), (v, told)
                assert "card" not in e
            return
    raise AssertionError("no pull found")


def test_clash_constructed_pick_and_hand_order_stay_with_their_owner():
    game = cardhall.load("clash-of-decks", format="constructed")
    state = game.new_state(4)
    rng = random.Random(4)
    actor = state.to_move()
    events = state.apply_with_events(state.legal_actions()[0])
    assert "card" in events[actor][0] and events[1 - actor][0] == {"type": "pick", "seat": actor}
    assert events[None][0] == {"type": "pick", "seat": actor}
    while state.view(0)["phase"] in ("pick", "ban"):
        events = state.apply_with_events(rng.choice(state.legal_actions()))
    for seat in (0, 1):
        dealt = [e for e in events[seat] if e["type"] == "hand_dealt"]
        assert dealt == [{"type": "hand_dealt", "hand": state.view(seat)["hand"]}]
    assert not any(e["type"] == "hand_dealt" for e in events[None])
