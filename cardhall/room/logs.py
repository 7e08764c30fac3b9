"""The room's log: text (the default) or JSON, one object a line, and what an operator is shown.

The rules:

- `cardhall serve --log-format json` writes one JSON object per line with `time` (UTC, ISO
  8601), `level`, `node` (empty for a single process), `table`, `player` (a player id), `request`
  (the request id of the HTTP request or WebSocket that caused the line), `event` (what
  happened, in words), `logger`, and `exception` (the traceback) where there is one.
  `--log-format text` (the default) writes the same fields as one line of text.
- **No secret reaches the log**: nothing here is given a token, a password, an e-mail address, a
  cookie, a URL's query or a card: what the room logs is ids (players, tables, requests), kinds
  of things, numbers and paths without their query. Table changes are logged by their kind and
  version (`table_changed`), never by what they hold (a card played, a hand dealt).
- A line's `table`, `player` and `request` come from the context (`bind`, `note`): set by the
  web layer for each request and socket (`cardhall.web.requests`); where a table's actor runs
  (its task is named "table ID") the line names that table and no request.
- The last `RECENT` warnings and errors are kept in memory (`RECENT_PROBLEMS`) for the
  operator's view (`cardhall.room.status`), and so are the limits that refused someone.
"""

from __future__ import annotations

import asyncio
import contextlib
import datetime
import json
import logging
import sys
import time
from collections import Counter, deque
from collections.abc import Iterator
from contextvars import ContextVar
from typing import Any

FORMATS = ("text", "json")
LEVELS = ("debug", "info", "warning", "error")
RECENT = 50
"""Warnings and errors kept for the operator's view."""

CONTEXT: ContextVar[dict[str, str] | None] = ContextVar("cardhall_log_context", default=None)
"""The fields of what is being done now (request, player, table): one dict per request, so that
what a handler learns (the player) reaches the request's last line too."""
NODE = {"name": ""}
FIELDS = ("table", "player", "request")

log = logging.getLogger("cardhall.room")


@contextlib.contextmanager
def bind(**fields: str) -> Iterator[dict[str, str]]:
    """Run the block with these context fields (a new dict: the caller's stays as it was)."""
    fresh = {**(CONTEXT.get() or {}), **{k: v for k, v in fields.items() if v}}
    token = CONTEXT.set(fresh)
    try:
        yield fresh
    finally:
        CONTEXT.reset(token)


def note(**fields: str | None) -> None:
    """Add fields to the current context (e.g. the player a request turned out to speak for)."""
    current = CONTEXT.get()
    if current is not None:
        current.update({k: v for k, v in fields.items() if v})


def _task_table() -> str | None:
    try:
        task = asyncio.current_task()
    except RuntimeError:  # no event loop in this thread
        return None
    name = task.get_name() if task is not None else ""
    return name[6:] if name.startswith("table ") else None


def fields_of(record: logging.LogRecord) -> dict[str, Any]:
    """The line's fields, in order: time, level, node, table, player, request, event, logger."""
    table = _task_table()
    # a table's actor task was made inside the request that opened the table: its context is
    # that request's, which is not what the actor does later; the actor's lines name the table
    context = {"table": table} if table else CONTEXT.get() or {}
    extra = getattr(record, "fields", None) or {}
    stamp = datetime.datetime.fromtimestamp(record.created, datetime.UTC).isoformat(timespec="milliseconds")
    out: dict[str, Any] = {"time": stamp.replace("+00:00", "Z"), "level": record.levelname.lower(),
                           "node": NODE["name"]}
    for name in FIELDS:
        value = extra.get(name) or context.get(name)
        if value:
            out[name] = value
    out["event"] = record.getMessage()
    out["logger"] = record.name
    out.update({k: v for k, v in extra.items() if k not in FIELDS})
    return out


class JsonFormatter(logging.Formatter):
    """One JSON object per line (`fields_of`, with `exception` where there is a traceback)."""

    def format(self, record: logging.LogRecord) -> str:
        out = fields_of(record)
        if record.exc_info:
            out["exception"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """`TIME LEVEL [node=… table=… player=… request=…] EVENT`, then the traceback if any."""

    def format(self, record: logging.LogRecord) -> str:
        out = fields_of(record)
        tags = " ".join(f"{k}={out[k]}" for k in ("node", *FIELDS) if out.get(k))
        line = f"{out['time']} {out['level'].upper()} {out['logger']}{' [' + tags + ']' if tags else ''}: {out['event']}"
        if record.exc_info:
            line += "\n" + self.formatException(record.exc_info)
        return line


class Recent(logging.Handler):
    """Keeps the last `RECENT` warnings and errors (their fields, no traceback) for the operator."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.lines: deque[dict[str, Any]] = deque(maxlen=RECENT)
        self.counts: Counter[str] = Counter()

    def emit(self, record: logging.LogRecord) -> None:
        out = fields_of(record)
        if record.exc_info and record.exc_info[0] is not None:
            out["error"] = record.exc_info[0].__name__
        out["at"] = record.created
        self.lines.append(out)
        self.counts[out["level"]] += 1


class LimitsHit:
    """How often each limit refused someone since the process started, and when last."""

    def __init__(self) -> None:
        self.counts: Counter[str] = Counter()
        self.last: dict[str, float] = {}

    def hit(self, limit: str) -> None:
        self.counts[limit] += 1
        self.last[limit] = time.time()


RECENT_PROBLEMS = Recent()
LIMITS_HIT = LimitsHit()


def configure(form: str = "text", level: str = "info", node: str = "") -> None:
    """Send the room's log to standard error in `form` ("text" or "json"), cardhall's own lines
    from `level` on and other libraries' from warnings on (a library's debug lines may hold what
    it was given: aiosqlite's show SQL with its values), and keep the recent problems; Uvicorn's
    own loggers write through the same handler."""
    NODE["name"] = node
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter() if form == "json" else TextFormatter())
    root = logging.getLogger()
    for old in list(root.handlers):
        if isinstance(old, logging.StreamHandler | Recent):
            root.removeHandler(old)
    root.addHandler(handler)
    root.addHandler(RECENT_PROBLEMS)
    root.setLevel(max(logging.WARNING, getattr(logging, level.upper())))  # other libraries: warnings only
    logging.getLogger("cardhall").setLevel(getattr(logging, level.upper()))  # (aiosqlite's debug shows SQL values)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        uvicorn_log = logging.getLogger(name)
        uvicorn_log.handlers.clear()
        uvicorn_log.propagate = True
    logging.getLogger("uvicorn.access").setLevel(logging.WARNING)  # the room writes its own request lines


def table_changed(table: Any, changes: list[Any]) -> None:
    """A `Room.listeners` hook: each stored change by its kind, version and who made it; a start
    and an end at info, the rest (moves, seats, chat) at debug. Never what a change holds."""
    for change in changes:
        entry = change.entry
        kind = str(entry.get("kind", "?"))
        player = entry.get("player") if isinstance(entry.get("player"), str) else None
        fields = {"table": table.id, "version": change.version, "kind": kind}
        if player:
            fields["player"] = player
        if "seat" in entry and isinstance(entry["seat"], int):
            fields["seat"] = entry["seat"]
        level = logging.INFO if kind in ("start", "over") else logging.DEBUG
        if log.isEnabledFor(level):
            log.log(level, "table %s: %s at version %d", table.id, kind, change.version, extra={"fields": fields})
