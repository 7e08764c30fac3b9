"""Group commit (`cardhall.room.group_commit`): the appends of many tables that arrive together are
stored in one transaction, on a SQLite file (`SqliteAppender`) and on PostgreSQL; each waiter is
woken only after its transaction committed; a table refused by its version fence is refused
alone, the others of its transaction are stored."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cardhall.room.group_commit import GroupCommit
from cardhall.room.store import StaleWrite, Store
from tests.services import make_database

TABLES = 12


async def _tables(store: Store, n: int) -> None:
    for t in range(n):
        summary = {"id": f"t{t}", "game": "hearts", "status": "waiting", "private": False, "host": "p", "version": 1}
        await store.add_table(summary, {"id": f"t{t}"}, None, [(1, {"kind": "sit"})], 1.0)


def _group(store: Store) -> GroupCommit:  # type: ignore[type-arg]
    return store._appender._group if store._appender is not None else store._group


@pytest.mark.parametrize("backend", ["sqlite", "postgresql"])
def test_appends_that_arrive_together_share_a_transaction_and_a_stale_one_is_refused_alone(
        backend: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    url = make_database(backend, request, tmp_path)

    async def go() -> None:
        store = await Store.open(url)
        try:
            await _tables(store, TABLES)
            group = _group(store)
            before = group.transactions
            appends = [store.append(f"t{t}", [(2, {"kind": "start"}), (3, {"kind": "act", "t": t})], "playing", 2.0)
                       for t in range(TABLES)]
            appends.append(store.append("t0", [(2, {"kind": "start"})], "playing", 2.0))  # t0 twice: the second is stale
            results = await asyncio.gather(*appends, return_exceptions=True)
            assert results[:TABLES] == [None] * TABLES
            assert isinstance(results[TABLES], StaleWrite)
            assert group.transactions - before < TABLES + 1, "appends that arrived together shared transactions"
            for t in range(TABLES):
                stored = await store.load(f"t{t}")
                assert stored is not None and stored.version == 3
                assert stored.entries == [{"kind": "sit"}, {"kind": "start"}, {"kind": "act", "t": t}]
        finally:
            await store.close()

    asyncio.run(go())


def test_a_waiter_is_woken_only_after_its_transaction_and_a_failed_commit_fails_all_of_it() -> None:
    async def go() -> None:
        stored: list[int] = []
        gate = asyncio.Event()

        async def flush(batch: list[int]) -> list[BaseException | None]:
            await gate.wait()
            if -1 in batch:
                raise OSError("disk gone")
            stored.extend(batch)
            return [ValueError("refused") if i == 13 else None for i in batch]

        group: GroupCommit[int] = GroupCommit(flush)
        first = asyncio.create_task(group.add(1))
        await asyncio.sleep(0)
        rest = [asyncio.create_task(group.add(i)) for i in (2, 3, 13)]
        await asyncio.sleep(0.01)
        assert not first.done() and not any(t.done() for t in rest)  # nothing heard before the commit
        gate.set()
        await first
        assert stored[:1] == [1]
        results = await asyncio.gather(*rest, return_exceptions=True)
        assert results[:2] == [None, None] and isinstance(results[2], ValueError)
        assert stored == [1, 2, 3, 13] and group.transactions == 2  # 2, 3 and 13 in one transaction
        gate.clear()
        first = asyncio.create_task(group.add(4))
        await asyncio.sleep(0)
        failed = [asyncio.create_task(group.add(i)) for i in (5, -1)]
        await asyncio.sleep(0.01)
        gate.set()
        await first
        results = await asyncio.gather(*failed, return_exceptions=True)
        assert all(isinstance(r, OSError) for r in results)  # nothing of a failed commit is taken as stored
        assert 5 not in stored
        with pytest.raises(OSError):  # alone too
            await group.add(-1)

    asyncio.run(go())
