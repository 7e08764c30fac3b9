"""What every `cardhall` command shares: the reader's language, errors as one sentence, the
options' common help, and the games as the commands list them."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator, Sequence
from typing import Any

import typer

from cardhall.core.errors import CardhallError
from cardhall.core.game import Game
from cardhall.core.i18n import N_, Lang, check, from_environment, lang
from cardhall.core.registry import aliases, game_class, game_names

EXTRA = {"allow_extra_args": True, "ignore_unknown_options": True}
"""A command that takes a game's options as --name value after its own."""


def language_asked(args: Sequence[str]) -> str | None:
    """The value of ``--lang`` on the command line, if any (help is said in it too)."""
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.split("=", 1)[1]
    return None


def speaking(code: str | None) -> Lang:
    """The terminal's words in the language `code`, else the environment's locale's (English
    when the code is not one cardhall speaks: the command then says so)."""
    try:
        return lang(check(code) if code else from_environment(), "terminal")
    except CardhallError:
        return lang(from_environment(), "terminal")


def chosen_language(code: str | None) -> str:
    """`--lang`'s value checked (a sentence naming the languages for an unknown one), or the
    environment's locale's language."""
    if code is None:
        return from_environment()
    try:
        return check(code)
    except CardhallError as exc:
        raise fail(speaking(None).say(exc), speaking(None)) from None


FACES_HELP = N_("The cards to name: french (the default), or german: the Swiss German-suited pack of Jass and Putz "
                "(under of bells …).")
LANG_HELP = N_("The language to play in: en, bg, cs, de, es, fr or ru (default: your locale's, from LANGUAGE, LC_ALL, "
               "LC_MESSAGES or LANG).")


VERBOSE = typer.Option(False, "--verbose", help=N_("Show the whole table before each of your turns."))
CONFIRM = typer.Option(False, "--confirm", help=N_("Select a choice first and play it with a second Enter "
                                                   "(without it, a choice typed plays on its Enter)."))
QUICK = typer.Option(False, "--quick", hidden=True, help=N_("The former name of the default: a choice plays "
                                                            "on its Enter."))
LANG_OPTION = typer.Option(None, "--lang", help=LANG_HELP)
FACES_OPTION = typer.Option("french", "--faces", help=FACES_HELP)
"""The options `play`, `join` and `replay` share (one definition, one help text each)."""


def terminal_words(language: str | None, faces: str) -> tuple[str, Lang]:
    """The terminal's language code and words for `--lang`, after checking `--faces` (the cards'
    names: `cardhall.core.card_words.FACES`); a bad `--faces` ends the command with its sentence."""
    from cardhall.core.card_words import FACES

    code = chosen_language(language)
    tr = lang(code, "terminal")
    if faces not in FACES:
        raise fail(tr._("--faces is french or german, got {value}", value=faces), tr)
    return code, tr


def fail(message: str, tr: Lang | None = None) -> typer.Exit:
    """Print a user error as a sentence (never a traceback) and return the exit to raise."""
    typer.echo((tr or speaking(None))._("error: {message}", message=message), err=True)
    return typer.Exit(2)


def listed_games(tr: Lang | None = None) -> Iterator[tuple[str, type[Game], str]]:
    """Each registered game that imports: its name, class and " (also ALIAS, …)" or ""."""
    tr = tr or lang("en", "terminal")
    for name in game_names():
        try:
            cls = game_class(name)
        except ModuleNotFoundError:  # pragma: no cover - a game whose extra is missing
            continue
        also = aliases(name)
        yield name, cls, tr._(" (also {aliases})", aliases=", ".join(also)) if also else ""


def say(text: str) -> None:
    """Print a line at once (a screen reader or a pipe hears it before the next network wait)."""
    print(text, flush=True)


def run_async(work: Any, language: str | None) -> None:
    """Run one command's coroutine `work(tr, code)` in the reader's language; a refusal is one
    sentence in that language."""
    code = chosen_language(language)
    tr = lang(code, "terminal")
    try:
        asyncio.run(work(tr, code))
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None
