"""The Table: every command, the policies (clock, grace), takeover and reclaim, spectators,
stale versions, chat limits, the host's start, and restoring a table from its log."""

from __future__ import annotations

import json

import msgspec
import pytest

import cardhall
from cardhall.core.record import Record
from cardhall.room import BotTurn, Policy, Seat, Table, TableError, choose
from cardhall.room.bots import check_spec

wire = msgspec.to_builtins
"""A message or event as it goes on the wire: the table builds structs (`cardhall.room.messages`)."""


def toy_table(toy, *, policy: Policy | None = None, seats: list[Seat] | None = None) -> Table:
    return Table("t1", toy, 5, seats or [Seat(), Seat()], host="alice", policy=policy, created=100.0)


def started(toy, *, policy: Policy | None = None, bot: bool = False) -> Table:
    """alice in seat 1 and bob (or a random bot) in seat 2, started, both connected."""
    t = toy_table(toy, policy=policy)
    t.sit("alice", "Alice")
    if bot:
        t.seats[1] = Seat.robot("random")
        t.created_seats[1] = Seat.robot("random")
    else:
        t.sit("bob", "Bob")
        t.connect("bob", 0.0)
    t.connect("alice", 0.0)
    t.start("alice")
    return t


def rebuilt(t: Table) -> Table:
    """The table rebuilt from its header and every entry, through JSON as the store keeps them."""
    header = json.loads(json.dumps(t.header()))
    entries = json.loads(json.dumps([c.entry for c in t.history]))
    assert len(entries) == t.version, "the test needs the whole log in the history"
    return Table.restore(header, entries)


def same(a: Table, b: Table) -> None:
    assert a.state == b.state and a.state.actions == b.state.actions
    assert (a.version, a.status, a.move_version) == (b.version, b.status, b.move_version)
    assert a.seats == b.seats


def versions(changes) -> list[int]:
    return [c.version for c in changes]


# --- sit, leave, start ----------------------------------------------------------------------
def test_sit_takes_the_first_open_seat_and_every_change_adds_one_to_the_version(toy):
    t = toy_table(toy)
    assert t.version == 0 and t.status == "waiting"
    (c,) = t.sit("bob", "Bob")
    assert c.version == 1 and c.entry == {"kind": "sit", "seat": 0, "player": "bob", "name": "Bob"}
    assert wire(c.events) == {0: [{"type": "sat", "seat": 0, "name": "Bob"}], 1: [{"type": "sat", "seat": 0, "name": "Bob"}],
                        None: [{"type": "sat", "seat": 0, "name": "Bob"}]}
    assert versions(t.sit("alice", "Alice", 1)) == [2]
    assert t.seat_of("alice") == 1 and t.seats[1].name == "Alice" and t.seats[1].kind == "person"


def test_sit_refusals_are_sentences(toy):
    t = toy_table(toy)
    t.sit("bob", "Bob", 1)
    with pytest.raises(TableError, match="you already sit in seat 2"):
        t.sit("bob", "Bob")
    with pytest.raises(TableError, match="seat 2 is taken by Bob; open seats: 1"):
        t.sit("carol", "Carol", 1)
    with pytest.raises(TableError, match="there is no seat 3; the seats are 1 to 2"):
        t.sit("carol", "Carol", 2)
    with pytest.raises(TableError, match="a name is needed"):
        t.sit("carol", " \x00 ")
    with pytest.raises(TableError, match="at most 40 characters"):
        t.sit("carol", "x" * 41)
    t.sit("carol", "Carol")
    with pytest.raises(TableError, match="every seat is taken"):
        t.sit("dave", "Dave")
    assert t.version == 2


def test_leave_before_the_start_opens_the_seat(toy):
    t = toy_table(toy)
    t.sit("bob", "Bob")
    (c,) = t.leave("bob", 1.0)
    assert c.entry == {"kind": "leave", "seat": 0, "player": "bob"}
    assert wire(c.events[None]) == [{"type": "left", "seat": 0, "name": "Bob"}]
    assert t.seats[0] == Seat() and t.seat_of("bob") is None
    with pytest.raises(TableError, match="you do not sit at this table"):
        t.leave("bob", 2.0)


