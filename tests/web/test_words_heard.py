"""Words heard per round or turn pair over many whole games, without a browser: every seat plays
at random (the listener's own seat plays its cards first, as a person with a hand does), and what
the listener hears is what the page says — each change's event sentences as the server phrases
them (`cardhall.web.words.Speaker`; a line repeated within a change once) and the turn line
when the turn becomes theirs or what they must do changes (speech.js). Fixed seeds: the figures
cannot drift with a random deal. The browser's own measure is tests/web/test_listening.py; this
one covers the games where its player mostly ends its phases (Clash) across many deals."""

from __future__ import annotations

import random
import re
import statistics
from typing import Any

import msgspec
import pytest

import cardhall
from cardhall.room.messages import Event, State
from cardhall.web.words import Cache, Speaker

# (game, options, the event that ends a segment, ends per segment, the most words a segment may take)
# Before (main of 26 Nov 2026): 5 Towers 83.5 a round, Clash 111.5 a turn pair; after: 62 and 92.5 (the median of
# the 12 games' medians; one game's Clash median ranges 57–129.5 with the deal).
# With the turn's earcon saying "Your turn." (29 Nov 2026, issue #38): 5 Towers 62 → 60 a round, Clash 92.5 → 92.5 a turn pair.
GAMES = [
    ("five-towers", {"players": 2}, "round_started", 1, 70),
    ("clash-of-decks", {}, "turn_started", 2, 110),
]


def heard(name: str, options: dict[str, Any], seed: int) -> list[tuple[str, str]]:
    """(event type or "turn", what seat 0 hears of it, "" for nothing) in one whole game."""
    game = cardhall.load(name, **options)
    speaker = Speaker(f"heard-{name}-{seed}", game, "en", Cache())
    state, rng = game.new_state(seed), random.Random(seed)
    lines: list[tuple[str, str]] = []
    turn_line: str | None = None
    version = 0
    while not state.is_over():
        legal = state.legal_actions()
        if state.to_move() == 0:  # the page's J goes to the hand's cards first
            legal = [a for a in legal if isinstance(a, tuple) and a[0] in ("summon", "cast")] or legal
        events = state.apply_with_events(rng.choice(legal))[0]
        version += 1
        for event in events:
            speaker.take(Event(version, event))
        mine = state.to_move() == 0 and not state.is_over()
        legal = [game.format_action(a) for a in state.legal_actions()] if mine else []
        out = msgspec.to_builtins(speaker.take(State(version, 0, state.view_of(0), 0, state.to_move(), legal, state.is_over(),
                                                     [], "playing", [])))
        said: set[str] = set()
        for message in out[:-1]:  # every event (a segment's end may say nothing), with its words if any
            fresh = message["words"] and message["words"] not in said
            said.add(message["words"])
            lines.append((message["event"]["type"], message["words"] if fresh else ""))
        if mine:
            turn = out[-1]["words"]["keys"]["T"]["text"]
            line = turn if turn.startswith("Your turn") else f"Your turn. {turn}"
            if turn_line is None or re.sub(r"\d+", "#", turn_line) != re.sub(r"\d+", "#", line):
                # the turn's earcon is on by default: it says "Your turn.", the words say the rest
                lines.append(("turn", line.removeprefix("Your turn.").strip()))
            turn_line = line
        else:
            turn_line = None
    return lines


def per_segment(lines: list[tuple[str, str]], end: str, size: int) -> list[int]:
    counts: dict[int, int] = {}
    ends = 0
    for kind, line in lines:
        ends += kind == end
        counts[ends // size] = counts.get(ends // size, 0) + len(line.split())
    return [counts.get(i, 0) for i in range(1, max(counts, default=0))]


@pytest.mark.parametrize(("name", "options", "end", "size", "limit"), GAMES, ids=[g[0] for g in GAMES])
def test_words_per_round_or_turn_pair_over_many_games(name, options, end, size, limit):
    medians = []
    for seed in range(12):
        segments = per_segment(heard(name, options, seed), end, size)
        if segments:
            medians.append(statistics.median(segments))
    assert len(medians) >= 10
    print(f"\n{name}: median {statistics.median(medians)} words (games: {sorted(medians)})")
    assert statistics.median(medians) <= limit
