"""The terminal's people commands on a real server: `cardhall login` (and --register) keeps the
session where `cardhall join` finds it, `cardhall profile NAME --url URL` shows the ratings and
the last games, `cardhall replay URL` says a finished game of the room move by move."""

from __future__ import annotations

import json
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from cardhall import cli
from tests.room.helpers import Server

PASSWORD = "correct horse battery"


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A room on SQLite (the commands speak HTTP only; test_accounts covers both backends)."""
    folder = tmp_path_factory.mktemp("room")
    running = Server(f"sqlite:///{folder / 'room.sqlite3'}", folder / "server.log").start()
    yield running
    assert running.stop() == 0, running.log.read_text()


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    monkeypatch.setenv("CARDHALL_DATA_DIR", str(tmp_path))
    yield tmp_path


def test_login_profile_and_replay_in_the_terminal(server: Server, data_dir: Path) -> None:
    name = f"Tom{uuid.uuid4().hex[:5]}"
    runner = CliRunner()
    made = runner.invoke(cli.app, ["login", server.url, "--name", name, "--register"], input=f"{PASSWORD}\n{PASSWORD}\n")
    assert made.exit_code == 0, made.output
    assert f"as {name}" in made.output and PASSWORD not in made.output
    wrong = runner.invoke(cli.app, ["login", server.url + "/tables/x", "--name", name], input="not the password\n")
    assert wrong.exit_code != 0 and "wrong name or password" in wrong.output
    again = runner.invoke(cli.app, ["login", server.url, "--name", name], input=f"{PASSWORD}\n")
    assert again.exit_code == 0, again.output
    kept = json.loads((data_dir / "guests.json").read_text())[f"{server.url} {name}"]
    assert kept["account"] is True and (data_dir / "guests.json").stat().st_mode & 0o777 == 0o600
    me = httpx.get(server.url + "/api/players/me", headers={"Authorization": f"Bearer {kept['token']}"}).json()
    assert me == {"player": kept["player"], "name": name, "account": True}

    auth = {"Authorization": f"Bearer {kept['token']}"}
    table = httpx.post(server.url + "/api/tables", headers=auth,
                       json={"game": "clash-of-decks", "seats": ["me", "bot:easy"], "rated": True}).json()
    for step in ("start", "leave"):
        assert httpx.post(server.url + f"/api/tables/{table['id']}/{step}", headers=auth).status_code == 200
    end = time.monotonic() + 120
    while httpx.get(server.url + f"/api/tables/{table['id']}").json()["status"] != "over":
        assert time.monotonic() < end, "the game did not end in 120 s"
        time.sleep(0.3)

    shown = runner.invoke(cli.app, ["profile", name, "--url", server.url])
    assert shown.exit_code == 0, shown.output
    assert "Clash of Decks, 2 players: rating" in shown.output and "1 rated game" in shown.output
    assert f"{server.url}/tables/{table['id']}/replay" in shown.output
    nobody = runner.invoke(cli.app, ["profile", "Nobody" + uuid.uuid4().hex[:5], "--url", server.url])
    assert nobody.exit_code != 0 and "there is nobody called" in nobody.output

    said = runner.invoke(cli.app, ["replay", f"{server.url}/tables/{table['id']}", "--lang", "es"])
    assert said.exit_code == 0, said.output
    replay = httpx.get(server.url + f"/api/tables/{table['id']}/replay?lang=es").json()
    lines = said.output.splitlines()
    assert f"   1. {' '.join(replay['steps'][0]['said'])}" in lines
    assert lines[-1] == replay["result"]
    assert len([x for x in lines if x[:5].strip().rstrip(".").isdigit()]) == len(replay["steps"])
    first = replay["start"]["hands"][0]
    assert any(line.strip().startswith(replay["seats"][0]["seat_name"]) and replay["words"][first[0]] in line
               for line in lines)  # every hand at the start of the deal, in words
    assert not [line for line in lines if "((" in line or "))" in line]  # «Oeste — Bot (aleatorio)», no brackets in brackets


def test_login_without_a_password_is_a_sentence():
    """Standard input that ends before the password (a script, a closed pipe) is said, not a
    silent exit 1."""
    result = CliRunner().invoke(cli.app, ["login", "http://127.0.0.1:1", "--name", "Ann", "--lang", "ru"], input="")
    assert result.exit_code == 2
    assert "пароль не введён" in result.output
