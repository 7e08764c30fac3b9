"""The browser tests: a real `python -m cardhall serve` and Debian's Chromium through Playwright.

Outside CI the tests skip (with the reason) when /usr/bin/chromium is missing; in CI (`CI` set)
they fail instead, so they can never be skipped silently there."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
SCREENSHOTS = Path(__file__).parent / "screenshots"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """`python -m cardhall serve` on a free port with a database in a temporary folder."""

    def __init__(self, tmp: Path, bot_pace: str = "0") -> None:
        self.tmp = tmp
        self.bot_pace = bot_pace  # "0": bots at once, and held for no listener (docs/room.md)
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log = tmp / "serve.log"
        self.start()

    def extra(self) -> tuple[list[str], dict[str, str]]:
        """More arguments for `cardhall serve` and more environment (a subclass's: mail on, …)."""
        return [], {}

    def start(self) -> None:
        args, more_env = self.extra()
        env = {**os.environ, "PYTHONPATH": str(ROOT), **more_env}
        db = f"sqlite:///{self.tmp / 'room.sqlite3'}"
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "cardhall", "serve", "--port", str(self.port), "--db", db, "--bot-pace", self.bot_pace,
                 "--no-limits", *args],
                cwd=self.tmp, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"cardhall serve exited: {self.log.read_text()}")
            try:
                if httpx.get(self.url + "/api/games", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"cardhall serve did not answer within 60 s: {self.log.read_text()}")

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(self.proc.pid, signal.SIGKILL)  # with its bot processes
            self.proc.wait()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    srv = Server(tmp_path_factory.mktemp("room"))
    yield srv
    srv.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[object]:
    if not Path(CHROMIUM).exists():
        message = f"{CHROMIUM} is missing: install Debian's chromium (scripts/test does) to run the browser tests"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()
