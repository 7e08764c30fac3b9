"""The generic terminal loop and the `cardhall` command, on the toy game."""

from __future__ import annotations

import json

from typer.testing import CliRunner

from cardhall.cli import app
from cardhall.core import Record
from cardhall.core.bot import RandomBot
from cardhall.tui.play import TerminalGame

runner = CliRunner()


def scripted(lines):
    it = iter(lines)

    def ask(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return ask


def test_select_then_enter_plays_and_bad_input_reprompts(toy, tmp_path):
    out: list[str] = []
    state = toy.new_state(seed=4)
    lines = ["", "9", "take 7", "xyz", "?", "L", "T", "S", "C", "1", ""] + ["1", ""] * 10
    game = TerminalGame(state, 0, {1: RandomBot(0)}, ask=scripted(lines), say=out.append,
                        record_path=tmp_path / "g.json")
    final = game.run()
    text = "\n".join(out)
    assert "Nothing is selected" in text
    assert "There is no choice 9; choose a number from 1 to 2" in text
    assert "cannot read 'take 7'; write take 1 or take 2" in text
    assert "Selected: take 1. Press Enter to play it." in text
    assert "Your turn." in text and "Game over." in text
    assert final.is_over()
    assert Record.load(tmp_path / "g.json").check() == final


def test_quit_and_end_of_input_save_the_game(toy, tmp_path):
    out: list[str] = []
    state = toy.new_state(seed=4)
    TerminalGame(state, 0, {1: RandomBot(0)}, ask=scripted(["1", ""]), say=out.append,
                 record_path=tmp_path / "g.json").run()
    assert "Continue it with: cardhall play --resume" in out[-1]
    rec = Record.load(tmp_path / "g.json")
    assert rec.actions[0] == "take 1" and not rec.replay().is_over()


def test_cli_play_resume_replay_check(toy, tmp_path):
    path = tmp_path / "g.json"
    r = runner.invoke(app, ["play", "toy", "--seed", "3", "--bots", "random", "--record", str(path),
                            "--pile", "4"], input="1\n\nq\n")
    assert r.exit_code == 0, r.output
    assert json.loads(path.read_text())["options"]["pile"] == 4
    r = runner.invoke(app, ["play", "toy", "--resume", str(path)], input="1\n\n" * 5)
    assert r.exit_code == 0, r.output
    assert "Game over" in r.output
    r = runner.invoke(app, ["replay", str(path), "--check"])
    assert r.exit_code == 0 and r.output.startswith("OK:"), r.output
    r = runner.invoke(app, ["replay", str(path), "--seat", "1"])
    assert r.exit_code == 0 and "1. Player 1: take 1" in r.output


def test_cli_errors_are_sentences(toy, tmp_path):
    r = runner.invoke(app, ["play", "poker"])
    assert r.exit_code == 2 and "error: unknown game 'poker'" in r.output
    r = runner.invoke(app, ["play", "toy", "--pile", "99"])
    assert r.exit_code == 2 and "pile=" in r.output and "from 1 to 30" in r.output
    r = runner.invoke(app, ["play", "toy", "--seat", "3"])
    assert r.exit_code == 2 and "--seat must be from 1 to 2" in r.output
    r = runner.invoke(app, ["play", "toy", "--bots", "genius"])
    assert r.exit_code == 2 and "unknown bot 'genius'" in r.output
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "toy", "seed": 1, "actions": ["take 9"]}')
    r = runner.invoke(app, ["replay", str(bad), "--check"])
    assert r.exit_code == 2 and "move 1 ('take 9') does not replay" in r.output
    r = runner.invoke(app, ["replay", str(tmp_path / "nope.json")])
    assert r.exit_code == 2 and "cannot read record" in r.output
    r = runner.invoke(app, ["bench", "toy", "--seconds", "-1"])
    assert r.exit_code == 2 and "error: '--seconds' must be at least 0.01" in r.output
    r = runner.invoke(app, ["bench", "toy", "--vs", "openspiel", "--seconds", "0.01"])
    assert r.exit_code == 2 and "toy has no peer engine" in r.output


def test_cli_bench_json(toy):
    r = runner.invoke(app, ["bench", "toy", "--json", "--seconds", "0.05"])
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output)
    assert figures["game"] == "toy" and figures["games_per_second"] > 0
