"""The `cardhall` command group: its errors, its help in the reader's language, `--lang` anywhere."""

from __future__ import annotations

import sys
from collections.abc import Mapping, Sequence
from typing import Any

import typer
import typer.core

import cardhall
from cardhall.cli.common import language_asked, speaking
from cardhall.cli.play import play_help
from cardhall.core.i18n import Lang
from cardhall.tui.click_words import speak_in, usage_error

try:  # typer ≥ 0.25 carries its own click; older ones use click's exceptions
    from typer import TyperException as UsageError
except ImportError:  # pragma: no cover
    from click import ClickException as UsageError  # type: ignore[assignment]


class Commands(typer.core.TyperGroup):
    """The command group: a mistake on the command line is one line, "error: …", as every other
    mistake is (not a framed usage box); help is plain text a screen reader reads in order."""

    def main(self, args: Sequence[str] | None = None, prog_name: str | None = None, complete_var: str | None = None,
             standalone_mode: bool = True, windows_expand_args: bool = True, **extra: Any) -> Any:
        standalone = standalone_mode
        given = list(sys.argv[1:] if args is None else args)
        tr = speaking(language_asked(given))
        args = passed_on(given, self.commands)
        self.translate(tr)
        try:
            code = super().main(args=args, prog_name=prog_name, complete_var=complete_var, standalone_mode=False,
                                windows_expand_args=windows_expand_args, **extra)
        except UsageError as exc:
            if not standalone:
                raise
            ctx = getattr(exc, "ctx", None)
            if type(exc).__name__ == "NoArgsIsHelpError" and ctx is not None:
                typer.echo(ctx.get_help())
                sys.exit(0)
            where = f"cardhall {ctx.info_name} --help" if ctx is not None and ctx.parent is not None else "cardhall --help"
            typer.echo(tr._("error: {message} ({help} lists what it takes)",
                            message=usage_error(exc, tr), help=where), err=True)
            code = exc.exit_code
        except typer.Abort:
            code = 1
        if not standalone:
            return code
        sys.exit(code if isinstance(code, int) else 0)

    def translate(self, tr: Lang) -> None:
        """The help of the commands in the player's language (`play --help` lists each game's
        options in its own words), with typer's and Click's own words (cardhall.tui.click_words)."""
        speak_in(tr)
        groups = [c for c in self.commands.values() if isinstance(c, typer.core.TyperGroup)]
        for command in (self, *self.commands.values(), *(c for g in groups for c in g.commands.values())):
            if command is self.commands.get("play"):
                command.help = play_help(tr)
            elif command.help:
                command.help = tr._(command.help)
            for param in command.params:  # typer's options and arguments (of its own click) carry a help
                if isinstance(text := getattr(param, "help", None), str):
                    setattr(param, "help", tr._(text))  # noqa: B010 - not every parameter class declares it


def passed_on(args: list[str], commands: Mapping[str, Any]) -> list[str]:
    """`cardhall --lang ru play …` is `cardhall play --lang ru …`: a ``--lang`` written before
    the command is passed on to it; a command without its own ``--lang`` (serve, bench …) is
    only said in that language (its help, its errors), so the option is not passed on."""
    head: list[str] = []
    rest = list(args)
    while rest and (rest[0] == "--lang" or rest[0].startswith("--lang=")):
        head += rest[:2] if rest[0] == "--lang" else rest[:1]
        rest = rest[2:] if rest[0] == "--lang" else rest[1:]
    if head and rest and rest[0] in commands:
        takes = any("--lang" in getattr(p, "opts", ()) for p in getattr(commands[rest[0]], "params", ()))
        return [rest[0], *head, *rest[1:]] if takes else rest
    return args


def show_version(value: bool) -> None:
    if value:
        typer.echo(f"cardhall {cardhall.__version__}")
        raise typer.Exit()

