"""Event sentences phrased once per audience (`TextUI.audience`, `Speaker.audience`): at a Hearts
table a card played is "East: two of clubs." to every viewer but East, so it is phrased once for
them all. Whole random games, in three languages, every viewer's sentences through one shared
cache are exactly the sentences phrased afresh for that viewer alone — and fewer are phrased."""

from __future__ import annotations

import random

import pytest

import cardhall
from cardhall.room.messages import Event
from cardhall.room.table import Seat, Table
from cardhall.room.words import seat_labels
from cardhall.web.words import Cache, Speaker, change_words, reader


@pytest.mark.parametrize("code", ["en", "ru", "cs"])
def test_a_shared_sentence_is_the_one_each_viewer_would_get(code: str) -> None:
    game = cardhall.load("hearts", target=40)
    table = Table("t", game, 11, [Seat.person(f"p{i}", f"P{i}") for i in range(4)], host="p0")
    cache = Cache(size=1_000_000)
    viewers = [0, 1, 2, 3, None]
    speakers = {v: Speaker("t", game, code, cache) for v in viewers}
    _, ui = reader(game, code)
    rng = random.Random(code)
    changes = table.start("p0", 0.0)
    heard = 0  # (viewer, change) pairs with something to phrase
    while table.status == "playing":
        for viewer in viewers:
            state = table.state_message(viewer)
            names = seat_labels(state.seats, ui.tr)
            want: list[str] = []
            for change in changes:
                events = change.events.get(viewer, change.events.get(None, []))
                for event in events:
                    assert speakers[viewer].take(Event(change.version, event)) == []
                want += change_words(ui, events, viewer, names) if events else []
                heard += bool(events)
            got = [m.words for m in speakers[viewer].take(state) if isinstance(m, Event)]
            assert got == want, (viewer, [c.version for c in changes])
        mover = table.state.to_move()
        changes = table.act(f"p{mover}", rng.choice(table.state_message(mover).legal), None, 1.0)
    phrased = sum(1 for key in cache._items if key[0] == "events")
    assert heard > 500
    assert phrased < 0.6 * heard, (phrased, heard)  # a card played: 2 phrasings for 5 viewers
