"""Issue 17: the command line and the terminal client as a newcomer meets them (on the toy game)."""

from __future__ import annotations

import json
import os

import pytest
from typer.testing import CliRunner

from cardhall.cli import app
from cardhall.core import Record
from cardhall.core.bot import Bot, RandomBot
from cardhall.tui.play import TerminalGame
from tests.core.test_terminal import scripted

runner = CliRunner()


def test_record_path_is_checked_before_the_game_starts(toy, tmp_path):
    """Point 1: --record naming a folder or an unwritable place is a sentence before any move."""
    r = runner.invoke(app, ["play", "toy", "--record", str(tmp_path)], input="1\n\n")
    assert r.exit_code == 2 and f"error: {tmp_path} is a folder; give a file name" in r.output
    assert "Your choices" not in r.output
    if os.geteuid() != 0:  # root may write anywhere
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        r = runner.invoke(app, ["play", "toy", "--record", str(locked / "g.json")], input="1\n\n")
        locked.chmod(0o700)
        assert r.exit_code == 2 and "permission denied" in r.output and "Your choices" not in r.output
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = runner.invoke(app, ["play", "toy", "--record", str(blocker / "g.json")], input="1\n\n")
    assert r.exit_code == 2 and r.output.startswith("error: cannot save the game in") and "Traceback" not in r.output


@pytest.mark.parametrize(("record", "says"), [
    ({"game": "toy", "seed": 1, "actions": [], "meta": {"human_seat": 5}}, "says you played seat 6"),
    ({"game": "toy", "seed": 1, "actions": [], "meta": {"bot_kind": "genius"}}, "unknown bot 'genius'"),
    ({"game": "toy", "seed": 1, "options": {"pile": "x"}, "actions": []}, "option pile='x' is not valid"),
    ({"game": "nope", "seed": 1, "actions": []}, "unknown game 'nope'"),
])
def test_bad_records_are_sentences_everywhere(toy, tmp_path, record, says):
    """Point 1: a bad value in a record is one sentence in replay, replay --check and play --resume."""
    path = tmp_path / "r.json"
    path.write_text(json.dumps(record))
    for args in (["replay", str(path)], ["replay", str(path), "--check"], ["play", "--resume", str(path)]):
        r = runner.invoke(app, args, input="q\n")
        assert r.exception is None or isinstance(r.exception, SystemExit), (args, r.exception)
        if r.exit_code == 2:
            assert r.output.splitlines()[-1].startswith("error: "), r.output
    r = runner.invoke(app, ["play", "--resume", str(path)], input="q\n")
    assert r.exit_code == 2 and says in r.output


class Interrupting(Bot):
    """A bot that is interrupted (Ctrl-C) while it thinks."""

    name = "interrupted"

    def act(self, observation):
        raise KeyboardInterrupt


def test_ctrl_c_while_bots_think_saves_the_game(toy, tmp_path):
    """Point 2: Ctrl-C during a bot's move saves the game and says how to resume, as at the prompt."""
    out: list[str] = []
    path = tmp_path / "g.json"
    TerminalGame(toy.new_state(seed=4), 0, {1: Interrupting()}, ask=scripted(["1", ""]), say=out.append,
                 record_path=path).run()
    assert out[-1] == f"Game saved as {path}. Continue it with: cardhall play --resume {path}"
    assert Record.load(path).actions == ["take 1"]


def test_resume_needs_no_game_name_and_checks_the_command_line(toy, tmp_path):
    """Point 3: --resume FILE alone; options that contradict the record are errors; a finished game says so."""
    path = tmp_path / "g.json"
    r = runner.invoke(app, ["play", "toy", "--seed", "3", "--seat", "2", "--bots", "random", "--pile", "5",
                            "--record", str(path)], input="q\n")
    assert r.exit_code == 0 and "cardhall play --resume" in r.output
    for extra, says in ((["--pile", "6"], "the saved game has pile 5, not 6; leave out --pile"),
                        (["--seed", "4"], "the saved game has seed 3, not 4"),
                        (["--seat", "1"], "you played seat 2 in the saved game, not 1"),
                        (["--bots", "heuristic"], "the saved game's bots are random, not heuristic")):
        r = runner.invoke(app, ["play", "--resume", str(path), *extra], input="q\n")
        assert r.exit_code == 2 and says in r.output, r.output
    r = runner.invoke(app, ["play", "--resume", str(path), "--pile", "5", "--seat", "2"], input="1\n\n" * 5)
    assert r.exit_code == 0 and "Game over" in r.output, r.output
    r = runner.invoke(app, ["play", "--resume", str(path)])
    assert r.exit_code == 2 and f"error: the game in {path} is finished" in r.output
    assert f"cardhall replay {path}" in r.output
    r = runner.invoke(app, ["play"])
    assert r.exit_code == 2 and "name the game to play" in r.output


