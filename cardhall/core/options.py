"""Game options: declared once per game, validated with clear messages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from cardhall.core.errors import OptionError

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class Flag(str):
    """An option written without a value (`--solo`): true for a yes/no option, a mistake otherwise."""


@dataclass(frozen=True)
class Option:
    """One option of a game: its type, default and allowed values."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    form: str | None = None  # the allowed values in words, where no rule above says it

    @property
    def kind(self) -> type:
        return type(self.default) if self.default is not None else str

    def allowed(self) -> str:
        """The allowed values, in words."""
        if self.form is not None:
            return self.form
        if self.choices is not None:
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind is bool:
            return "true or false"
        if self.kind is int:
            if self.minimum is not None and self.maximum is not None:
                return f"a whole number from {self.minimum} to {self.maximum}"
            if self.minimum is not None:
                return f"a whole number of at least {self.minimum}"
            return "a whole number"
        return "text"

    def coerce(self, game: str, value: Any) -> Any:
        """Return `value` as this option's type, or raise `OptionError`."""
        bad = OptionError(
            f"{game}: option {self.name}={value!r} is not valid; it must be {self.allowed()}"
        )
        kind = self.kind
        if isinstance(value, Flag) and kind is not bool:
            raise OptionError(f"{game}: option --{self.name.replace('_', '-')} needs a value; it must be {self.allowed()}")
        if kind is bool:
            if isinstance(value, bool):
                out: Any = value
            elif isinstance(value, str) and value.lower() in _TRUE | _FALSE:
                out = value.lower() in _TRUE
            else:
                raise bad
        elif kind is int:
            if isinstance(value, bool):
                raise bad
            if isinstance(value, int):
                out = value
            elif isinstance(value, str):
                try:
                    out = int(value.strip())
                except ValueError:
                    raise bad from None
            else:
                raise bad
            if (self.minimum is not None and out < self.minimum) or (
                self.maximum is not None and out > self.maximum
            ):
                raise bad
        else:
            if not isinstance(value, str):
                raise bad
            out = value
        if self.choices is not None and out not in self.choices:
            raise bad
        return out


def validate_options(
    game: str, declared: Sequence[Option], given: Mapping[str, Any]
) -> dict[str, Any]:
    """Fill defaults and check every given option against its declaration."""
    by_name = {o.name: o for o in declared}
    unknown = [k for k in given if k not in by_name]
    if unknown:
        known = ", ".join(sorted(by_name)) or "none"
        raise OptionError(
            f"{game}: unknown option {', '.join(map(repr, unknown))}; "
            f"the options of {game} are: {known}"
        )
    out: dict[str, Any] = {}
    for opt in declared:
        out[opt.name] = opt.coerce(game, given[opt.name]) if opt.name in given else opt.default
    return out


def game_options(args: list[str]) -> dict[str, Any]:
    """Game options given on a command line as `--name value`, `--name=value` or `--flag`
    (the flag is "true"); `validate_options` then checks them against the game's declaration."""
    options: dict[str, Any] = {}
    i = 0
    while i < len(args):
        arg = args[i]
        if not arg.startswith("--"):
            raise OptionError(f"unexpected argument {arg!r}; game options are written --name value")
        name, eq, value = arg[2:].partition("=")
        key = name.replace("-", "_")
        if eq:
            options[key] = value
        elif i + 1 < len(args) and not args[i + 1].startswith("--"):
            options[key] = args[i + 1]
            i += 1
        else:
            options[key] = Flag("true")
        i += 1
    return options
