"""Issue 17: a full scripted terminal game of every game, its whole output checked the way a
blind player hears it — no box-drawing or ASCII art, no line said twice in a row, the player
never named in the third person, counts in the right number."""

from __future__ import annotations

import itertools
import re

import pytest

import cardhall
from cardhall.tui.play import TerminalGame

GAMES = [
    ("five-towers", {}),
    ("hearts", {"target": 30}),
    ("jass", {}),
    ("putz", {}),
    ("three-two-five", {"deals": 3}),
    ("clash-of-decks", {}),
    ("clash-of-decks", {"format": "draft"}),
]
BOX = re.compile(r"[\u2500-\u257f]|=bridge=|\[=*[BF]\.*\]|\|")


def play_through(name, options, tmp_path, extra=()):
    game = cardhall.load(name, **options)
    out: list[str] = []
    script = iter([*extra, *(["1", ""] * 5000)])

    def ask(prompt: str) -> str:
        try:
            return next(script)
        except StopIteration:
            raise EOFError from None

    state = TerminalGame(game.new_state(3), 0, {s: "random" for s in range(1, game.num_players)}, ask=ask,
                         say=out.append, record_path=tmp_path / "g.json").run()
    return state, [line for said in out for line in said.split("\n")]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_whole_game_in_words(name, options, tmp_path):
    state, lines = play_through(name, options, tmp_path)
    assert state.is_over()
    me = state.game.seat_name(0)
    assert lines[0].endswith(f"you are {me}. Type ? for help at any prompt.")
    for before, line in itertools.pairwise(lines):
        assert line != before or not line.strip(), f"said twice: {line!r}"
    for line in lines[1:]:
        assert not BOX.search(line), f"ASCII art: {line!r}"
        assert not re.search(rf"\b{re.escape(me)}\b(?!')", line, re.IGNORECASE), f"you in the third person: {line!r}"
        assert not re.search(r"(?<![\w.])1 (cards|points|tricks|moves)\b|(?<![\w/])[−+-]0\b", line), f"number: {line!r}"
        assert not re.search(r"\b([A-Za-z]+) \1\b", line), f"doubled word: {line!r}"
    assert "Game over." in lines[-2]


def test_by_default_only_what_changed_and_everything_on_c_or_verbose(tmp_path):
    """Point 5: the whole table is said at the start and on C; before later turns only what
    happened, whose turn it is and the choices (every turn with --verbose)."""
    game = cardhall.load("hearts", target=30)
    out: list[str] = []
    script = iter(["1", "", "1", "", "C", "q"])
    TerminalGame(game.new_state(3), 0, {s: "random" for s in (1, 2, 3)}, ask=lambda _: next(script),
                 say=out.append, record_path=tmp_path / "g.json").run()
    text = "\n".join(out)
    assert text.count("Your hand (13 cards)") == 1 and text.count("Your hand (11 cards)") == 1  # start, then C
    assert "Your turn: choose card 2 of 3" in text
    out.clear()
    script = iter(["1", "", "1", "", "q"])
    TerminalGame(game.new_state(3), 0, {s: "random" for s in (1, 2, 3)}, ask=lambda _: next(script),
                 say=out.append, record_path=tmp_path / "g.json", verbose=True).run()
    text = "\n".join(out)
    assert "Your hand (13 cards)" in text and "Your hand (12 cards)" in text and "Your hand (11 cards)" in text


