"""Limits that hold a real room together: how many tables, guests, accounts, messages, friend
requests, invitations and reports one person, or one address, may make in a while.

Each limit is sized so that a person playing, chatting and inviting never meets it and a script
always does; when one is reached the refusal (`LimitReached`, HTTP 429) says which limit it is
and in how many seconds it resets. Only what was done counts (a refused request does not).
Counted in a sliding window per process: in a cluster, per node (like the login limits of
`room.accounts`). Per-address limits do not count loopback addresses (the machine itself, or a
reverse proxy on it: there every person would share one address); per-person limits still do.
"""

from __future__ import annotations

import dataclasses
import math
import time
from collections import defaultdict, deque

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg

SWEEP_AT = 20_000
"""Keys with recent uses kept before the old ones are swept out."""


class LimitReached(CardhallError):
    """A person or an address did something too often; the sentence names the limit and its reset."""


@dataclasses.dataclass(frozen=True)
class Rule:
    """At most `count` uses per `window` seconds; `what` names them ("new tables …")."""

    count: int
    window: float
    what: str


HOUR, MINUTE = 3600.0, 60.0
RULES: dict[str, Rule] = {
    "tables/person": Rule(30, HOUR, N_("new tables by one person: at most {count} an hour")),
    "tables/address": Rule(60, HOUR, N_("new tables from one address: at most {count} an hour")),
    "guests/address": Rule(30, HOUR, N_("new guests from one address: at most {count} an hour")),
    "accounts/address": Rule(10, HOUR, N_("new accounts from one address: at most {count} an hour")),
    "messages/person": Rule(30, MINUTE, N_("messages by one person: at most {count} a minute")),
    "chat/person": Rule(20, MINUTE, N_("lobby chat messages by one person: at most {count} a minute")),
    "friends/person": Rule(40, HOUR, N_("friend requests by one person: at most {count} an hour")),
    "invitations/person": Rule(60, HOUR, N_("invitations by one person: at most {count} an hour")),
    "reports/person": Rule(10, HOUR, N_("reports by one person: at most {count} an hour")),
}


class Limits:
    """Uses per rule and key (a player id or an address) in a sliding window."""

    def __init__(self, rules: dict[str, Rule] | None = None) -> None:
        self.rules = dict(RULES if rules is None else rules)
        self._uses: defaultdict[str, deque[float]] = defaultdict(deque)

    def _recent(self, key: str, window: float, now: float) -> deque[float]:
        times = self._uses[key]
        while times and times[0] <= now - window:
            times.popleft()
        return times

    def check(self, rule: str, key: str | None, now: float | None = None) -> None:
        """Raise `LimitReached` if `key` may not use `rule` once more now, saying which limit was
        reached and in how many seconds one more use is allowed (`key` None: not limited)."""
        if key is None:
            return
        now = time.time() if now is None else now
        spec = self.rules[rule]
        times = self._recent(f"{rule} {key}", spec.window, now)
        if len(times) >= spec.count:
            wait = max(1, math.ceil(times[0] + spec.window - now))
            raise LimitReached(Msg(N_("a limit of the room was reached ({limit}); it resets in {seconds} s"),
                                   limit=Msg(spec.what, count=spec.count), seconds=wait))

    def used(self, rule: str, key: str | None, now: float | None = None) -> None:
        """Count one use of `rule` by `key` (after the thing was done: refusals do not count)."""
        if key is None:
            return
        now = time.time() if now is None else now
        self._uses[f"{rule} {key}"].append(now)
        if len(self._uses) > SWEEP_AT:
            self._sweep(now)

    def take(self, rule: str, key: str | None, now: float | None = None) -> None:
        """`check`, then count the use."""
        self.check(rule, key, now)
        self.used(rule, key, now)

    def _sweep(self, now: float) -> None:
        longest = max(rule.window for rule in self.rules.values())
        for key in list(self._uses):
            times = self._recent(key, longest, now)
            if not times:
                del self._uses[key]