def test_only_the_host_starts_and_only_with_every_seat_taken(toy):
    t = toy_table(toy)
    t.sit("alice", "Alice")
    with pytest.raises(TableError, match="seat 2 is open; a person or a bot must sit in every seat"):
        t.start("alice")
    t.sit("bob", "Bob")
    with pytest.raises(TableError, match="only the host"):
        t.start("bob")
    (c,) = t.start("alice")
    assert c.entry == {"kind": "start"} and wire(c.events[1]) == [{"type": "started"}] and t.status == "playing"
    with pytest.raises(TableError, match="already started"):
        t.start("alice")
    with pytest.raises(TableError, match="the game has started"):
        t.sit("carol", "Carol")


def test_table_needs_one_seat_per_player_and_a_takeover_bot_of_its_game(toy):
    with pytest.raises(TableError, match="needs 2 seats, not 3"):
        Table("t", toy, 1, [Seat(), Seat(), Seat()], host="a")
    with pytest.raises(TableError, match="unknown bot 'heuristic' for toy"):
        Table("t", toy, 1, [Seat(), Seat()], host="a", policy=Policy(takeover="heuristic"))


# --- act ----------------------------------------------------------------------------------
def test_act_plays_a_move_with_per_viewer_events_and_the_game_ends(toy):
    t = started(toy)
    v = t.version
    (c,) = t.act("alice", "take 2", v, 1.0)
    assert c.entry == {"kind": "act", "seat": 0, "action": "take 2", "by": "person"}
    assert c.events[0] == [{"type": "move", "seat": 0, "action": "take 2"}]
    assert c.events[1] == c.events[None] == [{"type": "move", "seat": 0}]
    assert t.move_version == c.version == v + 1
    while not t.state.is_over():
        player = ["alice", "bob"][t.state.to_move()]
        changes = t.act(player, "take 1", t.version, 2.0)
    assert [c.entry["kind"] for c in changes] == ["act", "over"]
    assert wire(changes[1].events[None]) == [{"type": "game_over", "scores": t.state.scores(), "winners": t.state.winners()}]
    assert t.status == "over" and versions(changes) == [t.version - 1, t.version]
    with pytest.raises(TableError, match="the game is over"):
        t.act("alice", "take 1", None, 3.0)


def test_act_refusals(toy):
    t = toy_table(toy)
    t.sit("alice", "Alice")
    with pytest.raises(TableError, match="not started yet"):
        t.act("alice", "take 1", None, 0.0)
    t.sit("bob", "Bob")
    t.start("alice")
    with pytest.raises(TableError, match="you do not sit at this table"):
        t.act("carol", "take 1", None, 0.0)
    with pytest.raises(TableError, match="it is not your turn: Alice is to move"):
        t.act("bob", "take 1", None, 0.0)
    with pytest.raises(TableError, match="cannot read 'take 3'; write take 1 or take 2"):
        t.act("alice", "take 3", None, 0.0)
    with pytest.raises(TableError, match="an action is needed"):
        t.act("alice", "  ", None, 0.0)
    with pytest.raises(TableError, match="a move has at most 300 characters, this one has 12005"):
        t.act("alice", "take " + "A" * 12_000, None, 0.0)  # never read: no game's move is that long
    assert t.version == 3 and t.state.actions == []


def test_illegal_move_gets_the_engines_sentence_and_changes_nothing(toy):
    t = Table("t", cardhall.load("toy", pile=1), 3, [Seat.person("a", "A"), Seat.robot("random")], host="a")
    t.start("a")
    with pytest.raises(TableError, match="take 2 is not legal now; legal are: take 1"):
        t.act("a", "take 2", None, 0.0)
    assert t.version == 1 and t.state.actions == [] and t.move_version == 0


def test_stale_only_when_a_move_happened_after_the_version_seen(toy):
    t = started(toy)
    seen = t.version
    t.chat("bob", "hello", 1.0)  # a chat is no move: the version seen is still good
    t.act("alice", "take 1", seen, 1.0)
    seen_by_alice = seen
    t.act("bob", "take 1", t.version, 2.0)
    with pytest.raises(TableError, match=f"stale: the table is at version {t.version}; sync and try again"):
        t.act("alice", "take 1", seen_by_alice, 3.0)
    t.act("alice", "take 1", t.version, 3.0)


