"""Issue 16: a scripted terminal game of every game in every language, with no English sentence
left in the output (card notation aside) and no box-drawing characters.

How "English left" is found: the same game (same seed, same bots, same keys) is played in English
too; a word of four or more letters is English when it occurs in that English output or in the
English message ids of cardhall's catalogs (every domain, extracted from the code), and it is left
over when the other language's output has it although it is no word of that language's catalogs
(names that stay the same in a language, such as "Clash of Decks", are in its catalogs) and no
word of the game's action notation (``pass QS``, ``bid 3``: language-neutral, as typed).
"""

from __future__ import annotations

import functools
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import cardhall
from cardhall.core.catalogs import extract
from cardhall.core.i18n import DOMAINS, LOCALE_DIR
from cardhall.core.record import Record
from cardhall.core.text import text_ui
from cardhall.tui.play import TerminalGame

GAMES = [
    ("five-towers", {}),
    ("clash-of-decks", {}),
    ("clash-of-decks", {"solo": True}),
    ("jass", {}),
    ("putz", {"players": 3}),
    ("putz", {"players": 5}),
    ("hearts", {"target": 30}),
    ("three-two-five", {"deals": 2}),
]
LANGUAGES = ["bg", "cs", "de", "es", "ru", "fr"]
BOX = re.compile(r"[\u2500-\u257f]")
WORD = re.compile(r"[^\W\d_]{4,}")
NEUTRAL = {"cardhall", "play", "replay", "resume", "json", "enter"}
"""Command words of the lines that say how to resume or replay a game, and the Enter key."""


NOTATION = re.compile(r"\b[A-Z][A-Z0-9]{2,}\b|\b\w+_\w+\b")
"""Words written as notation, not said: a card in capitals (Clash of Decks' ``OGRE``), an option's
name (``weak_attacks``)."""


def words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(re.sub(r"\{[^}]*\}", " ", text))}


def said_words(line: str) -> set[str]:
    """The words of a line of output, its notation left out."""
    return words(NOTATION.sub(" ", line))


@functools.cache
def english_msgids() -> frozenset[str]:
    found: set[str] = set()
    for domain in DOMAINS:
        for message in extract(domain):
            for msgid in message.id if isinstance(message.id, tuple) else (message.id,):
                found |= words(msgid)
    return frozenset(found)


@functools.cache
def catalog_words(code: str) -> frozenset[str]:
    found: set[str] = set()
    for path in (LOCALE_DIR / code / "LC_MESSAGES").glob("*.po"):
        with path.open("rb") as f:
            for message in read_po(f, locale=code):
                for text in message.string if isinstance(message.string, tuple) else (message.string,):
                    found |= words(text or "")
    return frozenset(found)


def play_through(name: str, options: dict[str, object], code: str, folder: Path) -> tuple[list[str], set[str]]:
    """A whole game at seat 1 in the language `code`: the keys of the game first, then always the
    first choice. Returns the lines said and the words of the game's action notation."""
    game = cardhall.load(name, **options)
    keys = ["?", "C", *text_ui(game).shortcuts(), "Z", "99"]
    script = iter([*keys, *(["1", ""] * 5000)])
    notation: set[str] = set()
    out: list[str] = []
    path = folder / f"{name}-{code}.json"
    terminal = TerminalGame(game.new_state(5), 0, {s: "random" for s in range(1, game.num_players)},
                            say=out.append, record_path=path, lang_code=code)

    def ask(prompt: str) -> str:
        for action in terminal.state.legal_actions():
            notation.update(words(game.format_action(action)))
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    terminal.ask = ask
    state = terminal.run()
    assert state.is_over(), f"{name} did not finish"
    for _, _, text in Record.load(path).steps():
        notation.update(words(text))
    notation.update(words(str(path)))  # the record file named in "saved as …"
    return [line for said in out for line in said.split("\n")], notation


@functools.cache
def english_output(name: str, frozen: tuple[tuple[str, object], ...], folder: str) -> frozenset[str]:
    lines, _ = play_through(name, dict(frozen), "en", Path(folder))
    return frozenset(w for line in lines for w in words(line))


