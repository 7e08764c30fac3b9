"""`cardhall bot TABLE_URL --seat N --bot SPEC`: a bot plays a seat of an online table over the wire.

Over the wire a seat gets exactly what a person at that seat gets: its view and the notations of
its legal actions. That is all an `Observation` holds except the sampler: dealing the hidden cards
again needs the full state, which the server never sends. So bots that read only `obs.view` and
`obs.legal` play over the wire (`random`, the `heuristic` bot of each game that declares it plays
on its view, `Plugins.heuristic_on_wire`, and your own bots written that way); bots that call
`obs.sample` (the search levels `hard`, `ismcts`, `pimc`, `focused`, and the heuristics of games that
do not declare it, which search too) are refused with a sentence naming the games whose heuristic
plays over the wire (`wire_heuristics`). docs/room.md lists them.

After an error the bot asks for the table again (`sync`) and, if its move did not happen, plays
it again after a growing pause (`RETRIES`), so a room whose database was away a moment loses no
bot. Each move is played by a fresh bot seeded like the room's own bots, `bot_seed(seed, seat, move,
spec)`, so the same table, seed and bot replay the same choices.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import Callable
from typing import Any

import cardhall
from cardhall.bots import Bot, Observation, make_bot
from cardhall.bots.levels import searching_levels
from cardhall.core import registry
from cardhall.core.errors import CardhallError
from cardhall.core.game import Action, Game, State
from cardhall.room.bots import bot_seed
from cardhall.web.client import RemoteError, RoomClient, TableURL

SEARCH_KINDS = (*searching_levels(), "ismcts", "pimc", "focused")
RETRIES = 8
RETRY_FIRST, RETRY_MAX = 0.25, 4.0
"""A move the server answers with an error at an unchanged position (refused, or not saved while
the room's database was away) is played again after a sync, after pauses doubling from
`RETRY_FIRST` to `RETRY_MAX` seconds, at most `RETRIES` times in a row; then the bot stops with
the server's sentence and leaves its seat."""


class WireBotError(CardhallError):
    """A bot that needs more than a seat receives over the wire."""


def wire_heuristics() -> list[str]:
    """The registered games whose heuristic bot plays over the wire, as each declares
    (`Plugins.heuristic_on_wire`)."""
    return [name for name in registry.game_names() if registry.game_class(name).plugins.heuristic_on_wire]


def needs_sampler(spec: str) -> str:
    """The sentence refusing a bot that deals hidden cards (`obs.sample`) to choose."""
    return (f"bot {spec!r} deals the hidden cards again to choose its move (obs.sample), which needs the full "
            "state; a seat over the wire gets only its view and legal moves. Over the wire use random, heuristic "
            f"({', '.join(wire_heuristics())}) or your own bot that reads only obs.view and obs.legal (docs/room.md)")


def check_wire_bot(spec: str) -> None:
    """Refuse, before sitting down, the bot specs that always search (and so sample)."""
    if spec.strip().partition(":")[0].lower() in SEARCH_KINDS:
        raise WireBotError(needs_sampler(spec))


def wire_observation(game: Game, seat: int, view: dict[str, Any], legal: list[str], spec: str) -> Observation:
    """The observation of a seat over the wire: its view, its legal actions parsed from their
    notations, and a sampler that refuses with a sentence (the hidden cards are not known here)."""

    def sample(rng: random.Random) -> State:
        raise WireBotError(needs_sampler(spec))

    return Observation(game, seat, view, [game.parse_action(text) for text in legal], sample)


def default_name(spec: str) -> str:
    """`Bot (SPEC)`, without a file's directories, within the room's 40 characters for a name."""
    short = spec.replace("\\", "/").rsplit("/", 1)[-1]
    return f"Bot ({short[:33]})"


async def play_seat(url: TableURL, seat: int, spec: str, *, name: str | None = None, seed: int = 0,
                    say: Callable[[str], None] = print) -> dict[str, Any]:
    """Sit a bot at `seat` (from 0) of the table and play until the game ends; return the last
    state message (with the final scores)."""
    check_wire_bot(spec)
    async with RoomClient(url.server) as client:
        summary = await client.table(url)
        game = cardhall.load(summary["game"], **summary.get("options", {}))
        if not 0 <= seat < game.num_players:
            raise CardhallError(f"--seat must be from 1 to {game.num_players}, got {seat + 1}")
        make_bot(game, spec, seed)  # a bad spec is refused before sitting down
        await client.create_guest(name or default_name(spec))
        await client.sit(url, seat)
        say(f"{client.name} sits at {game.seat_name(seat)} of {game.title} table {url.table}.")
        try:
            return await _play(client, url, game, seat, spec, seed, say)
        except CardhallError:
            with contextlib.suppress(RemoteError):
                await client.leave(url)  # the seat opens again, or the table's own bot takes it over at once
            raise


def _act(bot: Bot, obs: Observation, spec: str, move: int) -> Action:
    """The bot's action; its own failures become a sentence naming the bot and the move."""
    try:
        return bot.act(obs)
    except CardhallError:
        raise
    except Exception as exc:
        raise WireBotError(f"bot {spec!r} failed at move {move}: {type(exc).__name__}: {exc}") from None


async def _play(client: RoomClient, url: TableURL, game: Game, seat: int, spec: str, seed: int,
                say: Callable[[str], None]) -> dict[str, Any]:
    acted, played, refused = -1, "", 0
    async with client.connect(url) as conn:
        async for message in conn.messages():
            if message["type"] == "error":
                say(f"The server says: {message['message']}")
                if conn.version == acted:  # the position is unchanged: refused, or the room could not save it
                    refused += 1
                    if refused > RETRIES:
                        raise WireBotError(f"the server refused {played!r} of bot {spec!r} {refused} times: "
                                           f"{message['message']}")
                    await asyncio.sleep(min(RETRY_MAX, RETRY_FIRST * 2 ** (refused - 1)))
                    acted = -1  # look at the table again and play (the bot, seeded per move, chooses the same)
                    await conn.sync()
                continue
            if message["type"] != "state":
                continue
            if message["version"] > max(acted, 0):
                refused = 0
            if message.get("over"):
                say(f"The game is over. Scores: {message.get('scores')}.")
                return message
            version: int = message["version"]
            if message.get("legal") and message.get("to_move") == seat and version > acted:
                acted = version
                move: int = message["moves"]  # the number of game actions so far
                bot = make_bot(game, spec, bot_seed(seed, seat, move, spec))  # fresh per move, as the room's bots
                obs = wire_observation(game, seat, message["view"], message["legal"], spec)
                action = await asyncio.to_thread(_act, bot, obs, spec, move)  # a slow bot must not stall the connection
                played = game.format_action(action)
                await conn.act(played, version)
    raise RemoteError("the table's connection ended before the game did")
