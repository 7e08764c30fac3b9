"""`cardhall` with no command starts the room on http://127.0.0.1:8000/, as `cardhall serve`."""

from __future__ import annotations

from typer.testing import CliRunner

from cardhall import cli
from cardhall.room.service import BOT_PACE


def test_no_command_starts_the_room(monkeypatch):
    calls = []
    monkeypatch.setattr(cli, "serve", lambda **kw: calls.append(kw))
    result = CliRunner().invoke(cli.app, [])
    assert result.exit_code == 0, result.output
    # every option given: a typer option left out would arrive as its OptionInfo, not its default
    assert calls == [{"host": "127.0.0.1", "port": 8000, "db": None, "redis": None, "node": None, "lease": 10.0,
                      "bot_pace": BOT_PACE}]


def test_serve_paces_bots_by_default_and_takes_bot_pace(monkeypatch):
    from cardhall.web import server

    seen = []

    async def run(host, port, db, ready, **options):
        seen.append(options)

    monkeypatch.setattr(server, "serve", run)
    assert CliRunner().invoke(cli.app, ["serve", "--port", "1"]).exit_code == 0
    assert CliRunner().invoke(cli.app, ["serve", "--port", "1", "--bot-pace", "0"]).exit_code == 0
    assert [options["bot_pace"] for options in seen] == [BOT_PACE, 0.0]
    refused = CliRunner().invoke(cli.app, ["serve", "--bot-pace", "11"])
    assert refused.exit_code != 0 and "bot-pace" in refused.output


def test_help_still_lists_the_commands():
    result = CliRunner().invoke(cli.app, ["--help"])
    assert result.exit_code == 0
    assert "serve" in result.output and "play" in result.output