# --- chat ---------------------------------------------------------------------------------
def test_chat_from_seats_and_spectators_with_limits(toy):
    t = started(toy)
    (c,) = t.chat("bob", "hi\x07 there\nall", 1.0)
    assert c.entry == {"kind": "chat", "player": "bob", "name": "Bob", "text": "hi there all"}
    assert wire(c.events[0]) == wire(c.events[None]) == [
        {"type": "chat", "name": "Bob", "text": "hi there all", "seat": 1, "player": "bob"}]
    (c,) = t.chat("zoe", "nice game", 2.0, name="Zoe")
    assert wire(c.events[None]) == [{"type": "chat", "name": "Zoe", "text": "nice game", "seat": None, "player": "zoe"}]
    assert t.chat("zed", "x" * 500, 3.0)[0].entry["text"] == "x" * 500
    with pytest.raises(TableError, match="at most 500 characters, this one has 501"):
        t.chat("bob", "x" * 501, 4.0)
    with pytest.raises(TableError, match="the chat message is empty"):
        t.chat("bob", " \x01 ", 4.0)
    with pytest.raises(TableError, match="signed-in person"):
        t.chat(None, "hi", 4.0)


# --- connections, grace, takeover and reclaim -------------------------------------------------
def test_disconnect_longer_than_grace_hands_the_seat_to_the_takeover_bot_until_reconnect(toy):
    t = started(toy, policy=Policy(grace=30.0, takeover="random"))
    (c,) = t.disconnect("alice", 10.0)
    assert c.entry == {"kind": "disconnect", "player": "alice", "at": 10.0}
    assert wire(c.events[None]) == [{"type": "disconnected", "seat": 0, "name": "Alice"}]
    assert t.disconnect("alice", 11.0) == [] and t.seats[0].away_since == 10.0
    assert t.deadline() == 40.0 and t.bot_turn() is None
    assert t.tick(39.9) == []
    (c,) = t.tick(40.0)
    assert c.entry == {"kind": "takeover", "seat": 0, "reason": "away"}
    assert wire(c.events[1]) == [{"type": "takeover", "seat": 0, "name": "Alice", "bot": "random", "reason": "away"}]
    assert t.tick(100.0) == [] and t.deadline() is None
    turn = t.bot_turn()
    assert turn is not None and (turn.seat, turn.spec, turn.move) == (0, "random", 0)
    (c,) = t.bot_act(0, choose(turn), 0)
    assert c.entry["by"] == "takeover" and c.entry["seat"] == 0
    t.act("bob", "take 1", None, 101.0)
    changes = t.connect("alice", 102.0)
    assert [c.entry["kind"] for c in changes] == ["connect", "reclaim"]
    assert wire(changes[1].events[None]) == [{"type": "reclaimed", "seat": 0, "name": "Alice"}]
    assert not t.seats[0].takeover and t.seats[0].connected and t.bot_turn() is None
    assert t.connect("alice", 103.0) == []  # a second connection changes nothing


def test_grace_runs_only_while_away(toy):
    t = started(toy, policy=Policy(grace=30.0))
    t.disconnect("bob", 0.0)
    t.connect("bob", 20.0)
    assert t.tick(50.0) == [] and t.deadline() is None and not t.seats[1].takeover


def test_leave_after_the_start_is_a_takeover_and_sit_takes_the_seat_back(toy):
    t = started(toy, policy=Policy(takeover="random"))
    (c,) = t.leave("alice", 5.0)
    assert c.entry == {"kind": "takeover", "seat": 0, "reason": "left"}
    with pytest.raises(TableError, match="already plays seat 1 for you"):
        t.leave("alice", 6.0)
    turn = t.bot_turn()
    assert turn is not None
    t.bot_act(turn.seat, choose(turn), turn.move)
    with pytest.raises(TableError, match="only a person coming back to their own seat"):
        t.sit("carol", "Carol")
    (c,) = t.sit("alice", "Alice")
    assert c.entry == {"kind": "reclaim", "seat": 0, "player": "alice"}
    with pytest.raises(TableError, match="you already play seat 1"):
        t.sit("alice", "Alice")


