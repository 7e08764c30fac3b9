"""`cardhall` with no command starts the room (as `cardhall serve`, with its options) on
http://127.0.0.1:8000/, or the next free port, and opens the lobby where a desktop can show it."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest
from typer.testing import CliRunner

from cardhall import cli
from cardhall.cli import serve as serving
from cardhall.core.i18n import lang
from cardhall.room.pacing import BOT_PACE
from cardhall.tui import listen
from cardhall.tui.listen import PortTaken, listening_socket
from tests.web.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def rooms(monkeypatch):
    """The rooms the command line would run, recorded instead of run."""
    calls: list[tuple] = []
    # (the desktop logs warnings only: log=)
    monkeypatch.setattr(serving, "run_room", lambda *args, **options: calls.append(args))
    return calls


def test_no_command_starts_the_room(rooms):
    result = CliRunner().invoke(cli.app, [])
    assert result.exit_code == 0, result.output
    # every option given: a typer option left out would arrive as its OptionInfo, not its default
    assert rooms == [("127.0.0.1", None, None, None, None, 10.0, BOT_PACE, True, None)]


def test_the_bare_command_takes_the_rooms_options(rooms):
    result = CliRunner().invoke(cli.app, ["--port", "8111", "--no-browser", "--db", "sqlite:///x.sqlite3",
                                          "--bot-pace", "0", "--host", "127.0.0.2", "--lang", "cs"])
    assert result.exit_code == 0, result.output
    assert rooms == [("127.0.0.2", 8111, "sqlite:///x.sqlite3", None, None, 10.0, 0.0, False, "cs")]
    refused = CliRunner().invoke(cli.app, ["--port", "70000"])
    assert refused.exit_code != 0 and "--port" in refused.output


def test_serve_paces_bots_by_default_and_takes_bot_pace(monkeypatch):
    from cardhall.web import server

    seen = []

    async def run(host, port, db, ready, **options):
        seen.append((port, options))

    monkeypatch.setattr(server, "serve", run)
    port = free_port()
    assert CliRunner().invoke(cli.app, ["serve", "--port", str(port)]).exit_code == 0
    assert CliRunner().invoke(cli.app, ["serve", "--port", str(port), "--bot-pace", "0"]).exit_code == 0
    assert [options["bot_pace"] for _, options in seen] == [BOT_PACE, 0.0]
    assert [p for p, _ in seen] == [port, port]  # the socket bound by the command line is the one served
    refused = CliRunner().invoke(cli.app, ["serve", "--bot-pace", "11"])
    assert refused.exit_code != 0 and "bot-pace" in refused.output
    assert CliRunner().invoke(cli.app, ["serve", "--port", str(port), "--no-limits"]).exit_code == 0
    assert [options["limits"] for _, options in seen] == [True, True, False]  # limits on unless --no-limits


def test_a_taken_port_asked_for_is_a_sentence_naming_the_next_free_one():
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        with pytest.raises(PortTaken) as refused:
            listening_socket("127.0.0.1", taken, 8000)
        said = str(refused.value)
        assert f"port {taken} is taken by another program" in said
        free = int(said.rsplit("--port ", 1)[1])
        assert free > taken
        listening_socket("127.0.0.1", free, 8000)[0].close()  # the port named is free indeed
        ru = lang("ru", "terminal").say(refused.value)
        assert str(taken) in ru and "--port" in ru and "taken" not in ru


def test_without_a_port_a_taken_default_gives_the_next_free_one_and_says_so():
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        taken = holder.getsockname()[1]
        sock, note = listening_socket("127.0.0.1", None, taken)
        with sock:
            assert sock.getsockname()[1] > taken
            assert note is not None and f"Port {taken} is taken" in note and str(sock.getsockname()[1]) in note
    sock, note = listening_socket("127.0.0.1", None, free_port())
    sock.close()
    assert note is None


def test_an_address_of_another_machine_is_a_sentence():
    with pytest.raises(PortTaken, match="not an address of this machine"):
        listening_socket("192.0.2.1", None, free_port())  # TEST-NET-1: never this machine's; nothing is sent


def test_the_browser_opens_only_on_a_desktop_terminal_outside_ci(monkeypatch):
    opened = []
    monkeypatch.setattr(listen.webbrowser, "open", lambda url, new=0: opened.append(url) or True)
    monkeypatch.setattr(listen.sys.stdout, "isatty", lambda: True, raising=False)
    monkeypatch.setenv("DISPLAY", ":0")
    monkeypatch.setattr(listen.sys, "platform", "linux")
    monkeypatch.setenv("CI", "true")
    assert not listen.desktop_browser("http://127.0.0.1:8000/")
    monkeypatch.delenv("CI")
    assert listen.desktop_browser("http://127.0.0.1:8000/")
    monkeypatch.delenv("DISPLAY")
    monkeypatch.delenv("WAYLAND_DISPLAY", raising=False)
    assert not listen.desktop_browser("http://127.0.0.1:8000/")
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    monkeypatch.setattr(listen.sys.stdout, "isatty", lambda: False, raising=False)
    assert not listen.desktop_browser("http://127.0.0.1:8000/")
    assert opened == ["http://127.0.0.1:8000/"]


def test_the_bare_command_serves_the_lobby_and_stops_on_ctrl_c(tmp_path):
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDHALL_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.Popen([sys.executable, "-m", "cardhall", "--port", str(port), "--no-browser"], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
            try:
                answer = httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=2)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the room did not answer within 60 s"
                time.sleep(0.2)
        assert answer.status_code == 200 and any(g["name"] == "hearts" for g in answer.json())
        assert httpx.get(f"http://127.0.0.1:{port}/", timeout=5).status_code == 200
    finally:
        proc.send_signal(signal.SIGINT)
        out, _ = proc.communicate(timeout=30)
    assert f"cardhall room at http://127.0.0.1:{port}/" in out and "cardhall room stopped." in out
    assert "Traceback" not in out
    assert (tmp_path / "data" / "room.sqlite3").exists()  # the embedded default lives in the data directory


def test_help_still_lists_the_commands():
    result = CliRunner().invoke(cli.app, ["--help"])
    assert result.exit_code == 0
    assert "serve" in result.output and "play" in result.output and "--port" in result.output


def test_ctrl_c_ends_the_process_at_once_after_pages_and_bots(tmp_path):
    """Ctrl-C from a terminal reaches the whole process group (the room and its bots' workers):
    the process ends within seconds, with no traceback, after serving pages (Starlette's thread
    pool) and running a table of bots (the process pool)."""
    port = free_port()
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDHALL_DATA_DIR": str(tmp_path / "data")}
    proc = subprocess.Popen([sys.executable, "-m", "cardhall", "--port", str(port), "--no-browser"], cwd=tmp_path,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                            start_new_session=True)
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 60
        while True:
            assert proc.poll() is None, proc.stdout.read() if proc.stdout else ""
            try:
                httpx.get(f"{base}/api/games", timeout=2)
                break
            except httpx.HTTPError:
                assert time.monotonic() < deadline, "the room did not answer within 60 s"
                time.sleep(0.2)
        with httpx.Client(base_url=base, timeout=10) as client:
            for page in ("/", "/static/style.css", "/static/lobby.js", "/rules/hearts"):
                assert client.get(page).status_code == 200, page
            token = client.post("/api/players", json={"name": "Ann"}).json()["token"]
            auth = {"Authorization": f"Bearer {token}"}
            table = client.post("/api/tables", headers=auth,
                                json={"game": "hearts", "options": {}, "seats": ["bot:medium"] * 4}).json()
            assert client.post(f"/api/tables/{table['id']}/start", headers=auth, json={}).status_code == 200
        time.sleep(2)  # the bots play
    finally:
        stopped_at = time.monotonic()
        os.killpg(proc.pid, signal.SIGINT)
        try:
            out, _ = proc.communicate(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            out, _ = proc.communicate()
    took = time.monotonic() - stopped_at
    assert took < 10, f"the process lived {took:.1f} s after Ctrl-C:\n{out}"
    assert "cardhall room stopped." in out and "Traceback" not in out and "KeyboardInterrupt" not in out, out
