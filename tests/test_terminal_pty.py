"""Issue 17 point 8 at a real terminal: the prompt of `cardhall play` and of `cardhall join` edits
lines and keeps a history — the up arrow recalls the line typed before (a pseudo-terminal, as a
person's terminal is)."""

from __future__ import annotations

import contextlib
import os
import select
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from cardhall.web.bench import ServerProcess
from tests.room.test_remote import Host

ROOT = Path(__file__).resolve().parents[1]
UP = b"\x1b[A"
UNUSED = "Z is not used here"


class Terminal:
    """`cardhall ARGS` of this worktree at a pseudo-terminal."""

    def __init__(self, *args: str, env: dict[str, str]) -> None:
        master, slave = os.openpty()
        self.proc = subprocess.Popen([sys.executable, "-m", "cardhall", *args], stdin=slave, stdout=slave,
                                     stderr=slave, env={**env, "TERM": "xterm", "PYTHONPATH": str(ROOT)},
                                     start_new_session=True)
        os.close(slave)
        self.fd = master
        self.output = ""

    def read(self, timeout: float = 0.2) -> None:
        ready, _, _ = select.select([self.fd], [], [], timeout)
        if ready:
            with contextlib.suppress(OSError):  # the other end closed
                self.output += os.read(self.fd, 65536).decode("utf-8", "replace")

    def wait_for(self, text: str, count: int = 1, timeout: float = 90) -> None:
        deadline = time.monotonic() + timeout
        while self.output.count(text) < count:
            assert self.proc.poll() is None or self.drained(), f"ended before {text!r}: {self.output}"
            assert time.monotonic() < deadline, f"no {text!r} within {timeout} s: {self.output}"
            self.read()

    def drained(self) -> bool:
        before = len(self.output)
        self.read(0.5)
        return len(self.output) > before

    def type(self, keys: bytes) -> None:
        os.write(self.fd, keys)

    def close(self, timeout: float = 60) -> int:
        deadline = time.monotonic() + timeout
        while self.proc.poll() is None and time.monotonic() < deadline:
            self.read()
        code = self.proc.wait(max(0.1, deadline - time.monotonic()))
        self.read()
        os.close(self.fd)
        return code


def recalls_with_the_up_arrow(term: Terminal) -> None:
    """Type a key the game does not use, then the up arrow and Enter: the same answer again."""
    term.type(b"Z\r")
    term.wait_for(UNUSED)
    term.type(UP + b"\r")
    term.wait_for(UNUSED, count=2)  # without line editing the arrow is a line of its own: "^[[A" is no key


def test_play_prompt_recalls_the_last_line_with_the_up_arrow(tmp_path: Path) -> None:
    term = Terminal("play", "hearts", "--seed", "3", "--bots", "random", "--lang", "en",
                    "--record", str(tmp_path / "g.json"), env=dict(os.environ))
    term.wait_for("Your choices (")
    recalls_with_the_up_arrow(term)
    term.type(b"q\r")
    term.wait_for("Game saved as")
    assert term.close() == 0, term.output
    assert "Traceback" not in term.output


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    with ServerProcess(tmp_path_factory.mktemp("room") / "room.db") as srv:
        yield srv


def test_join_prompt_recalls_the_last_line_with_the_up_arrow(server: ServerProcess, tmp_path: Path) -> None:
    host = Host(server)
    table = host.new_table("hearts", ["open", "bot:random", "bot:random", "bot:random"], target=1)
    term = Terminal("join", f"{server.url}/tables/{table}", "--seat", "1", "--name", "Pat", "--lang", "en",
                    env={**os.environ, "XDG_DATA_HOME": str(tmp_path)})
    term.wait_for("Waiting for the host")
    host.start_when_seated(table, 0, term.proc)  # type: ignore[arg-type]
    term.wait_for("Your choices (")
    recalls_with_the_up_arrow(term)
    term.type(b"q\r")
    term.wait_for("You leave the table")
    assert term.close() == 0, term.output
    assert "Traceback" not in term.output