@pytest.mark.parametrize("code", LANGUAGES)
@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_whole_game_in_the_language(name: str, options: dict[str, object], code: str,
                                       tmp_path_factory: pytest.TempPathFactory) -> None:
    folder = tmp_path_factory.getbasetemp() / "languages"
    folder.mkdir(exist_ok=True)
    english = english_msgids() | english_output(name, tuple(sorted(options.items())), str(folder))
    lines, notation = play_through(name, options, code, folder)
    allowed = catalog_words(code) | notation | NEUTRAL
    left = {}
    for line in lines:
        assert not BOX.search(line), f"box drawing: {line!r}"
        for word in said_words(line) & english - allowed:
            left.setdefault(word, line)
    assert not left, f"{len(left)} English words left in {code}: " + "; ".join(
        f"{w!r} in {line.strip()!r}" for w, line in sorted(left.items())[:12])


@pytest.mark.parametrize("code", ["en", *LANGUAGES])
def test_card_names_in_the_language_select_a_card(code: str, tmp_path: Path) -> None:
    """A card typed in words of the player's language (Russian «дама пик», in the subject or the
    object form) selects it, as its notation does."""
    from cardhall.core.card_words import card_words
    from cardhall.core.cards import parse_card

    game = cardhall.load("hearts")
    state = game.new_state(3)
    hand = state.view(0)["hand"]
    cards = hand.split() if isinstance(hand, str) else hand
    first, last = cards[0], cards[-1]
    ui = text_ui(game, code)
    typed = [card_words(parse_card(first), ui.tr), card_words(parse_card(last), ui.tr, as_object=True).upper()]
    out: list[str] = []
    script = iter([*typed, "q"])
    TerminalGame(state, 0, {s: "random" for s in (1, 2, 3)}, ask=lambda _: next(script), say=out.append,
                 record_path=tmp_path / "g.json", lang_code=code).run()
    selected = [line for line in out if not line.startswith(" ") and (f"pass {first} (" in line or f"pass {last} (" in line)]
    assert len(selected) == 2, out


def test_lang_option_and_the_locale_default(tmp_path: Path) -> None:
    """`--lang` chooses the language; without it the locale's (LANGUAGE, LC_ALL, LC_MESSAGES, LANG)
    is used; an unknown code is one sentence naming the languages."""
    from typer.testing import CliRunner

    from cardhall.cli import app

    runner = CliRunner()
    clean = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": ""}
    r = runner.invoke(app, ["saved", "--folder", str(tmp_path), "--lang", "ru"], env={**clean, "LANG": "C.UTF-8"})
    assert r.exit_code == 0 and r.output.startswith(f"В {tmp_path} нет сохранённых партий."), r.output
    r = runner.invoke(app, ["saved", "--folder", str(tmp_path)], env={**clean, "LANG": "cs_CZ.UTF-8"})
    assert r.output.startswith(f"V {tmp_path} nejsou žádné uložené hry."), r.output
    r = runner.invoke(app, ["saved", "--folder", str(tmp_path)], env={**clean, "LANG": "ja_JP.UTF-8"})
    assert r.output.startswith(f"No saved games in {tmp_path}."), r.output
    r = runner.invoke(app, ["play", "hearts", "--lang", "xx"], env={**clean, "LANG": "C"})
    assert r.exit_code == 2 and "cardhall does not speak 'xx'; choose one of en (English), bg" in r.output
    assert "Traceback" not in r.output
    r = runner.invoke(app, ["play", "--help", "--lang", "es"], env={**clean, "LANG": "C"})
    assert "Juega una partida en el terminal contra bots." in r.output and "Tu asiento, contando desde 1" in r.output
    r = runner.invoke(app, ["play", "hearts", "--seat", "9", "--lang", "bg"], env={**clean, "LANG": "C"})
    assert r.exit_code == 2 and "грешка: --seat трябва да е от 1 до 4, а е 9" in r.output


