"""The room's persistence: players, tables and each table's append-only log, with SQLAlchemy 2.

An SQLite file in the user's data directory by default (aiosqlite); PostgreSQL by URL
(asyncpg). The schema is created and upgraded by the Alembic migrations shipped in
`cardhall/room/migrations/`, run when the store opens; a database whose schema is newer than
this code's is refused with a sentence, never touched.

A table is stored as its header (what it was created with) plus one log row per change, in
version order; `Table.restore(header, entries)` rebuilds it exactly. Log rows are only ever
inserted, and (table_id, version) is unique, so a change can never be stored twice.
"""

from __future__ import annotations

import asyncio
import secrets
import sqlite3
import threading
from collections.abc import Iterable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import msgspec
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.ext.asyncio import AsyncConnection, AsyncEngine, create_async_engine

from cardhall.core.errors import CardhallError
from cardhall.core.paths import data_dir
from cardhall.room.group_commit import GroupCommit

MIGRATIONS = Path(__file__).with_name("migrations")

metadata = sa.MetaData()

players = sa.Table(
    "players", metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("lang", sa.String(8), nullable=False, server_default="en"),  # the language they read
    # an account (None for a guest): its name's keys (`room.names.keys`), password hash, when made
    sa.Column("name_fold", sa.String(200), nullable=True),
    sa.Column("name_skeleton", sa.String(200), nullable=True),
    sa.Column("password", sa.String(200), nullable=True),
    sa.Column("registered", sa.Float, nullable=True),
    # whether the room's first kind of token (a signed player id, no session) still counts
    sa.Column("legacy_tokens", sa.Boolean, nullable=False, server_default=sa.true()),
    # when such a token was last used (migration 0007): it ends when unused for `accounts.IDLE`, as a session
    sa.Column("legacy_seen", sa.Float, nullable=True),
    # the room's safety and privacy (migration 0004): a role ("moderator" or None), and who may
    # invite me, message me and join my tables ("everyone", "friends" or "nobody"; None: the default)
    sa.Column("role", sa.String(20), nullable=True),
    sa.Column("invite_from", sa.String(10), nullable=True),
    sa.Column("message_from", sa.String(10), nullable=True),
    sa.Column("join_from", sa.String(10), nullable=True),
    sa.Index("players_name_fold", "name_fold", unique=True),
    sa.Index("players_name_skeleton", "name_skeleton", unique=True),
)

sessions = sa.Table(  # a login: the SHA-256 of its token, whose player, made and last seen (sliding expiry)
    "sessions", metadata,
    sa.Column("id", sa.String(64), primary_key=True),
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("seen", sa.Float, nullable=False),
    sa.Index("sessions_player", "player"),
)

results = sa.Table(  # one row per seat of every finished game: the history
    "results", metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("seat", sa.Integer, primary_key=True),
    sa.Column("player", sa.String(40), nullable=True),  # a person's id; None for a bot
    sa.Column("bot", sa.String(40), nullable=True),  # a bot seat's level
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("pool", sa.String(60), nullable=False),  # the rating pool (`room.ratings.pool_of`)
    sa.Column("score", sa.Float, nullable=False),
    sa.Column("place", sa.Integer, nullable=False),  # 1 = won (ties share a place)
    sa.Column("rated", sa.Boolean, nullable=False),
    sa.Column("private", sa.Boolean, nullable=False),
    sa.Column("finished", sa.Float, nullable=False),
    sa.Index("results_player", "player", "finished"),
)

settled = sa.Table(  # the finished tables already entered in the history (and ratings)
    "settled", metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("at", sa.Float, nullable=False),
)