def test_a_seat_left_is_not_taken_back_by_opening_the_page(toy):
    """Leaving the seat is a choice: the person's page may connect after it (or keep watching)
    without ending the takeover; sitting down again does (a duplicate board's leave raced its page)."""
    t = started(toy, policy=Policy(takeover="random"))
    t.disconnect("alice", 1.0)
    (c,) = t.leave("alice", 2.0)
    assert t.seats[0].left and t.seats[0].to_json()["left"] is True
    assert [c.entry["kind"] for c in t.connect("alice", 3.0)] == ["connect"]
    assert t.seats[0].takeover
    (c,) = t.sit("alice", "Alice")
    assert c.entry["kind"] == "reclaim" and not t.seats[0].left and not t.seats[0].takeover
    # an away takeover still ends by connecting
    t.disconnect("alice", 4.0)
    t.tick(4.0 + t.policy.grace)
    assert t.seats[0].takeover and not t.seats[0].left
    assert [c.entry["kind"] for c in t.connect("alice", 200.0)] == ["connect", "reclaim"]


def test_acting_in_a_taken_over_seat_takes_it_back(toy):
    t = started(toy)
    t.leave("alice", 1.0)
    turn = t.bot_turn()
    changes = t.act("alice", "take 1", None, 2.0)
    assert [c.entry["kind"] for c in changes] == ["reclaim", "act"]
    assert changes[1].entry["by"] == "person"
    assert turn is not None and t.bot_act(turn.seat, "take 1", turn.move) == []  # the bot's late answer is ignored


def test_reclaim_ends_a_takeover_during_the_game_only(toy):
    t = started(toy)
    assert t.reclaim("alice", 1.0) == [] and t.reclaim("nobody", 1.0) == []  # nothing to take back
    t.leave("alice", 2.0)
    (c,) = t.reclaim("alice", 3.0)
    assert c.entry == {"kind": "reclaim", "seat": 0, "player": "alice"} and not t.seats[0].takeover
    assert t.reclaim("alice", 4.0) == []


def test_bot_act_ignores_old_positions_and_other_seats(toy):
    t = started(toy, bot=True)
    assert t.bot_turn() is None  # alice (a person) is to move
    assert t.bot_act(0, "take 1", 0) == []  # not a bot's seat
    t.act("alice", "take 1", None, 0.0)
    turn = t.bot_turn()
    assert turn is not None and turn.seat == 1 and turn.move == 1 and turn.spec == "random"
    assert t.bot_act(1, "take 1", 0) == []  # an old move number
    (c,) = t.bot_act(1, choose(turn), 1)
    assert c.entry["by"] == "bot" and t.bot_turn() is None
    t2 = Table("t", cardhall.load("toy", pile=1), 3, [Seat.robot("random"), Seat.robot("random")], host="a")
    t2.start("a")
    with pytest.raises(TableError, match=r"bot random \(seat 1\) made an illegal move 'take 2'"):
        t2.bot_act(0, "take 2", 0)


# --- the clock ------------------------------------------------------------------------------
def test_no_clock_by_default(toy):
    t = started(toy)
    assert t.policy.clock is None and t.deadline() is None and t.tick(1e9) == []


def test_clock_warns_once_then_the_takeover_bot_plays_the_seat(toy):
    t = toy_table(toy, policy=Policy(clock=30.0, warning=10.0, takeover="random"))
    t.sit("alice", "Alice", now=0.0)
    t.sit("bob", "Bob", now=0.0)
    t.start("alice", now=100.0)
    assert t.deadline() == 120.0
    assert t.tick(119.0) == []
    (c,) = t.tick(121.5)
    assert c.entry == {"kind": "warning", "seat": 0, "seconds": 9}
    assert wire(c.events[None]) == [{"type": "clock_warning", "seat": 0, "seconds": 9}]
    assert t.tick(125.0) == [] and t.deadline() == 130.0
    (c,) = t.tick(130.0)
    assert c.entry == {"kind": "takeover", "seat": 0, "reason": "clock"}
    assert t.deadline() is None
    turn = t.bot_turn()
    assert turn is not None
    t.bot_act(turn.seat, choose(turn), turn.move, now=131.0)
    assert t.deadline() == 151.0  # bob's clock started with the bot's move
    t.act("bob", "take 1", None, 140.0)
    t.sit("alice", "Alice")  # alice is back, her clock starts when tick first sees it
    assert t.deadline() == 0.0
    assert t.tick(200.0) == [] and t.deadline() == 220.0


