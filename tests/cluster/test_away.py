""""While you were away" reads the store, not one node's memory: two nodes of one room (one
PostgreSQL database, one Redis); Ann's turn-based tables run on node a, and node b, where she
comes back, lists both: the one where play went on (her turn again) and the one that ended while
she was away, with her result; said once, in her language; the room's clock moved on by hand."""

from __future__ import annotations

import asyncio

import sqlalchemy as sa

from cardhall.room.actor import TableActor
from cardhall.room.cluster import open_room
from cardhall.room.registry import Room
from cardhall.room.store import results
from cardhall.web.away import away
from tests.room.test_mail import playing
from tests.room.test_turns import Clock, anns_turn, until
from tests.services import Redis, new_database


async def turn_table(room: Room, ann: str) -> TableActor:
    front = await room.create_table(ann, "hearts", {}, ["me", "bot:random", "bot:random", "bot:random"],
                                    turn_hours=24)
    actor = room.tables.get(front.table.id)
    assert isinstance(actor, TableActor), type(front)
    await actor.command(lambda table, now: table.start(ann, now))
    await until(lambda: anns_turn(actor), "Ann's turn")
    return actor


async def settled(room: Room, table_id: str) -> bool:
    async with room.store.engine.connect() as conn:
        return bool(await conn.scalar(sa.select(sa.func.count()).select_from(results)
                                      .where(results.c.table_id == table_id)))


def test_another_node_says_what_happened_and_what_ended(postgres: str, redis: Redis) -> None:
    db = new_database(postgres)

    async def go() -> None:
        clock = Clock()
        a, b = [await open_room(db, redis.url, name, bot_workers=1) for name in "ab"]
        for room in (a, b):
            room.clock = clock
        try:
            ann = await a.new_player("Ann")
            going, ending = await turn_table(a, ann), await turn_table(a, ann)
            assert going.table.id not in b.tables and ending.table.id not in b.tables  # node a runs them
            first = await away(b, ann, "de")
            assert first == {"since": None, "tables": [], "said": ""}
            clock.now += 3600
            move = going.table.game.format_action(going.table.state.legal_actions()[0])
            await going.command(playing(ann, move))
            await until(lambda: anns_turn(going), "Ann's turn again")
            await ending.command(lambda t, now: t.leave(ann, now))  # the bots play the game out
            for _ in range(600):
                if ending.table.status == "over" and await settled(a, ending.table.id):
                    break
                await asyncio.sleep(0.05)
            assert ending.table.status == "over"
            for _ in range(200):  # node b hears of the turn as node a announces it
                if any(s["id"] == going.table.id and (s.get("turn") or {}).get("player") == ann for s, _ in await b.live()):
                    break
                await asyncio.sleep(0.05)
            clock.now += 3600
            shown = await away(b, ann, "de")
            by_id = {t["id"]: t for t in shown["tables"]}
            assert set(by_id) == {going.table.id, ending.table.id}, shown
            assert by_id[going.table.id]["your_turn"] is True and by_id[going.table.id]["ended"] is False
            assert by_id[going.table.id]["lines"]
            done = by_id[ending.table.id]
            assert done["ended"] is True and done["your_turn"] is False and done["result"]["of"] == 4
            assert 1 <= done["result"]["place"] <= 4
            assert f"{done['result']['place']} von 4" in done["lines"][-1], done["lines"][-1]  # German
            assert "2" in shown["said"] and "1" in shown["said"], shown["said"]
            again = await away(b, ann, "de")
            assert again["tables"] == [], again  # said once
        finally:
            for room in (b, a):
                await room.close()
    asyncio.run(go())
