"""The game registry: `load("five-towers", players=3)`.

Games are listed by import path and imported on first use, so loading one game never
imports the others.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from cardhall.core.errors import UnknownGame
from cardhall.core.game import Game
from cardhall.core.i18n import N_, Msg, listing

_GAMES: dict[str, str] = {}
_ALIASES: dict[str, str] = {}


def register(name: str, path: str, aliases: tuple[str, ...] = ()) -> None:
    """Register a game class by `module:Class` path under `name` (and aliases)."""
    _GAMES[name] = path
    for alias in aliases:
        _ALIASES[alias] = name


def game_names() -> list[str]:
    """The registered game names, in registration order."""
    return list(_GAMES)


def aliases(name: str) -> list[str]:
    """The other names a registered game answers to."""
    key = canonical_name(name)
    return [alias for alias, target in _ALIASES.items() if target == key]


def names_with_aliases() -> Msg:
    """The games as a user may name them: "three-two-five (also 325, 3-2-5)", as a `Msg` (the
    "also" is said in the reader's language)."""
    def named(game: str) -> Msg | str:
        others = [alias for alias, target in _ALIASES.items() if target == game]
        # Translators: a game's name and the other names it answers to, in a list of games:
        # "three-two-five (also 325, 3-2-5)". The names are typed as they are: do not translate them.
        return Msg(N_("{game} (also {aliases})"), game=game, aliases=", ".join(others)) if others else game
    return listing(named(game) for game in _GAMES)


def canonical_name(name: str) -> str:
    """The registered name for `name` or an alias; raise `UnknownGame` otherwise."""
    key = name.strip().lower().replace("_", "-")
    key = _ALIASES.get(key, key)
    if key not in _GAMES:
        raise UnknownGame(Msg(N_("unknown game {name}; the games are: {games}"), name=repr(name),
                              games=names_with_aliases()))
    return key


def game_class(name: str) -> type[Game]:
    module, _, cls = _GAMES[canonical_name(name)].partition(":")
    game_cls: type[Game] = getattr(import_module(module), cls)
    return game_cls


def load(name: str, /, **options: Any) -> Game:
    """The game `name` with `options` validated (see each game's OPTIONS)."""
    return game_class(name)(**options)