def test_clock_restarts_for_every_move(toy):
    t = started(toy, policy=Policy(clock=30.0, warning=5.0))
    t.tick(0.0)
    t.act("alice", "take 1", None, 20.0)
    assert t.deadline() == 45.0
    t.act("bob", "take 1", None, 44.0)
    assert t.tick(60.0) == [] and t.deadline() == 69.0


def test_policy_is_checked():
    assert Policy.from_json({"clock": 20, "takeover": "easy"}) == Policy(clock=20, takeover="easy")
    assert Policy.from_json(Policy().to_json()) == Policy()
    with pytest.raises(TableError, match="policy clock must be null \\(no clock\\) or a number of seconds from 1"):
        Policy.from_json({"clock": 0})
    with pytest.raises(TableError, match="policy grace must be a number"):
        Policy.from_json({"grace": "long"})
    with pytest.raises(TableError, match="policy takeover must be one of random, heuristic, easy, medium, hard"):
        Policy.from_json({"takeover": "genius"})
    with pytest.raises(TableError, match="unknown policy field 'speed'"):
        Policy.from_json({"speed": 1})


# --- state messages, spectators, sync -------------------------------------------------------
def test_state_message_gives_legal_moves_only_to_the_person_to_move(toy):
    t = started(toy)
    mine = wire(t.state_message(0))
    assert mine["legal"] == ["take 1", "take 2"] and mine["view"] == t.state.view(0) and mine["seat"] == 0
    assert t.state_message(1).legal == [] and t.state_message(None).legal == []
    spectator = wire(t.state_message(None))
    assert "secret" not in json.dumps(spectator["view"])
    assert spectator["version"] == t.version and spectator["status"] == "playing" and spectator["moves"] == 0
    assert spectator["table"]["options"] == toy.options
    assert spectator["seats"][0] == {"kind": "person", "player": "alice", "name": "Alice", "bot": None,
                                     "connected": True, "takeover": False, "lang": None, "guest": False, "hold": False,
                                     "away_since": None}
    assert spectator["table"]["id"] == "t1" and spectator["table"]["game"] == "toy"


def test_events_since_and_the_bounded_history(toy):
    t = started(toy)
    v = t.version
    t.act("alice", "take 1", None, 1.0)
    t.chat("bob", "ok", 1.0)
    got = wire(t.events_since(v, 1))
    assert got == [{"type": "event", "version": v + 1, "event": {"type": "move", "seat": 0}},
                   {"type": "event", "version": v + 2,
                    "event": {"type": "chat", "name": "Bob", "text": "ok", "seat": 1, "player": "bob"}}]
    assert t.events_since(t.version, 0) == []
    assert t.events_since(0, None) is not None
    for i in range(600):
        t.chat("bob", f"m{i}", 2.0)
    assert t.events_since(0, None) is None and t.events_since(-1, None) is None
    assert len(t.events_since(t.version - 10, None)) == 10


def test_spectators_hear_no_hidden_card_in_hearts():
    """The Hearts pass: a spectator's events and view never name a passed card."""
    game = cardhall.load("hearts")
    t = Table("h", game, 31, [Seat.robot("random") for _ in range(4)], host="x")
    t.start("x")
    from cardhall.room import play_bots

    heard = []
    play_bots(t, listen=lambda changes: heard.extend(changes))
    passes = [c for c in heard if c.entry["kind"] == "act" and c.entry["action"].startswith("pass")]
    assert passes
    for c in passes:
        card = c.entry["action"].split()[1]
        assert card not in json.dumps(c.events[None])
        hearing = [s for s in range(4) if s != c.entry["seat"] and card in json.dumps(c.events[s])]
        assert len(hearing) <= 1  # the receiver, when the passes are exchanged
    assert t.status == "over"


