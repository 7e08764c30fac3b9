"""The room's one limiter: how many guests, tables, chat lines, messages, friend requests,
invitations, reports, events, entries and failed logins one person, one name or one address may
make in a while, and how many unfinished tables one person may host.

Every limit has the same interface: `Limits.take(what, now, person=…, address=…, name=…)` counts
one and refuses (`LimitError`) when any of the keys has none left; `Limits.check(...)` refuses
the same way without counting (logins are checked first and counted only when they fail).
Each rate is a token bucket (`Rate`: `count` at once, refilled evenly over `seconds`), per key.
The counts live in `Counts`: in memory on a room of one process (`MemoryCounts`; at most `KEYS`
keys per limit, the least recently used forgotten), in Redis when the room runs as a cluster
(`cardhall.people.limits_redis.RedisCounts`, set by `cardhall.room.cluster.open_room`), so that N
nodes give the allowance once, not N times. The rates are sized so that a person never meets
them and a script always does; a refusal names the limit and when the next one is allowed, in
the reader's language.
"""

from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Protocol

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, FromNow, Msg
from cardhall.room import logs, metrics

KEYS = 100_000
"""People or addresses remembered per limit (the least recently seen are forgotten)."""
OPEN_TABLES = 10
"""Unfinished tables one person may host at once."""
STALE_WAITING = 24 * 3600.0
"""A table still waiting for its start after this long no longer counts among its host's open
tables (nobody came: the host is not held to it for ever)."""


class LimitError(CardhallError):
    """A limit was reached; `retry_after`: seconds until the next try can succeed (None: when
    something ends, e.g. one of the person's tables)."""

    def __init__(self, message: Msg, retry_after: float | None = None) -> None:
        super().__init__(message)
        self.retry_after = retry_after
        metrics.refused(message.msgid)
        name = limit_name(message.msgid)
        logs.LIMITS_HIT.hit(name)
        logs.log.info("the limit %s refused a request", name, extra={"fields": {"limit": name}})


@dataclass(frozen=True)
class Rate:
    """At most `count` at once, one more every `seconds / count` seconds."""

    count: int
    seconds: float


@dataclass
class Bucket:
    tokens: float
    at: float


@dataclass
class Limiter:
    """The buckets of one rate, per key."""

    rate: Rate
    buckets: OrderedDict[str, Bucket] = field(default_factory=OrderedDict)

    def wait(self, key: str, now: float, take: bool = True) -> float:
        """Take one token for `key` (only look, with `take` False): 0.0 if there was one, else
        the seconds until there is."""
        refill = self.rate.count / self.rate.seconds
        bucket = self.buckets.pop(key, None) or Bucket(float(self.rate.count), now)
        bucket.tokens = min(float(self.rate.count), bucket.tokens + max(0.0, now - bucket.at) * refill)
        bucket.at = max(now, bucket.at)
        self.buckets[key] = bucket
        while len(self.buckets) > KEYS:
            self.buckets.popitem(last=False)
        if bucket.tokens >= 1:
            if take:
                bucket.tokens -= 1
            return 0.0
        return (1 - bucket.tokens) / refill


class Counts(Protocol):
    """Where the buckets are kept: `wait` takes (or, with `take` False, looks at) one token of
    `rate` for `key` of the limit `limit` and says 0.0, or the seconds until there is one."""

    def wait(self, limit: str, key: str, rate: Rate, now: float, take: bool) -> float: ...


class MemoryCounts:
    """The buckets in this process's memory: a room of one process."""

    def __init__(self) -> None:
        self._limiters: dict[tuple[str, Rate], Limiter] = {}

    def wait(self, limit: str, key: str, rate: Rate, now: float, take: bool) -> float:
        limiter = self._limiters.get((limit, rate))
        if limiter is None:
            limiter = self._limiters[(limit, rate)] = Limiter(rate)
        return limiter.wait(key, now, take)


# What each limit's refusal says (the periods are those of `RATES`): the limit, and when the next
# one is allowed (`FromNow`: "in 3 seconds" in the reader's words).
MESSAGES = {
    ("player", "address"): N_("too many new guests from your address: at most {count} an hour; "
                              "you can make another {wait}"),
    ("table", "person"): N_("you made too many tables: at most {count} an hour; "
                            "you can make another {wait}"),
    ("table", "address"): N_("too many tables were made from your address: at most {count} an hour; "
                             "you can make another {wait}"),
    ("chat", "person"): N_("you are chatting too fast: at most {count} a minute; "
                           "you can write again {wait}"),
    ("chat", "address"): N_("too many chat messages from your address: at most {count} a minute; "
                            "you can write again {wait}"),
    ("message", "person"): N_("you are sending messages too fast: at most {count} a minute; "
                              "you can send another {wait}"),
    ("friend", "person"): N_("you asked too many people to be friends: at most {count} an hour; "
                             "you can ask again {wait}"),
    ("invitation", "person"): N_("you sent too many invitations: at most {count} an hour; "
                                 "you can invite again {wait}"),
    ("report", "person"): N_("you sent too many reports: at most {count} an hour; "
                             "you can report again {wait}"),
    ("event", "person"): N_("you made too many events: at most {count} a day; "
                            "you can make another {wait}"),
    ("event", "address"): N_("too many events were made from your address: at most {count} a day; "
                             "you can make another {wait}"),
    ("entry", "address"): N_("too many event entries from your address: at most {count} an hour; "
                             "you can enter again {wait}"),
    ("entry", "person"): N_("you entered too many events: at most {count} an hour; you can enter again {wait}"),
    ("login", "name"): N_("too many failed logins for this name or from this address; try again {wait}"),
    ("login", "address"): N_("too many failed logins for this name or from this address; try again {wait}"),
}