def test_input_words_quick_long_lines_and_unused_keys(tmp_path):
    """Points 8 and 9: a card in words selects it; --quick plays at once; a 5,000-character line
    is not echoed; a key the game does not use says so in one sentence with the keys it has."""
    game = cardhall.load("hearts")
    state = game.new_state(3)
    hand = state.view(0)["hand"]
    hand = hand.split() if isinstance(hand, str) else hand
    from cardhall.core.cards import card_name, parse_card

    words = card_name(parse_card(hand[0]))  # e.g. "ten of spades"
    out: list[str] = []
    script = iter([words, "x" * 5000, "Z", "q"])
    TerminalGame(state, 0, {s: "random" for s in (1, 2, 3)}, ask=lambda _: next(script), say=out.append,
                 record_path=tmp_path / "g.json").run()
    assert f"Selected: pass {hand[0]} ({words}). Press Enter to play it." in out
    assert "That line is 5000 characters long, too long to be a choice." in " ".join(out)
    assert all(len(line) < 500 for said in out for line in said.split("\n"))
    assert "Z is not used here. The keys are C, S, T, F, X, L, Q, ?; ? says what each does." in out
    out.clear()
    script = iter(["spades", "1", "q"])
    TerminalGame(game.new_state(3), 0, {s: "random" for s in (1, 2, 3)}, ask=lambda _: next(script),
                 say=out.append, record_path=tmp_path / "g.json", quick=True).run()
    assert any(line.startswith("3 choices match 'spades'") or "choices match 'spades'" in line for line in out)
    assert any(line.startswith("You choose the") for line in out) and not any("Press Enter" in x for x in out)


@pytest.mark.parametrize("fmt", ["draft", "constructed"])
def test_clash_draft_and_constructed_answer_h_and_s(fmt, tmp_path):
    """Point 9: H and S answer in the draft and constructed phases too."""
    game = cardhall.load("clash-of-decks", format=fmt)
    out: list[str] = []
    script = iter(["H", "S", "q"])
    TerminalGame(game.new_state(3), 0, {1: "random"}, ask=lambda _: next(script), say=out.append,
                 record_path=tmp_path / "g.json").run()
    assert any(line.startswith("You have no hand yet: the cards you") for line in out), out
    assert any(line.startswith("No life bars yet:") for line in out)


def test_refusals_of_your_own_moves_say_you(tmp_path):
    """Point 4: "You do not hold QS", not "North does not hold QS"."""
    game = cardhall.load("hearts")
    state = game.new_state(3)
    hand = state.view(0)["hand"]
    hand = hand.split() if isinstance(hand, str) else hand
    missing = next(c for c in ("QS", "AS", "KS", "2C", "3C") if c not in hand)
    out: list[str] = []
    script = iter(["pass " + missing, "q"])
    TerminalGame(state, 0, {s: "random" for s in (1, 2, 3)}, ask=lambda _: next(script), say=out.append,
                 record_path=tmp_path / "g.json").run()
    assert any(line.startswith(f"You do not hold {missing}; pass one of:") for line in out), out[-3:]
    assert not any("North does not" in line for line in out)


def test_the_result_is_said_to_you():
    """Point 4: "You win with 43 points" / "…; you finish second with 40 points"."""
    from cardhall.core.text import TextUI, signed

    ui = TextUI(cardhall.load("putz"))
    assert ui.outcome([43, 40, 12], [0], 0) == "You win with 43 points."
    assert ui.outcome([43, 40, 12], [0], 1) == "Player 1 wins with 43 points; you finish second with 40 points."
    assert ui.outcome([5, 9, 1], [2], 0) == "Player 3 wins with 1 point; you finish second with 5 points."  # lowest wins
    assert "Final scores: you 43, Player 2 40, Player 3 12." in ui.result({}, [43, 40, 12], [0], 0)
    assert (ui.points(1), ui.points(2), ui.points(-0.0)) == ("1 point", "2 points", "0 points")
    assert (signed(0), signed(-0.0), signed(3), signed(-2)) == ("0", "0", "+3", "-2")


def test_words_that_match_no_choice_say_so(tmp_path):
    """Point 8: a card in words that is no choice now is answered as such, not "cannot read"."""
    game = cardhall.load("hearts")
    state = game.new_state(3)
    hand = state.view(0)["hand"]
    hand = hand.split() if isinstance(hand, str) else hand
    from cardhall.core.cards import card_name, parse_card

    missing = next(c for c in ("QS", "AS", "KS", "2C", "3C") if c not in hand)
    words = card_name(parse_card(missing))
    out: list[str] = []
    script = iter([words, "q"])
    TerminalGame(state, 0, {s: "random" for s in (1, 2, 3)}, ask=lambda _: next(script), say=out.append,
                 record_path=tmp_path / "g.json").run()
    assert any(line.startswith(f"None of your choices matches {words!r} (cannot read") for line in out), out[-3:]
