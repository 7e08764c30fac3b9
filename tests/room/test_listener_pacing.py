"""Bots paced to the listener (issue 38, point 1): a seated person whose page says it is still
saying the last change's lines (`Hearing`) holds the table's bots until then, never longer than
`HEAR_MAX` after that change (`Room.hear_max`, set here: a room made with `bot_pace` 0 holds
none); a page that has not told of a change yet is waited for (within the bound); a person who
turns it off, leaves, or never listened holds nothing. The room here paces nothing else
(`bot_pace` 0), so every wait measured is the listener's. Only lower bounds and the bound's upper
limit (with slack for a loaded machine) are checked."""

from __future__ import annotations

import asyncio
import itertools
import time
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest

from cardhall.core.errors import CardhallError
from cardhall.room import pacing
from cardhall.room.actor import TableActor
from cardhall.room.commands import Act, Hearing, Sit, Start
from cardhall.room.messages import ServerMessage
from cardhall.room.registry import Room

HEARD = 0.4  # what the listener's page says it needs to say each change's lines


class Page:
    """A seated person's page: notes when each message reached it and, as a listener, tells the
    room after each state how long its lines take (`seconds`; None: it tells nothing)."""

    def __init__(self, player: str, seconds: float | None) -> None:
        self.player = player
        self.seconds = seconds
        self.actor: TableActor | None = None
        self.heard: list[tuple[float, dict[str, Any]]] = []
        self.told: list[asyncio.Task[Any]] = []

    def send(self, message: ServerMessage) -> None:
        data = msgspec.to_builtins(message)
        self.heard.append((time.monotonic(), data))
        if data["type"] == "state" and self.seconds is not None and self.actor is not None:
            hearing = Hearing(player=self.player, version=data["version"], seconds=self.seconds)
            self.told.append(asyncio.get_running_loop().create_task(self.actor.run(hearing)))

    def firsts(self) -> dict[int, float]:
        """When each change (version) first reached the page."""
        first: dict[int, float] = {}
        for at, message in self.heard:
            if message["type"] in ("event", "state") and message.get("version") is not None:
                first.setdefault(message["version"], at)
        return first


async def _table(room: Room, *pages: Page) -> TableActor:
    """A 3-2-5 table of one deal: the pages' people, then bots; each page connected, started."""
    host = pages[0].player
    seats = ["me"] + ["open"] * (len(pages) - 1) + ["bot:random"] * (3 - len(pages))
    actor = await room.create_table(host, "three-two-five", {"deals": 1}, seats)
    assert isinstance(actor, TableActor)
    for page in pages[1:]:
        await actor.run(Sit(player=page.player, name=page.player[:8]))
    for page in pages:
        page.actor = actor
        await actor.subscribe(page)
    await actor.run(Start(player=host))
    return actor


async def _play(actor: TableActor, pages: tuple[Page, ...], bot_moves: int) -> None:
    """Play the people's turns at once (their first legal move) until the bots made `bot_moves`."""
    for _ in range(4000):
        bots = [c for c in actor.table.history if c.entry["kind"] == "act" and c.entry.get("by") == "bot"]
        if len(bots) >= bot_moves or actor.table.status != "playing":
            return
        state = actor.table.state
        for page in pages:
            seat = actor.table.seat_of(page.player)
            if seat is not None and state.to_move() == seat and not state.is_over():
                action = state.game.format_action(state.legal_actions()[0])
                await actor.run(Act(player=page.player, action=action, version=actor.table.version))
        await asyncio.sleep(0.02)
    pytest.fail("the bots did not move")


def _bot_gaps(actor: TableActor, page: Page) -> list[float]:
    """For each bot move, how long after the change before it the page got it."""
    first = page.firsts()
    bot = {c.version for c in actor.table.history if c.entry["kind"] == "act" and c.entry.get("by") == "bot"}
    return [first[after] - first[before] for before, after in itertools.pairwise(sorted(first))
            if after in bot and after - before == 1]


def _run(tmp_path: Path, go: Any, hear_max: float = pacing.HEAR_MAX) -> None:
    async def main() -> None:
        room = await Room.open(f"sqlite:///{tmp_path / 'room.sqlite3'}", bot_workers=1)
        assert room.hear_max == 0.0  # a room whose bots never wait (bot_pace 0) holds them for nobody
        room.hear_max = hear_max
        try:
            await go(room)
        finally:
            await room.close()
    asyncio.run(main())


def test_bot_entries_name_the_bot(tmp_path: Path) -> None:
    """The tests below tell a bot's move by its entry (`bot`): check that they can."""
    async def go(room: Room) -> None:
        ann = Page(await room.new_player("Ann"), None)
        actor = await _table(room, ann)
        await _play(actor, (ann,), 4)
        assert sum(1 for c in actor.table.history if c.entry["kind"] == "act" and c.entry.get("by") == "bot") >= 4
    _run(tmp_path, go)


def test_a_listener_holds_the_bots_until_their_lines_are_heard(tmp_path: Path) -> None:
    async def go(room: Room) -> None:
        ann = Page(await room.new_player("Ann"), HEARD)
        actor = await _table(room, ann)
        await _play(actor, (ann,), 6)
        gaps = _bot_gaps(actor, ann)
        assert len(gaps) >= 4
        assert all(gap >= HEARD for gap in gaps), gaps
    _run(tmp_path, go)


