"""Game options: declared once per game, validated with clear messages."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from cardhall.core.errors import OptionError
from cardhall.core.i18n import N_, Lang, Msg

_TRUE = {"true", "yes", "on", "1"}
_FALSE = {"false", "no", "off", "0"}


class Flag(str):
    """An option written without a value (`--solo`): true for a yes/no option, a mistake otherwise."""


@dataclass(frozen=True)
class Option:
    """One option of a game: its type, default and allowed values, and how a form shows it.

    `label` is the option's name in words for a form ("Shooting the moon"), `labels` the words of
    each of its values (`(value, words)` pairs; a `Msg` for words with a context), `offers` the
    values a form offers where the game checks the value itself (a card to leave out), `words`
    phrases a value the labels do not name, `help` replaces `doc` beside it where the command
    line's words do not fit a form. All are marked with `N_` in the game's own catalog
    domain and said in the reader's language by `form_fields`; `doc` is the help beside it otherwise."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    form: str | None = None  # the allowed values in words, where no rule above says it
    label: str = ""
    help: str | None = None  # the help beside the form's control, where `doc` (written for a command line) does not fit
    labels: tuple[tuple[Any, str], ...] = ()
    offers: tuple[Any, ...] | None = None
    words: Callable[[Any, Lang], str] | None = field(default=None, compare=False)

    def title(self, tr: Lang) -> str:
        """The option's name for a form, in the reader's language."""
        return tr._(self.label) if self.label else self.name.replace("_", " ")

    def value_words(self, value: Any, tr: Lang) -> str:
        """One value of the option in the reader's words ("subtract 26 from the shooter", "1000")."""
        for known, words in self.labels:
            if known == value:
                return tr.say(words) if isinstance(words, Msg) else tr._(words)
        if self.words is not None:
            return self.words(value, tr)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return tr.number(value)
        return str(value)

    def form_fields(self, tr: Lang) -> dict[str, Any]:
        """The option as a form shows it, in the reader's language: its `label` and `help` (the
        `doc`, with the allowed values in words for a free text), the control's `kind` (``bool``: a
        checkbox; ``choice``: one of `choices`, each ``{"value", "label"}``; ``int``: a number from
        `minimum` to `maximum`; ``text``) and the `default`."""
        values = self.choices if self.choices is not None else self.offers
        kind = "bool" if self.kind is bool else "choice" if values is not None else "int" if self.kind is int else "text"
        shown = self.doc if self.help is None else self.help
        help_text = tr._(shown) if shown else ""
        if kind == "text" and self.form is not None:
            help_text = tr._("{doc} ({allowed})", doc=help_text, allowed=tr.say(self.allowed())) if help_text \
                else tr.say(self.allowed())
        out: dict[str, Any] = {"name": self.name, "label": self.title(tr), "help": help_text, "kind": kind,
                               "default": self.default, "minimum": self.minimum, "maximum": self.maximum}
        if values is not None:
            out["choices"] = [{"value": v, "label": self.value_words(v, tr)} for v in values]
        return out

    @property
    def kind(self) -> type:
        return type(self.default) if self.default is not None else str

    def allowed(self) -> Msg:
        """The allowed values, in words (a `Msg`: English, and sayable in any language)."""
        if self.form is not None:
            return Msg(self.form)  # the game marks its `form` with N_ in its own domain
        if self.choices is not None:
            return Msg(N_("one of {choices}"), choices=", ".join(repr(c) for c in self.choices))
        if self.kind is bool:
            return Msg(N_("true or false"))
        if self.kind is int:
            if self.minimum is not None and self.maximum is not None:
                return Msg(N_("a whole number from {minimum} to {maximum}"), minimum=self.minimum, maximum=self.maximum)
            if self.minimum is not None:
                return Msg(N_("a whole number of at least {minimum}"), minimum=self.minimum)
            return Msg(N_("a whole number"))
        return Msg(N_("text"))

    def flag(self) -> str:
        """The option as written on a command line: ``--hand-size``."""
        return "--" + self.name.replace("_", "-")

    def default_text(self) -> str:
        """The default as it is written on a command line (``true``, ``4``, ``classic``)."""
        return str(self.default).lower() if isinstance(self.default, bool) else str(self.default)

    def describe(self, tr: Lang) -> str:
        """The option for a reader of `tr`'s language (the game's `Lang`, whose domain holds the
        option's `doc`): "--players: the number of players (a whole number from 3 to 4; default 4)"."""
        return tr._("{flag}: {doc} ({allowed}; default {default})", flag=self.flag(), doc=tr._(self.doc),
                    allowed=tr.say(self.allowed()), default=self.default_text())

    def coerce(self, game: str, value: Any) -> Any:
        """Return `value` as this option's type, or raise `OptionError`."""
        bad = OptionError(Msg(N_("{game}: option {name}={value} is not valid; it must be {allowed}"),
                              game=game, name=self.name, value=repr(value), allowed=self.allowed()))
        kind = self.kind
        if isinstance(value, Flag) and kind is not bool:
            raise OptionError(Msg(N_("{game}: option {flag} needs a value; it must be {allowed}"),
                                  game=game, flag=self.flag(), allowed=self.allowed()))
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
        known = ", ".join(sorted(by_name)) or Msg(N_("none"))
        raise OptionError(Msg(N_("{game}: unknown option {names}; the options of {game} are: {known}"),
                              game=game, names=", ".join(map(repr, unknown)), known=known))
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
            raise OptionError(Msg(N_("unexpected argument {argument}; game options are written --name value"),
                                  argument=repr(arg)))
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
