"""`cardhall event play URL/events/ID` end to end against a real room (a `cardhall serve`
subprocess): an account logged in with `cardhall login` enters the event and plays each board at
the terminal table, its moves typed on a scripted standard input (each prompt's first choice, by
number); the room records every move of its seat as the person's, the standings count both boards,
a second run deals nothing again, and after the close `event play` is refused with a sentence."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest

from cardhall.web.bench import ServerProcess
from tests.room.test_remote import ENV, Lines, cardhall

PASSWORD = "correct horse battery"
FIRST_CHOICE = re.compile(r"^\s+1\. ")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    ENV["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data"))  # the sessions `cardhall login` keeps
    os.environ.setdefault("XDG_DATA_HOME", ENV["XDG_DATA_HOME"])
    with ServerProcess(tmp_path_factory.mktemp("room") / "room.db") as srv:
        yield srv


def login(server: ServerProcess, name: str) -> None:
    made = subprocess.run([sys.executable, "-m", "cardhall", "login", server.url, "--name", name, "--register", "--lang", "en"],
                          env=ENV, input=f"{PASSWORD}\n{PASSWORD}\n", capture_output=True, text=True, timeout=60)
    assert made.returncode == 0, made.stdout + made.stderr


def token(server: ServerProcess, name: str) -> str:
    got = httpx.post(server.url + "/api/sessions", json={"name": name, "password": PASSWORD})
    assert got.status_code in (200, 201), got.text
    return str(got.json()["token"])


def play_in_terminal(server: ServerProcess, event: str, name: str) -> tuple[int, str]:
    """`cardhall event play`, answering each prompt with its first choice's number."""
    proc = cardhall("event", "play", f"{server.url}/events/{event}", "--name", name, "--lang", "en")
    assert proc.stdin is not None
    out = Lines(proc)
    waiting = False
    for line in out:
        if line.startswith("Your choices ("):
            waiting = True
        elif waiting and FIRST_CHOICE.match(line):
            waiting = False
            proc.stdin.write("1\n")
            proc.stdin.flush()
    return proc.wait(60), out.text()


def test_event_play_plays_every_board_at_the_terminal(server: ServerProcess) -> None:
    name, maker = f"Term{uuid.uuid4().hex[:5]}", f"Maker{uuid.uuid4().hex[:5]}"
    login(server, name)
    login(server, maker)
    auth = {"Authorization": f"Bearer {token(server, maker)}"}
    made = httpx.post(server.url + "/api/events", headers=auth, json={
        "kind": "duplicate", "game": "three-two-five", "boards": 2, "bots": "random", "hours": 1})
    assert made.status_code == 201, made.text
    event = made.json()["id"]
    code, text = play_in_terminal(server, event, name)
    assert code == 0, text
    assert "Traceback" not in text
    assert text.index("Board 1:") < text.index("Board 2:") < text.index("You have played every board of this event.")
    assert "Standings so far (only the boards you have finished are shown):" in text
    assert re.search(rf"^1\. {name}: [0-9.]+ %, 2 boards$", text, re.M), text
    mine = {"Authorization": f"Bearer {token(server, name)}"}
    standings = httpx.get(server.url + f"/api/events/{event}/standings", headers=mine).json()
    boards = next(e for e in standings["entries"] if e["name"] == name)["boards"]
    assert [b["board"] for b in boards] == [1, 2]
    for board in boards:  # every move of the entry's seat was typed at the terminal, none by the takeover bot
        replay: dict[str, Any] = httpx.get(server.url + "/api" + board["replay"], headers=mine).json()
        own = [s for s in replay["steps"] if s["seat"] == 0]
        assert own and all(s["by"] == "person" for s in own), [s["by"] for s in own]
    again_code, again = play_in_terminal(server, event, name)
    assert again_code == 0 and "Your turn" not in again, again  # nothing dealt again
    assert again.startswith("You have played every board of this event.")
    assert re.search(r"^Board 1: 1 had -?[0-9]+$", again, re.M) and re.search(r"^Board 2: 1 had -?[0-9]+$", again, re.M)
    assert httpx.post(server.url + f"/api/events/{event}/close", headers=auth).status_code == 200
    late_code, late = play_in_terminal(server, event, name)
    assert late_code != 0 and "this event is over" in late and "Traceback" not in late