# --- restore and record ---------------------------------------------------------------------
def test_restore_rebuilds_the_same_table(toy):
    t = started(toy, policy=Policy(grace=5.0, takeover="random"))
    t.chat("bob", "hi", 1.0)
    t.act("alice", "take 1", None, 1.0)
    t.disconnect("bob", 2.0)
    t.tick(10.0)
    assert t.seats[1].takeover
    same(t, rebuilt(t))
    turn = t.bot_turn()
    assert turn is not None
    r = rebuilt(t)
    assert r.bot_turn() == turn
    restarted = Table.restore(t.header(), [c.entry for c in t.history], now=50.0)
    assert not restarted.seats[0].connected and restarted.seats[0].away_since == 50.0


def test_restore_names_a_bad_entry(toy):
    t = started(toy)
    entries = [c.entry for c in t.history] + [{"kind": "act", "seat": 0, "action": "take 9", "by": "person"}]
    with pytest.raises(TableError, match=r"entry 6 of table t1 .* does not replay: cannot read 'take 9'"):
        Table.restore(t.header(), entries)
    with pytest.raises(TableError, match="unknown log entry kind 'dance'"):
        Table.restore(t.header(), [{"kind": "dance"}])


def test_record_of_a_finished_table_replays(toy, tmp_path):
    t = started(toy, bot=True)
    from cardhall.room import play_bots

    while t.status == "playing":
        if t.state.to_move() == 0:
            t.act("alice", "take 1", None, 0.0)
        play_bots(t)
    rec = t.record()
    assert rec.meta["final_scores"] == t.state.scores() and rec.meta["seats"] == ["Alice", "Bot (random)"]
    path = rec.save(tmp_path / "r.json")
    assert Record.load(path).check() == t.state


def test_bot_turn_is_plain_data_for_a_process_pool(toy):
    import pickle

    t = started(toy, bot=True)
    t.act("alice", "take 1", None, 0.0)
    turn = t.bot_turn()
    assert isinstance(turn, BotTurn)
    again = pickle.loads(pickle.dumps(turn))
    assert again == turn and choose(again) == choose(turn)


def test_check_spec_names_the_known_bots(toy):
    assert check_spec(cardhall.load("hearts"), "hard") == "hard"
    with pytest.raises(TableError, match="unknown bot 'genius'"):
        check_spec(cardhall.load("hearts"), "genius")


@pytest.mark.parametrize("name", ["five-towers", "clash-of-decks", "hearts", "jass", "putz", "three-two-five"])
def test_the_table_forwards_the_engines_events_and_adds_no_card(name):
    """What each viewer (spectators too) hears of a move is exactly what the engine gave for
    that viewer: the room decides no secrecy of its own and adds nothing to a move."""
    game = cardhall.load(name)
    t = Table("f", game, 11, [Seat.robot("random") for _ in range(game.num_players)], host="x")
    t.start("x")
    shadow = game.new_state(11)
    for _ in range(60):
        turn = t.bot_turn()
        if turn is None:
            break
        (change, *rest) = t.bot_act(turn.seat, choose(turn), turn.move)
        expected = shadow.apply_with_events(game.parse_action(change.entry["action"], shadow))
        assert change.events == expected
        for room_change in rest:
            assert room_change.entry["kind"] == "over"
    assert t.state == shadow


def test_after_a_restart_the_grace_period_runs_from_the_restart(toy):
    t = started(toy, policy=Policy(grace=30.0, takeover="random"))
    back = Table.restore(t.header(), [c.entry for c in t.history], now=1000.0)
    assert all(not s.connected and s.away_since == 1000.0 for s in back.seats)
    assert back.deadline() == 1030.0 and back.tick(1029.0) == []
    assert [c.entry for c in back.tick(1030.0)] == [{"kind": "takeover", "seat": 0, "reason": "away"},
                                                    {"kind": "takeover", "seat": 1, "reason": "away"}]
    assert [c.entry["kind"] for c in back.connect("alice", 1031.0)] == ["connect", "reclaim"]
    assert back.version == t.version + 4
