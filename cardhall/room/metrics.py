"""The room's Prometheus metrics (prometheus-client), served on a listener of their own.

The rule: metrics are never on the public port (`cardhall serve --metrics HOST:PORT` opens a
separate listener, off by default; lichess warns the same); they name games, states and
kinds, never a person, a token or a card. Counters and histograms are updated where the room
does the work (`TableActor._apply`: moves stored, act and commit latency; the bots' think
time); gauges (tables by state, connections, bot queue) are read from the room at scrape
time by `RoomCollector`, so they cost nothing between scrapes. Every series carries the node's
name (`node`, empty for a single-process room). Without `--metrics` nothing here is recorded:
`ENABLED` stays False and the hooks return at once.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Iterator
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Histogram, start_http_server
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg

ENABLED = False
"""True once `serve_metrics` has opened the listener; the hooks below do nothing before."""
NODE = ""
REGISTRY = CollectorRegistry(auto_describe=True)
LATENCY = (0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
THINK = (0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.0, 5.0, 10.0, 30.0)

MOVES = Counter("cardhall_moves", "Moves (a seat's act, a person's or a bot's) stored, by game", ["game", "node"],
                registry=REGISTRY)
ACT = Histogram("cardhall_act_seconds", "Time from a command reaching its table to its changes stored and sent",
                ["node"], buckets=LATENCY, registry=REGISTRY)
COMMIT = Histogram("cardhall_commit_seconds", "Time the database took to store one command's changes", ["node"],
                   buckets=LATENCY, registry=REGISTRY)
THINKING = Histogram("cardhall_bot_think_seconds", "Time a bot took to choose a move (in the process pool)", ["node"],
                     buckets=THINK, registry=REGISTRY)
LIMITS = Counter("cardhall_limits_refused", "Requests refused by a limit (docs/room.md, Limits), by limit",
                 ["limit", "node"], registry=REGISTRY)
ERRORS = Counter("cardhall_errors", "Errors in the room, by kind (store, lease, bot, table, http)", ["kind", "node"],
                 registry=REGISTRY)


def moves(game: str, count: int) -> None:
    if ENABLED and count:
        MOVES.labels(game, NODE).inc(count)


def acted(seconds: float) -> None:
    if ENABLED:
        ACT.labels(NODE).observe(seconds)


def committed(seconds: float) -> None:
    if ENABLED:
        COMMIT.labels(NODE).observe(seconds)


def thought(seconds: float) -> None:
    if ENABLED:
        THINKING.labels(NODE).observe(seconds)


def refused(limit: str) -> None:
    if ENABLED:
        LIMITS.labels(limit, NODE).inc()


def error(kind: str) -> None:
    if ENABLED:
        ERRORS.labels(kind, NODE).inc()


class RoomCollector(Collector):
    """The gauges, read from the room when Prometheus scrapes: tables this node runs by state,
    connections (sockets subscribed to its tables), and the bot pool's queue (tables waiting
    for a bot's move)."""

    def __init__(self, room: Any) -> None:
        self.room = room

    def collect(self) -> Iterator[Any]:
        actors = list(self.room.tables.values())
        states = Tally(actor.table.status for actor in actors)
        tables = GaugeMetricFamily("cardhall_tables", "Tables this node runs, by state", labels=["state", "node"])
        for state in ("waiting", "playing", "over"):
            tables.add_metric([state, NODE], states.get(state, 0))
        yield tables
        connections = GaugeMetricFamily("cardhall_connections", "WebSockets subscribed to this node's tables",
                                        labels=["node"])
        connections.add_metric([NODE], sum(len(actor.subscribers) for actor in actors))
        yield connections
        queue = GaugeMetricFamily("cardhall_bot_queue", "Tables waiting for a bot's move", labels=["node"])
        queue.add_metric([NODE], sum(1 for actor in actors if getattr(actor, "_thinking", None) is not None))
        yield queue


def parse_address(text: str) -> tuple[str, int]:
    """`HOST:PORT` (e.g. 127.0.0.1:9100) as a pair; a sentence otherwise."""
    host, sep, port = text.rpartition(":")
    if not sep or not host or not port.isdigit() or not 0 < int(port) < 65536:
        raise CardhallError(Msg(N_("{address} is not HOST:PORT; give e.g. 127.0.0.1:9100"), address=text))
    return host.strip("[]"), int(port)


def serve_metrics(room: Any, address: str, public: tuple[str, int]) -> None:
    """Open the metrics listener at `address` (HOST:PORT) for `room`; refuse the public port."""
    global ENABLED, NODE
    host, port = parse_address(address)
    if port == public[1]:
        raise CardhallError(Msg(N_("the metrics listener {address} may not share the room's public port {port}; "
                                   "give it a port of its own, e.g. 127.0.0.1:9100"), address=address, port=public[1]))
    NODE = getattr(room.node, "name", "") or ""
    try:
        start_http_server(port, addr=host, registry=REGISTRY)
    except OSError as exc:
        raise CardhallError(Msg(N_("cannot listen for metrics at {address} ({reason}); give a free HOST:PORT"),
                                address=address, reason=exc.strerror or str(exc))) from None
    REGISTRY.register(RoomCollector(room))
    ENABLED = True
