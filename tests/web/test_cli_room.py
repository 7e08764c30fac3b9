"""`cardhall` with no command starts the room on http://127.0.0.1:8000/, as `cardhall serve`."""

from __future__ import annotations

from typer.testing import CliRunner

from cardhall import cli


def test_no_command_starts_the_room(monkeypatch):
    calls = []
    monkeypatch.setattr(cli, "serve", lambda **kw: calls.append(kw))
    result = CliRunner().invoke(cli.app, [])
    assert result.exit_code == 0, result.output
    assert calls == [{"host": "127.0.0.1", "port": 8000, "db": None}]


def test_help_still_lists_the_commands():
    result = CliRunner().invoke(cli.app, ["--help"])
    assert result.exit_code == 0
    assert "serve" in result.output and "play" in result.output