def test_a_sighted_person_alone_holds_nothing_and_at_a_table_with_a_listener_sees_only_the_wait(
        tmp_path: Path) -> None:
    async def go(room: Room) -> None:
        eve = Page(await room.new_player("Eve"), None)  # sighted: her page tells nothing
        actor = await _table(room, eve)
        await _play(actor, (eve,), 6)
        assert actor.heard_by() == 0.0
        assert sorted(_bot_gaps(actor, eve))[len(_bot_gaps(actor, eve)) // 2] < HEARD  # not held
        ann, bob = Page(await room.new_player("Ann"), HEARD), Page(await room.new_player("Bob"), None)
        both = await _table(room, bob, ann)
        await _play(both, (bob, ann), 4)
        for page in (ann, bob):  # both see every bot move after the listener's wait, the same messages
            gaps = _bot_gaps(both, page)
            assert gaps and all(gap >= HEARD - 0.05 for gap in gaps), gaps
        assert [m["type"] for _, m in bob.heard if m["type"] not in ("event", "state")] == []
    _run(tmp_path, go)


def test_a_page_that_never_tells_holds_each_change_only_up_to_the_bound(tmp_path: Path) -> None:
    async def go(room: Room) -> None:
        ann = Page(await room.new_player("Ann"), 30.0)  # "still hearing" for far longer than the bound
        actor = await _table(room, ann)
        await _play(actor, (ann,), 4)
        ann.seconds = None  # from now on the page tells nothing: each new change is waited for, bounded
        await _play(actor, (ann,), 8)
        gaps = _bot_gaps(actor, ann)
        assert len(gaps) >= 6
        assert all(0.5 <= gap < 0.5 + 2.0 for gap in gaps), gaps  # held to the bound, never stalled
    _run(tmp_path, go, hear_max=0.5)


def test_turning_it_off_or_leaving_frees_the_bots_at_once(tmp_path: Path) -> None:
    async def go(room: Room) -> None:
        ann = Page(await room.new_player("Ann"), 30.0)
        actor = await _table(room, ann)
        await asyncio.sleep(0.2)
        assert actor.heard_by() > time.monotonic()  # held
        ann.seconds = None
        await actor.run(Hearing(player=ann.player, version=actor.table.version, listening=False))
        assert actor.heard_by() == 0.0
        started = time.monotonic()
        await _play(actor, (ann,), 4)
        assert time.monotonic() - started < pacing.HEAR_MAX  # not held any more
        ann.seconds = 30.0
        await actor.run(Hearing(player=ann.player, version=actor.table.version, seconds=30.0))
        assert actor.heard_by() > time.monotonic()
        await actor.unsubscribe(ann)  # gone: a page that hears nothing holds nothing
        assert actor.heard_by() == 0.0
    _run(tmp_path, go)


def test_only_a_seated_person_holds_the_bots_and_bad_values_are_refused(tmp_path: Path) -> None:
    async def go(room: Room) -> None:
        ann = Page(await room.new_player("Ann"), None)
        actor = await _table(room, ann)
        watcher = await room.new_player("Wes")
        await actor.run(Hearing(player=watcher, version=actor.table.version, seconds=30.0))
        assert actor.heard_by() == 0.0
        with pytest.raises(msgspec.ValidationError):
            msgspec.convert({"op": "hearing", "version": 1, "seconds": 61}, Hearing)
        with pytest.raises(msgspec.ValidationError):
            msgspec.convert({"op": "hearing", "version": -1}, Hearing)
        with pytest.raises(CardhallError, match="signed-in person"):
            await actor.run(Hearing(player=None, version=1))
    _run(tmp_path, go)


def test_the_setting_is_stored_per_person_and_bad_rates_get_a_sentence(tmp_path: Path) -> None:
    """`GET`/`PUT /api/players/me/listening`: defaults (wait null, 300 words a minute), a change
    kept after the room restarts, a rate out of 150–600 refused with the range (in the reader's
    language), no token 401."""
    from cardhall.web.app import create_app
    url = f"sqlite:///{tmp_path / 'room.sqlite3'}"

    async def first() -> str:
        room = await Room.open(url, bot_workers=1)
        try:
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=create_app(room, "s" * 32)),
                                         base_url="http://room") as http:
                made = (await http.post("/api/players", json={"name": "Ann", "lang": "de"})).json()
                auth = {"Authorization": f"Bearer {made['token']}"}
                assert (await http.get("/api/players/me/listening", headers=auth)).json() == {"wait": None, "rate": 300}
                for bad, words in ((900, "150 bis 600 Wörter"), (100, "150 bis 600 Wörter"), ("fast", "rate")):
                    answer = await http.put("/api/players/me/listening", json={"rate": bad}, headers=auth)
                    assert answer.status_code == 400 and words in answer.json()["error"], answer.text
                answer = await http.put("/api/players/me/listening", json={"wait": True, "rate": 450}, headers=auth)
                assert answer.json() == {"wait": True, "rate": 450}
                answer = await http.put("/api/players/me/listening", json={"wait": False}, headers=auth)
                assert answer.json() == {"wait": False, "rate": 450}
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=create_app(room, "s" * 32)),
                                         base_url="http://room") as nobody:
                assert (await nobody.get("/api/players/me/listening")).status_code == 401
            return str(made["token"])
        finally:
            await room.close()

    token = asyncio.run(first())

    async def again() -> None:
        room = await Room.open(url, bot_workers=1)
        try:
            async with httpx.AsyncClient(transport=httpx.ASGITransport(app=create_app(room, "s" * 32)),
                                         base_url="http://room") as http:
                kept = await http.get("/api/players/me/listening", headers={"Authorization": f"Bearer {token}"})
                assert kept.json() == {"wait": False, "rate": 450}
        finally:
            await room.close()

    asyncio.run(again())
