"""Nothing outlives the test run: an interrupted run (Ctrl-C, SIGTERM to pytest, even SIGKILL)
leaves no room server, PostgreSQL or Redis behind.

Two parts:
- In pytest (the controller and each xdist worker) SIGTERM becomes KeyboardInterrupt, so pytest
  stops as it does on Ctrl-C and tears down every fixture that was set up (servers are stopped,
  clusters removed).
- A watchdog (this file run as a program, in a session of its own so Ctrl-C does not reach it)
  waits for the controller to end, however it ends. Every process a test starts is written down
  (`subprocess.Popen` is wrapped in each pytest process), and so is each PostgreSQL cluster
  (`track_postgres`, its postmaster is a grandchild). When the controller is gone, the
  watchdog gives the workers a few seconds to finish their own teardown, then kills whatever
  written-down process still lives (its whole process group when it leads one) and stops
  the clusters, so that a teardown which never ran still leaves nothing running.

A process is identified by its pid *and* its start time (/proc/PID/stat), so a pid the system
gave to someone else meanwhile is never touched.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

VARIABLE = "CARDHALL_TEST_REAPER"
"""The folder where the run's processes write down what they started (set by the controller,
inherited by the xdist workers)."""

GRACE = 15.0
"""Seconds the workers get, after the controller has ended, to tear down their own fixtures."""


def started_at(pid: int) -> str | None:
    """The process's start time in clock ticks since boot (field 22 of /proc/PID/stat), or None if it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()
    if fields[0] == "Z":
        return None
    return fields[19]


def note(line: str) -> None:
    """Append a line to this process's list in the run's folder (nothing outside a run)."""
    folder = os.environ.get(VARIABLE)
    if not folder or not os.path.isdir(folder):
        return
    with open(os.path.join(folder, f"{os.getpid()}.list"), "a") as out:
        out.write(line + "\n")


def track(pid: int) -> None:
    """Write down a process this test process started."""
    when = started_at(pid)
    if when is not None:
        note(f"process {pid} {when}")


def track_postgres(data: Path) -> None:
    """Write down a PostgreSQL cluster's data folder (its postmaster is found from postmaster.pid)."""
    note(f"postgres {data}")


def _wrap_popen() -> None:
    """Every `subprocess.Popen` of this process is written down when it starts."""
    original = subprocess.Popen._execute_child  # type: ignore[attr-defined]
    if getattr(original, "_reaper", False):
        return

    def execute_child(self: subprocess.Popen[bytes], *args: object, **kwargs: object) -> None:
        original(self, *args, **kwargs)
        track(self.pid)

    execute_child._reaper = True  # type: ignore[attr-defined]
    subprocess.Popen._execute_child = execute_child  # type: ignore[attr-defined]


def _term_as_interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt(f"signal {signum}")


def install() -> None:
    """In a pytest process: SIGTERM stops the run as Ctrl-C does, what it starts is written down,
    and (in the controller) the watchdog is started."""
    if signal.getsignal(signal.SIGTERM) == signal.SIG_DFL:
        signal.signal(signal.SIGTERM, _term_as_interrupt)
    if not os.environ.get("PYTEST_XDIST_WORKER"):
        folder = tempfile.mkdtemp(prefix="cardhall-reaper-")
        os.environ[VARIABLE] = folder
        subprocess.Popen([sys.executable, os.path.abspath(__file__), str(os.getpid()), folder],
                         stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True, close_fds=True)
    note(f"pytest {os.getpid()} {started_at(os.getpid())}")
    _wrap_popen()


def alive(pid: int, when: str) -> bool:
    return started_at(pid) == when


def postmaster(data: Path) -> tuple[int, str] | None:
    """The running postmaster of a cluster (pid, start time), if any."""
    try:
        pid = int((data / "postmaster.pid").read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    when = started_at(pid)
    return (pid, when) if when is not None else None


def read(folder: Path) -> list[list[str]]:
    lines: list[list[str]] = []
    for listing in folder.glob("*.list"):
        with contextlib.suppress(OSError):
            lines += [line.split(" ", 2) for line in listing.read_text().splitlines() if line]
    return lines


def kill(pid: int, when: str, how: signal.Signals = signal.SIGKILL) -> None:
    """Kill a written-down process, and its process group when it leads one."""
    if not alive(pid, when):
        return
    with contextlib.suppress(OSError):
        if os.getpgid(pid) == pid:
            os.killpg(pid, how)
        else:
            os.kill(pid, how)


def reap(folder: Path, controller: int) -> None:
    """After the controller has ended: wait for the workers, then kill what is left."""
    entries = read(folder)
    workers = [(int(e[1]), e[2]) for e in entries if e[0] == "pytest" and int(e[1]) != controller]
    end = time.monotonic() + GRACE
    while any(alive(*w) for w in workers) and time.monotonic() < end:
        time.sleep(0.2)
    for pid, when in workers:
        kill(pid, when)
    entries = read(folder)
    for entry in entries:
        if entry[0] == "process":
            kill(int(entry[1]), entry[2])
    for entry in entries:
        if entry[0] == "postgres":
            found = postmaster(Path(entry[1]))
            if found is not None:
                kill(found[0], found[1], signal.SIGQUIT)  # PostgreSQL's immediate shutdown
                time.sleep(1)
                kill(*found)
            shutil.rmtree(Path(entry[1]).parent, ignore_errors=True)
    shutil.rmtree(folder, ignore_errors=True)


def watch(controller: int, folder: Path) -> None:
    """Wait until the controller has ended, then reap."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    when = started_at(controller)
    while when is not None and alive(controller, when):
        time.sleep(0.2)
    reap(folder, controller)


if __name__ == "__main__":
    watch(int(sys.argv[1]), Path(sys.argv[2]))
