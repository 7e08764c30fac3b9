"""Measure what the words of a table cost apart from the room: random 4-person Hearts tables played
through `cardhall.room.table.Table`, every state (and its events) phrased for each seat with
`cardhall.web.words.Speaker`, as a room does for four word connections (the speakers of a table
share one cache, as a room's connections share its process-wide one). Prints the process CPU
time per act without words and with them (the difference is the words' cost for four viewers),
then with every message each connection would send encoded as the socket does (`wire whole`),
and with each state after the first sent as a delta of the last (`wire delta`, `?delta=1`:
`cardhall.web.deltas`), with the bytes each sends per act;
`--profile` prints a cProfile of the words run, heaviest first.

    PYTHONPATH=$PWD python3 scripts/measure_words.py [--tables 10] [--lang en] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from typing import Any

import msgspec

import cardhall
from cardhall.room.broadcast import state_of
from cardhall.room.messages import State
from cardhall.room.table import Seat, Table
from cardhall.web.deltas import Deltas
from cardhall.web.words import Cache, Speaker


def play(tables: int, words: bool, lang: str = "en", wire: str | None = None) -> tuple[int, int]:
    """Play `tables` games of random moves, phrasing for each seat if `words`, encoding what each
    connection sends if `wire` ("whole" or "delta"); the acts made and the bytes sent."""
    rng = random.Random(1)
    acts = sent = 0
    encode = msgspec.json.Encoder().encode
    for g in range(tables):
        table = Table(f"t{g}", cardhall.load("hearts"), None, [Seat.person(f"p{i}", f"P{i}") for i in range(4)], host="p0")
        table.start("p0", 0.0, seed=g)
        cache = Cache()
        speakers = [Speaker(table.id, table.game, lang, cache=cache) for _ in range(4)] if words else []
        deltas: list[Any] = [Deltas() for _ in range(4)] if wire == "delta" else []
        while table.status == "playing":
            seat = table.state.to_move()
            changes = table.act(f"p{seat}", rng.choice(table.state_message(seat).legal), table.version, 0.0)
            acts += 1
            for viewer in range(4):
                out: list[Any] = []
                for change in changes:
                    for event in table.events_since(change.version - 1, viewer) or []:
                        out += speakers[viewer].take(event) if words else [event]
                message = state_of(table, viewer)
                out += speakers[viewer].take(message) if words else [message]
                for m in out if wire else ():
                    sent += len(encode(deltas[viewer].message(m) if deltas and isinstance(m, State) else m))
    return acts, sent


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    cost = {}
    for words in (False, True):
        start = time.process_time()
        acts, _ = play(args.tables, words, args.lang)
        cost[words] = (time.process_time() - start) / acts * 1000
        print(f"{'words' if words else 'bare '} {acts} acts {cost[words]:.3f} ms CPU/act")
    print(f"words alone {cost[True] - cost[False]:.3f} ms CPU/act (4 viewers)")
    for wire in ("whole", "delta"):
        start = time.process_time()
        acts, sent = play(args.tables, True, args.lang, wire)
        spent = (time.process_time() - start) / acts * 1000
        print(f"words, wire {wire} {spent:.3f} ms CPU/act (the wire alone {spent - cost[True]:.3f}), "
              f"{sent / acts:.0f} bytes/act")
    if args.profile:
        cProfile.runctx("play(args.tables, True, args.lang)", globals(), {"args": args, "play": play}, "/tmp/words.prof")
        pstats.Stats("/tmp/words.prof").sort_stats("cumulative").print_stats(35)


if __name__ == "__main__":
    main()
