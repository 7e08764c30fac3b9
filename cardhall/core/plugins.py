"""What a game provides besides its rules, declared in one place: `Game.plugins`.

Each game class sets ``plugins = Plugins(...)``. The parts are named by lazy
``"package.module:attribute"`` paths, so declaring them imports nothing: loading a game never
loads its bots, text or benchmarks, and the rules (games) never import a later layer. Who
reads each part:

- `text_ui` — `cardhall.core.text.text_ui(game)` (the terminal and screen readers);
- `heuristic`, `rollout`, `position_values`, `focus` — `cardhall.bots` (`make_bot`, search);
- `bench`, `peers` — `cardhall.core.bench.run` (`cardhall bench GAME [--vs PEER]`);
- `search` — `cardhall.bots.levels` (how search judges the game, and its `easy`, `medium`,
  `hard` levels);
- `web` — `cardhall.web.presenters` (the game's pictures at the browser's table page).

docs/protocol.md ("Adding a game") says what each part must be.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from importlib import import_module
from typing import Any

from cardhall.core.errors import CardhallError

LEVEL_SECONDS: dict[str, float] = {"easy": 0.2, "medium": 0.6, "hard": 1.5}
"""The most a searching level may think per move (wall time, a safety net: the budgets are
iterations or worlds, so that a seeded game replays exactly); `cardhall.bots.levels` names
and describes the levels."""


def _capped(level: str, spec: str) -> str:
    return f"{spec}:seconds={LEVEL_SECONDS[level]:g}"


def ismcts_levels(easy: int, medium: int, hard: int | None = None) -> dict[str, str]:
    """IS-MCTS levels by iterations (hard too, unless the game's hard is another bot), each
    with its level's wall-time cap."""
    levels = {"easy": _capped("easy", f"ismcts:iterations={easy}"),
              "medium": _capped("medium", f"ismcts:iterations={medium}")}
    if hard is not None:
        levels["hard"] = _capped("hard", f"ismcts:iterations={hard}")
    return levels


def heuristic_levels(hard: str, blunder: float = 0.5, slip: float = 0.0) -> dict[str, str]:
    """The ladder around a game's heuristic bot: `easy` is the heuristic playing a random move
    with probability `blunder` (instant), `medium` the heuristic itself, or where `slip` > 0
    the heuristic playing a random move with that probability, and `hard` the search `hard` (a
    spec) within the hard level's cap.

    A slip places `medium` below the heuristic where `hard`'s lead over the heuristic is too
    small to make the top step significant (Hearts, 5 Towers: docs/bots.md, "The ladder")."""
    medium = f"careless:blunder={slip:g}" if slip else "heuristic"
    return {"easy": f"careless:blunder={blunder:g}", "medium": medium, "hard": _capped("hard", hard)}


@dataclass(frozen=True)
class SearchProfile:
    """How the search bots judge a game (`cardhall.bots.ismcts.Evaluation`), and its levels.

    A rollout's end is scored per seat in [0, 1]: at the end of the game `win_weight` × the
    seat's share of the win + (1 − `win_weight`) × a score term; cut at `horizon` actions from
    the root (None: played to the end), the score term alone. The score term compares the
    seat's gain since the root with the others' mean gain in units of `scale` points
    (`sign` = −1 where fewer points are better); with `values`, it compares the game's
    `position_values` instead of its scores. A level is a bot spec (`cardhall.bots`) with an
    iteration or world budget, so a seeded game replays exactly.
    """

    win_weight: float = 1.0
    scale: float = 10.0
    sign: int = 1
    horizon: int | None = None
    exploration: float = 0.7
    values: bool = False
    levels: dict[str, str] = field(default_factory=lambda: ismcts_levels(50, 300, 1500))


@dataclass(frozen=True)
class Plugins:
    """A game's parts besides its rules, each a lazy ``"module:attribute"`` path (None: none).

    - `text_ui`: a `cardhall.core.text.TextUI` subclass, built as ``Cls(game)`` (default: the generic one);
    - `heuristic`: the game's own `cardhall.core.bot.Bot` subclass, built as ``Cls(seed)``;
    - `heuristic_on_wire`: True if that bot reads only ``obs.view`` and ``obs.legal`` (never
      ``obs.sample``), so it plays a seat over the wire (`cardhall bot`, cardhall.web.remote_bot);
    - `rollout`: ``policy(state, rng) -> action``, a fast move for search rollouts
      (default: the heuristic bot's move, slower: one observation per action);
    - `position_values`: ``values(state) -> list[float]`` per seat, for `search.values`;
    - `focus`: a Bot subclass built as ``Cls(seed)`` with ``searches(obs) -> bool``,
      ``values(state)`` and ``rollout(state, rng)``: the bot of the `focused` search kind,
      which searches only the decisions `searches` picks (5 Towers' bids) and plays the rest;
    - `bench`: ``run(game, seconds, vs) -> dict`` of figures (default: random games per second);
    - `peers`: the peer engines `bench` accepts as ``vs`` (``cardhall bench GAME --vs PEER``);
    - `search`: the `SearchProfile`;
    - `web`: a package (a dotted path, not imported here) holding the game's browser presenter,
      ``presenter.js`` (its default export ``attach(root, model)`` draws the game's pictures
      from the page's model, docs/web.md) and, if it has one, ``style.css``.
    """

    text_ui: str | None = None
    heuristic: str | None = None
    heuristic_on_wire: bool = False
    rollout: str | None = None
    position_values: str | None = None
    focus: str | None = None
    bench: str | None = None
    peers: tuple[str, ...] = ()
    search: SearchProfile = field(default_factory=SearchProfile)
    web: str | None = None

    def load(self, part: str) -> Any:
        """The object a part names (imported now), or None if the game declares none."""
        path = getattr(self, part)
        if path is None:
            return None
        module, _, attribute = path.partition(":")
        try:
            return getattr(import_module(module), attribute)
        except (ImportError, AttributeError) as exc:
            raise CardhallError(f"the game's {part} plug-in {path!r} cannot be loaded: {exc}") from None
