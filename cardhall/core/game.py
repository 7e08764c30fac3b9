"""The game protocol every cardhall game implements.

A `Game` holds validated options and makes states; a `State` is one position with the
operations of the protocol. The room, the bots, the arena, the CLI and the RL wrappers are
written once against these two classes (see docs/protocol.md).
"""

from __future__ import annotations

import random
from abc import ABC, abstractmethod
from collections.abc import Hashable, Sequence
from importlib import resources
from typing import Any, ClassVar, Self

from cardhall.core.errors import (
    CardhallError,
    IllegalAction,
    OptionError,
    StateFormatError,
)
from cardhall.core.i18n import DEFAULT, LANGUAGES, N_, LanguageName, Msg, check, reason
from cardhall.core.options import Option, validate_options
from cardhall.core.plugins import Plugins
from cardhall.core.rng import check_seed, new_seed

Action = Hashable
"""An action is any hashable value of the game's choosing; its text is its notation."""

Viewer = int | None
"""Who looks at a game: a seat, or None for a spectator (public information only)."""

Event = dict[str, Any]
"""One thing that happened, as one viewer may know it: JSON data with a `type` key
(e.g. `{"type": "card_played", "seat": 2, "card": "QS"}`). Engines decide what each viewer
may see of a move (`State.events`); text modules only phrase events."""


class Game(ABC):
    """A game with its options fixed: a factory of states and the action notation."""

    name: ClassVar[str]
    title: ClassVar[str]
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    plugins: ClassVar[Plugins] = Plugins()
    """The game's parts besides its rules (text UI, bots, bench, levels), declared in one place."""
    teams: ClassVar[tuple[tuple[int, ...], ...]] = ()
    """The seats that play as partners, one side each (Jass: seats 0 and 2 against 1 and 3);
    empty where everyone plays alone."""

    def __init__(self, **options: Any) -> None:
        self.options: dict[str, Any] = validate_options(self.name, self.OPTIONS, options)
        self._check_options()

    def _check_options(self) -> None:
        """Check constraints between options; raise `OptionError` when they conflict."""

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"load({self.name!r}{', ' if opts else ''}{opts})"

    @property
    @abstractmethod
    def num_players(self) -> int:
        """The number of seats at the table."""

    def new_state(self, seed: int | None = None) -> State:
        """The start of a new game; all its chance events follow from `seed`."""
        try:
            seed = new_seed() if seed is None else check_seed(seed)
        except ValueError as exc:
            raise CardhallError(reason(exc)) from None
        return self._new_state(seed)

    @abstractmethod
    def _new_state(self, seed: int) -> State: ...

    # --- notation -------------------------------------------------------------------
    @abstractmethod
    def format_action(self, action: Action) -> str:
        """The action's notation, e.g. `QS` or `bid 3`."""

    @abstractmethod
    def parse_action(self, text: str, state: State | None = None) -> Action:
        """Read notation; raise `NotationError` with the expected form if it is not one.

        With `state` given, a game may accept shorthand that only the position makes clear.
        """

    # --- JSON states ----------------------------------------------------------------
    def state_from_json(self, data: Any) -> State:
        """Rebuild a state from `State.to_json()`; raise `StateFormatError` if malformed."""
        if not isinstance(data, dict):
            raise StateFormatError(f"a {self.name} state must be a JSON object, got {type(data).__name__}")
        if data.get("game") != self.name:
            raise StateFormatError(f"this state is for game {data.get('game')!r}, not {self.name!r}")
        if data.get("options", self.options) != self.options:
            raise StateFormatError(
                f"this state was saved with options {data.get('options')}, "
                f"but the game was loaded with {self.options}"
            )
        try:
            seed = check_seed(data["seed"])
            state = self._state_from_dict(data["state"], seed)
            state.actions = [self.parse_action(a) for a in data.get("history", [])]
        except CardhallError as exc:
            raise StateFormatError(f"malformed {self.name} state: {exc}") from None
        except (KeyError, TypeError, ValueError, IndexError, AttributeError) as exc:
            what = f"missing field {exc}" if isinstance(exc, KeyError) else str(exc)
            raise StateFormatError(f"malformed {self.name} state: {what}") from None
        state.check_consistency()
        return state

    @abstractmethod
    def _state_from_dict(self, data: dict[str, Any], seed: int) -> State: ...

    # --- things people read ---------------------------------------------------------
    @classmethod
    def rules_text(cls, lang: str = DEFAULT) -> str:
        """The rules for players in the language `lang`: how to play, the keys, the variants and
        options (``rules/<game>.<lang>.md`` in the game's package; the developers' specification
        is ``docs/spec/<game>.md``). An `OptionError` says which languages there are."""
        code = check(lang)
        folder = resources.files(cls.__module__.rsplit(".", 1)[0]).joinpath("rules")
        path = folder.joinpath(f"{cls.name}.{code}.md")
        if not path.is_file():
            written = [c for c in LANGUAGES if folder.joinpath(f"{cls.name}.{c}.md").is_file()]
            raise OptionError(Msg(N_("the rules of {game} are not written in {language}; they are written in: {languages}"),
                                  game=cls.name, language=LanguageName(code),
                                  languages=", ".join(f"{c} ({LANGUAGES[c]})" for c in written) or Msg(N_("none"))))
        return path.read_text(encoding="utf-8")

    def seat_name(self, seat: int) -> str:
        """How a seat is called at the table."""
        return f"Player {seat + 1}"


