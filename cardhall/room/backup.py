"""`cardhall admin backup FILE --db URL` and `cardhall admin restore FILE --db URL`.

The rules: a backup is a consistent copy of a running room's database (SQLite's online
backup API, page by page under the database's own locks; `pg_dump`'s snapshot for
PostgreSQL, in its custom format), written first to a temporary file made owner-only (0600)
and then renamed into place, because it holds secrets (password hashes, sessions, the room's
signing secret, tables' seeds). A restore makes a new database from a backup: it refuses a
target that already holds tables unless `force` is given, and refuses a file that is not a
backup of the target's kind. A PostgreSQL password given in the URL is passed to the tools
through `PGPASSWORD`, never on their command line (which `ps` shows).
"""

from __future__ import annotations

import os
import shutil
import sqlite3
import subprocess
import tempfile
from pathlib import Path

from sqlalchemy.engine import URL, make_url

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.room.store import default_url

SQLITE_MAGIC = b"SQLite format 3\x00"
PG_MAGIC = b"PGDMP"


class BackupError(CardhallError):
    """A backup or restore that could not be made; the message says why and what to do."""


def _url(db: str | None) -> URL:
    try:
        return make_url(db or default_url())
    except Exception:
        raise BackupError(Msg(N_("{url} is not a database URL; give e.g. sqlite:///room.sqlite3 or "
                                 "postgresql://user@host/cardhall"), url=db)) from None


def _sqlite_path(url: URL) -> Path:
    if not url.database or url.database == ":memory:":
        raise BackupError(Msg(N_("an in-memory database has nothing to back up or restore; give a file")))
    return Path(url.database).expanduser()


def _libpq(url: URL) -> tuple[str, dict[str, str]]:
    """The URL as libpq reads it (no driver, no password) and the environment with the password."""
    env = dict(os.environ)
    if url.password is not None:
        env["PGPASSWORD"] = str(url.password)
    plain = url.set(drivername="postgresql", password=None)
    return plain.render_as_string(hide_password=False), env


def _tool(name: str) -> str:
    found = shutil.which(name)
    if found is None:
        raise BackupError(Msg(N_("{tool} was not found; install PostgreSQL's client tools (Debian: postgresql-client)"),
                              tool=name))
    return found


def _run(command: list[str], env: dict[str, str]) -> None:
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    if done.returncode != 0:
        lines = (done.stderr or done.stdout).strip().splitlines()
        raise BackupError(Msg(N_("{tool} failed: {reason}"), tool=Path(command[0]).name, reason=lines[-1] if lines else "?"))


def _private_temp(target: Path) -> Path:
    """An empty owner-only file beside `target` (so the final rename stays on one file system)."""
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, name = tempfile.mkstemp(prefix=f".{target.name}.", dir=target.parent)
    os.close(fd)
    os.chmod(name, 0o600)
    return Path(name)


def backup(db: str | None, file: Path) -> str:
    """Copy the database `db` into `file` (0600); the kind of backup made ("sqlite" or "postgresql")."""
    url = _url(db)
    temp = _private_temp(file)
    try:
        if url.get_backend_name() == "sqlite":
            source_path = _sqlite_path(url)
            if not source_path.exists():
                raise BackupError(Msg(N_("there is no database at {path}"), path=str(source_path)))
            source = sqlite3.connect(f"file:{source_path}?mode=ro", uri=True)
            target = sqlite3.connect(temp)
            try:
                source.backup(target)
            finally:
                target.close()
                source.close()
        elif url.get_backend_name() == "postgresql":
            dsn, env = _libpq(url)
            _run([_tool("pg_dump"), "--format=custom", "--no-owner", "--no-privileges", "--file", str(temp), dsn], env)
        else:
            raise BackupError(Msg(N_("cardhall backs up SQLite and PostgreSQL, not {kind}"), kind=url.get_backend_name()))
        os.chmod(temp, 0o600)
        os.replace(temp, file)
    finally:
        temp.unlink(missing_ok=True)
    return url.get_backend_name()


def _sqlite_tables(path: Path) -> int:
    if not path.exists() or path.stat().st_size == 0:
        return 0
    with sqlite3.connect(path) as conn:
        return int(conn.execute("SELECT count(*) FROM sqlite_master WHERE type = 'table'").fetchone()[0])


def _pg_tables(dsn: str, env: dict[str, str]) -> int:
    done = subprocess.run([_tool("psql"), "-XtAq", "-d", dsn, "-c",
                           "SELECT count(*) FROM pg_tables WHERE schemaname = 'public'"],
                          env=env, capture_output=True, text=True)
    if done.returncode != 0:
        raise BackupError(Msg(N_("psql failed: {reason}"), reason=done.stderr.strip()))
    return int(done.stdout.strip() or 0)


def _check_kind(file: Path, magic: bytes, kind: str) -> None:
    if not file.is_file():
        raise BackupError(Msg(N_("there is no backup at {path}"), path=str(file)))
    with open(file, "rb") as f:
        if f.read(len(magic)) != magic:
            raise BackupError(Msg(N_("{path} is not a {kind} backup made by cardhall admin backup"),
                                  path=str(file), kind=kind))


def restore(file: Path, db: str | None, force: bool = False) -> str:
    """Make the database `db` from the backup `file`; refuse a non-empty target unless `force`."""
    url = _url(db)
    if url.get_backend_name() == "sqlite":
        _check_kind(file, SQLITE_MAGIC, "SQLite")
        path = _sqlite_path(url)
        if _sqlite_tables(path) and not force:
            raise BackupError(Msg(N_("the database {target} is not empty; give --force to replace it"), target=str(path)))
        temp = _private_temp(path)
        try:
            source, target = sqlite3.connect(f"file:{file}?mode=ro", uri=True), sqlite3.connect(temp)
            try:
                source.backup(target)
            finally:
                target.close()
                source.close()
            for extra in ("-wal", "-shm"):
                Path(str(path) + extra).unlink(missing_ok=True)
            os.replace(temp, path)
        finally:
            temp.unlink(missing_ok=True)
    elif url.get_backend_name() == "postgresql":
        _check_kind(file, PG_MAGIC, "PostgreSQL")
        dsn, env = _libpq(url)
        if _pg_tables(dsn, env) and not force:
            raise BackupError(Msg(N_("the database {target} is not empty; give --force to replace it"),
                                  target=url.render_as_string(hide_password=True)))
        _run([_tool("pg_restore"), "--no-owner", "--no-privileges", "--clean", "--if-exists", "--single-transaction",
              "--exit-on-error", "-d", dsn, str(file)], env)
    else:
        raise BackupError(Msg(N_("cardhall backs up SQLite and PostgreSQL, not {kind}"), kind=url.get_backend_name()))
    return url.get_backend_name()
