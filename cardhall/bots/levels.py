"""The strength levels every game offers — `random`, `easy`, `medium`, `hard` — in one place.

The room's lobby, `cardhall play --help` and docs/bots.md all read this module: each level
has a name, a one-sentence description for players (marked for translation, English here),
and a wall-time cap per move. What plays a level differs per game: each game declares the
bot spec behind `easy`, `medium` and `hard` in its search profile (`Game.plugins.search`, a
`cardhall.core.plugins.SearchProfile`): a search with an iteration (IS-MCTS) or world (PIMC)
budget, so a seeded game replays exactly, with the level's cap as a safety net, or a bot
that does not search (the game's rule-of-thumb `heuristic`, which moves at once). Each level
is measured to beat the one below it (docs/bots.md, "The ladder").

The profile also says how a rollout is scored: games played to a far target (Hearts to 100,
Jass to 1000, nine deals of 3-2-5) cut rollouts at a horizon and count the points gained
since the root; short games (5 Towers, Clash of Decks) play rollouts out and count the win.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from cardhall.bots.ismcts import Evaluation
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game
from cardhall.core.i18n import N_, NP_, Lang, Msg
from cardhall.core.plugins import LEVEL_SECONDS
from cardhall.core.registry import game_class, load


@dataclass(frozen=True)
class Level:
    """A rung of the ladder: its name (the bot spec players use), what players are told about
    it, and the most it may think per move (seconds; None: it moves at once)."""

    name: str
    description: str
    seconds: float | None


LADDER: tuple[Level, ...] = (
    Level("random", N_("Plays any legal move at random: the place to learn the rules."), None),
    Level("easy", N_("A beginner: knows the rules of thumb, but often plays without thinking."), LEVEL_SECONDS["easy"]),
    Level("medium", N_("A steady player who mostly follows the game's rules of thumb."), LEVEL_SECONDS["medium"]),
    Level("hard", N_("The strongest: tries out many ways the game may go before each move."), LEVEL_SECONDS["hard"]),
)
"""The ladder, weakest first."""

HEURISTIC = N_("The game's own rule-of-thumb player; it moves at once.")
"""What players are told about `heuristic`, the bot that is not a rung of its own where a
level plays as it."""

TITLES: dict[str, str] = {
    "random": NP_("bot level", "random"), "easy": NP_("bot level", "easy"), "medium": NP_("bot level", "medium"),
    "hard": NP_("bot level", "hard"), "heuristic": NP_("bot level", "heuristic"),
}
"""Each level's name as players read it (context ``bot level``): the spec stays English where
it is typed (``bot:hard``), the word in a sentence is the reader's."""


def level_msg(spec: str) -> Msg | str:
    """A bot's level (``hard``, ``bot:hard``) as a `Msg` said in each reader's language; a spec
    that is not a level (``ismcts:iterations=50``) is notation and stays as it is."""
    level = spec.removeprefix("bot:")
    return Msg(TITLES[level], context="bot level") if level in TITLES else level


def level_title(spec: str, tr: Lang) -> str:
    """A bot's level in `tr`'s language: «сильный» for ``hard``; other specs as they are."""
    return tr.say(level_msg(spec))


def bot_name(spec: str, tr: Lang) -> str:
    """The name of a bot's seat in `tr`'s language: "Bot (hard)", «Бот (сильный)»."""
    # Translators: the name of a seat a bot plays; {level} is its level (random, easy, medium, hard).
    return tr._("Bot ({level})", level=level_title(spec, tr))


LEVELS = tuple(level.name for level in LADDER if level.name != "random")
"""The levels a game declares in its search profile (random is the same everywhere)."""


@dataclass(frozen=True)
class GameLevel:
    """A level as one game plays it: the level, and the bot spec behind it in that game."""

    name: str
    spec: str
    description: str
    seconds: float | None


def ladder(game_name: str) -> list[GameLevel]:
    """The levels of `game_name`, weakest first, each with the spec that plays it there."""
    return [GameLevel(level.name, level_spec(game_name, level.name), level.description, level.seconds)
            for level in LADDER]


