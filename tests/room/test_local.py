"""The in-process room: `play_game`, `play_bots` and the terminal client's room sentences."""

from __future__ import annotations

import cardhall
from cardhall.core.bot import Observation, RandomBot
from cardhall.room import Policy, Seat, Table, play_bots, play_game


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
