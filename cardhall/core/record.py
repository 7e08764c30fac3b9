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
from cardhall.core.i18n import N_, Msg, reason
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
            raise RecordError(Msg(N_("cannot save the game as {path}: {reason}"), path=str(path),
                                  reason=exc.strerror or str(exc))) from None
        return path

    @classmethod
    def from_json(cls, data: Any) -> Record:
        """Check the shape of a record; raise `RecordError` saying what is wrong."""
        if not isinstance(data, dict):
            raise RecordError(Msg(N_("a record must be a JSON object with game, options, seed and actions")))
        missing = [k for k in ("game", "seed", "actions") if k not in data]
        if missing:
            raise RecordError(Msg(N_("the record lacks {fields}; a record has game, options, seed and actions"),
                                  fields=", ".join(missing)))
        if not isinstance(data["game"], str):
            raise RecordError(Msg(N_("record field game must be a game name, got {value}"), value=repr(data["game"])))
        options = data.get("options", {})
        if not isinstance(options, dict):
            raise RecordError(Msg(N_("record field options must be an object, got {value}"), value=repr(options)))
        try:
            seed = check_seed(data["seed"])
        except ValueError as exc:
            raise RecordError(Msg(N_("record field seed: {reason}"), reason=reason(exc))) from None
        actions = data["actions"]
        if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
            raise RecordError(Msg(N_("record field actions must be a list of action texts")))
        meta = data.get("meta", {})
        if not isinstance(meta, dict):
            raise RecordError(Msg(N_("record field meta must be an object, got {value}"), value=repr(meta)))
        _check_meta(meta)
        return cls(data["game"], options, seed, list(actions), meta)

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            text = Path(path).read_text(encoding="utf-8")
        except UnicodeDecodeError as exc:
            raise RecordError(Msg(N_("{path} is not a record: it is not UTF-8 text (byte {byte} cannot be read); "
                                 "a record is a JSON file saved by cardhall"), path=str(path), byte=exc.start)) from None
        except OSError as exc:
            raise RecordError(Msg(N_("cannot read record {path}: {reason}"), path=str(path),
                                  reason=exc.strerror or str(exc))) from None
        return cls.loads(text, str(path))

    @classmethod
    def loads(cls, text: str, source: str = "the record") -> Record:
        """Read a record from JSON text; raise `RecordError` saying what is wrong."""
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise RecordError(Msg(N_("{source} is not valid JSON ({reason} at line {line}, column {column})"), source=source,
                                  reason=exc.msg, line=exc.lineno, column=exc.colno)) from None
        except RecursionError:
            raise RecordError(Msg(N_("{source} is nested too deeply to be a record; a record is a flat JSON object "
                                 "with game, options, seed and actions"), source=source)) from None
        return cls.from_json(data)

    def new_game(self) -> Game:
        try:
            return load(self.game, **self.options)
        except CardhallError as exc:
            raise RecordError(Msg(N_("record cannot be replayed: {reason}"), reason=reason(exc))) from None

    def steps(self) -> Iterator[tuple[State, Any, str]]:
        """Yield (state before, action, text) for each move; raise `RecordError` on a bad move."""
        state = self.new_game().new_state(self.seed)
        for i, text in enumerate(self.actions, 1):
            try:
                action = state.game.parse_action(text, state)
                before = state.clone()
                state.apply(action)
            except CardhallError as exc:
                raise RecordError(Msg(N_("move {number} ({move}) does not replay: {reason}"), number=i, move=short(text),
                                  reason=reason(exc, 200))) from None
            yield before, action, text

    def replay(self) -> State:
        """The state after all actions; raise `RecordError` if any move is illegal."""
        state = self.new_game().new_state(self.seed)
        for i, text in enumerate(self.actions, 1):
            try:
                state.apply(state.game.parse_action(text, state))
            except CardhallError as exc:
                raise RecordError(Msg(N_("move {number} ({move}) does not replay: {reason}"), number=i, move=short(text),
                                  reason=reason(exc, 200))) from None
        return state

    def check(self) -> State:
        """Replay, and check that the notation of each move reads back as itself."""
        state = self.replay()
        again = [state.game.format_action(a) for a in state.actions]
        if again != self.actions:
            first = next(i for i, (a, b) in enumerate(zip(again, self.actions, strict=True)) if a != b)
            raise RecordError(Msg(N_("move {number} reads as {read}, recorded as {recorded}"), number=first + 1,
                                  read=repr(again[first]), recorded=repr(self.actions[first])))
        recorded = self.meta.get("final_scores")
        if recorded is not None and recorded != state.scores():
            raise RecordError(Msg(N_("replay ends with scores {scores}, the record says {recorded}"),
                                  scores=str(state.scores()), recorded=str(recorded)))
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
            kind = {"human_seat": Msg(N_("a seat number (0, 1, …)")),
                    "bot_kind": Msg(N_("a bot name such as heuristic or hard")),
                    "final_scores": Msg(N_("a list of numbers"))}[key]
            raise RecordError(Msg(N_("record field meta.{key} must be {kind}, got {value}"), key=key, kind=kind,
                                  value=repr(value)))
    if "human_seat" in meta and meta["human_seat"] < 0:
        raise RecordError(Msg(N_("record field meta.{key} must be {kind}, got {value}"), key="human_seat",
                              kind=Msg(N_("a seat number (0, 1, …)")), value=repr(meta["human_seat"])))
    scores = meta.get("final_scores")
    if scores is not None and not all(isinstance(x, int | float) and not isinstance(x, bool) for x in scores):
        raise RecordError(Msg(N_("record field meta.{key} must be {kind}, got {value}"), key="final_scores",
                              kind=Msg(N_("a list of numbers")), value=repr(scores)))


def short(text: str, limit: int = 60) -> str:
    """A text quoted for a message, cut to `limit` characters (a 10,000-character move is not echoed)."""
    return repr(text) if len(text) <= limit else f"{text[:limit]!r}… ({len(text)} characters)"


def check_writable(path: str | Path) -> Path:
    """Check, before a game starts, that a record can be saved at `path` (creating its folder);
    raise `RecordError` saying what is wrong: a folder, or a place that cannot be written."""
    path = Path(path)
    if path.is_dir():
        raise RecordError(Msg(N_("{path} is a folder; give a file name for the record, such as {example}"),
                              path=str(path), example=str(path / "game.json")))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise RecordError(Msg(N_("cannot save the game in {folder}: {reason}; give a file in a folder you can write to"),
                              folder=str(path.parent), reason=exc.strerror or str(exc))) from None
    if not path.parent.is_dir():
        raise RecordError(Msg(N_("cannot save the game in {folder}: it is not a folder"), folder=str(path.parent)))
    if not os.access(path.parent, os.W_OK) or (path.exists() and not os.access(path, os.W_OK)):
        raise RecordError(Msg(N_("cannot save the game as {path}: permission denied; give a file in a folder you can write to"),
                              path=str(path)))
    return path
