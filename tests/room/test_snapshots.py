"""Snapshots: a table restored from a snapshot and the log after it is the table replayed from its
first entry, in every game and at every version; the room stores one every `EVERY` versions and a
restart replays only from the last one (the full log stays the record)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path
from typing import Any

import msgspec
import pytest

from cardhall.core.registry import game_names, load
from cardhall.room import snapshots
from cardhall.room.commands import Start
from cardhall.room.messages import ServerMessage
from cardhall.room.registry import Room
from cardhall.room.store import Store, StoredTable
from cardhall.room.table import Change, Seat, Table


class Listener:
    def __init__(self) -> None:
        self.player: str | None = None
        self.messages: list[dict[str, Any]] = []

    def send(self, message: ServerMessage) -> None:
        message = msgspec.to_builtins(message)  # as a client reads it
        self.messages.append(message)


def played(game_name: str, seed: int) -> tuple[dict[str, Any], list[dict[str, Any]]]:
    """A whole game with a person (who comes and goes, is taken over and comes back, chats) and
    bots, random legal moves; its header and log."""
    rng = random.Random(seed)
    game = load(game_name)
    seats = [Seat.person("ann", "Ann", "cs")] + [Seat.robot("random") for _ in range(game.num_players - 1)]
    table = Table("t1", game, seed, seats, host="ann")
    now = 1000.0
    entries = [c.entry for c in table.connect("ann", now) + table.start("ann", now)]
    while table.status == "playing":
        now += 1.0
        roll = rng.random()
        if roll < 0.04:
            changes = table.chat("ann", f"line {now}", now)
        elif roll < 0.07 and table.seats[0].connected:
            changes = table.disconnect("ann", now)
        elif roll < 0.10 and not table.seats[0].connected:
            changes = table.tick(now + 100.0) if rng.random() < 0.5 else table.connect("ann", now)
        elif roll < 0.11 and not table.seats[0].takeover:
            changes = table.leave("ann", now)  # the seat says "left" until she sits down again
        elif roll < 0.13 and table.seats[0].left:
            changes = table.sit("ann", "Ann", now=now)
        else:
            mover = table.state.to_move()
            assert mover is not None
            text = game.format_action(rng.choice(table.state.legal_actions()))
            if table.bot_seat() is not None:
                changes = table.bot_act(mover, text, len(table.state.actions), now)
            else:
                changes = table.act("ann", text, table.version, now)
        entries += [c.entry for c in changes]
    return table.header(), entries


def same(one: Table, other: Table) -> None:
    assert one.state == other.state and one.state.actions == other.state.actions
    assert (one.version, one.status, one.move_version) == (other.version, other.status, other.move_version)
    assert [(s.to_json(), s.away_since) for s in one.seats] == [(s.to_json(), s.away_since) for s in other.seats]
    for viewer in [*range(len(one.seats)), None]:
        assert one.state_message(viewer) == other.state_message(viewer)
    assert one.record().to_json() == other.record().to_json()
    assert one.deadline() == other.deadline() and one.bot_turn() == other.bot_turn()


@pytest.mark.parametrize("game_name", game_names())
def test_a_table_restored_from_a_snapshot_is_the_table_replayed_from_the_start(game_name: str) -> None:
    header, entries = played(game_name, seed=34)
    last_act = max(i for i, e in enumerate(entries) if e["kind"] == "act")
    rng = random.Random(1)
    cuts = sorted({0, last_act // 2, last_act, *rng.sample(range(last_act + 1), min(3, last_act + 1))})
    replayed = Table.restore(header, entries, now=5000.0)
    for cut in cuts:  # a snapshot at version `cut` (the room takes one before a command that plays a move)
        at_cut = Table.restore(header, entries[:cut])
        stored = StoredTable(header, entries[cut:], None, "playing", snapshots.take(at_cut), len(entries))
        assert stored.first == cut
        same(snapshots.restore(stored, now=5000.0), replayed)


def test_a_snapshot_is_due_every_so_many_versions_before_a_move() -> None:
    act, chat = Change(51, {"kind": "act"}, {}), Change(51, {"kind": "chat"}, {})
    assert snapshots.due(0, 51, [act], 50) and not snapshots.due(10, 51, [act], 50)
    assert not snapshots.due(0, 51, [chat], 50) and not snapshots.due(0, 51, [act], 0)


def test_the_room_stores_snapshots_and_a_restart_replays_only_after_the_last(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'room.sqlite3'}"

    async def go() -> None:
        room = await Room.open(url, bot_workers=1)
        try:
            host = await room.new_player("Host")
            front = await room.create_table(host, "hearts", {"target": 100000}, ["bot:random"] * 4)
            await front.run(Start(player=host))
            for _ in range(1200):
                if front.table.version > 2 * snapshots.EVERY + 10:
                    break
                await asyncio.sleep(0.05)
            table_id = front.table.id
        finally:
            await room.close()
        store = await Store.open(url)
        try:
            whole = await store.load(table_id)
            short = await store.load(table_id, snapshot=True)
            assert whole is not None and short is not None and short.snapshot is not None
            assert whole.snapshot is None and len(whole.entries) == whole.version  # the log stays whole
            assert short.snapshot["version"] >= 2 * snapshots.EVERY - 5  # one before each move past 50, 100, …
            assert short.first == short.snapshot["version"] and len(short.entries) < snapshots.EVERY + 5
            assert short.version == whole.version
            same(snapshots.restore(short), Table.restore(whole.header, whole.entries))
        finally:
            await store.close()
        room = await Room.open(url, bot_workers=1)
        try:  # restored from the snapshot, its history rebuilt: a page back from an old version hears it all
            actor = room.tables[table_id]
            listener = Listener()
            since = short.first - 40
            await actor.subscribe(listener, since)
            heard = [m for m in listener.messages if m["type"] == "event" and m["version"] <= whole.version]
            assert heard == msgspec.to_builtins(Table.restore(whole.header, whole.entries).events_since(since, None))
            assert len(heard) >= 40
        finally:
            await room.close()

    asyncio.run(go())


def test_the_restart_bench_measures_restart_and_full_replay() -> None:
    from cardhall.room.restart_bench import run_restart

    figures = run_restart(tables=1, levels=(120,))
    assert figures["tables"] == 1
    keys = sorted(k for k in figures if k.endswith("_moves"))
    assert keys == ["full_replay_s_at_120_moves", "restart_s_at_120_moves"]
    assert all(isinstance(figures[k], float) and figures[k] >= 0 for k in keys)
