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


def test_a_moderator_closes_clubs_in_the_terminal(server: Server, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`cardhall club close NAME --reason …`: through the running room as a moderator (--url,
    --name), or on the database (--db); a person who is no moderator is refused with the room's
    sentence (exit 2), a missing reason too; a closed club is listed no more."""
    monkeypatch.setenv("CARDHALL_DATA_DIR", str(tmp_path))
    runner = CliRunner()
    ann, mona = f"Ann{uuid.uuid4().hex[:5]}", f"Mona{uuid.uuid4().hex[:5]}"
    for name in (ann, mona):
        made = runner.invoke(cli.app, ["login", server.url, "--name", name, "--register"],
                             input=f"{PASSWORD}\n{PASSWORD}\n")
        assert made.exit_code == 0, made.output
    first, second = f"Putz {uuid.uuid4().hex[:4]}", f"Hearts {uuid.uuid4().hex[:4]}"
    for title in (first, second):
        made = runner.invoke(cli.app, ["club", "create", server.url, "--club", title, "--name", ann])
        assert made.exit_code == 0, made.output
    refused = runner.invoke(cli.app, ["club", "close", first, "--reason", "spam", "--url", server.url, "--name", ann])
    assert refused.exit_code == 2 and "only a moderator can close a club" in refused.output, refused.output
    assert runner.invoke(cli.app, ["admin", "grant", mona, "moderator", "--db", server.db]).exit_code == 0
    empty = runner.invoke(cli.app, ["club", "close", first, "--reason", " ", "--url", server.url, "--name", mona])
    assert empty.exit_code == 2 and "reason" in empty.output, empty.output
    closed = runner.invoke(cli.app, ["club", "close", first.upper(), "--reason", "Abandoned", "--url", server.url,
                                     "--name", mona])
    assert closed.exit_code == 0 and f"The club {first} is closed; the reason: Abandoned" in closed.output, closed.output
    on_db = runner.invoke(cli.app, ["club", "close", second, "--reason", "Duplicate of another club", "--db", server.db])
    assert on_db.exit_code == 0 and f"The club {second} is closed" in on_db.output, on_db.output
    again = runner.invoke(cli.app, ["club", "close", second, "--reason", "twice", "--db", server.db])
    assert again.exit_code == 2 and "there is no club" in again.output, again.output
    listed = runner.invoke(cli.app, ["club", "list", server.url])
    assert first not in listed.output and second not in listed.output
    audit = runner.invoke(cli.app, ["admin", "audit", "--db", server.db])
    assert f"{mona}: close club {first} (Abandoned)" in audit.output, audit.output
    assert f"command line: close club {second} (Duplicate of another club)" in audit.output, audit.output