def heuristic_level(game_name: str) -> str | None:
    """The level that plays as the game's heuristic bot, or None if none does."""
    return next((level.name for level in ladder(game_name) if level.spec == "heuristic"), None)


def choices(game_name: str) -> list[str]:
    """The bots a player chooses from, weakest first: the levels, and `heuristic` too where no
    level plays as it. There `medium` is the heuristic with slips (`careless`), weaker than the
    heuristic by construction, and `hard` is measured to beat the heuristic (docs/bots.md,
    "Measured strength"), so the heuristic comes between them."""
    names = [level.name for level in LADDER]
    return names if heuristic_level(game_name) else [*names[:-1], "heuristic", names[-1]]


SEARCHES = ("ismcts", "pimc", "focused")
"""The bot kinds that search: they deal the hidden cards again (`obs.sample`) to choose."""


def searching_levels() -> list[str]:
    """The levels that search in some game."""
    from cardhall.core.registry import game_names

    return [name for name in LEVELS if any(level_spec(game, name).partition(":")[0] in SEARCHES for game in game_names())]


def describe(bot: str) -> str:
    """The sentence players read about `bot` (a level, or `heuristic`)."""
    for level in LADDER:
        if level.name == bot:
            return level.description
    if bot == "heuristic":
        return HEURISTIC
    raise CardhallError(f"{bot!r} is not a level; the levels are {', '.join(level.name for level in LADDER)} "
                        "(and heuristic)")


def evaluation(game: Game) -> Evaluation:
    """How search scores a rollout's end in `game`, from its declared search profile (judged
    by its `position_values` plug-in when the profile says `values`)."""
    search = game.plugins.search
    value = game.plugins.load("position_values") if search.values else None
    return Evaluation(win_weight=search.win_weight, scale=search.scale, sign=search.sign, value=value)


def level_spec(game_name: str, level: str, options: Mapping[str, Any] | None = None) -> str:
    """The bot spec behind a strength level in a game played with `options`, e.g.
    ``ismcts:iterations=400:seconds=0.6`` (``random`` for random). Options may change it:
    Clash of Decks solo has its own search profile."""
    if level == "random":
        return "random"
    plugins = load(game_name, **options).plugins if options else game_class(game_name).plugins
    return plugins.search.levels[level]


def variants(game_name: str) -> list[tuple[str, dict[str, Any]]]:
    """The ways of playing `game_name` whose levels differ: the default game (label = the
    name), and each yes/no option that, switched, gives the levels other specs
    (``clash-of-decks (solo)``)."""
    out: list[tuple[str, dict[str, Any]]] = [(game_name, {})]
    base = {level: level_spec(game_name, level) for level in LEVELS}
    for option in game_class(game_name).OPTIONS:
        if option.kind is bool:
            switched = {option.name: not option.default}
            try:
                differs = any(level_spec(game_name, level, switched) != spec for level, spec in base.items())
            except CardhallError:  # the option alone is not a game (it asks for others)
                continue
            if differs:
                out.append((f"{game_name} ({option.name})" if option.default is False
                            else f"{game_name} (no {option.name})", switched))
    return out


def markdown_table() -> str:
    """docs/bots.md's tables of the levels: what players read about each, and the spec that
    plays it in each game (a test keeps the document equal to this)."""
    from cardhall.core.registry import game_names

    rows = ["| level | cap per move | what players read |", "|---|---|---|"]
    rows += [f"| `{level.name}` | {'–' if level.seconds is None else f'{level.seconds:g} s'} | {level.description} |"
             for level in LADDER]
    rows += [f"| `heuristic` | – | {HEURISTIC} |", "", "| game | " + " | ".join(LEVELS) + " |",
             "|---|" + "---|" * len(LEVELS)]
    rows += [f"| {label} | " + " | ".join(f"`{level_spec(name, level, options)}`" for level in LEVELS) + " |"
             for name in game_names() for label, options in variants(name)]
    return "\n".join(rows)
