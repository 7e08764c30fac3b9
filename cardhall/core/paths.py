"""Where cardhall keeps a person's files: the room's database, saved games, guest identities.

The user's data directory (platformdirs: ``~/.local/share/cardhall`` on Linux), unless the
environment variable ``CARDHALL_DATA_DIR`` names another folder — a throwaway room, a second
profile, and the tests, which must never touch the person's own files.
"""

from __future__ import annotations

import os
from pathlib import Path

import platformdirs

DATA_DIR_VARIABLE = "CARDHALL_DATA_DIR"


def data_dir() -> Path:
    """The folder for cardhall's files: ``$CARDHALL_DATA_DIR`` if set and not empty, else the
    user's data directory. It is not created here; whoever writes into it does."""
    chosen = os.environ.get(DATA_DIR_VARIABLE, "").strip()
    return Path(chosen).expanduser() if chosen else Path(platformdirs.user_data_dir("cardhall"))