def test_command_line_help_version_and_one_line_errors(toy, tmp_path):
    """Point 10: --version, -h, play --help with every game's options and bot level, aliases in
    error lists, and the same one-line error for typer's own mistakes."""
    r = runner.invoke(app, ["--version"])
    assert r.exit_code == 0 and r.output.startswith("cardhall ")
    r = runner.invoke(app, ["-h"])
    assert r.exit_code == 0 and "play" in r.output and "saved" in r.output
    r = runner.invoke(app, ["play", "--help"])
    assert r.exit_code == 0
    text = " ".join(r.output.split())
    for words in ("three-two-five (also 325, 3-2-5)", "--deals", "--removed-card", "--format",
                  "easy, medium, hard", "ismcts", "pimc"):
        assert words in text, words
    r = runner.invoke(app, ["play", "poker"])
    assert "three-two-five (also 325, 3-2-5)" in r.output
    for args, says in ((["play", "toy", "--seed", "abc"], "error: '--seed' takes a whole number"),
                       (["play", "toy", "--pile"], "error: toy: option --pile needs a value"),
                       (["bogus"], "error: no such command 'bogus'")):
        r = runner.invoke(app, args)
        assert r.exit_code == 2 and r.output.startswith(says) and len(r.output.splitlines()) == 1, r.output
    for args in (["games"], ["-h"], ["play", "--help"], ["bench", "toy", "--seconds", "0.02"]):
        r = runner.invoke(app, args)
        assert not any(ch in r.output for ch in "─│┌┐└┘━┃┏┓┗┛╭╮╰╯"), (args, r.output)


def test_saved_lists_unfinished_and_finished_games(toy, tmp_path):
    """Point 10: `cardhall saved` says how to continue each unfinished game and replay each finished one."""
    TerminalGame(toy.new_state(seed=4), 0, {1: RandomBot(0)}, ask=scripted(["1", ""]), say=lambda _: None,
                 record_path=tmp_path / "a.json").run()
    TerminalGame(toy.new_state(seed=4), 0, {1: RandomBot(0)}, ask=scripted(["1", ""] * 9), say=lambda _: None,
                 record_path=tmp_path / "b.json").run()
    (tmp_path / "c.json").write_text("{")
    r = runner.invoke(app, ["saved", "--folder", str(tmp_path)])
    assert r.exit_code == 0, r.output
    assert f"Toy, unfinished after 2 moves: cardhall play --resume {tmp_path / 'a.json'}" in r.output
    assert f"cardhall replay {tmp_path / 'b.json'}" in r.output and "finished after" in r.output
    assert f"{tmp_path / 'c.json'}: cannot be read" in r.output
    assert r.output.splitlines()[-1] == "3 saved games, 1 unfinished."
    r = runner.invoke(app, ["saved", "--folder", str(tmp_path / "none")])
    assert r.exit_code == 0 and "No saved games in" in r.output


def test_arena_prints_plain_lines_off_a_terminal(tmp_path):
    """Point 7: the arena's standings are plain lines (no box drawing) when not printed to a terminal."""
    r = runner.invoke(app, ["arena", "hearts", "--bots", "random,heuristic", "--games", "2", "--workers", "1",
                            "--out", str(tmp_path / "a")])
    assert r.exit_code == 0, r.output
    assert "bot: heuristic; games: 2; won-drawn-lost: " in r.output
    assert not any(ch in r.output for ch in "─│┌┐└┘━┃┏┓┗┛╭╮╰╯")
