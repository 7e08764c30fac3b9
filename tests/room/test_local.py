"""The in-process room: `play_game`, `play_bots` and the terminal client's room sentences."""

from __future__ import annotations

import cardhall
from cardhall.core.bot import Observation, RandomBot
from cardhall.core.text import text_ui
from cardhall.room import Policy, Seat, Table, play_bots, play_game
from cardhall.tui.play import room_line


def test_play_game_with_specs_is_the_rooms_game():
    """A spec plays as at any table: the same moves as a table whose bots think via `choose`."""
    game = cardhall.load("three-two-five", deals=1)
    state = play_game(game.new_state(4), ["random", "heuristic", "random"])
    table = Table("t", game, 4, [Seat.robot("random"), Seat.robot("heuristic"), Seat.robot("random")], host="h")
    table.start("h")
    play_bots(table)
    assert state.is_over() and state.actions == table.state.actions
    assert play_game(game.new_state(4), ["random", "heuristic", "random"]).actions == state.actions


def test_play_game_asks_bot_objects_as_they_are(toy):
    """A Bot object keeps its own random stream, exactly as before play_game used a Table."""
    seen = []
    state = play_game(toy.new_state(seed=9), [RandomBot(4), RandomBot(5)],
                      on_move=lambda s, seat, action: seen.append((len(s.actions), seat, action)))
    a, b = RandomBot(4), RandomBot(5)
    again = toy.new_state(seed=9)
    while (seat := again.to_move()) is not None:
        again.apply([a, b][seat].act(Observation.of(again, seat)))
    assert state.actions == again.actions and [x[2] for x in seen] == again.actions


def test_play_bots_plays_a_takeover_seat_and_stops_at_a_person(toy):
    t = Table("t", toy, 2, [Seat(), Seat.robot("random")], host="a", policy=Policy(takeover="random"))
    t.sit("a", "Ann")
    t.start("a")
    heard = []
    play_bots(t, listen=heard.extend)
    assert heard == [] and t.state.to_move() == 0  # a person is to move
    t.leave("a", 0.0)
    play_bots(t, listen=heard.extend)
    assert t.status == "over" and {c.entry["by"] for c in heard if c.entry["kind"] == "act"} == {"bot", "takeover"}


def test_room_events_in_words():
    ui = text_ui(cardhall.load("hearts"))
    assert room_line({"type": "takeover", "seat": 1, "name": "Bob", "bot": "medium", "reason": "away"}, ui, 0) == \
        "East is away; the medium bot plays for them until they come back."
    assert room_line({"type": "takeover", "seat": 0, "name": "Ann", "bot": "easy", "reason": "clock"}, ui, 0) == \
        "You ran out of time; the easy bot plays for you until you come back."
    assert room_line({"type": "reclaimed", "seat": 0, "name": "Ann"}, ui, 0) == "You are back and play again."
    assert room_line({"type": "reclaimed", "seat": 2, "name": "Cy"}, ui, 0) == "South is back and plays again."
    assert room_line({"type": "clock_warning", "seat": 0, "seconds": 10}, ui, 0) == "You: 10 seconds left for this move."
    assert room_line({"type": "chat", "name": "Zoe", "text": "hi", "seat": None}, ui, 0) == "Zoe says: hi"
    assert room_line({"type": "sat", "seat": 3, "name": "Dan"}, ui, None) == "Dan sits down in seat 4."
    assert room_line({"type": "game_over", "scores": [1, 2, 3, 4], "winners": [0]}, ui, 0) == ""