ratings = sa.Table(  # a person's OpenSkill rating in one pool (a game and player count)
    "ratings", metadata,
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("pool", sa.String(60), primary_key=True),
    sa.Column("mu", sa.Float, nullable=False),
    sa.Column("sigma", sa.Float, nullable=False),
    sa.Column("games", sa.Integer, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Index("ratings_pool", "pool", "mu"),
)

friends = sa.Table(  # a friend request (accepted: a friendship, whoever asked)
    "friends", metadata,
    sa.Column("requester", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("addressee", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("accepted", sa.Boolean, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Index("friends_addressee", "addressee"),
)

shuns = sa.Table(  # a person's blocks ("block") and chat mutes ("mute") of another person
    "shuns", metadata,
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("other", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("kind", sa.String(10), primary_key=True),
    sa.Column("created", sa.Float, nullable=False),
    sa.Index("shuns_other", "other"),
)

messages = sa.Table(  # private messages (recipient set) and the room's lobby chat (recipient None)
    "messages", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("sender", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("name", sa.String(100), nullable=False),  # the sender's name when sent
    sa.Column("recipient", sa.String(40), sa.ForeignKey("players.id"), nullable=True),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("sent", sa.Float, nullable=False),
    sa.Column("read", sa.Boolean, nullable=False),
    sa.Column("hidden", sa.Boolean, nullable=False),  # from a person the recipient blocks: never shown to them
    sa.Index("messages_recipient", "recipient", "sent"),
    sa.Index("messages_sender", "sender", "sent"),
)

invitations = sa.Table(  # an invitation to sit at a table
    "invitations", metadata,
    sa.Column("id", sa.String(24), primary_key=True),
    sa.Column("sender", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("recipient", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("table_id", sa.String(40), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("answer", sa.String(10), nullable=True),  # None (open), "accepted", "declined"
    sa.Column("hidden", sa.Boolean, nullable=False),  # from a person the recipient blocks
    sa.Index("invitations_recipient", "recipient", "created"),
)

reports = sa.Table(  # a report of a person (or one of their messages) to the moderators
    "reports", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("reporter", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("subject", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("message", sa.Integer, nullable=True),  # a private or lobby message reported
    sa.Column("table_id", sa.String(40), nullable=True),
    sa.Column("text", sa.Text, nullable=False),
    sa.Column("attached", sa.JSON, nullable=False),  # the table's recent log or the message, as it was
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("closed", sa.Float, nullable=True),
    sa.Column("closed_by", sa.String(40), nullable=True),
    sa.Index("reports_open", "closed", "created"),
)

sanctions = sa.Table(  # a moderator's mute, ban or kick of a person, until a time (None: for good)
    "sanctions", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("kind", sa.String(10), nullable=False),
    sa.Column("table_id", sa.String(40), nullable=True),
    sa.Column("until", sa.Float, nullable=True),
    sa.Column("reason", sa.Text, nullable=False),
    sa.Column("by", sa.String(40), nullable=True),  # None: the room's command line
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("lifted", sa.Float, nullable=True),
    sa.Index("sanctions_player", "player", "kind"),
)

audit = sa.Table(  # every moderation action, as it was done
    "audit", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("at", sa.Float, nullable=False),
    sa.Column("actor", sa.String(100), nullable=False),  # the moderator's name, or "command line"
    sa.Column("action", sa.String(20), nullable=False),
    sa.Column("subject", sa.String(100), nullable=True),
    sa.Column("detail", sa.JSON, nullable=False),
)

tables = sa.Table(
    "tables", metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("header", sa.JSON, nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("status", sa.String(20), nullable=False, index=False),
    sa.Column("private", sa.Boolean, nullable=False),
    sa.Column("invite", sa.String(80), nullable=True),
    sa.Column("host", sa.String(40), nullable=False),
    sa.Column("version", sa.Integer, nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("updated", sa.Float, nullable=False),
    sa.Index("tables_status", "status"),
)

table_log = sa.Table(
    "table_log", metadata,
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("entry", sa.JSON, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.UniqueConstraint("table_id", "version", name="table_log_version"),
)

table_snapshots = sa.Table(
    "table_snapshots", metadata,  # a table's state at a version (`cardhall.room.snapshots`; the latest few)
    sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
    sa.Column("version", sa.Integer, primary_key=True),
    sa.Column("snapshot", sa.JSON, nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

events = sa.Table(  # an event of any kind (`cardhall.events`); `secret` deals its boards and is never sent
    "events", metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("kind", sa.String(20), nullable=False),
    sa.Column("game", sa.String(40), nullable=False),
    sa.Column("options", sa.JSON, nullable=False),
    sa.Column("spec", sa.JSON, nullable=False),  # the kind's own settings (duplicate: boards, bots, seat)
    sa.Column("secret", sa.String(80), nullable=False),
    sa.Column("creator", sa.String(40), nullable=True),  # None: the room's own (the daily events)
    sa.Column("daily", sa.String(60), nullable=True),  # "GAME:YYYY-MM-DD" for a daily event
    sa.Column("status", sa.String(10), nullable=False),  # "open", "running" (Swiss) or "over"
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("closes", sa.Float, nullable=False),
    sa.Column("closed", sa.Float, nullable=True),
    sa.Index("events_status", "status", "closes"),
    sa.Index("events_daily", "daily", unique=True),
)

event_entries = sa.Table(  # one entry per account and event
    "event_entries", metadata,
    sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("name", sa.String(100), nullable=False),
    sa.Column("entered", sa.Float, nullable=False),
    sa.Column("address", sa.String(64), nullable=True),
)

event_plays = sa.Table(  # an entry's board: its table and seat, its score once the table is over
    "event_plays", metadata,
    sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("board", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.String(40), nullable=False),
    sa.Column("invite", sa.String(80), nullable=True),  # the table's invite: its player's, everyone's once shown
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("score", sa.Float, nullable=True),
    sa.Column("started", sa.Float, nullable=False),
    sa.Column("finished", sa.Float, nullable=True),
)

event_rounds = sa.Table(  # a round of a Swiss event (`cardhall.events.swiss`; migration 0011)
    "event_rounds", metadata,
    sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("started", sa.Float, nullable=False),
    sa.Column("ended", sa.Float, nullable=True),
)

event_tables = sa.Table(  # a table of a round: its seating (player ids, None: a bot), then its room table
    "event_tables", metadata,
    sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("number", sa.Integer, primary_key=True),
    sa.Column("seats", sa.JSON, nullable=False),
    sa.Column("table_id", sa.String(40), nullable=True),
    sa.Column("invite", sa.String(80), nullable=True),
    sa.Column("claimed", sa.Float, nullable=True),  # when a node began making its table
    sa.Column("started", sa.Float, nullable=True),
    sa.Column("finished", sa.Float, nullable=True),
)

event_seats = sa.Table(  # an entrant's seat in a round and its result (place, points; missed: a no-show)
    "event_seats", metadata,
    sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("round", sa.Integer, primary_key=True),
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("number", sa.Integer, nullable=False),
    sa.Column("seat", sa.Integer, nullable=False),
    sa.Column("place", sa.Integer, nullable=True),
    sa.Column("points", sa.Float, nullable=True),
    sa.Column("missed", sa.Boolean, nullable=False, server_default=sa.false()),
    sa.Column("arrived", sa.Float, nullable=True),  # when the conductor first saw them at their table
    sa.Column("finished", sa.Float, nullable=True),
)

event_withdrawals = sa.Table(  # an entrant who left a running event ("asked") or missed two tables ("missed")
    "event_withdrawals", metadata,
    sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("round", sa.Integer, nullable=False),
    sa.Column("reason", sa.String(10), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
)

event_standby = sa.Table(  # a Swiss event's standby list, in `since` order (`cardhall.events.standby`; 0013)
    "event_standby", metadata,
    sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("name", sa.String(60), nullable=False),
    sa.Column("since", sa.Float, nullable=False),
    sa.Column("placed", sa.Float, nullable=True),  # when they took a place (an entry)
    sa.Column("replaces", sa.String(40), nullable=True),  # the withdrawn entrant whose place it was
    sa.UniqueConstraint("event", "replaces", name="event_standby_replaces"),
)

event_waiting = sa.Table(  # an arena entrant waiting for a table: since when, last seen asking (migration 0011)
    "event_waiting", metadata,
    sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("since", sa.Float, nullable=False),
    sa.Column("seen", sa.Float, nullable=False),
)

clubs = sa.Table(  # a club (`cardhall.clubs`; migration 0011): open to anyone, or by invitation
    "clubs", metadata,
    sa.Column("id", sa.String(40), primary_key=True),
    sa.Column("name", sa.String(60), nullable=False),
    sa.Column("name_fold", sa.String(60), nullable=False, unique=True),
    sa.Column("description", sa.String(1000), nullable=False),
    sa.Column("open", sa.Boolean, nullable=False),
    sa.Column("creator", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("created", sa.Float, nullable=False),
    sa.Column("closed", sa.Float, nullable=True),  # a moderator closed it
    sa.Column("close_reason", sa.String(500), nullable=True),  # why (migration 0013)
    sa.Column("closed_by", sa.String(40), nullable=True),  # the moderator (migration 0013)
)

club_members = sa.Table(  # a club's people: "admin", "member", or "invited" (not yet a member)
    "club_members", metadata,
    sa.Column("club", sa.String(40), sa.ForeignKey("clubs.id"), primary_key=True),
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("role", sa.String(10), nullable=False),
    sa.Column("since", sa.Float, nullable=False),
)

club_posts = sa.Table(  # a club's announcements
    "club_posts", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("club", sa.String(40), sa.ForeignKey("clubs.id"), nullable=False),
    sa.Column("author", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("text", sa.String(2000), nullable=False),
    sa.Column("at", sa.Float, nullable=False),
    sa.Index("club_posts_club", "club", "at"),
)

vacations = sa.Table(  # the days a person is away (`cardhall.room.vacations`; migration 0009)
    "vacations", metadata,
    sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("start", sa.Float, nullable=False),
    sa.Column("end", sa.Float, nullable=False),
    sa.Index("vacations_player", "player"),
)

playing_hours = sa.Table(  # the hours of the day a person plays (`cardhall.room.vacations`; migration 0009)
    "playing_hours", metadata,
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("start", sa.Integer, nullable=False),  # the hour the person's day begins (0 to 23)
    sa.Column("end", sa.Integer, nullable=False),  # the hour it ends
    sa.Column("zone", sa.String(64), nullable=False),  # their time zone (IANA, e.g. Europe/Zurich)
)

notice_settings = sa.Table(  # how a person hears "your turn" (`cardhall.web.notices`; migration 0009)
    "notice_settings", metadata,
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("email", sa.Boolean, nullable=False),
    sa.Column("push", sa.Boolean, nullable=False),
    sa.Column("webhook", sa.Text, nullable=True),  # a URL, checked (`cardhall.web.webhooks`)
    sa.Column("secret", sa.String(80), nullable=True),  # signs the webhook's notices (HMAC-SHA256)
    sa.Column("address", sa.String(254), nullable=True),  # an e-mail address (`cardhall.web.mail`)
    sa.Column("verified", sa.Boolean, nullable=False, server_default=sa.false()),  # its link was followed
    sa.Column("digest", sa.String(10), nullable=False, server_default="now"),  # now | hourly | daily (0014)
)

mail_waiting = sa.Table(  # "your turn" notices waiting for their mail (`cardhall.web.digests`; migration 0014)
    "mail_waiting", metadata,
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("table_id", sa.String(40), primary_key=True),
    sa.Column("due", sa.Float, nullable=False),  # the room clock's time its mail goes (the window's end)
    sa.Column("queued", sa.Float, nullable=False),
    sa.Column("lang", sa.String(20), nullable=False),
    sa.Column("body", sa.Text, nullable=False),  # the notice (JSON)
    sa.Column("moves", sa.Text, nullable=False),  # its last moves in the reader's words (JSON list)
    sa.Index("mail_waiting_due", "due"),
)

listening = sa.Table(  # how a person plays by ear (`cardhall.web.listening`; migration 0010)
    "listening", metadata,
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    # "the bots wait until I have heard the last move" (None: the page's default, on for a
    # person who plays by keyboard or has its speech on)
    sa.Column("wait", sa.Boolean, nullable=True),
    sa.Column("rate", sa.Integer, nullable=False),  # their reading rate, words a minute (150 to 600)
)

push_subscriptions = sa.Table(  # a browser's Web Push subscription (`cardhall.web.push`; migration 0012)
    "push_subscriptions", metadata,
    sa.Column("endpoint", sa.Text, primary_key=True),  # an https URL of a push service, checked
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
    sa.Column("p256dh", sa.String(120), nullable=False),  # the browser's P-256 key (base64url)
    sa.Column("auth", sa.String(40), nullable=False),  # its 16-byte authentication secret (base64url)
    sa.Column("created", sa.Float, nullable=False),
    sa.Index("push_subscriptions_player", "player"),
)

visits = sa.Table(  # a person's last visit to the room ("While you were away", `cardhall.web.away`; 0012)
    "visits", metadata,
    sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
    sa.Column("seen", sa.Float, nullable=False),
)

settings = sa.Table(
    "settings", metadata,
    sa.Column("key", sa.String(40), primary_key=True),
    sa.Column("value", sa.Text, nullable=False),
)


SNAPSHOTS_BEHIND = 700
"""Snapshots a table keeps behind its newest: enough that one is at least the table's kept history
(500 changes, `cardhall.room.table.HISTORY`) older than the newest, with two snapshot intervals
to spare, so the history of a restored table can be rebuilt (`cardhall.room.snapshots.backfill`)."""


class StoreError(CardhallError):
    """The database cannot be used: a bad URL, an unreachable server, or a newer schema."""


def unreachable(exc: BaseException) -> bool:
    """Whether `exc` says the database cannot be reached for now (a restart, a network cut): a
    background task logs one line and tries again, a traceback is for a bug."""
    return isinstance(exc, (OSError, TimeoutError, sa.exc.DBAPIError, StoreError)) and not isinstance(exc, SchemaTooNew)


class StaleWrite(StoreError):
    """A change whose version is not the next one: the table was changed by another writer."""


class SchemaTooNew(StoreError):
    """The database was written by a newer cardhall; this one refuses to touch it."""


def default_url() -> str:
    """The embedded default: `room.sqlite3` in the user's data directory."""
    return "sqlite:///" + str(data_dir() / "room.sqlite3")


def async_url(url: str) -> str:
    """The URL with an asyncio driver: `sqlite` → aiosqlite, `postgresql` → asyncpg."""
    try:
        parsed = make_url(url)
    except ArgumentError:
        raise StoreError(f"{url!r} is not a database URL; use e.g. sqlite:///room.sqlite3 "
                         "or postgresql://user@host:5432/cardhall") from None
    drivers = {"sqlite": "sqlite+aiosqlite", "postgresql": "postgresql+asyncpg", "postgres": "postgresql+asyncpg"}
    backend = parsed.get_backend_name()
    if backend not in drivers:
        raise StoreError(f"the room stores its tables in SQLite or PostgreSQL, not {backend!r}; "
                         "use a sqlite:/// or postgresql:// URL")
    if parsed.drivername in drivers:
        parsed = parsed.set(drivername=drivers[parsed.drivername])
    return parsed.render_as_string(hide_password=False)


def head_revision() -> str:
    """The newest schema revision this code knows."""
    head = ScriptDirectory.from_config(_alembic_config()).get_current_head()
    assert head is not None
    return head


def _alembic_config(connection: sa.Connection | None = None) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.attributes["connection"] = connection
    return config


def _upgrade(connection: sa.Connection, url: str) -> None:
    """Bring the schema to head (an empty database gets every table), or refuse a newer one."""
    config = _alembic_config(connection)
    script = ScriptDirectory.from_config(config)
    current = MigrationContext.configure(connection).get_current_revision()
    known = {rev.revision for rev in script.walk_revisions()}
    if current is not None and current not in known:
        raise SchemaTooNew(
            f"the database {url} has schema revision {current!r}, which this cardhall does not know "
            f"(its newest is {script.get_current_head()!r}): it was written by a newer cardhall. "
            "Upgrade cardhall, or give another database with --db.")
    command.upgrade(config, "head")


@dataclass(frozen=True)
class StoredTable:
    """What the store keeps of a table: enough to restore it (its header and log, or its latest
    snapshot and the log after it), and its invite token."""

    header: dict[str, Any]
    entries: list[dict[str, Any]]  # the log in version order (after `snapshot`'s version, if one is given)
    invite: str | None
    status: str
    snapshot: dict[str, Any] | None = None  # the table at a version (`cardhall.room.snapshots`), if read
    version: int = 0  # the table's stored version

    @property
    def first(self) -> int:
        """The version of `entries[0]` minus one: the snapshot's version, else 0."""
        return self.version - len(self.entries)


@dataclass(frozen=True)
class _Append:
    """One table's append waiting for a group commit (`Store._append_together`)."""

    table_id: str
    rows: list[dict[str, Any]]
    status: str
    at: float
    snapshot: dict[str, Any] | None


class Store:
    """The room database. Every method is one transaction."""

    def __init__(self, engine: AsyncEngine, url: str, sqlite_file: Path | None = None) -> None:
        self.engine = engine
        self.url = url
        # SQLite has one writer at a time; waiting here is cheaper than its busy loop.
        self._write_lock = asyncio.Lock() if engine.dialect.name == "sqlite" else None
        # a SQLite file's log is appended by one plain connection in its own thread (`SqliteAppender`)
        self._appender = SqliteAppender(sqlite_file, self._write_lock) if sqlite_file is not None else None
        # elsewhere (PostgreSQL) the appends that arrive together are stored in one transaction too
        self._group: GroupCommit[_Append] = GroupCommit(self._append_together)

    @classmethod
    async def open(cls, url: str | None = None) -> Store:
        """Connect to `url` (default: `default_url()`) and migrate its schema to head."""
        url = url or default_url()
        full = async_url(url)
        parsed = make_url(full)
        if parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:":
            Path(parsed.database).expanduser().parent.mkdir(parents=True, exist_ok=True)
        engine = create_async_engine(full, pool_pre_ping=True)  # a connection a restarted server dropped is replaced
        if engine.dialect.name == "sqlite":
            sa.event.listen(engine.sync_engine, "connect", _sqlite_pragmas)
        shown = parsed.render_as_string(hide_password=True)
        try:
            async with engine.begin() as conn:
                await conn.run_sync(_upgrade, shown)
        except (DBAPIError, OSError) as exc:
            await engine.dispose()
            raise StoreError(f"cannot open the database {shown}: {exc}") from None
        except StoreError:
            await engine.dispose()
            raise
        on_file = parsed.get_backend_name() == "sqlite" and parsed.database and parsed.database != ":memory:" \
            and not parsed.query
        return cls(engine, shown, Path(str(parsed.database)).expanduser() if on_file else None)

    async def close(self) -> None:
        if self._appender is not None:
            self._appender.close()
        await self.engine.dispose()

    # --- settings ---------------------------------------------------------------------
    async def secret(self) -> str:
        """The key that signs this room's tokens (made once, kept with the data it protects)."""
        async with _Transaction(self) as conn:
            value = await conn.scalar(sa.select(settings.c.value).where(settings.c.key == "secret"))
            if value is None:
                value = secrets.token_urlsafe(32)
                await conn.execute(settings.insert().values(key="secret", value=value))
            return str(value)

    # --- players ----------------------------------------------------------------------
    async def add_player(self, player: str, name: str, created: float, lang: str = "en") -> None:
        async with _Transaction(self) as conn:
            await conn.execute(players.insert().values(id=player, name=name, created=created, lang=lang))

    async def player_lang(self, player: str) -> str | None:
        """The language code `player` reads (None: no such player)."""
        async with self.engine.connect() as conn:
            code = await conn.scalar(sa.select(players.c.lang).where(players.c.id == player))
            return None if code is None else str(code)

    async def set_player_lang(self, player: str, lang: str) -> None:
        async with _Transaction(self) as conn:
            await conn.execute(players.update().where(players.c.id == player).values(lang=lang))

    async def player_name(self, player: str) -> str | None:
        async with self.engine.connect() as conn:
            name = await conn.scalar(sa.select(players.c.name).where(players.c.id == player))
            return None if name is None else str(name)

    async def is_account(self, player: str) -> bool:
        """Whether `player` registered (an account, not a guest)."""
        async with self.engine.connect() as conn:
            return await conn.scalar(sa.select(players.c.registered).where(players.c.id == player)) is not None

    # --- tables -----------------------------------------------------------------------
    async def add_table(self, summary: dict[str, Any], header: dict[str, Any], invite: str | None,
                        entries: Iterable[tuple[int, dict[str, Any]]], at: float) -> None:
        """Store a new table with the changes made at its creation (e.g. the host's seat)."""
        rows = [{"table_id": summary["id"], "version": v, "entry": e, "at": at} for v, e in entries]
        async with _Transaction(self) as conn:
            await conn.execute(tables.insert().values(
                id=summary["id"], header=header, game=summary["game"], status=summary["status"],
                private=bool(summary["private"]), invite=invite, host=summary["host"],
                version=summary["version"], created=at, updated=at))
            if rows:
                await conn.execute(table_log.insert(), rows)

    async def append(self, table_id: str, entries: Iterable[tuple[int, dict[str, Any]]],
                     status: str, at: float, snapshot: dict[str, Any] | None = None) -> None:
        """Append changes to a table's log (in version order) and update its summary row.

        The first change must be the next version after the stored one (else `StaleWrite`):
        a node that lost a table's lease can never store a change over the new owner's.
        A commit whose connection the server dropped (`connection_invalidated`: e.g. PostgreSQL
        restarted) is tried once more on a new connection; the version fence makes that safe,
        and if the first try was stored after all, the second finds exactly these entries and
        counts as done. `snapshot`: the table at a version (`cardhall.room.snapshots`, its
        "version"), stored in the same transaction; snapshots more than `SNAPSHOTS_BEHIND`
        versions older than it are deleted."""
        rows: list[dict[str, Any]] = [{"table_id": table_id, "version": v, "entry": e, "at": at} for v, e in entries]
        if not rows:
            return
        try:
            await self._append(table_id, rows, status, at, snapshot)
        except DBAPIError as exc:
            if not exc.connection_invalidated:
                raise
            try:
                await self._append(table_id, rows, status, at, snapshot)
            except StaleWrite:
                if not await self._holds(table_id, rows):
                    raise

    async def _append(self, table_id: str, rows: list[dict[str, Any]], status: str, at: float,
                      snapshot: dict[str, Any] | None) -> None:
        if self._appender is not None:
            await self._appender.append(table_id, rows, status, at, snapshot)
        elif self._write_lock is not None:  # SQLite in memory (tests): one writer, one append at a time
            async with _Transaction(self) as conn:
                await self._append_in(conn, table_id, rows, status, at, snapshot)
        else:
            await self._group.add(_Append(table_id, rows, status, at, snapshot))

    async def _append_together(self, batch: Sequence[_Append]) -> list[BaseException | None]:
        """The appends of a group commit (`cardhall.room.group_commit`) in one transaction, each in
        a savepoint of its own: a table refused by its version fence is rolled back alone."""
        errors: list[BaseException | None] = []
        async with _Transaction(self) as conn:
            for one in batch:
                try:
                    async with conn.begin_nested():
                        await self._append_in(conn, one.table_id, one.rows, one.status, one.at, one.snapshot)
                except StaleWrite as exc:
                    errors.append(exc)
                else:
                    errors.append(None)
        return errors

    async def _append_in(self, conn: AsyncConnection, table_id: str, rows: list[dict[str, Any]], status: str, at: float,
                         snapshot: dict[str, Any] | None) -> None:
        """One table's append inside a transaction: the version fence, the rows, the summary, the snapshot."""
        first = int(rows[0]["version"])
        moved = await conn.execute(tables.update().where(
            tables.c.id == table_id, tables.c.version == first - 1).values(
            status=status, version=rows[-1]["version"], updated=at))
        if moved.rowcount != 1:  # fencing: a writer whose copy of the table is behind is refused
            raise StaleWrite(f"table {table_id} is no longer at version {first - 1} in the database; "
                             "another writer has changed it since")
        await conn.execute(table_log.insert(), rows)
        if snapshot is not None:
            version = int(snapshot["version"])
            await conn.execute(table_snapshots.insert().values(table_id=table_id, version=version,
                                                               snapshot=snapshot, at=at))
            await conn.execute(table_snapshots.delete().where(
                table_snapshots.c.table_id == table_id, table_snapshots.c.version < version - SNAPSHOTS_BEHIND))

    async def _holds(self, table_id: str, rows: list[dict[str, Any]]) -> bool:
        """Whether the log holds exactly these rows' entries at their versions."""
        async with self.engine.connect() as conn:
            found = dict((await conn.execute(sa.select(table_log.c.version, table_log.c.entry).where(
                table_log.c.table_id == table_id,
                table_log.c.version.between(rows[0]["version"], rows[-1]["version"])))).tuples().all())
        return all(found.get(r["version"]) == r["entry"] for r in rows)

    async def load(self, table_id: str, snapshot: bool = False, until: int | None = None,
                   base: int | None = None) -> StoredTable | None:
        """A table: its header and whole log; with `snapshot`, its latest snapshot (if it has one)
        and only the log after it (what restoring it needs). `until`: the table as it was at this
        version; `base`: from its latest snapshot at or before this version (default: `until`)."""
        async with self.engine.connect() as conn:
            row = (await conn.execute(sa.select(tables).where(tables.c.id == table_id))).first()
            if row is None:
                return None
            return await self._stored(conn, row, snapshot, until, base)

    async def entries_after(self, table_id: str, version: int) -> list[dict[str, Any]]:
        """The table's log entries after `version`, in order (what a copy at `version` lacks)."""
        async with self.engine.connect() as conn:
            entries = await conn.scalars(sa.select(table_log.c.entry).where(
                table_log.c.table_id == table_id, table_log.c.version > version).order_by(table_log.c.version))
            return [dict(e) for e in entries]

    async def unfinished(self, snapshot: bool = False) -> list[StoredTable]:
        """Every table whose game is not over, oldest first (to be restored at start); with
        `snapshot`, each from its latest snapshot (see `load`)."""
        async with self.engine.connect() as conn:
            rows = (await conn.execute(
                sa.select(tables).where(tables.c.status != "over").order_by(tables.c.created))).all()
            return [await self._stored(conn, row, snapshot) for row in rows]

    async def unfinished_ids(self) -> list[str]:
        """The ids of every table whose game is not over, oldest first."""
        async with self.engine.connect() as conn:
            rows = await conn.scalars(
                sa.select(tables.c.id).where(tables.c.status != "over").order_by(tables.c.created))
            return [str(r) for r in rows]

    async def version(self, table_id: str) -> int | None:
        async with self.engine.connect() as conn:
            found = await conn.scalar(sa.select(tables.c.version).where(tables.c.id == table_id))
            return None if found is None else int(found)

    @staticmethod
    async def _stored(conn: AsyncConnection, row: sa.Row[Any], snapshot: bool = False,
                      until: int | None = None, base: int | None = None) -> StoredTable:
        """The table of `row` up to version `until` (default: the row's). The log may grow
        meanwhile: only the entries up to that version are taken, so they match the row."""
        last = int(row.version) if until is None else min(int(row.version), until)
        found = None
        if snapshot:
            found = (await conn.execute(sa.select(table_snapshots.c.version, table_snapshots.c.snapshot).where(
                table_snapshots.c.table_id == row.id, table_snapshots.c.version <= (last if base is None else base))
                .order_by(table_snapshots.c.version.desc()).limit(1))).first()
        after = 0 if found is None else int(found.version)
        entries = (await conn.execute(
            sa.select(table_log.c.entry).where(table_log.c.table_id == row.id, table_log.c.version > after,
                                               table_log.c.version <= last)
            .order_by(table_log.c.version))).scalars()
        return StoredTable(dict(row.header), [dict(e) for e in entries], row.invite, row.status,
                           None if found is None else dict(found.snapshot), last)


class _Transaction:
    """`async with _Transaction(store) as conn`: one committed transaction (serialised on SQLite)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self._begin: Any = None

    async def __aenter__(self) -> AsyncConnection:
        if self.store._write_lock is not None:
            await self.store._write_lock.acquire()
        try:
            self._begin = self.store.engine.begin()
            conn: AsyncConnection = await self._begin.__aenter__()
        except BaseException:
            if self.store._write_lock is not None:
                self.store._write_lock.release()
            raise
        return conn

    async def __aexit__(self, *exc: Any) -> None:
        try:
            await self._begin.__aexit__(*exc)
        finally:
            if self.store._write_lock is not None:
                self.store._write_lock.release()


Transaction = _Transaction
"""One committed transaction on the store (the accounts, history and ratings modules write with it)."""


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    """WAL: readers never wait for the writer, and a committed change survives a killed process
    (synchronous=NORMAL in WAL mode syncs at checkpoints: a power cut may lose the last commits,
    a killed process none)."""
    cursor = dbapi_connection.cursor()
    for pragma in SQLITE_PRAGMAS:
        cursor.execute(pragma)
    cursor.close()


SQLITE_PRAGMAS = ("PRAGMA journal_mode=WAL", "PRAGMA synchronous=NORMAL", "PRAGMA busy_timeout=10000",
                  "PRAGMA foreign_keys=ON")


@dataclass(frozen=True)
class _SqliteAppend:
    """One table's append waiting for the SQLite appender's next transaction: the log's rows as stored."""

    table_id: str
    log: list[tuple[str, int, str, float]]
    status: str
    at: float
    snap: tuple[str, int, str, float] | None


class SqliteAppender:
    """The table log's appends on a SQLite file, each one transaction in one hop to one thread.

    SQLAlchemy over aiosqlite sends every step of a commit (begin, the version fence, the insert,
    the commit, closing the cursors) to aiosqlite's thread and wakes the event loop for each
    answer: about ten thread round trips per move, which were most of the server's CPU per act
    (`cardhall bench room`). Here the whole transaction is one function run in this appender's
    own thread on a plain `sqlite3` connection to the same file, with the same pragmas, and the
    move is still stored (committed) before anyone hears of it. The appends of several tables that
    arrive together share one transaction (`cardhall.room.group_commit`). The rows are the same as
    `Store._append` writes (JSON text in the JSON columns)."""

    def __init__(self, path: Path, lock: asyncio.Lock | None = None) -> None:
        self.path = path
        self._lock = lock or asyncio.Lock()  # the store's one writer at a time
        self._local = threading.local()
        self._pool = ThreadPoolExecutor(1, thread_name_prefix="cardhall-sqlite-appender")
        self._group: GroupCommit[_SqliteAppend] = GroupCommit(self._flush)

    def _connection(self) -> sqlite3.Connection:
        con: sqlite3.Connection | None = getattr(self._local, "con", None)
        if con is None:
            con = sqlite3.connect(self.path, isolation_level=None, timeout=10.0)
            for pragma in SQLITE_PRAGMAS:
                con.execute(pragma)
            self._local.con = con
        return con

    async def append(self, table_id: str, rows: list[dict[str, Any]], status: str, at: float,
                     snapshot: dict[str, Any] | None) -> None:
        """`Store._append` on SQLite: the version fence, the rows, the summary and the snapshot,
        committed together (or not at all)."""
        log = [(table_id, r["version"], _json(r["entry"]), at) for r in rows]
        snap = None if snapshot is None else (table_id, int(snapshot["version"]), _json(snapshot), at)
        await self._group.add(_SqliteAppend(table_id, log, status, at, snap))

    async def _flush(self, batch: Sequence[_SqliteAppend]) -> list[BaseException | None]:
        """A group commit's appends (`cardhall.room.group_commit`): one transaction, one hop to the thread."""
        async with self._lock:
            return await asyncio.get_running_loop().run_in_executor(self._pool, self._append_all, list(batch))

    def _append_all(self, batch: list[_SqliteAppend]) -> list[BaseException | None]:
        con = self._connection()
        errors: list[BaseException | None] = []
        con.execute("BEGIN IMMEDIATE")
        try:
            for one in batch:
                con.execute("SAVEPOINT one_table")
                try:
                    self._append(con, one)
                except StaleWrite as exc:
                    con.execute("ROLLBACK TO one_table")
                    errors.append(exc)
                else:
                    errors.append(None)
                con.execute("RELEASE one_table")
            con.execute("COMMIT")
        except BaseException:
            if con.in_transaction:
                con.execute("ROLLBACK")
            raise
        return errors

    @staticmethod
    def _append(con: sqlite3.Connection, one: _SqliteAppend) -> None:
        """One table's append inside the transaction: fence, rows, summary, snapshot."""
        table_id, log, snap = one.table_id, one.log, one.snap
        first, last = log[0][1], log[-1][1]
        moved = con.execute("UPDATE tables SET status = ?, version = ?, updated = ? WHERE id = ? AND version = ?",
                            (one.status, last, one.at, table_id, first - 1))
        if moved.rowcount != 1:  # fencing: a writer whose copy of the table is behind is refused
            raise StaleWrite(f"table {table_id} is no longer at version {first - 1} in the database; "
                             "another writer has changed it since")
        con.executemany("INSERT INTO table_log (table_id, version, entry, at) VALUES (?, ?, ?, ?)", log)
        if snap is not None:
            con.execute("INSERT INTO table_snapshots (table_id, version, snapshot, at) VALUES (?, ?, ?, ?)", snap)
            con.execute("DELETE FROM table_snapshots WHERE table_id = ? AND version < ?",
                        (table_id, snap[1] - SNAPSHOTS_BEHIND))

    def close(self) -> None:
        def close_connection() -> None:
            con = getattr(self._local, "con", None)
            if con is not None:
                con.close()
                self._local.con = None
        self._pool.submit(close_connection)
        self._pool.shutdown(wait=True)


def _json(value: Any) -> str:
    return msgspec.json.encode(value).decode()
