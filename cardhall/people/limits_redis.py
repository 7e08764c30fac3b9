"""The limiter's counts in Redis (`cardhall.people.limits.Counts`), for a room of several nodes:
every node takes from the same buckets, so a cluster of N nodes gives each limit once, not N
times (`cardhall.room.cluster.open_room` sets them).

Each bucket is one Redis hash (`limit:<limit>:<key>`: tokens and when they were counted),
updated by one Lua script, so two nodes taking at once never both get the last token; it
expires once it would be full again. The limiter's interface is synchronous (it is asked in the
middle of handlers, between awaits), so this uses Redis's synchronous client with a short
timeout: a round trip on the room's network is well under a millisecond. If Redis does not
answer, the node counts in its own memory until it does (the allowance is then per node for
that while; it asks Redis again every `RETRY` seconds) and says so in the log once a minute,
rather than refusing or stalling everyone.
"""

from __future__ import annotations

import logging
import time

import redis
from redis.exceptions import RedisError

from cardhall.people.limits import MemoryCounts, Rate

log = logging.getLogger(__name__)

TIMEOUT = 0.25
"""Seconds a call to Redis may take before this node counts alone."""
WARN_EVERY = 60.0
RETRY = 5.0
"""Seconds a node counts alone after Redis failed to answer, before it asks Redis again (so an
unreachable Redis costs one timeout per `RETRY`, not one per limit taken)."""

BUCKET = """
local count = tonumber(ARGV[1])
local seconds = tonumber(ARGV[2])
local now = tonumber(ARGV[3])
local take = ARGV[4] == '1'
local refill = count / seconds
local held = redis.call('HMGET', KEYS[1], 'tokens', 'at')
local tokens = tonumber(held[1]) or count
local at = tonumber(held[2]) or now
if now < at then now = at end
tokens = math.min(count, tokens + (now - at) * refill)
local wait = 0
if tokens >= 1 then
  if take then tokens = tokens - 1 end
else
  wait = (1 - tokens) / refill
end
redis.call('HSET', KEYS[1], 'tokens', tostring(tokens), 'at', tostring(now))
redis.call('PEXPIRE', KEYS[1], math.ceil(seconds * 1000))
return tostring(wait)
"""


class RedisCounts:
    """Token buckets in Redis at `url`, shared by every node of the room."""

    def __init__(self, url: str, timeout: float = TIMEOUT) -> None:
        self.client = redis.Redis.from_url(url, socket_timeout=timeout, socket_connect_timeout=timeout)
        self._bucket = self.client.register_script(BUCKET)
        self._alone = MemoryCounts()
        self._warned = 0.0
        self._alone_until = 0.0

    def wait(self, limit: str, key: str, rate: Rate, now: float, take: bool) -> float:
        if time.monotonic() < self._alone_until:
            return self._alone.wait(limit, key, rate, now, take)
        try:
            answer = self._bucket(keys=[f"limit:{limit}:{key}"], args=[rate.count, rate.seconds, repr(now), int(take)])
        except (RedisError, OSError) as exc:
            self._alone_until = time.monotonic() + RETRY
            if time.monotonic() - self._warned > WARN_EVERY:
                self._warned = time.monotonic()
                log.warning("Redis does not answer the limiter (%s); this node counts the limits alone meanwhile", exc)
            return self._alone.wait(limit, key, rate, now, take)
        return float(answer.decode() if isinstance(answer, bytes) else answer)

    async def aclose(self) -> None:
        """Close the connections (run by `Room.close`)."""
        self.client.close()
