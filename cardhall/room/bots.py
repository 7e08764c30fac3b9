"""Bots at a table, deterministic: a bot's choice depends only on its seat's view, the game
seed, its seat, the move number and its parameters (time budgets aside).

Each move is thought by a bot made afresh for that move, seeded by `bot_seed`, so nothing a
bot remembers from earlier moves (its random stream, a search tree) can change a choice: a
game resumed from its record, restored from a table's log or replayed continues exactly as
the uninterrupted game did.
"""

from __future__ import annotations

import hashlib
import os
import signal
import threading
import time
from dataclasses import dataclass
from typing import Any

from cardhall.bots import make_bot
from cardhall.core.bot import Bot, Observation
from cardhall.core.errors import CardhallError
from cardhall.core.game import Action, Game, State
from cardhall.core.registry import load
from cardhall.core.rng import MAX_SEED
from cardhall.room.errors import TableError


@dataclass(frozen=True)
class BotTurn:
    """A bot's move to think about (all JSON data, for a process pool): `choose(turn)` gives its notation."""

    seat: int
    spec: str
    move: int
    seed: int
    state_json: dict[str, Any]


def bot_seed(game_seed: int, seat: int, move: int, spec: str) -> int:
    """The seed of the bot that plays `seat` at move number `move` (stable everywhere)."""
    digest = hashlib.sha256(f"cardhall-bot:{game_seed}:{seat}:{move}:{spec}".encode()).digest()
    return int.from_bytes(digest[:8], "big") % MAX_SEED


def decide(state: State, seat: int, spec: str, seed: int) -> Action:
    """The action of a fresh `spec` bot seeded with `seed`, seeing only `seat`'s observation."""
    return ask(make_bot(state.game, spec, seed), state, seat)


def ask(bot: Bot, state: State, seat: int) -> Action:
    """What `bot` plays for `seat`; it sees only the seat's observation."""
    return bot.act(Observation.of(state, seat))


def choose(turn: BotTurn) -> str:
    """The notation of the bot's move for `turn` (picklable: runs in a process pool)."""
    data = turn.state_json
    game = load(data["game"], **data.get("options", {}))
    state = game.state_from_json(data)
    return game.format_action(decide(state, turn.seat, turn.spec, turn.seed))


def exit_with_parent(parent: int, poll: float = 0.5) -> None:
    """The bot pool's worker initializer: the worker ends once the room process `parent` is gone.

    A pool's workers wait on a queue whose pipe they hold both ends of, so a room killed outright
    (SIGKILL, an out-of-memory kill) would leave them waiting for ever, one set per restart; a
    thread notices the new parent (the orphan's adopter) within `poll` seconds and exits.
    A worker ignores Ctrl-C (SIGINT, which a terminal sends to the whole process group): the room
    stops its pool itself, and a worker interrupted mid-search would only print a traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(poll)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


def check_spec(game: Game, spec: str) -> str:
    """`spec` if it names a bot for `game`; TableError with the sentence otherwise."""
    try:
        make_bot(game, spec, 0)
    except CardhallError as exc:
        raise TableError(str(exc)) from None
    return spec
