"""Game-agnostic bots and the bot registry (`make_bot(game, "heuristic")`).

A bot is named by a *spec*:

- `random`, `heuristic` (the game's own bot), `easy`, `medium`, `hard` (search levels,
  `cardhall.bots.levels`);
- `ismcts` with parameters after colons, e.g. `ismcts:iterations=2000:rollout=heuristic`;
  parameters are `iterations`, `seconds`, `exploration`, `horizon` (a number or `none`) and
  `rollout` (`random` or `heuristic`);
- `pimc` (determinized paired rollouts, `cardhall.bots.pimc`) with `worlds`, `steps` (rollout
  actions per move), `seconds`, `horizon` and `rollout`, e.g. `pimc:worlds=16:rollout=heuristic`;
- `focused` (PIMC on the decisions the game's `focus` plug-in picks, `cardhall.bots.focused`;
  5 Towers' `hard`) with `worlds`, `seconds` and `horizon`;
- `careless:blunder=P` (`cardhall.bots.careless`, every game's `easy`): the heuristic bot,
  playing a random legal move with probability P;
- parameters may follow a level too, overriding its own: `hard:seconds=none`;
- your own bot class: `my_bot.py:MyBot` or `package.module:MyBot` (constructed as `MyBot(seed)`),
  with optional `:key=value` parameters passed as strings (`MyBot(seed, key="value")`), e.g.
  `cardhall.games.hearts.peer:OpenSpielISMCTS:seconds=0.2` (OpenSpiel's IS-MCTS).

A game's own parts (heuristic bot, rollout policy, position values, focus bot, levels) are
the ones it declares in `Game.plugins` (`cardhall.core.plugins`).
"""

from __future__ import annotations

import importlib.util
import random
from importlib import import_module
from pathlib import Path
from typing import Any

from cardhall.bots.ismcts import ISMCTSBot, RolloutPolicy
from cardhall.bots.levels import LEVELS, evaluation
from cardhall.core.bot import Bot, Observation, RandomBot
from cardhall.core.errors import CardhallError
from cardhall.core.game import Action, Game, State

SEARCH_PARAMS = {
    "ismcts": ("iterations", "seconds", "exploration", "horizon", "rollout"),
    "pimc": ("worlds", "steps", "seconds", "horizon", "rollout"),
    "focused": ("worlds", "seconds", "horizon"),
    "careless": ("blunder",),
}
"""The bot kinds that take parameters (searches, and the careless heuristic), and their names."""


def bot_names(game: Game) -> list[str]:
    """The bot kinds available for `game`."""
    plugins = game.plugins
    return ["random", *(["heuristic", "careless"] if plugins.heuristic else []), *LEVELS, "ismcts", "pimc",
            *(["focused"] if plugins.focus else [])]


def _heuristic_class(game: Game) -> type[Bot] | None:
    cls: type[Bot] | None = game.plugins.load("heuristic")
    return cls


def heuristic_rollout(game: Game, seed: int = 0) -> RolloutPolicy | None:
    """The game's rollout policy: its `rollout` plug-in if it declares one, else its heuristic
    bot playing every seat (slower: one observation per action)."""
    policy: RolloutPolicy | None = game.plugins.load("rollout")
    if policy is not None:
        return policy
    cls = _heuristic_class(game)
    if cls is None:
        return None
    bot = cls(seed)

    def play(state: State, rng: random.Random) -> Action:
        return bot.act(Observation.of(state))

    return play


def _parse_params(kind: str, text: str, known: tuple[str, ...]) -> dict[str, str]:
    params: dict[str, str] = {}
    for part in filter(None, text.split(":")):
        key, eq, value = part.partition("=")
        key = key.strip().lower()
        if not eq or key not in known:
            raise CardhallError(f"bad parameter {part!r} for bot {kind!r}; "
                                f"write key=value with key one of {', '.join(known)}")
        params[key] = value.strip()
    return params


def _search_bot(game: Game, kind: str, params: dict[str, str], seed: int) -> Bot:
    """An `ismcts`, `pimc` or `focused` bot (the game's search profile, then `params`, all
    strings, on top), or a `careless` one."""
    from cardhall.bots.focused import FocusedSearchBot
    from cardhall.bots.pimc import PIMCBot

    if kind == "careless":
        return _careless_bot(game, params, seed)
    search = game.plugins.search
    focus: Any = game.plugins.load("focus") if kind == "focused" else None
    if kind == "focused" and focus is None:
        raise CardhallError(f"{game.name} declares no focus bot, so it has no focused search; "
                            f"available: {', '.join(bot_names(game))}")
    kwargs: dict[str, Any] = {"horizon": search.horizon, "evaluation": evaluation(game)}
    if kind == "ismcts":
        kwargs.update(iterations=1000, seconds=None, exploration=search.exploration)
        budget = "iterations"
    else:
        kwargs.update(worlds=24, seconds=None)
        budget = "worlds"
    if ("seconds" in params or "steps" in params) and budget not in params:
        kwargs[budget] = None  # a time (or step) budget alone
    rollout: RolloutPolicy | None = None
    try:
        for key, value in params.items():
            if key in ("iterations", "worlds", "steps"):
                kwargs[key] = None if value.lower() == "none" else int(value)
                if kwargs[key] is not None and kwargs[key] < 1:
                    raise ValueError
            elif key == "seconds":
                kwargs[key] = None if value.lower() == "none" else float(value)
                if kwargs[key] is not None and kwargs[key] <= 0:
                    raise ValueError
            elif key == "exploration":
                kwargs[key] = float(value)
            elif key == "horizon":
                kwargs[key] = None if value.lower() == "none" else int(value)
            elif key == "rollout":
                if value == "heuristic":
                    rollout = heuristic_rollout(game, seed)
                    if rollout is None:
                        raise CardhallError(f"{game.name} has no heuristic bot to use for rollouts")
                elif value != "random":
                    raise CardhallError(f"bot parameter rollout must be random or heuristic, got {value!r}")
    except ValueError:
        raise CardhallError(f"bad value {params[key]!r} for bot parameter {key} "
                            f"({budget}{' and steps' if kind == 'pimc' else ''}: a whole number ≥ 1 or none; "
                            "seconds: a positive number or none; "
                            "horizon: a whole number or none)") from None
    if kwargs.get(budget) is None and kwargs.get("seconds") is None and kwargs.get("steps") is None:
        raise CardhallError(f"bot {kind!r} needs a budget: {budget}=N or seconds=S"
                            + (" or steps=N" if kind == "pimc" else ""))
    if kind == "focused":
        return FocusedSearchBot(seed, focus(seed), **kwargs)
    bot: Bot = ISMCTSBot(seed, rollout=rollout, **kwargs) if kind == "ismcts" else PIMCBot(seed, rollout=rollout, **kwargs)
    return bot


