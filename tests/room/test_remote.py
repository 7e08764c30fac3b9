"""Remote seats over a real `cardhall serve` subprocess: `cardhall join`, `cardhall bot` (with a
`file.py:Class` bot), the bot of docs/room.md, the wire client's reconnect with `sync`, and a
short `cardhall bench room` run."""

from __future__ import annotations

import asyncio
import json
import os
import queue
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from cardhall.core.errors import CardhallError
from cardhall.web.bench import ServerProcess
from cardhall.web.client import RemoteError, RoomClient, TableURL, parse_table_url

ROOT = Path(__file__).resolve().parents[2]
ENV = {**os.environ, "PYTHONPATH": str(ROOT)}


def cardhall(*args: str, **kwargs: Any) -> subprocess.Popen[str]:
    """`cardhall ARGS` of this worktree in a subprocess, text pipes for stdin and stdout."""
    return subprocess.Popen([sys.executable, "-m", "cardhall", *args], env=ENV, text=True, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.STDOUT, **kwargs)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[ServerProcess]:
    ENV["XDG_DATA_HOME"] = str(tmp_path_factory.mktemp("data"))  # join's remembered guests
    with ServerProcess(tmp_path_factory.mktemp("room") / "room.db") as srv:
        yield srv


def run(coro: Any) -> Any:
    return asyncio.run(coro)


class Host:
    """A table's host who does not play, driven from synchronous test code (each call in its own loop)."""

    def __init__(self, server: ServerProcess) -> None:
        self.url = server.url
        self.token = run(self.call("create_guest", "Host"))["token"]

    async def call(self, method: str, *args: Any) -> Any:
        async with RoomClient(self.url, token=getattr(self, "token", None)) as client:
            return await getattr(client, method)(*args)

    def new_table(self, game: str, seats: list[str], **options: Any) -> str:
        table: str = run(self.call("create_table", game, seats, options))["id"]
        return table

    def table(self, table: str) -> dict[str, Any]:
        summary: dict[str, Any] = run(self.call("table", table))
        return summary

    def start_when_seated(self, table: str, seat: int, proc: subprocess.Popen[str], timeout: float = 60) -> None:
        """Wait until `seat` is taken (by `proc`), then start the table."""
        deadline = time.monotonic() + timeout
        while self.table(table)["seats"][seat]["kind"] == "open":
            assert proc.poll() is None, f"the client stopped: {proc.communicate()[0]}"
            assert time.monotonic() < deadline, f"seat {seat} was not taken within {timeout} s"
            time.sleep(0.1)
        run(self.call("start", table))


class Lines:
    """A subprocess's output, line by line, read by a thread (so its pipe never fills)."""

    def __init__(self, proc: subprocess.Popen[str]) -> None:
        self.proc = proc
        self.seen: list[str] = []
        self.queue: queue.Queue[str | None] = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.queue.put(line.rstrip("\n"))
        self.queue.put(None)

    def __iter__(self) -> Iterator[str]:
        while True:
            line = self.queue.get(timeout=120)
            if line is None:
                return
            self.seen.append(line)
            yield line

    def text(self) -> str:
        return "\n".join(self.seen)


def test_table_urls() -> None:
    assert parse_table_url("http://127.0.0.1:8000/tables/abc") == TableURL("http://127.0.0.1:8000", "abc")
    assert parse_table_url("https://cards.example/room/tables/abc/?invite=XY") == \
        TableURL("https://cards.example/room", "abc", "XY")
    url = parse_table_url("http://127.0.0.1:8000/tables/abc?invite=XY")
    assert url.websocket("T") == "ws://127.0.0.1:8000/ws/tables/abc?token=T&invite=XY"
    assert str(url) == "http://127.0.0.1:8000/tables/abc?invite=XY"
    for bad, why in [("127.0.0.1:8000/tables/abc", "is not a table URL"), ("ftp://x/tables/abc", "is not a table URL"),
                     ("http://127.0.0.1:8000/lobby", "path must end in /tables/ID")]:
        with pytest.raises(CardhallError, match=why):
            parse_table_url(bad)


def test_join_plays_a_game_against_bots(server: ServerProcess) -> None:
    """A person plays seat 1 of a one-deal Hearts game with the keys of `cardhall play`."""
    host = Host(server)
    table = host.new_table("hearts", ["open", "bot:random", "bot:random", "bot:random"], target=1)
    proc = cardhall("join", f"{server.url}/tables/{table}", "--seat", "1", "--name", "Ann", "--confirm")  # select, then Enter
    assert proc.stdin is not None
    out = Lines(proc)
    started = keys_tried = False
    for line in out:
        if line.startswith("Waiting for the host") and not started:
            proc.stdin.write("1\n")  # before the start: no choices yet
            proc.stdin.flush()
            host.start_when_seated(table, 0, proc)
            started = True
        elif line.startswith("Your choices ("):
            script = "S\nT\n99\nZZ\n1\n\n" if not keys_tried else "1\n\n"
            keys_tried = True
            proc.stdin.write(script)
            proc.stdin.flush()
    assert proc.wait(30) == 0, out.text()
    text = out.text()
    assert "The game has not started yet" in text
    assert "Score:" in text or "Totals" in text  # S
    assert "Your turn" in text  # T
    assert "There is no choice 99" in text
    assert "Selected:" in text and "Final scores: you " in text
    assert "Traceback" not in text
    assert host.table(table)["status"] == "over"


