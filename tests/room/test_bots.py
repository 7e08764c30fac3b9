"""Deterministic bots: a bot's choice depends only on its seat's view, the game seed, its seat,
the move number and its parameters, so a resumed, restored or replayed game continues exactly."""

from __future__ import annotations

import pytest

import cardhall
from cardhall.core.record import Record
from cardhall.room import Seat, Table, bot_seed, choose
from cardhall.room.bots import decide
from cardhall.room.local import bot_table

# Every game and variant, with a search level made cheap (few iterations, no time budget: the
# wall-time cap is the one thing allowed to make a bot's choice depend on the machine).
CHEAP = "ismcts:iterations=4:seconds=none"
GAMES = [("five-towers", {}), ("five-towers", {"players": 5}), ("clash-of-decks", {}), ("clash-of-decks", {"solo": True}),
         ("hearts", {}), ("hearts", {"players": 3}),
         ("jass", {}), ("putz", {"players": 3}), ("putz", {"players": 5}), ("three-two-five", {})]
IDS = [f"{n}{o.get('players', '')}{'-solo' if o.get('solo') else ''}" for n, o in GAMES]
MOVES = 60


def test_bot_seed_is_stable_and_separates_its_parts():
    assert bot_seed(31, 2, 28, "easy") == bot_seed(31, 2, 28, "easy")
    seeds = {bot_seed(31, 2, 28, "easy"), bot_seed(32, 2, 28, "easy"), bot_seed(31, 3, 28, "easy"),
             bot_seed(31, 2, 29, "easy"), bot_seed(31, 2, 28, "hard")}
    assert len(seeds) == 5
    assert bot_seed(1, 0, 0, "random") == 2318203625936052926  # hashlib, not hash(): the same in every process


def play(table: Table, moves: int) -> None:
    """Let the bots play until `moves` actions are on the board (or the game ends)."""
    while table.status == "playing" and len(table.state.actions) < moves:
        turn = table.bot_turn()
        assert turn is not None
        table.bot_act(turn.seat, choose(turn), turn.move)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_resumed_and_restored_games_continue_exactly(name, options):
    game = cardhall.load(name, **options)
    seats = [Seat.robot(CHEAP) for _ in range(game.num_players)]
    whole = Table("w", game, 31, seats, host="x")
    whole.start("x")
    play(whole, MOVES)
    # interrupted at move 28: resumed from the record in a new local table ...
    first = Table("a", game, 31, [Seat.robot(CHEAP) for _ in range(game.num_players)], host="x")
    first.start("x")
    play(first, 28)
    resumed = bot_table(Record.from_json(first.record().to_json()).replay(), [CHEAP] * game.num_players)
    play_in_place(resumed, MOVES)
    # ... and restored from the table's log
    restored = Table.restore(first.header(), [c.entry for c in first.history])
    play(restored, MOVES)
    assert restored.state.actions == whole.state.actions
    assert resumed.state.actions == whole.state.actions


def play_in_place(table: Table, moves: int) -> None:
    """As `play`, with the local room's bots (no JSON round trip)."""
    while (found := table.bot_seat()) is not None and len(table.state.actions) < moves:
        seat, spec = found
        move = len(table.state.actions)
        action = decide(table.state, seat, spec, bot_seed(table.seed, seat, move, spec))
        table.bot_act(seat, table.game.format_action(action), move)


@pytest.mark.parametrize(("name", "options"), GAMES, ids=IDS)
def test_choice_from_json_equals_the_choice_in_place(name, options):
    """The service's bots (state rebuilt from JSON in a worker) choose as the local ones do."""
    game = cardhall.load(name, **options)
    table = Table("j", game, 7, [Seat.robot(CHEAP) for _ in range(game.num_players)], host="x")
    table.start("x")
    for _ in range(25):
        turn = table.bot_turn()
        if turn is None:
            break
        local = game.format_action(decide(table.state, turn.seat, turn.spec, turn.seed))
        assert choose(turn) == local
        table.bot_act(turn.seat, local, turn.move)
