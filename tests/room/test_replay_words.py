"""A replay's words (issue 38 point 6, issue 37 point 4): the deals (5 Towers' rounds) counted by
the game's own numbers, so the last step of a one-deal game is "deal 1 of 1"; each step's
sentences in the order the game made its events; no notation in any step's words (a pass's card
is said: "North passes the two of clubs."); and the people who sat there named where a game only
numbers its seats ("Ann bids 1.", not "Player 1 bids 1."), in every game and language."""

from __future__ import annotations

import random
import re

import pytest

from cardhall.core.registry import load
from cardhall.room.replays import build
from cardhall.room.table import Seat, Table

NAMES = ["Ann", "Bob", "Cleo", "Dan", "Eve"]
NOTATION = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b|\b[PVGSY]\d{1,2}\b|\b(?:pass|bid|take|trump) [A-Z0-9]{1,3}\b"
                      r"|\b(?:summon|cast) [A-Z!]+ (?:on|top|bottom)\b")
LANGS = ("en", "bg", "cs", "es", "ru", "de", "fr")


def finished(game: str, options: dict[str, object], seed: int = 7) -> tuple[dict[str, object], list[dict[str, object]]]:
    """A table of people (Ann, Bob …) made and played to the end with random legal moves: its
    header and log entries, as the store keeps them."""
    rules = load(game, **options)
    seats = [Seat.person(f"p{i}", NAMES[i]) for i in range(rules.num_players)]
    table = Table("t1", rules, seed, seats, host="p0")
    header, entries = table.header(), [c.entry for c in table.start("p0", now=0.0)]
    rng = random.Random(seed)
    while not table.state.is_over():
        mover = table.state.to_move()
        action = rng.choice(table.state.legal_actions())
        entries += [c.entry for c in table.act(f"p{mover}", rules.format_action(action), None, 0.0)]
    return header, entries


GAMES = [("hearts", {"target": 1}, "deal"), ("hearts", {}, "deal"), ("jass", {"one_deal": True}, "deal"),
         ("three-two-five", {}, "deal"), ("putz", {}, "deal"), ("five-towers", {"players": 3}, "round"),
         ("clash-of-decks", {}, None)]


@pytest.mark.parametrize(("game", "options", "part"), GAMES, ids=[f"{g[0]}-{len(g[1])}" for g in GAMES])
def test_the_deals_are_the_games_own(game, options, part):
    header, entries = finished(game, options)
    replay = build(header, entries, "en")
    deals = [step["deal"] for step in replay["steps"]]
    assert replay["part"] == part
    assert deals == sorted(deals) and deals[0] == 1 and deals[-1] == replay["deals"]
    assert set(deals) == set(range(1, replay["deals"] + 1))  # no deal skipped (3-2-5 once counted 19 of its 9)
    if game == "three-two-five":
        assert replay["deals"] == 9 and "9 of 9 deals" in " ".join(replay["steps"][-1]["said"])
    if options.get("target") == 1 or options.get("one_deal"):
        assert replay["deals"] == 1  # "deal 1 of 1"


@pytest.mark.parametrize("code", LANGS)
def test_no_notation_and_the_people_named_in_every_game(code):
    for game, options, _part in GAMES:
        header, entries = finished(game, options, seed=3)
        replay = build(header, entries, code)
        said = [text for step in replay["steps"] for text in step["said"]]
        coded = [t for t in said if NOTATION.search(t)]
        assert not coded, (game, code, coded[:3])
        if game in ("five-towers", "clash-of-decks", "putz"):  # seats only numbered: the people's names
            assert any("Ann" in t for t in said) and any("Bob" in t for t in said), (game, code, said[:3])
            numbered = re.compile(r"\b(?:Player|Игрок|Играч|Hráč|Jugador|Spieler|Joueur|Joueuse) [1-5AB]\b")
            assert not [t for t in said if numbered.search(t)], (game, code)
            assert [s["label"] for s in replay["seats"]] == NAMES[:len(replay["seats"])]


def test_a_pass_is_said_card_by_card_in_words():
    header, entries = finished("hearts", {"target": 1})
    steps = build(header, entries, "en")["steps"]
    passes = [s for s in steps if s["action"].startswith("pass ")]
    assert len(passes) == 12
    first = passes[0]
    assert re.fullmatch(r"North passes the \w+ of \w+\.", first["said"][0]), first["said"]
    assert passes[-1]["said"][-1] == "Passing is done."


def test_each_steps_lines_follow_the_games_events():
    """The last card of a deal: the card, the trick, the deal's score, then the next deal — in
    the order they happened."""
    header, entries = finished("hearts", {"target": 60})
    steps = build(header, entries, "en")["steps"]
    end = next(s for s in steps if any(t.startswith("Deal 1 scored") for t in s["said"]))
    kinds = [("card" if re.match(r"\w+: ", t) and " of " in t.split(":")[1][:20] else
              "trick" if "takes the trick" in t else "scored" if "scored" in t else "next" if t.startswith("Deal 2") else t)
             for t in end["said"]]
    assert kinds == ["card", "trick", "scored", "next"], end["said"]
    assert end["deal"] == 1 and steps[steps.index(end) + 1]["deal"] == 2


@pytest.mark.parametrize("game", ["hearts", "jass", "five-towers", "three-two-five", "clash-of-decks"])
def test_a_record_files_replay_speaks_words_too(game, tmp_path):
    """`cardhall replay FILE` says each move as a table's replay does ("North passes the two of
    clubs."), never its notation ("North: pass 2C")."""
    from typer.testing import CliRunner

    from cardhall.cli import app
    from cardhall.core.record import Record

    state = load(game).new_state(7)
    rng = random.Random(1)
    while not state.is_over() and len(state.actions) < 40:
        state.apply(rng.choice(state.legal_actions()))
    path = Record.of(state).save(tmp_path / "game.json")
    out = CliRunner().invoke(app, ["replay", str(path), "--lang", "en"])
    assert out.exit_code == 0, out.output
    steps = [line for line in out.output.splitlines() if re.match(r"\s*\d+\. ", line)]
    assert len(steps) == len(state.actions)
    assert not [line for line in steps if NOTATION.search(line)], out.output