def test_join_leave_before_the_start_opens_the_seat(server: ServerProcess) -> None:
    host = Host(server)
    table = host.new_table("three-two-five", ["open", "bot:random", "bot:random"], deals=1)
    proc = cardhall("join", f"{server.url}/tables/{table}", "--seat", "1")
    assert proc.stdin is not None
    out = Lines(proc)
    for line in out:
        if line.startswith("Waiting for the host"):
            proc.stdin.write("Q\n")
            proc.stdin.flush()
    assert proc.wait(30) == 0, out.text()
    assert "You leave the table; your seat is open again." in out.text()
    assert host.table(table)["seats"][0]["kind"] == "open"


def test_join_again_takes_the_seat_back(server: ServerProcess) -> None:
    """A person who leaves during the game (a bot plays for them) joins again and plays on."""
    host = Host(server)
    table = host.new_table("hearts", ["open", "bot:random", "bot:random", "bot:random"], target=1)
    proc = cardhall("join", f"{server.url}/tables/{table}", "--seat", "1", "--name", "Cy")
    assert proc.stdin is not None
    out = Lines(proc)
    for line in out:
        if line.startswith("Waiting for the host"):
            host.start_when_seated(table, 0, proc)
        elif line.startswith("Your choices ("):
            proc.stdin.write("Q\n")
            proc.stdin.flush()
    assert proc.wait(30) == 0, out.text()
    assert "a bot of the table plays your seat" in out.text()
    again = cardhall("join", f"{server.url}/tables/{table}", "--seat", "1", "--name", "Cy")
    assert again.stdin is not None
    out = Lines(again)
    for line in out:
        if line.startswith("Your choices ("):
            again.stdin.write("1\n\n")
            again.stdin.flush()
    assert again.wait(30) == 0, out.text()
    assert "Final scores: you " in out.text()
    assert host.table(table)["seats"][0]["name"] == "Cy"


def test_join_refuses_a_bad_url_with_a_sentence() -> None:
    proc = cardhall("join", "127.0.0.1:8000/tables/x", "--seat", "1")
    output, _ = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert "is not a table URL; write it as http://" in output and "Traceback" not in output


MY_BOT = '''
from cardhall.bots import Bot


class LowestBot(Bot):
    """Plays the first legal move; reads only obs.legal and obs.view."""

    def act(self, obs):
        assert "hand" in obs.view
        return obs.legal[0]
'''


def test_bot_file_class_plays_a_seat_to_the_end(server: ServerProcess, tmp_path: Path) -> None:
    (tmp_path / "my_bot.py").write_text(MY_BOT)
    host = Host(server)
    table = host.new_table("three-two-five", ["bot:random", "open", "bot:random"], deals=1)
    proc = cardhall("bot", f"{server.url}/tables/{table}", "--seat", "2", "--bot", f"{tmp_path / 'my_bot.py'}:LowestBot")
    out = Lines(proc)
    host.start_when_seated(table, 1, proc)
    lines = list(out)
    assert proc.wait(30) == 0, out.text()
    assert any("The game is over" in line for line in lines), out.text()
    summary = host.table(table)
    assert summary["status"] == "over"
    record = run(host.call("record", table))
    assert len(record["actions"]) > 0


def test_a_failing_bot_stops_with_a_sentence_and_leaves_its_seat(server: ServerProcess, tmp_path: Path) -> None:
    (tmp_path / "bad_bot.py").write_text(MY_BOT.replace('assert "hand" in obs.view', 'raise ValueError("no idea")'))
    host = Host(server)
    table = host.new_table("three-two-five", ["open", "bot:random", "bot:random"], deals=1)
    proc = cardhall("bot", f"{server.url}/tables/{table}", "--seat", "1", "--bot", f"{tmp_path / 'bad_bot.py'}:LowestBot")
    out = Lines(proc)
    host.start_when_seated(table, 0, proc)
    list(out)
    assert proc.wait(30) == 2, out.text()
    assert "failed at move" in out.text() and "ValueError: no idea" in out.text() and "Traceback" not in out.text()
    assert host.table(table)["seats"][0]["takeover"] is True  # the table's own bot plays on


def test_bot_that_samples_is_refused_with_a_sentence() -> None:
    proc = cardhall("bot", "http://127.0.0.1:9/tables/x", "--seat", "1", "--bot", "hard")
    output, _ = proc.communicate(timeout=60)
    assert proc.returncode == 2
    assert "deals the hidden cards again" in output and "Traceback" not in output


