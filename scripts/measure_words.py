"""Measure what the words of a table cost apart from the room: random 4-person Hearts tables played
through `cardhall.room.table.Table`, every state (and its events) phrased for each seat with
`cardhall.web.words.Speaker`, as a room does for four word connections. Prints the process CPU
time per act without words and with them (the difference is the words' cost for four viewers);
`--profile` prints a cProfile of the words run, heaviest first.

    PYTHONPATH=$PWD python3 scripts/measure_words.py [--tables 10] [--lang en] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

import cardhall
from cardhall.room.broadcast import state_of
from cardhall.room.table import Seat, Table
from cardhall.web.words import Cache, Speaker


def play(tables: int, words: bool, lang: str = "en") -> int:
    """Play `tables` games of random moves, phrasing for each seat if `words`; the acts made."""
    rng = random.Random(1)
    acts = 0
    for g in range(tables):
        table = Table(f"t{g}", cardhall.load("hearts"), None, [Seat.person(f"p{i}", f"P{i}") for i in range(4)], host="p0")
        table.start("p0", 0.0, seed=g)
        speakers = [Speaker(table.id, table.game, lang, cache=Cache()) for _ in range(4)] if words else []
        while table.status == "playing":
            seat = table.state.to_move()
            changes = table.act(f"p{seat}", rng.choice(table.state_message(seat).legal), table.version, 0.0)
            acts += 1
            for viewer in range(4):
                for change in changes:
                    for event in table.events_since(change.version - 1, viewer) or []:
                        if words:
                            speakers[viewer].take(event)
                message = state_of(table, viewer)
                if words:
                    speakers[viewer].take(message)
    return acts


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--lang", default="en")
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    cost = {}
    for words in (False, True):
        start = time.process_time()
        acts = play(args.tables, words, args.lang)
        cost[words] = (time.process_time() - start) / acts * 1000
        print(f"{'words' if words else 'bare '} {acts} acts {cost[words]:.3f} ms CPU/act")
    print(f"words alone {cost[True] - cost[False]:.3f} ms CPU/act (4 viewers)")
    if args.profile:
        cProfile.runctx("play(args.tables, True, args.lang)", globals(), {"args": args, "play": play}, "/tmp/words.prof")
        pstats.Stats("/tmp/words.prof").sort_stats("cumulative").print_stats(35)


if __name__ == "__main__":
    main()
