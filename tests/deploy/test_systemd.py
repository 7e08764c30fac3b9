"""deploy/*.service and *.timer: `systemd-analyze verify` finds nothing wrong in them (with the
program path pointed at this machine's `cardhall`), and the node unit's ExecStart line, its
variables filled from an environment file as systemd fills them, starts a room that answers
/readyz on its port and Prometheus text on its metrics port (systemd itself does not run as PID 1
in this container, so the units are not started by it)."""

from __future__ import annotations

import os
import re
import shlex
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.room.helpers import ROOT
from tests.room.test_mail import free_port

UNITS = ["cardhall@.service", "cardhall-backup.service", "cardhall-backup.timer"]


def units_in(folder: Path, program: str) -> None:
    for name in UNITS:
        text = (ROOT / "deploy" / name).read_text().replace("/opt/cardhall/bin/cardhall", program)
        (folder / name.replace("@.", "@1.")).write_text(text)


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="systemd-analyze is not installed")
def test_systemd_analyze_verify_finds_nothing(tmp_path: Path) -> None:
    program = shutil.which("cardhall") or pytest.skip("the cardhall command is not installed")
    units_in(tmp_path, program)
    done = subprocess.run(["systemd-analyze", "verify", "--man=no", *(str(p) for p in sorted(tmp_path.iterdir()))],
                          capture_output=True, text=True, timeout=60, env={**os.environ, "SYSTEMD_LOG_LEVEL": "warning"})
    problems = [line for line in (done.stdout + done.stderr).splitlines()
                if "/etc/cardhall" not in line]  # (the environment files live on the server, not here)
    assert done.returncode == 0 or not problems, done.stdout + done.stderr
    assert not problems, problems


def test_the_node_units_command_line_starts_a_room(tmp_path: Path) -> None:
    unit = (ROOT / "deploy" / "cardhall@.service").read_text()
    line = re.search(r"^ExecStart=(.*)$", unit, re.M)
    assert line is not None
    port, metrics = free_port(), free_port()
    values = {"CARDHALL_PORT": str(port), "CARDHALL_METRICS_PORT": str(metrics), "%H": "host", "%i": "1"}
    command = line.group(1)
    for key, value in values.items():
        command = command.replace("${" + key + "}", value).replace(key, value)
    argv = shlex.split(command)
    assert argv[0] == "/opt/cardhall/bin/cardhall"
    argv = [sys.executable, "-m", "cardhall", *argv[1:]]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDHALL_DB": f"sqlite:///{tmp_path / 'room.sqlite3'}"}
    with open(tmp_path / "node.log", "wb") as out:
        proc = subprocess.Popen(argv, env=env, stdout=out, stderr=subprocess.STDOUT, start_new_session=True)
    try:
        end = time.monotonic() + 60
        ready = None
        while time.monotonic() < end and ready is None:
            try:
                ready = httpx.get(f"http://127.0.0.1:{port}/readyz", timeout=2)
            except httpx.HTTPError:
                time.sleep(0.2)
        assert ready is not None and ready.json()["status"] == "ready"  # (a node name counts with CARDHALL_REDIS)
        assert "cardhall_tables" in httpx.get(f"http://127.0.0.1:{metrics}/metrics").text
    finally:
        proc.send_signal(signal.SIGINT)  # the unit's KillSignal
        assert proc.wait(30) == 0, (tmp_path / "node.log").read_text()
    assert all(line.startswith("{") or line.startswith("cardhall room") for line in
               (tmp_path / "node.log").read_text().splitlines() if line.strip())
