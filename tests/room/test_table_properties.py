"""Property: any sequence of commands on a table (refused ones included) leaves a log that
rebuilds the very same table, with versions 1, 2, 3 … and events for every viewer."""

from __future__ import annotations

import json

import msgspec
from hypothesis import given, settings
from hypothesis import strategies as st

import cardhall
from cardhall.room import Policy, Seat, Table, TableError, choose

PLAYERS = ["p0", "p1", "p2", "p3", "p4"]

command = st.one_of(
    st.tuples(st.just("sit"), st.sampled_from(PLAYERS), st.one_of(st.none(), st.integers(-1, 4))),
    st.tuples(st.just("leave"), st.sampled_from(PLAYERS), st.none()),
    st.tuples(st.just("start"), st.sampled_from(PLAYERS), st.none()),
    st.tuples(st.just("act"), st.sampled_from(["mover", "mover", "mover", *PLAYERS]), st.integers(0, 3)),
    st.tuples(st.just("bot"), st.none(), st.none()),
    st.tuples(st.just("chat"), st.sampled_from(PLAYERS), st.text(max_size=8)),
    st.tuples(st.just("connect"), st.sampled_from(PLAYERS), st.none()),
    st.tuples(st.just("disconnect"), st.sampled_from(PLAYERS), st.none()),
    st.tuples(st.just("tick"), st.none(), st.floats(0, 40)),
)


def run(table: Table, commands, now: float) -> float:
    for kind, player, arg in commands:
        now += 1.0
        try:
            if kind == "sit":
                table.sit(player, player.upper(), arg, now=now)
            elif kind == "leave":
                table.leave(player, now)
            elif kind == "start":
                table.start(player, now=now)
            elif kind == "act":
                mover = table.state.to_move()
                if player == "mover" and mover is not None:
                    player = table.seats[mover].player or "p4"
                legal = table.state.legal_actions()
                text = table.game.format_action(legal[arg % len(legal)]) if legal and arg < 3 else "nonsense"
                table.act(player, text, table.version - (arg == 2) * 3, now)
            elif kind == "bot":
                turn = table.bot_turn()
                if turn is not None:
                    table.bot_act(turn.seat, choose(turn), turn.move, now=now)
            elif kind == "chat":
                table.chat(player, arg, now)
            elif kind == "connect":
                table.connect(player, now)
            elif kind == "disconnect":
                table.disconnect(player, now)
            else:
                now += arg
                table.tick(now)
        except TableError as exc:
            assert str(exc)
    return now


@settings(max_examples=60, deadline=None)
@given(seats=st.lists(st.sampled_from(["open", "bot", "me"]), min_size=2, max_size=2),
       clock=st.one_of(st.none(), st.floats(2, 20)), grace=st.floats(0, 10),
       prepare=st.booleans(), commands=st.lists(command, max_size=60))
def test_restore_equals_the_live_table(seats, clock, grace, prepare, commands):
    game = cardhall.load("five-towers", players=2)
    made = [Seat.robot("random") if s == "bot" else Seat.person("p0", "P0") if s == "me" and i == 0 else Seat()
            for i, s in enumerate(seats)]
    table = Table("prop", game, 9, made, host="p0", policy=Policy(clock=clock, grace=grace, takeover="random"))
    if prepare:  # most tables get going: open seats taken, started
        setup = [("sit", p, None) for p in PLAYERS[:2]] + [("connect", p, None) for p in PLAYERS[:2]] + [("start", "p0", None)]
        commands = setup + commands
    run(table, commands, 0.0)
    assert [c.version for c in table.history] == list(range(1, table.version + 1))
    for c in table.history:
        assert set(c.events) == {0, 1, None}
        json.dumps(c.entry)
        msgspec.json.encode(c.events[None])  # the room's events are structs, the game's dicts: msgspec encodes both
    header = json.loads(json.dumps(table.header()))
    back = Table.restore(header, json.loads(json.dumps([c.entry for c in table.history])))
    assert back.state == table.state and back.state.actions == table.state.actions
    assert (back.version, back.status, back.move_version, back.seats) == \
        (table.version, table.status, table.move_version, table.seats)
    assert back.bot_turn() == table.bot_turn()
    for viewer in (0, 1, None):
        assert back.events_since(0, viewer) == table.events_since(0, viewer)
        assert back.state_message(viewer) == table.state_message(viewer)