def limit_name(msgid: str) -> str:
    """A limit's short name for the operator (`what/by`, e.g. `chat/person`; `open/person` for the
    cap on unfinished tables), from the sentence it refused with."""
    return next((f"{what}/{by}" for (what, by), said in MESSAGES.items() if said == msgid), "open/person")

RATES = {
    ("player", "address"): Rate(60, 3600.0),
    ("table", "person"): Rate(30, 3600.0),
    ("table", "address"): Rate(120, 3600.0),
    ("chat", "person"): Rate(20, 60.0),
    ("chat", "address"): Rate(60, 60.0),
    ("message", "person"): Rate(30, 60.0),
    ("friend", "person"): Rate(40, 3600.0),
    ("invitation", "person"): Rate(60, 3600.0),
    ("report", "person"): Rate(10, 3600.0),
    ("event", "person"): Rate(10, 86400.0),
    ("event", "address"): Rate(30, 86400.0),
    ("entry", "address"): Rate(120, 3600.0),
    ("entry", "person"): Rate(60, 3600.0),
}
"""The room's rates: what a person could not reach by hand (a guest a minute from one address, a
table every two minutes, a chat line every three seconds, a message every two, a report every six
minutes, ten events a day, an event entry every thirty seconds from one address and every minute by one person) and a script
reaches at once. The lobby's chat counts as table chat; private messages, friend requests,
invitations and reports are the people's (`cardhall.web.routes.friends`, `.chat`, `.moderation`); events and entries are the
events' (`cardhall.events`); failed logins are the accounts' (`cardhall.people.accounts`)."""
LOGIN_RATES = {
    ("login", "name"): Rate(5, 15 * 60.0),
    ("login", "address"): Rate(20, 15 * 60.0),
}
"""Failed logins: five for one name and twenty from one address at once, then one more every
three minutes per name (every 45 seconds per address); they stay on in a room without the other
limits (`Limits.off`), since guessing passwords is never a benchmark's business."""
RATES |= LOGIN_RATES


CONNECTIONS = 64
"""HTTP connections, and separately WebSockets, one address may hold at once (a household or an
office behind one address has room for dozens of tabs; a script holding hundreds does not);
`cardhall.web.slow` enforces it."""


class Limits:
    """Every rate of a room, the cap on open tables and on connections per address."""

    def __init__(self, rates: dict[tuple[str, str], Rate] | None = None, open_tables: int = OPEN_TABLES,
                 connections: int | None = CONNECTIONS, counts: Counts | None = None) -> None:
        """`rates`: None for the room's `RATES`; `{}` for none at all (a benchmark's or a test's room).
        `connections`: per address (None: no cap, e.g. `cardhall bench room`'s clients on one loopback address).
        `counts`: where the buckets are kept (None: in memory)."""
        self.rates = dict(RATES if rates is None else rates)
        self.open_tables = open_tables
        self.connections = connections
        self.counts: Counts = counts or MemoryCounts()

    @classmethod
    def off(cls, counts: Counts | None = None) -> Limits:
        """No limits but the logins' (`LOGIN_RATES`): for benchmarks and tests that make many
        guests and tables from one address; `counts` as for `Limits`."""
        return cls(dict(LOGIN_RATES), open_tables=10**9, connections=None, counts=counts)

    def take(self, what: str, now: float, *, person: str | None = None, address: str | None = None,
             name: str | None = None) -> None:
        """Count one `what` ("player", "table", "chat", "message", "friend", "invitation", "report",
        "event", "entry", "login") for the person, the address and the name; raise `LimitError` if
        any has none left (then the next ones are not counted)."""
        self._count(what, now, True, person=person, address=address, name=name)

    def check(self, what: str, now: float, *, person: str | None = None, address: str | None = None,
              name: str | None = None) -> None:
        """Raise `LimitError` as `take` would, without counting anything."""
        self._count(what, now, False, person=person, address=address, name=name)

    def _count(self, what: str, now: float, take: bool, **keys: str | None) -> None:
        for by, key in keys.items():
            rate = self.rates.get((what, by))
            if rate is None or key is None:
                continue
            wait = self.counts.wait(f"{what} {by}", key, rate, now, take)
            if wait > 0:
                raise LimitError(Msg(MESSAGES[(what, by)], count=rate.count, wait=FromNow(wait)),
                                 retry_after=wait)

    def check_open(self, hosted: list[tuple[str, float]], now: float) -> None:
        """Refuse one more table to a person whose unfinished tables, (status, created) each,
        reach the cap: a playing table counts until its game ends, a waiting one for a day."""
        count = sum(1 for status, created in hosted if status == "playing" or now - created < STALE_WAITING)
        if count >= self.open_tables:
            raise LimitError(Msg(N_("you already host {count} unfinished tables, the most one person may; a table "
                                    "counts until its game ends, or for a day while it waits for its start"),
                                 count=count))