class State(ABC):
    """One position of a game. Seats are numbered 0 … num_players − 1."""

    __slots__ = ("_views", "actions", "chance", "game", "seed")

    VIEW_TYPE: ClassVar[Any] = None
    """The TypedDict of `view(seat)` (games extend `cardhall.core.views.SharedView`)."""
    PUBLIC_VIEW_TYPE: ClassVar[Any] = None
    """The TypedDict of `public_view()`."""

    def __init__(self, game: Game, seed: int) -> None:
        self.game = game
        self.seed = seed
        self.chance = 0  # chance events drawn so far (see cardhall.core.rng)
        self.actions: list[Action] = []

    # --- the protocol ---------------------------------------------------------------
    @abstractmethod
    def to_move(self) -> int | None:
        """The seat that must act now, or None when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every distinct legal action of the seat to move (empty when over)."""

    def apply(self, action: Action) -> None:
        """Play `action`; raise `IllegalAction` (state untouched) if it is not legal."""
        if isinstance(action, str):
            raise IllegalAction(f"{action!r} is notation, not an action: use state.apply_text({action!r}) to play "
                                "an action written as text, or apply one of state.legal_actions()")
        self.check_legal(action)
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Play an action taken from `legal_actions()`, skipping the check (for search).

        The one place an action is recorded: the game's `_apply` changes the position, then
        the action joins `actions`. Games implement `_apply`, never `apply` or this."""
        self._apply(action)
        self.actions.append(action)

    def check_legal(self, action: Action) -> None:
        """Raise `IllegalAction` explaining why `action` is not legal now."""
        if self.is_over():
            raise IllegalAction(Msg(N_("the game is over; no more actions can be played")))
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))

    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not legal, and what would be; games refine this (with a `Msg`, so
        that each reader hears it in their language)."""
        legal = self.legal_actions()
        shown = ", ".join(self.game.format_action(a) for a in legal[:12])
        if len(legal) > 12:
            return Msg(N_("{action} is not legal now; legal are: {legal} and {more} more"),
                       action=self.game.format_action(action), legal=shown, more=len(legal) - 12)
        return Msg(N_("{action} is not legal now; legal are: {legal}"), action=self.game.format_action(action), legal=shown)

    @abstractmethod
    def _apply(self, action: Action) -> None: ...

    def apply_text(self, text: str) -> Action:
        """Parse `text` in this position and play it; return the action played."""
        action = self.game.parse_action(text, self)
        self.apply(action)
        return action

    @abstractmethod
    def clone(self) -> Self:
        """An independent copy (copies only what can change)."""

    def _clone_base(self, other: State) -> None:
        other.game = self.game
        other.seed = self.seed
        other.chance = self.chance
        other.actions = self.actions.copy()

    def is_over(self) -> bool:
        return self.to_move() is None

    @abstractmethod
    def scores(self) -> list[float]:
        """Each seat's score so far (final once the game is over)."""

    @abstractmethod
    def winners(self) -> list[int]:
        """The winning seats (several on a tie); empty while the game goes on."""

    @abstractmethod
    def view(self, seat: int) -> dict[str, Any]:
        """What `seat` may know, as JSON-serialisable data, and nothing more."""

    def public_view(self) -> dict[str, Any]:
        """What a spectator may know: public information only, no seat's hidden cards.

        Games override this with their full public picture; this default is the part every
        game shares and that is public in all of them."""
        return {"seat": None, "to_move": self.to_move(), "over": self.is_over(),
                "scores": self.scores(), "winners": self.winners()}

    def view_of(self, viewer: Viewer) -> dict[str, Any]:
        """`view(seat)` for a seat, `public_view()` for a spectator (None), computed once per
        position: the room's events and state messages of one change share each viewer's view
        (the view after a move is the view before the next). Treat the returned view as read-only."""
        at = len(self.actions)
        memo: tuple[int, dict[Viewer, dict[str, Any]]] | None = getattr(self, "_views", None)
        if memo is None or memo[0] != at:
            memo = (at, {})
            self._views = memo
        views = memo[1]
        if viewer not in views:
            views[viewer] = self.public_view() if viewer is None else self.view(viewer)
        return views[viewer]

    def apply_with_events(self, action: Action) -> dict[Viewer, list[Event]]:
        """Play `action` (checked, as `apply`) and return what each viewer may know of it:
        one list of events per seat and one for spectators (key None).

        Secrecy is decided here, once, by the game's `events`; nothing else hides cards."""
        actor = self.to_move()
        assert actor is not None or self.is_over()
        viewers: list[Viewer] = [*range(self.game.num_players), None]
        before = {v: self.view_of(v) for v in viewers}
        self.apply(action)
        return {v: self.events(action, actor, v, before[v], self.view_of(v)) for v in viewers}  # type: ignore[arg-type]

    def events(self, action: Action, actor: int, viewer: Viewer,
               before: dict[str, Any], after: dict[str, Any]) -> list[Event]:
        """The events of `actor` playing `action`, as `viewer` may know them, given the
        viewer's view before and after the move. Games override this; the default tells
        the actor its move and everyone else only that `actor` moved."""
        move: Event = {"type": "move", "seat": actor}
        if viewer == actor:
            move["action"] = self.game.format_action(action)
        return [move, *self._over_events(before, after)]

    def _over_events(self, before: dict[str, Any], after: dict[str, Any]) -> list[Event]:
        """`game_over` (final scores and winners, public) when this move ended the game."""
        if self.is_over() and not before.get("over", False):
            return [{"type": "game_over", "scores": self.scores(), "winners": self.winners()}]
        return []

    @abstractmethod
    def sample(self, seat: int, rng: random.Random) -> State:
        """A full state consistent with `view(seat)`, hidden information re-dealt by `rng`.

        The result's future chance events are drawn from a fresh seed taken from `rng`,
        so a sample never carries the real game's future.
        """

    # --- JSON -----------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The full state as JSON data; `game.state_from_json` rebuilds it exactly."""
        return {
            "game": self.game.name,
            "options": self.game.options,
            "seed": self.seed,
            "state": self._to_dict(),
            "history": [self.game.format_action(a) for a in self.actions],
        }

    @abstractmethod
    def _to_dict(self) -> dict[str, Any]:
        """The game-specific part of `to_json` (must include `chance`)."""

    def check_consistency(self) -> None:
        """Raise `StateFormatError` if the position is impossible; games refine this."""

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, State)
            and other.game.name == self.game.name
            and other.game.options == self.game.options
            and other.seed == self.seed
            and other._to_dict() == self._to_dict()
        )

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"<{type(self).__name__} seed={self.seed} after {len(self.actions)} actions>"

    # --- helpers for games ----------------------------------------------------------
    def seat_names(self) -> Sequence[str]:
        return [self.game.seat_name(s) for s in range(self.game.num_players)]
