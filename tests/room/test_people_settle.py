"""Finished games are entered in the history and rated exactly once, in the order they ended,
even when two nodes settle at the same time (SQLite and PostgreSQL)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
import sqlalchemy as sa

from cardhall.core.registry import load
from cardhall.people import ratings
from cardhall.room.history import settle
from cardhall.room.store import Store, results
from cardhall.room.table import Seat, Table
from tests.services import make_database

GAMES = 6


async def store_games(store: Store, player: str) -> list[list[int]]:
    """`GAMES` rated Clash of Decks duels of `player` against `easy`, played to the end at random and
    stored as the room stores them; each game's places."""
    places = []
    for number in range(GAMES):
        game = load("clash-of-decks")
        table = Table(f"t{number}", game, 100 + number, [Seat(), Seat.robot("easy")], host=player, rated=True,
                      created=float(number))
        entries = table.sit(player, "Pat", 0, 0.0) + table.start(player, 0.0)
        rng = random.Random(number)
        while table.status == "playing":
            state = table.state
            action = game.format_action(rng.choice(state.legal_actions()))
            if state.to_move() == 0:
                entries += table.act(player, action, None, 1.0)
            else:
                entries += table.bot_act(1, action, len(state.actions), 1.0)
        header = Table(f"t{number}", game, 100 + number, [Seat(), Seat.robot("easy")], host=player, rated=True,
                       created=float(number)).header()
        await store.add_table(table.summary(), header, None, [(c.version, c.entry) for c in entries], 10.0 + number)
        places.append(ratings.places_of(table.state.scores(), table.state.winners()))
    return places


@pytest.mark.parametrize("kind", ["sqlite", "postgresql"])
def test_two_nodes_settle_each_game_once_in_order(kind: str, request: pytest.FixtureRequest, tmp_path: Path) -> None:
    url = make_database(kind, request, tmp_path)

    async def run() -> None:
        one, two = await Store.open(url), await Store.open(url)
        try:
            await one.add_player("p1", "Pat", 0.0)
            places = await store_games(one, "p1")
            entered = await asyncio.gather(settle(one), settle(two))
            entered = [*entered, await settle(one)]  # whatever a conflict left is entered now
            assert sum(entered) == GAMES
            async with one.engine.connect() as conn:
                rows = (await conn.execute(sa.select(results).where(results.c.player == "p1"))).all()
            assert len(rows) == GAMES
            expected: dict[str, tuple[float, float]] = {}
            for place in places:  # one after the other, in the order the games ended
                expected = ratings.new_ratings("clash-of-decks:2", [[("person", "p1")], [("bot", "easy")]], place,
                                               expected)
            from cardhall.room.history import ratings_of

            got = (await ratings_of(one, "p1"))["clash-of-decks:2"]
            assert got["games"] == GAMES
            assert got["mu"] == pytest.approx(expected["p1"][0], abs=1e-3)
            assert got["sigma"] == pytest.approx(expected["p1"][1], abs=1e-3)
        finally:
            await one.close()
            await two.close()

    asyncio.run(run())
