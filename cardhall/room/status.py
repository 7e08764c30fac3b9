"""The operator's view of a running room: what `/admin` and `cardhall admin status` show.

The rules: the report is made of what the room already knows, cheaply, at the moment it is asked
(no scan of the database): the nodes of the cluster (the nodes listening on their Redis
channels, and the tables each holds a lease for), the tables this node runs by state, the people
connected to this node, its bot pool, its last warnings and errors (`cardhall.room.logs`), and
the limits that refused someone since it started. It names no token, address or card; the
recent problems are the log's own lines, which hold none (tests/room/test_logs.py). Only a
moderator may read it (`cardhall.web.operator`). `said(report)` puts it in words, sections of
sentences (`Msg`), for any reader's language.
"""

from __future__ import annotations

import time
from collections import Counter
from typing import Any

from cardhall.core.i18n import N_, Msg, Plural
from cardhall.room import logs

SHOWN_PROBLEMS = 10
"""The newest warnings and errors shown."""
STATES = ("waiting", "playing", "over")


async def nodes_of(room: Any) -> list[dict[str, Any]]:
    """The cluster's nodes (each listening on `cardhall:node:NAME`) and the tables each holds a
    lease for; one node (this process) without a cluster."""
    node = room.node
    if node is None:
        return [{"name": "", "tables": len(room.tables), "here": True}]
    channels = await node.redis.pubsub_channels("cardhall:node:*")
    names = sorted(c.decode() if isinstance(c, bytes) else str(c) for c in channels)
    leases: Counter[str] = Counter()
    async for key in node.redis.scan_iter(match="cardhall:lease:*", count=500):
        owner = await node.redis.get(key)
        if owner is not None:
            leases[owner.decode() if isinstance(owner, bytes) else str(owner)] += 1
    shown = [name.removeprefix("cardhall:node:") for name in names]
    return [{"name": name, "tables": leases.get(name, 0), "here": name == node.name} for name in shown]


async def report(room: Any, people_online: int) -> dict[str, Any]:
    """The report as data (JSON): see the module's rules."""
    actors = list(room.tables.values())
    states = Counter(actor.table.status for actor in actors)
    dormant = len(getattr(room, "_dormant", {}))
    problems = list(logs.RECENT_PROBLEMS.lines)[-SHOWN_PROBLEMS:]
    return {
        "node": getattr(room.node, "name", "") or "",
        "at": time.time(),
        "nodes": await nodes_of(room),
        "tables": {"waiting": states.get("waiting", 0) + dormant, "playing": states.get("playing", 0),
                   "over": states.get("over", 0)},
        "people": {"online": people_online,
                   "at_tables": sum(len(actor.subscribers) for actor in actors)},
        "bots": {"workers": room.bots.workers, "thinking": room.bots.running, "waiting": len(room.bots.waiting)},
        "problems": {"warnings": logs.RECENT_PROBLEMS.counts.get("warning", 0),
                     "errors": logs.RECENT_PROBLEMS.counts.get("error", 0) + logs.RECENT_PROBLEMS.counts.get("critical", 0),
                     "recent": [{"at": p["at"], "level": p["level"], "event": p["event"], "table": p.get("table"),
                                 "error": p.get("error")} for p in reversed(problems)]},
        "limits": [{"limit": name, "count": count, "last": logs.LIMITS_HIT.last[name]}
                   for name, count in logs.LIMITS_HIT.counts.most_common()],
    }


def clock(at: float) -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(at))


def said(data: dict[str, Any]) -> list[tuple[str, list[Msg]]]:
    """The report in words: (heading, sentences) per section; headings are message ids too."""
    nodes = data["nodes"]
    if len(nodes) == 1 and not nodes[0]["name"]:
        node_lines: list[Msg] = [Msg(N_("This room is one process, not a cluster."))]
    else:
        node_lines = [Plural("{count} node is running: {names}.", "{count} nodes are running: {names}.",
                             count=len(nodes), names=", ".join(n["name"] for n in nodes))]
        node_lines += [Plural("Node {node} runs {count} table.", "Node {node} runs {count} tables.",
                              count=n["tables"], node=n["name"]) for n in nodes]
        node_lines.append(Msg(N_("This report comes from node {node}; what follows is this node's."), node=data["node"]))
    tables, people, bots, problems = data["tables"], data["people"], data["bots"], data["problems"]
    sections: list[tuple[str, list[Msg]]] = [
        (N_("Nodes"), node_lines),
        (N_("Tables"), [Msg(N_("Tables waiting for players: {waiting}; being played: {playing}; over and still "
                               "open: {over}."), **tables)]),
        (N_("People"), [Msg(N_("People online: {online}; connections to tables: {at_tables}."), **people)]),
        (N_("Bot pool"), [Msg(N_("Bot processes: {workers}; thinking now: {thinking}; tables waiting for a bot: "
                                 "{waiting}."), **bots)]),
    ]
    lines = [Msg(N_("Since the room started: warnings: {warnings}; errors: {errors}."),
                 warnings=problems["warnings"], errors=problems["errors"])]
    for p in problems["recent"]:
        level = Msg(N_("error")) if p["level"] in ("error", "critical") else Msg(N_("warning"))
        lines.append(Msg(N_("{time}, {level}: {event}"), time=clock(p["at"]), level=level, event=p["event"]))
    sections.append((N_("Recent errors"), lines))
    if not data["limits"]:
        limits = [Msg(N_("No limit has refused anyone since the room started."))]
    else:
        limits = [Plural("Limit {limit}: refused {count} time, the last at {time}.",
                         "Limit {limit}: refused {count} times, the last at {time}.",
                         count=hit["count"], limit=hit["limit"], time=clock(hit["last"])) for hit in data["limits"]]
    sections.append((N_("Limits hit"), limits))
    return sections
