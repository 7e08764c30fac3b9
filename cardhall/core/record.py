"""Game records: `{game, options, seed, actions}` as JSON. Save, replay and bug-report format."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardhall.core.errors import CardhallError, RecordError
from cardhall.core.game import Game, State
from cardhall.core.registry import load
from cardhall.core.rng import check_seed

FORMAT = "cardhall-record/1"


@dataclass
class Record:
    """A finished or unfinished game: replaying `actions` from `seed` reproduces it."""

    game: str
    options: dict[str, Any]
    seed: int
    actions: list[str] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    @classmethod
    def of(cls, state: State, **meta: Any) -> Record:
        fmt = state.game.format_action
        return cls(state.game.name, dict(state.game.options), state.seed,
                   [fmt(a) for a in state.actions], dict(meta))

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "format": FORMAT,
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "actions": self.actions,
        }
        if self.meta:
            data["meta"] = self.meta
        return data

    def dumps(self) -> str:
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> Path:
        """Write the record; raise `RecordError` saying why when it cannot be written."""
        path = check_writable(path)
        try:
            path.write_text(self.dumps() + "\n", encoding="utf-8")
        except OSError as exc:
            raise RecordError(f"cannot save the game as {path}: {exc.strerror or exc}") from None
        return path

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Check the shape of a record; raise `RecordError` saying what is wrong."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object with game, options, seed and actions")
        missing = [k for k in ("game", "seed", "actions") if k not in data]
        if missing:
            raise RecordError(f"the record lacks {', '.join(missing)}; a record has game, options, seed and actions")
        if not isinstance(data["game"], str):
            raise RecordError(f"record field game must be a game name, got {data['game']!r}")
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError(f"record field options must be an object, got {options!r}")
        try:
            seed = check_seed(data["seed"])
        except ValueError as exc:
            raise RecordError(f"record field seed: {exc}") from None
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError("record field actions must be a list of action texts")
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError(f"record field meta must be an object, got {meta!r}")
        _check_meta(meta)
        return cls(data["game"], options, seed, list(actions), meta)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(f"{path} is not a record: it is not UTF-8 text (byte {exc.start} cannot be read); "
                              "a record is a JSON file saved by cardhall") from None
        except OSError as exc:
            raise RecordError(f"cannot read record {path}: {exc.strerror or exc}") from None
        return cls.loads(text, str(path))

    @classmethod
    def loads(cls, text: str, source: str = "the record") -> Record:
        """Read a record from JSON text; raise `RecordError` saying what is wrong."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(f"{source} is not valid JSON ({exc.msg} at line {exc.lineno}, column {exc.colno})") from None
        except RecursionError:
            raise RecordError(f"{source} is nested too deeply to be a record; a record is a flat JSON object "
                              "with game, options, seed and actions") from None
        return cls.from_json(data)

    def new_game(self) -> Game:
        try:
            return load(self.game, **self.options)
        except CardhallError as exc:
            raise RecordError(f"record cannot be replayed: {exc}") from None

    def steps(self) -> Iterator[tuple[State, Any, str]]:
        """Yield (state before, action, text) for each move; raise `RecordError` on a bad move."""
        state = self.new_game().new_state(self.seed)
        for i, text in enumerate(self.actions, 1):
            try:
                action = state.game.parse_action(text, state)
                before = state.clone()
                state.apply(action)
            except CardhallError as exc:
                raise RecordError(f"move {i} ({short(text)}) does not replay: {clip(str(exc))}") from None
            yield before, action, text

    def replay(self) -> State:
        """The state after all actions; raise `RecordError` if any move is illegal."""
        state = self.new_game().new_state(self.seed)
        for i, text in enumerate(self.actions, 1):
            try:
                state.apply(state.game.parse_action(text, state))
            except CardhallError as exc:
                raise RecordError(f"move {i} ({short(text)}) does not replay: {clip(str(exc))}") from None
        return state

    def check(self) -> State:
        """Replay, and check that the notation of each move reads back as itself."""
        state = self.replay()
        again = [state.game.format_action(a) for a in state.actions]
        if again != self.actions:
            first = next(i for i, (a, b) in enumerate(zip(again, self.actions, strict=True)) if a != b)
            raise RecordError(f"move {first + 1} reads as {again[first]!r}, recorded as {self.actions[first]!r}")
        recorded = self.meta.get("final_scores")
        if recorded is not None and recorded != state.scores():
            raise RecordError(f"replay ends with scores {state.scores()}, the record says {recorded}")
        return state


_META_TYPES: dict[str, tuple[type, ...]] = {
    "human_seat": (int,),
    "bot_kind": (str,),
    "final_scores": (list,),
}


def _check_meta(meta: dict[str, Any]) -> None:
    """The meta fields cardhall reads must have their types: `human_seat` a seat number (0 or more),
    `bot_kind` a bot spec, `final_scores` a list of numbers. Other fields are kept as they are."""
    for key, types in _META_TYPES.items():
        value = meta.get(key)
        if value is None and key not in meta:
            continue
        if not isinstance(value, types) or isinstance(value, bool):
            kind = {"human_seat": "a seat number (0, 1, …)", "bot_kind": "a bot name such as heuristic or hard",
                    "final_scores": "a list of numbers"}[key]
            raise RecordError(f"record field meta.{key} must be {kind}, got {value!r}")
    if "human_seat" in meta and meta["human_seat"] < 0:
        raise RecordError(f"record field meta.human_seat must be a seat number (0, 1, …), got {meta['human_seat']!r}")
    scores = meta.get("final_scores")
    if scores is not None and not all(isinstance(x, int | float) and not isinstance(x, bool) for x in scores):
        raise RecordError(f"record field meta.final_scores must be a list of numbers, got {scores!r}")


def short(text: str, limit: int = 60) -> str:
    """A text quoted for a message, cut to `limit` characters (a 10,000-character move is not echoed)."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}… ({len(text)} characters)"


def clip(text: str, limit: int = 200) -> str:
    """A message cut to `limit` characters."""
    return text if len(text) <= limit else text[:limit] + "…"


def check_writable(path: str | Path) -> Path:
    """Check, before a game starts, that a record can be saved at `path` (creating its folder);
    raise `RecordError` saying what is wrong: a folder, or a place that cannot be written."""
    path = Path(path)
    if path.is_dir():
        raise RecordError(f"{path} is a folder; give a file name for the record, such as {path / 'game.json'}")
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RecordError(f"cannot save the game in {path.parent}: {exc.strerror or exc}; "
                          "give a file in a folder you can write to") from None
    if not path.parent.is_dir():
        raise RecordError(f"cannot save the game in {path.parent}: it is not a folder")
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise RecordError(f"cannot save the game as {path}: permission denied; "
                          "give a file in a folder you can write to")
    return path
