"""The room's one limiter (cardhall/people/limits.py): the same interface for every limit, counted
in memory on one node and in Redis on a cluster, where two nodes share one allowance instead of
each giving its own; if Redis stops answering a node counts alone rather than failing."""

from __future__ import annotations

import time

import pytest

from cardhall.people import limits_redis
from cardhall.people.limits import LimitError, Limits, MemoryCounts, Rate
from cardhall.people.limits_redis import RedisCounts
from tests.services import Redis

RATES = {("table", "person"): Rate(3, 3600.0), ("chat", "address"): Rate(4, 60.0), ("login", "name"): Rate(2, 900.0)}


def allowed(nodes: list[Limits], what: str, tries: int, now: float, **keys: str) -> int:
    """How many of `tries` takes, spread over the nodes in turn, were allowed."""
    ok = 0
    for i in range(tries):
        try:
            nodes[i % len(nodes)].take(what, now, **keys)
            ok += 1
        except LimitError:
            pass
    return ok


def test_two_nodes_on_one_redis_give_each_limit_once(redis: Redis) -> None:
    a, b = Limits(RATES, counts=RedisCounts(redis.url)), Limits(RATES, counts=RedisCounts(redis.url))
    now = time.time()
    assert allowed([a, b], "table", 10, now, person="p1") == 3  # not 3 per node
    assert allowed([a, b], "chat", 10, now, address="10.0.0.1") == 4
    assert allowed([b, a], "table", 10, now, person="p2") == 3  # each key its own bucket
    with pytest.raises(LimitError, match="at most 3 an hour; you can make another in 20 minutes"):
        b.take("table", now, person="p1")
    assert allowed([a, b], "table", 2, now + 1260, person="p1") == 1  # refilled evenly, on both nodes
    a.take("login", now, name="ann")
    b.check("login", now, name="ann")  # looking counts nothing
    b.take("login", now, name="ann")
    with pytest.raises(LimitError, match="too many failed logins"):
        a.check("login", now, name="ann")


def test_two_nodes_counting_in_memory_would_each_give_the_allowance() -> None:
    """What the Redis counts prevent: per-node memory gives a cluster of two twice the allowance."""
    a, b = Limits(RATES, counts=MemoryCounts()), Limits(RATES, counts=MemoryCounts())
    assert allowed([a, b], "table", 10, 0.0, person="p1") == 6


def test_a_node_whose_redis_is_gone_counts_alone_and_asks_again_later(redis: Redis) -> None:
    counts = RedisCounts(redis.url)
    node = Limits(RATES, counts=counts)
    node.take("table", 0.0, person="p1")
    redis.stop()
    started = time.monotonic()
    assert allowed([node], "table", 10, 0.0, person="p1") == 3  # its own memory: a fresh bucket
    assert time.monotonic() - started < 10  # short timeouts, no stall
    redis.start()
    node.take("table", 0.0, person="p2")  # within RETRY: still alone, Redis not asked
    assert counts.client.exists("limit:table person:p2") == 0
    assert limits_redis.RETRY <= 10
    counts._alone_until = 0.0  # as when RETRY seconds have passed
    node.take("table", 0.0, person="p2")
    assert counts.client.exists("limit:table person:p2") == 1  # back in Redis