def _careless_bot(game: Game, params: dict[str, str], seed: int) -> Bot:
    from cardhall.bots.careless import CarelessBot

    heuristic = _heuristic_class(game)
    if heuristic is None:
        raise CardhallError(f"{game.name} has no heuristic bot for a careless one to play")
    try:
        blunder = float(params.get("blunder", "0.5"))
    except ValueError:
        raise CardhallError(f"bad value {params['blunder']!r} for bot parameter blunder "
                            "(a probability from 0 to 1, e.g. 0.5)") from None
    return CarelessBot(seed, heuristic(seed + 1), blunder)


def _custom_class(spec: str) -> type[Bot]:
    """The bot class of `file.py:Class` or `package.module:Class`."""
    where, _, cls_name = spec.rpartition(":")
    try:
        if where.endswith(".py"):
            path = Path(where)
            if not path.is_file():
                raise CardhallError(f"bot file {where} does not exist")
            module_spec = importlib.util.spec_from_file_location(f"cardhall_user_bot_{path.stem}", path)
            assert module_spec is not None and module_spec.loader is not None
            module = importlib.util.module_from_spec(module_spec)
            module_spec.loader.exec_module(module)
        else:
            module = import_module(where)
    except (ImportError, SyntaxError) as exc:
        raise CardhallError(f"cannot load bot {spec!r}: {exc}") from None
    cls = getattr(module, cls_name, None)
    if not (isinstance(cls, type) and issubclass(cls, Bot)):
        raise CardhallError(f"{spec!r}: {cls_name} is not a Bot class in {where}")
    return cls


def make_bot(game: Game, kind: str, seed: int = 0) -> Bot:
    """A bot for `game` from its spec (see the module docstring), seeded with `seed`."""
    spec = kind.strip()
    base, _, rest = spec.partition(":")
    base = base.lower()
    if base in ("random", "heuristic") and not rest:
        if base == "random":
            return RandomBot(seed)
        cls = _heuristic_class(game)
        if cls is not None:
            return cls(seed)
    elif base in LEVELS:
        level = game.plugins.search.levels[base]
        kind, _, defaults = level.partition(":")
        if level in ("random", "heuristic") and rest:
            raise CardhallError(f"{base} is the {level} bot in {game.name}, which takes no parameters; got {rest!r}")
        if kind not in SEARCH_PARAMS:  # a bot class named by its path
            bot = make_bot(game, f"{level}:{rest}" if rest else level, seed)
            bot.name = base
            return bot
        params = _parse_params(kind, defaults, SEARCH_PARAMS[kind])
        params.update(_parse_params(base, rest, SEARCH_PARAMS[kind]))
        bot = _search_bot(game, kind, params, seed)
        bot.name = base + "".join(f":{p}" for p in filter(None, rest.split(":")))
        return bot
    elif base in SEARCH_PARAMS:
        bot = _search_bot(game, base, _parse_params(base, rest, SEARCH_PARAMS[base]), seed)
        bot.name = spec.lower()
        return bot
    elif rest and "=" not in rest.split(":", 1)[0]:
        head, params = spec, {}
        while "=" in head.rpartition(":")[2]:  # trailing key=value parameters
            head, _, part = head.rpartition(":")
            key, _, value = part.partition("=")
            params.setdefault(key.strip(), value.strip())  # the rightmost value wins
        try:
            return _custom_class(head)(seed, **params)
        except TypeError as exc:
            raise CardhallError(f"bot {head!r} does not take these parameters: {exc}") from None
        except ValueError as exc:
            raise CardhallError(f"bad parameter value for bot {head!r} ({', '.join(f'{k}={v}' for k, v in params.items())}): "
                                f"{exc}") from None
    raise CardhallError(f"unknown bot {kind!r} for {game.name}; available: {', '.join(bot_names(game))}, "
                        "or your own as file.py:Class")


__all__ = ["Bot", "ISMCTSBot", "Observation", "RandomBot", "bot_names", "make_bot"]
