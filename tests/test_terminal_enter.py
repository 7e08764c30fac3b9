"""The terminal plays a choice on its Enter (one Enter, as people expect); `--confirm` keeps the
select-then-Enter way; the help of `cardhall play` and of the prompt says so (issue 37)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from typer.testing import CliRunner

from cardhall import cli

ROOT = Path(__file__).resolve().parents[1]


def play(tmp_path: Path, *flags: str, lines: str) -> str:
    """`cardhall play hearts` in a real process, fed `lines`; what it printed."""
    proc = subprocess.run([sys.executable, "-m", "cardhall", "play", "hearts", "--seed", "3", "--bots", "random",
                           "--record", str(tmp_path / "g.json"), "--lang", "en", *flags], input=lines,
                          capture_output=True, text=True, timeout=120, cwd=tmp_path,
                          env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "HOME": str(tmp_path)})
    return proc.stdout + proc.stderr


def actions(tmp_path: Path) -> list:
    return json.loads((tmp_path / "g.json").read_text())["actions"]


def test_a_numbered_choice_plays_on_its_enter(tmp_path):
    out = play(tmp_path, lines="1\nQ\n")
    assert "Selected:" not in out and "Press Enter to play it" not in out, out
    assert len(actions(tmp_path)) == 1, out  # played: the saved record holds it


def test_confirm_keeps_select_then_enter(tmp_path):
    out = play(tmp_path, "--confirm", lines="1\nQ\n")
    assert "Selected:" in out and "Press Enter to play it." in out, out
    assert actions(tmp_path) == []  # selected, not played: Q came before a second Enter


def test_the_help_says_enter_plays_and_names_confirm():
    said = CliRunner().invoke(cli.app, ["play", "--help"], terminal_width=200).output
    assert "--confirm" in said and "plays on its Enter" in " ".join(said.split())


def test_the_prompts_help_says_enter_plays(tmp_path):
    out = " ".join(play(tmp_path, lines="?\nQ\n").split())
    assert "press Enter: it is played (with --confirm, a second Enter plays it)" in out, out
