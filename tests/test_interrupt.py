"""An interrupted test run leaves nothing behind (tests/reaper.py): after Ctrl-C, SIGTERM or
even SIGKILL to pytest, in one process or with xdist workers, no room server, Redis or
PostgreSQL of the run is still running."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from tests.reaper import VARIABLE, started_at

ROOT = Path(__file__).resolve().parents[1]


def postmaster(port: int) -> int:
    """The pid of the PostgreSQL server listening on `port` (started by testbed with `-p PORT`)."""
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                cmd = (entry / "cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if cmd and cmd[0].endswith(b"postgres") and b"-p" in cmd and cmd[cmd.index(b"-p") + 1] == str(port).encode():
                return int(entry.name)
    raise AssertionError(f"no PostgreSQL listens on port {port}")


def gone(pid: int, timeout: float) -> bool:
    end = time.monotonic() + timeout
    while started_at(pid) is not None:
        if time.monotonic() > end:
            return False
        time.sleep(0.2)
    return True


def interrupt(tmp_path: Path, how: signal.Signals, workers: int, postgres: bool = False) -> dict[str, int]:
    """Start the waiting run, interrupt it once its services run; the pids it had written down."""
    pids = tmp_path / "pids.json"
    env = {k: v for k, v in os.environ.items() if k not in (VARIABLE, "PYTEST_XDIST_WORKER")}
    env |= {"PYTHONPATH": str(ROOT), "INTERRUPTED_RUN_PIDS": str(pids)}
    if postgres:
        env["INTERRUPTED_RUN_POSTGRES"] = "1"
    run = subprocess.Popen(
        [sys.executable, "-m", "pytest", "tests/interrupted_run.py", "-q", "-p", "no:cacheprovider", "-n", str(workers),
         "-m", "", "--timeout", "0"],
        cwd=ROOT, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        end = time.monotonic() + 120
        while not pids.exists():
            assert run.poll() is None, run.stdout.read().decode() if run.stdout else ""
            assert time.monotonic() < end, "the run did not start its services within 120 s"
            time.sleep(0.2)
        started = json.loads(pids.read_text())
        if postgres:
            started["postgres"] = postmaster(started.pop("postgres_port"))
        if how == signal.SIGINT:
            os.killpg(run.pid, how)  # Ctrl-C reaches the terminal's whole foreground group
        else:
            os.kill(run.pid, how)  # only pytest (the controller)
        run.wait(90)
    finally:
        if run.poll() is None:
            os.killpg(run.pid, signal.SIGKILL)
            run.wait()
    left = {k: v for k, v in started.items() if not gone(v, 40)}
    assert not left, f"still running after {how.name}: {left}"
    return started


@pytest.mark.parametrize(("how", "workers"), [(signal.SIGINT, 0), (signal.SIGTERM, 0), (signal.SIGTERM, 1),
                                              (signal.SIGKILL, 0)],
                         ids=["ctrl-c", "sigterm", "sigterm-to-xdist", "sigkill"])
def test_an_interrupted_run_leaves_no_room_or_redis(tmp_path: Path, how: signal.Signals, workers: int) -> None:
    interrupt(tmp_path, how, workers)


@pytest.mark.postgres
@pytest.mark.parametrize("how", [signal.SIGTERM, signal.SIGKILL], ids=["sigterm", "sigkill"])
def test_an_interrupted_run_leaves_no_postgresql(tmp_path: Path, how: signal.Signals) -> None:
    interrupt(tmp_path, how, 0, postgres=True)