@pytest.mark.parametrize(("args", "said"), [
    (["games", "--bogus"], "ошибка: нет параметра --bogus (cardhall games --help"),
    (["games", "--lan", "ru"], "ошибка: нет параметра --lan; может быть, --lang?"),
    (["replay"], "ошибка: не хватает аргумента 'file'"),
    (["play", "hearts", "--seed", "x"], "ошибка: '--seed' принимает целое число"),
    (["play", "hearts", "--help=3"], "ошибка: --help не принимает значения"),
    (["nosuch"], "ошибка: нет команды 'nosuch'"),
])
def test_mistakes_on_the_command_line_are_said_in_the_language(args: list[str], said: str) -> None:
    """Click's own sentences (an unknown option or command, a missing argument, a value of the
    wrong kind) are said anew in the player's language (cardhall.tui.click_words)."""
    from typer.testing import CliRunner

    from cardhall.cli import app

    env = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "ru_RU.UTF-8"}
    r = CliRunner().invoke(app, args, env=env)
    assert r.exit_code == 2 and said in r.output and "Traceback" not in r.output, r.output


def test_help_headings_are_in_the_language_and_lang_may_come_first() -> None:
    """Typer's and Click's own help words ("Usage:", "Options", the --help line) are in the
    language; `cardhall --lang cs play …` passes --lang on to the command."""
    from typer.testing import CliRunner

    from cardhall.cli import app

    clean = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C"}
    runner = CliRunner()
    r = runner.invoke(app, ["--lang", "cs", "games", "--help"], env=clean)
    assert r.exit_code == 0 and "Použití:" in r.output and "Volby:" in r.output, r.output
    assert "Ukáže tuto nápovědu a skončí." in r.output and "Usage:" not in r.output
    r = runner.invoke(app, ["--help"], env={**clean, "LANG": "es_ES.UTF-8"})
    assert "Uso:" in r.output and "Órdenes:" in r.output and "Muestra esta ayuda y termina." in r.output, r.output
    r = runner.invoke(app, ["--lang=bg", "games"], env=clean)
    assert r.exit_code == 0 and "5 Кули" in r.output, r.output
    r = runner.invoke(app, ["games", "--help"], env=clean)  # back in English for the next reader
    assert "Usage:" in r.output and "Options:" in r.output and "Show this message and exit." in r.output


def help_prose(output: str) -> str:
    """What a help screen says in sentences: without its usage line, option names, command and
    argument names at the start of a listed line, metavariables (GAME, OPTIONS), code in
    backticks, file names, addresses and notation (`jass: jass-kit`, `--name value`)."""
    kept = []
    for line in output.splitlines()[1:]:
        line = re.sub(r"<[^>]*>|\[[^\]]*\]?|\S*\]|\b\w+(?:\|\w+)+\b", " ", line)  # metavariables (text|json), [default: …]
        line = re.sub(r"^\s*[│|]?\s{1,4}[\w.-]+(?=\s{2,})", " ", line)  # a listed command or argument
        line = re.sub(r"`[^`]*`|-{1,2}[\w-]+(\s+[a-z]+\b)?|\b[A-Z][A-Z_]+\b|\S*[./:=?]\S*", " ", line)
        kept.append(line)
    return "\n".join(kept)


@pytest.mark.parametrize("code", ["bg", "cs", "de", "es", "ru"])
@pytest.mark.parametrize("command", [[], ["serve"], ["bot"], ["bench"], ["arena"], ["ladder"], ["ladder-plot"]])
def test_every_commands_help_is_in_the_readers_language(command, code) -> None:
    """`cardhall --lang L COMMAND --help` says every command and option in the reader's language
    (issue 46: serve, bench, bot, arena and ladder were English), `--lang` before a command that
    has no option of its own included."""
    from typer.testing import CliRunner

    from cardhall.cli import app
    from tests.language_check import _words, english_words, own_words

    clean = {"LANGUAGE": "", "LC_ALL": "", "LC_MESSAGES": "", "LANG": "C", "COLUMNS": "200"}
    r = CliRunner().invoke(app, ["--lang", code, *command, "--help"], env=clean)
    assert r.exit_code == 0, r.output
    english = english_words("terminal") | english_words("cardhall")
    own = own_words(code, "terminal") | own_words(code, "cardhall")
    assert not (_words(help_prose(r.output)) & english) - own, r.output


def test_the_help_check_catches_an_english_line() -> None:
    from tests.language_check import _words, english_words

    said = help_prose("Usage: cardhall bench [OPTIONS] GAME\n\n  Measure engine speed (random playouts).\n")
    assert {"measure", "engine", "speed"} <= _words(said) & english_words("terminal")