def docs_bot() -> str:
    text = (ROOT / "docs" / "room.md").read_text()
    section = text[text.index("## Bots over the wire"):]
    match = re.search(r"```python\n(.*?)```", section, re.S)
    assert match is not None
    return match.group(1)


def test_the_docs_bot_plays_a_seat(server: ServerProcess, tmp_path: Path) -> None:
    code = docs_bot()
    assert "cardhall" not in code.replace("a cardhall table", "")  # needs no cardhall import
    assert len(code.strip().splitlines()) <= 40
    (tmp_path / "bot.py").write_text(code)
    host = Host(server)
    table = host.new_table("hearts", ["bot:random", "bot:random", "open", "bot:random"], target=1)
    proc = subprocess.Popen([sys.executable, str(tmp_path / "bot.py"), f"{server.url}/tables/{table}", "3"],
                            text=True, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    host.start_when_seated(table, 2, proc)
    output, _ = proc.communicate(timeout=120)
    assert proc.returncode == 0, output
    assert "game over; scores" in output
    assert host.table(table)["status"] == "over"


def test_reconnect_with_sync_gets_exactly_what_was_missed(server: ServerProcess) -> None:
    """A dropped connection is reopened; the client's sync brings the changes it missed, once each."""

    table = Host(server).new_table("hearts", ["open", "open", "bot:random", "bot:random"], target=1)

    async def go() -> None:
        ann, bob = RoomClient(server.url), RoomClient(server.url)
        for who, seat in ((ann, 0), (bob, 1)):
            await who.create_guest(f"Guest {seat}")
            await who.sit(table, seat)
        async with ann.connect(table) as a, bob.connect(table) as b:
            first = await a.receive()
            assert first["type"] == "state"
            seen = first["version"]
            await b.receive()
            assert a.ws is not None
            await a.ws.close()  # the connection drops; Bob chats meanwhile
            for i in range(3):
                await b.chat(f"hello {i}")
            await asyncio.sleep(0.3)
            chats: list[str] = []
            stream = a.messages()
            while len(chats) < 3 or a.version <= seen:
                message = await asyncio.wait_for(anext(stream), 10)
                if message["type"] == "event" and message["event"]["type"] == "chat":
                    chats.append(message["event"]["text"])
            assert chats == ["hello 0", "hello 1", "hello 2"]
        for c in (ann, bob):
            await c.close()

    run(go())


def test_bench_room_smoke() -> None:
    proc = subprocess.run([sys.executable, "-m", "cardhall", "bench", "room", "--clients", "8", "--seconds", "3",
                           "--think", "0.3", "--timeout", "30", "--json"], env=ENV, capture_output=True, text=True, timeout=180)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    figures = json.loads(proc.stdout)
    for key in ("p50_ms", "p95_ms", "p99_ms", "sent", "acked", "lost", "rss_per_client_kb"):
        assert key in figures
    assert figures["sent"] > 0
    assert figures["lost"] == 0
    assert figures["acked"] == figures["sent"]


def test_a_private_table_is_reached_with_its_invite(server: ServerProcess) -> None:
    async def go() -> None:
        async with RoomClient(server.url) as host, RoomClient(server.url) as guest:
            await host.create_guest("Host")
            summary = await host.create_table("three-two-five", ["open", "bot:random", "bot:random"], private=True)
            url = parse_table_url(f"{server.url}/tables/{summary['id']}?invite={summary['invite']}")
            await guest.create_guest("Dee")
            with pytest.raises(RemoteError) as refused:
                await guest.sit(url.table, 0)
            assert refused.value.status == 404
            await guest.sit(url, 0)
            async with guest.connect(url) as conn:
                state = await conn.receive()
                assert state["type"] == "state" and state["seat"] == 0 and state["status"] == "waiting"

    run(go())


def test_join_says_a_change_s_events_together() -> None:
    """The terminal of `cardhall join` phrases a change's events together, as the browser does: a
    Clash combat in one line (the attack, what it destroyed), the room's events in the room's words."""
    import random

    import cardhall as package
    from cardhall.core.text import text_ui
    from cardhall.tui.remote import change_sentences

    game = package.load("clash-of-decks")
    state, rng = game.new_state(1), random.Random(1)
    for _ in range(4):
        state.apply(rng.choice(state.legal_actions()))
    events = [{"type": "sat", "seat": 1, "name": "Ann"}, *state.apply_with_events(rng.choice(state.legal_actions()))[0]]
    said = [line for line in change_sentences(text_ui(game), events, 0) if line]
    assert said[0].startswith("Ann"), said  # the room's event, in its words
    assert "Player B's SCRIBE attacks REVENANT in the top lane for 3: destroyed, back to your hand." in said
    assert not [line for line in said if line.startswith("Destroyed:")]
