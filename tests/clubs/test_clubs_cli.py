"""`cardhall club …` on a real room (SQLite; the commands speak HTTP only): log in, make a club
by invitation, invite, join, announce, show it, list the clubs, leave; a refusal is the room's
sentence and exit status 2; `cardhall event list` names a Swiss event."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardhall import cli
from tests.events.swiss_helpers import Entrant, swiss_event
from tests.room.helpers import Server

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    folder = tmp_path_factory.mktemp("room")
    running = Server(f"sqlite:///{folder / 'room.sqlite3'}", folder / "server.log").start()
    yield running
    assert running.stop() == 0, running.log.read_text()


def test_clubs_in_the_terminal(server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDHALL_DATA_DIR", str(tmp_path))
    runner = CliRunner()
    ann, bob = f"Ann{uuid.uuid4().hex[:5]}", f"Bob{uuid.uuid4().hex[:5]}"
    for name in (ann, bob):
        made = runner.invoke(cli.app, ["login", server.url, "--name", name, "--register"],
                             input=f"{PASSWORD}\n{PASSWORD}\n")
        assert made.exit_code == 0, made.output
    title = f"Tuesday {uuid.uuid4().hex[:4]}"
    made = runner.invoke(cli.app, ["club", "create", server.url, "--club", title, "--description", "Hearts nights",
                                   "--invitation", "--name", ann])
    assert made.exit_code == 0, made.output
    url = made.output.strip().rsplit(" ", 1)[-1]
    assert "/clubs/" in url
    shut = runner.invoke(cli.app, ["club", "join", url, "--name", bob])
    assert shut.exit_code == 2 and "invitation" in shut.output
    invited = runner.invoke(cli.app, ["club", "invite", url, bob, "--name", ann])
    assert invited.exit_code == 0 and f"{bob} (invited)" in invited.output, invited.output
    joined = runner.invoke(cli.app, ["club", "join", url, "--name", bob])
    assert joined.exit_code == 0 and f"{bob} (member)" in joined.output, joined.output
    posted = runner.invoke(cli.app, ["club", "announce", url, "Cards at eight", "--name", ann])
    assert posted.exit_code == 0, posted.output
    shown = runner.invoke(cli.app, ["club", "show", url])
    assert shown.exit_code == 0 and f"{ann} announces: Cards at eight" in shown.output, shown.output
    assert "(by invitation), 2 members" in shown.output and "Hearts nights" in shown.output
    listed = runner.invoke(cli.app, ["club", "list", server.url])
    assert listed.exit_code == 0 and title in listed.output
    left = runner.invoke(cli.app, ["club", "leave", url, "--name", bob])
    assert left.exit_code == 0 and "1 member" in left.output, left.output
    event = swiss_event(Entrant(server, "Cli"))
    events = runner.invoke(cli.app, ["event", "list", server.url])
    assert events.exit_code == 0 and f"{event['id']}: Hearts, Swiss, 3 rounds, entries: 0, open" in events.output, \
        events.output
