"""The command line's own words — help headings and mistakes typed on the command line — in the
player's language.

Typer (with the copy of Click it carries) writes a few words itself: the help's "Usage:",
"Options", "Arguments", "Commands", "default:", "required", and the sentences of its usage
errors ("No such option: --x", "Missing argument 'FILE'"). Typer's headings go through
`gettext`, so `speak_in` hands them to our catalogs (domain ``terminal``); Click's usage line and
error sentences are plain English f-strings, so `usage_error` says each kind of mistake anew from
the exception's fields, and `Formatter` writes the usage line and the `--help` option's line.
Words none of these covers (Click's "[OPTIONS]" placeholders) stay English.
"""

from __future__ import annotations

import re
from typing import Any

import typer
import typer.core

from cardhall.core.i18n import N_, Lang, lang

try:  # typer ≥ 0.25 carries its own click
    from typer import _click as click
except ImportError:  # pragma: no cover
    import click  # type: ignore[no-redef]

TYPER_WORDS = (N_("Arguments"), N_("Options"), N_("Commands"), N_("default: {default}"), N_("required"),
               N_("env var: {var}"), N_("(dynamic)"), N_("Aborted!"), N_("No such command {name!r}."),
               N_("Missing command."))
"""What typer says through `gettext`: its headings and the notes after an option."""

HELP_LINE = N_("Show this message and exit.")
"""Click's line for the `--help` option, which it writes in English."""

_speaking: Lang = lang("en", "terminal")


class Formatter(click.HelpFormatter):
    """Click's help formatter with the usage line's "Usage:" in the player's language."""

    def write_usage(self, prog: str, args: str = "", prefix: str | None = None) -> None:
        super().write_usage(prog, args, _speaking._("Usage:") + " " if prefix is None else prefix)

    def write_dl(self, rows: Any, *args: Any, **kwargs: Any) -> None:
        """The option list, with Click's own `--help` line in the player's language."""
        said = [(term, _speaking._(HELP_LINE) if text == HELP_LINE else text) for term, text in rows]
        super().write_dl(said, *args, **kwargs)


def speak_in(tr: Lang) -> None:
    """From now on, typer's and Click's help words are said in `tr`'s language."""
    global _speaking
    _speaking = tr
    typer.core._ = tr.gettext  # type: ignore[attr-defined,assignment]  # typer's `from gettext import gettext as _`
    click.Context.formatter_class = Formatter


_BOUND = re.compile(r"Input should be (?P<side>greater|less) than or equal to (?P<bound>[-+0-9.e]+)")
_EXTRA = re.compile(r"Got unexpected extra arguments? \((?P<args>.*)\)")


def usage_error(exc: Exception, tr: Lang) -> str:
    """The sentence for a mistake on the command line, in `tr`'s language (Click's own English
    sentence where the mistake is of a kind not listed here)."""
    if isinstance(exc, click.exceptions.NoSuchOption):
        if exc.possibilities:
            return tr._("there is no option {option}; did you mean {options}?", option=exc.option_name,
                        options=", ".join(sorted(exc.possibilities)))
        return tr._("there is no option {option}", option=exc.option_name)
    if isinstance(exc, click.exceptions.MissingParameter) and exc.param is not None:
        name = _hint(exc)
        if getattr(exc.param, "param_type_name", "") == "argument":
            return tr._("the argument {name} is missing", name=name)
        return tr._("the option {name} is missing", name=name)
    if isinstance(exc, click.exceptions.BadParameter) and exc.param is not None:
        name = _hint(exc)
        if exc.message.startswith("Input should be a valid integer"):
            return tr._("{name} takes a whole number", name=name)
        if exc.message.startswith("Input should be a valid number"):
            return tr._("{name} takes a number", name=name)
        if bound := _BOUND.match(exc.message):
            if bound["side"] == "greater":
                return tr._("{name} must be at least {bound}", name=name, bound=bound["bound"])
            return tr._("{name} must be at most {bound}", name=name, bound=bound["bound"])
        return tr._("the value of {name} is not valid: {reason}", name=name, reason=exc.message.rstrip("."))
    message = getattr(exc, "message", None) or str(exc)
    if extra := _EXTRA.fullmatch(message):
        return tr._("there is nothing to do with {words} here", words=extra["args"])
    if isinstance(exc, click.exceptions.BadOptionUsage):
        if " requires " in message:
            return tr._("{option} needs a value after it", option=exc.option_name)
        if message.endswith("does not take a value."):
            return tr._("{option} takes no value", option=exc.option_name)
    return _first_lower(message)


def _hint(exc: Any) -> str:
    """How the parameter is written on the command line ("'--seed'", "'FILE'")."""
    try:
        return str(exc.param.get_error_hint())  # the click typer carries
    except TypeError:  # pragma: no cover - Click 8 asks for the context
        return str(exc.param.get_error_hint(exc.ctx))


def _first_lower(text: str) -> str:
    return text[:1].lower() + text[1:]
