"""Static checks are part of the test command: ruff on everything, mypy (strict for cardhall.core)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True)


def test_ruff():
    r = run("ruff", "check", ".")
    assert r.returncode == 0, r.stdout + r.stderr


def test_mypy():
    r = run("mypy")
    assert r.returncode == 0, r.stdout + r.stderr
