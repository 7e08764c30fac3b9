"""A room in one process: drivers that play a Table's bot seats in place (the terminal
client, the arena and `play_game` use them; the service thinks in a process pool instead)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from cardhall.core.bot import Bot
from cardhall.core.game import Action, State
from cardhall.room.bots import ask, bot_seed, decide
from cardhall.room.table import Change, Seat, Table

Listener = Callable[[list[Change]], None]


def play_bots(table: Table, bots: Mapping[int, Bot] | None = None, listen: Listener | None = None,
              on_move: Callable[[State, int, Action], None] | None = None) -> None:
    """Let the bots move while a bot (or the takeover bot) is to move.

    A seat in `bots` is played by that Bot object (it keeps its own random stream, as a Bot
    given by a caller does); every other bot seat by a fresh bot of its spec seeded per move
    (`room.bots`), exactly as the service would play it."""
    while (found := table.bot_seat()) is not None:
        seat, spec = found
        move = len(table.state.actions)
        given = bots.get(seat) if bots is not None and not table.seats[seat].takeover else None
        action = ask(given, table.state, seat) if given is not None else \
            decide(table.state, seat, spec, bot_seed(table.state.seed, seat, move, spec))
        if on_move is not None:
            on_move(table.state, seat, action)
        changes = table.bot_act(seat, table.game.format_action(action), move)
        if listen is not None:
            listen(changes)


def bot_table(state: State, bots: Sequence[Bot | str], *, id: str = "local", events: bool = False) -> Table:
    """A started table with a bot in every seat, playing on from `state`."""
    seats = [Seat.robot(b) if isinstance(b, str) else Seat("bot", name=f"Bot ({b.name})", bot=b.name) for b in bots]
    table = Table(id, state.game, state.seed, seats, host="local", state=state, events=events)
    table.start("local")
    return table


def play_game(state: State, bots: Sequence[Bot | str],
              on_move: Callable[[State, int, Action], None] | None = None) -> State:
    """Let `bots` (one per seat: a Bot, or a bot spec played deterministically as at a room's
    table) play `state` to the end on a Table; return the state."""
    table = bot_table(state, bots)
    play_bots(table, {i: b for i, b in enumerate(bots) if isinstance(b, Bot)}, on_move=on_move)
    return table.state
