"""The issue's case: a Hearts game against `easy` bots (seed 31, scripted input) saved after
the person's sixth move (before action 28) and resumed from its record used to part from the
uninterrupted game at action 28 (bots built once per game, their random streams restarted on
resume); now it continues exactly. The same for every game at the terminal with a cheap
search bot. A search's wall-time cap (a safety net: it stops after the cap even if its
iterations are not done) is switched off here, as it is the one thing that may make a choice
depend on the machine's load (`easy`, the careless heuristic, has none)."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from cardhall.cli import app
from cardhall.core.record import Record

runner = CliRunner()


def play(args: list[str], moves: int) -> str:
    """`cardhall play …` with the person playing their first choice `moves` times, then Q."""
    r = runner.invoke(app, ["play", *args], input="1\n\n" * moves + "q\n")
    assert r.exit_code == 0, r.output
    return r.output


@pytest.mark.parametrize(("game", "bots", "first", "then"), [
    ("hearts", "easy", 6, 2),
    ("five-towers", "ismcts:iterations=4:seconds=none", 3, 5),
    ("jass", "ismcts:iterations=4:seconds=none", 5, 6),
    ("three-two-five", "ismcts:iterations=4:seconds=none", 5, 6),
    ("clash-of-decks", "ismcts:iterations=4:seconds=none", 3, 4),
])
def test_a_resumed_terminal_game_continues_exactly(tmp_path, game, bots, first, then):
    whole, part = tmp_path / "whole.json", tmp_path / "part.json"
    play([game, "--seed", "31", "--bots", bots, "--record", str(whole)], first + then)
    play([game, "--seed", "31", "--bots", bots, "--record", str(part)], first)
    interrupted = len(Record.load(part).actions)
    play([game, "--resume", str(part)], then)
    resumed = Record.load(part).actions
    assert interrupted < len(resumed)
    if game == "hearts":
        assert interrupted < 28 < len(resumed)
    assert resumed == Record.load(whole).actions
