"""Property: no hidden card reaches anyone before the game starts. A room's table has no deal
until its start (the seed is chosen then and stored with the start), and nobody's state
message at a waiting table carries a view — so a guest who sits in one open seat after
another, reading each, learns nothing of the hands (seat scouting)."""

from __future__ import annotations

import json

import msgspec
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import cardhall
from cardhall.core.record import Record
from cardhall.room import Seat, Table, TableError

GAMES = [("five-towers", {"players": 3}), ("hearts", {}), ("jass", {}), ("putz", {"players": 3}),
         ("three-two-five", {}), ("clash-of-decks", {})]
PEOPLE = ["ann", "bo", "cy", "di", "ed"]

command = st.one_of(
    st.tuples(st.just("sit"), st.sampled_from(PEOPLE), st.one_of(st.none(), st.integers(0, 4))),
    st.tuples(st.just("leave"), st.sampled_from(PEOPLE), st.none()),
    st.tuples(st.just("connect"), st.sampled_from(PEOPLE), st.none()),
    st.tuples(st.just("disconnect"), st.sampled_from(PEOPLE), st.none()),
    st.tuples(st.just("chat"), st.sampled_from(PEOPLE), st.none()),
    st.tuples(st.just("start"), st.sampled_from(PEOPLE), st.none()),
)


def heard_before_the_start(table: Table, commands: list[tuple[str, str, int | None]]) -> list[dict]:
    """Run `commands` while the table waits; everything any viewer would be sent (each change's
    events and, after every command, every seat's and a spectator's state message)."""
    heard: list[dict] = []
    for now, (kind, player, arg) in enumerate(commands, 1):
        if table.status != "waiting":
            break
        try:
            if kind == "sit":
                changes = table.sit(player, player.title(), None if arg is None else arg % len(table.seats), float(now))
            elif kind == "leave":
                changes = table.leave(player, float(now))
            elif kind == "connect":
                changes = table.connect(player, float(now))
            elif kind == "disconnect":
                changes = table.disconnect(player, float(now))
            elif kind == "chat":
                changes = table.chat(player, "hello", float(now))
            else:  # start: refused unless every seat is taken and the host asks
                if any(s.kind == "open" for s in table.seats) or player != table.host:
                    changes = []
                else:
                    break
        except TableError:
            continue
        heard += [{"events": c.events.get(v, [])} for c in changes for v in (*range(len(table.seats)), None)]
        heard += [table.state_message(v) for v in (*range(len(table.seats)), None)]
    return msgspec.to_builtins(heard)  # as the messages go on the wire


def private_parts(messages: list) -> str:
    """What of the messages could name a card of the deal: views, legal moves and events (not
    the table's options, which may name a card, e.g. Hearts' removed card)."""
    messages = msgspec.to_builtins(messages)  # the room's structs as they go on the wire
    return json.dumps([m if not isinstance(m, dict) or m.get("type") != "state" else [m["view"], m["legal"]]
                       for m in messages])


def hands(table: Table) -> list[list[str]]:
    return [list(table.state.view(seat).get("hand") or []) for seat in range(len(table.seats))]


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
@settings(max_examples=25, deadline=None)
@given(commands=st.lists(command, max_size=30), dealt=st.booleans())
def test_a_waiting_table_shows_no_card_to_anyone(name, options, commands, dealt):
    """Whatever people do at a waiting table (a room's, with no deal yet, or one made with a
    seed, as a table stored before this rule was), every message says nothing of a deal."""
    game = cardhall.load(name, **options)
    table = Table("w", game, 77 if dealt else None, [Seat() for _ in range(game.num_players)], host="ann")
    heard = heard_before_the_start(table, commands)
    for message in heard:
        if message.get("type") == "state":
            assert message["view"] == {} and message["legal"] == [] and message["to_move"] is None
    if not dealt:
        with pytest.raises(TableError, match="no deal"):
            _ = table.state
    for seat in range(game.num_players):
        if table.seats[seat].kind == "open":
            table.seats[seat] = Seat.robot("random")
    (start, *_) = table.start("ann", seed=4242)
    assert table.status == "playing" and table.state.seed == (77 if dealt else 4242)
    assert start.entry == ({"kind": "start"} if dealt else {"kind": "start", "seed": 4242})
    said = private_parts(heard)
    for hand in hands(table):
        assert not any(f'"{card}"' in said for card in hand)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_sit_read_leave_sit_learns_no_hand(name, options):
    """The scouting sequence: Eve sits in each open seat in turn, reads her state, leaves; then
    takes her seat and the host starts. Nothing she read names a card of the deal."""
    game = cardhall.load(name, **options)
    n = game.num_players
    table = Table("s", game, None, [Seat() for _ in range(n)], host="ann")
    table.sit("ann", "Ann", 0)
    read = []
    for seat in range(1, n):
        read += [c.events[seat] for c in table.sit("eve", "Eve", seat, 1.0)]
        read.append(table.state_message(seat))
        read += [c.events[seat] for c in table.leave("eve", 2.0)]
    assert all(m["view"] == {} for m in msgspec.to_builtins(read) if isinstance(m, dict))
    table.sit("eve", "Eve", 1)
    for seat in range(2, n):
        table.seats[seat] = Seat.robot("random")
    table.start("ann")
    said = private_parts(read)
    others = [card for seat, hand in enumerate(hands(table)) if seat != 1 for card in hand]
    assert not any(f'"{card}"' in said for card in others)


def test_the_seed_chosen_at_the_start_replays_and_restores():
    """The start entry carries the seed: a restored table and the record are the live game."""
    game = cardhall.load("hearts", players=3, target=1)
    table = Table("r", game, None, [Seat.robot("random") for _ in range(3)], host="x")
    header = json.loads(json.dumps(table.header()))
    assert header["seed"] is None
    table.start("x")
    from cardhall.room import play_bots

    play_bots(table)
    entries = json.loads(json.dumps([c.entry for c in table.history]))
    back = Table.restore(header, entries)
    assert back.state == table.state and back.seed == table.seed == entries[0]["seed"]
    assert Record.from_json(json.loads(json.dumps(table.record().to_json()))).check() == table.state
