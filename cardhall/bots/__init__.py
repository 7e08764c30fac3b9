"""Game-agnostic bots and the bot registry (`make_bot(game, "heuristic")`)."""

from __future__ import annotations

from importlib import import_module

from cardhall.core.bot import Bot, Observation, RandomBot, play_game
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game


def bot_names(game: Game) -> list[str]:
    """The bot kinds available for `game`."""
    return ["random"] + (["heuristic"] if _heuristic_class(game) else [])


def _heuristic_class(game: Game) -> type[Bot] | None:
    package = type(game).__module__.rsplit(".", 1)[0]
    try:
        module = import_module(package + ".bot")
    except ModuleNotFoundError:
        return None
    cls: type[Bot] | None = getattr(module, "HeuristicBot", None)
    return cls


def make_bot(game: Game, kind: str, seed: int = 0) -> Bot:
    """A bot of kind `kind` ("random", "heuristic") for `game`."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic" and (cls := _heuristic_class(game)) is not None:
        return cls(seed)
    raise CardhallError(f"unknown bot {kind!r} for {game.name}; available: {', '.join(bot_names(game))}")


__all__ = ["Bot", "Observation", "RandomBot", "bot_names", "make_bot", "play_game"]
