"""Terminal play of 3-2-5, scripted end to end, and the CLI commands."""

from __future__ import annotations

import itertools
import json
import re

from typer.testing import CliRunner

import cardhall
from cardhall.bots import make_bot
from cardhall.cli import app
from cardhall.core.cards import SUIT_NAMES, card_name, format_card
from cardhall.core.record import Record
from cardhall.core.text import text_ui
from cardhall.games.three_two_five.text import GameTextUI
from cardhall.tui.play import TerminalGame
from tests.three_two_five.helpers import SOUTH, game, state_with_pulls

CARD_WORDS = re.compile(r"\b(seven|eight|nine|ten|jack|queen|king|ace) of (clubs|diamonds|hearts|spades)\b")


def run_game(tmp_path, seat: int, script, deals: int = 2, seed: int = 3):
    g = game(deals=deals)
    state = g.new_state(seed)
    out: list[str] = []
    lines = iter(script)
    bots = {s: make_bot(g, "heuristic", seed=s) for s in range(3) if s != seat}
    path = tmp_path / "game.json"
    TerminalGame(state, seat, bots, ask=lambda _p: next(lines), say=out.append, record_path=path).run()
    return state, out, path


def test_text_ui_is_the_games():
    assert isinstance(text_ui(game()), GameTextUI)


def test_scripted_terminal_game_with_shortcuts_and_bad_input(tmp_path):
    """A whole game from the keyboard: shortcuts, bad input with clear errors, Enter to play,
    a saved record that replays."""
    script = itertools.chain(
        ["?", "A", "C", "F", "S", "T", "P", "L", "zz", "9", "trump X", "2C", "AS", ""],
        itertools.cycle(["1", "F", "", "A"]),
    )
    state, out, path = run_game(tmp_path, SOUTH, script)
    text = "\n".join(out)
    assert state.is_over()
    assert "Type a choice's number or its notation" in text  # ?
    assert "declare trump from your first five cards" in text or "Trump is not declared yet" in text  # A
    assert "cannot read 'zz' as a card; write rank then suit" in text
    assert "There is no choice 9; choose a number from 1 to" in text
    assert "'x' is not a suit; write C, D, H or S" in text
    assert "2C is not in the 3-2-5 deck" in text
    assert "Nothing is selected" in text
    assert "wins the trick with" in text or "win the trick with" in text
    assert "Deal 1 scored:" in text and "Deal 2 scored:" in text
    assert "Final scores:" in text
    assert Record.load(path).check() == state


def test_terminal_game_as_a_player_pulled_from_and_pulling(tmp_path):
    """Pull events are told in words: the cards to the two players involved."""
    for seed in range(12):
        state, out, path = run_game(tmp_path, SOUTH, itertools.cycle(["1", ""]), deals=3, seed=seed)
        text = "\n".join(out)
        if "You draw the" in text and "from your hand" in text:
            assert Record.load(path).check() == state
            return
    raise AssertionError("South never pulled and was pulled from")


def test_terminal_never_tells_the_third_seat_which_cards_moved(tmp_path):
    """The seat not involved in a pull hears that a card went each way, never which."""
    for seed in range(10):
        _state, out, _ = run_game(tmp_path, SOUTH, itertools.cycle(["1", ""]), deals=3, seed=seed)
        hidden = [line for line in out if "draws a card blind" in line or "gives one card back" in line]
        for line in hidden:
            assert not CARD_WORDS.search(line), line
        if hidden:
            return
    raise AssertionError("no pull between the others found")


def test_pulls_are_phrased_as_each_seat_may_know_them():
    state = state_with_pulls(5)
    i = max(i for i, p in enumerate(state.pull_log) if p[3] >= 0)
    c, d, x, y = state.pull_log[i]
    ui = GameTextUI(state.game)
    third = 3 - c - d
    before = state.view(third)
    assert card_name(x) not in ui.pulls(before, third) and card_name(y) not in ui.pulls(before, third)
    assert card_name(x) in ui.pulls(state.view(c), c) and card_name(y) in ui.pulls(state.view(d), d)
    back = {"type": "card_returned", "seat": c, "to": d}
    assert ui.phrase(back, third) == f"{ui.seat(c)} gives one card back."
    assert ui.phrase({**back, "card": format_card(y)}, c) == f"You give back {card_name(y)}."
    assert ui.phrase({**back, "card": format_card(y)}, d) == f"You receive the {card_name(y)} from {ui.seat(c)}."


def test_trump_shortcut_explains_the_declaration():
    state = game().new_state(1)
    five = state.to_move()
    ui = GameTextUI(state.game)
    explain = ui.trump(state.view(five), five)
    assert "declare trump from your first five cards" in explain and "trump H" in explain
    other = (five + 1) % 3
    assert "declares it from the first five cards" in ui.trump(state.view(other), other)
    state.apply(203)
    if state.trump == 3:
        assert ui.trump(state.view(other), other) == f"Trump is {SUIT_NAMES[3]}, declared by {ui.seat(five)}."


def test_cli_play_saves_and_quits_then_resumes(tmp_path):
    runner = CliRunner()
    record = tmp_path / "r.json"
    r = runner.invoke(app, ["play", "325", "--seed", "7", "--record", str(record), "--deals", "1"], input="A\nQ\n")
    assert r.exit_code == 0, r.output
    assert "Game saved as" in r.output and record.exists()
    r = runner.invoke(app, ["play", "325", "--resume", str(record)], input="Q\n")
    assert r.exit_code == 0, r.output


def test_cli_errors_are_sentences():
    runner = CliRunner()
    r = runner.invoke(app, ["play", "325", "--deals", "zero"])
    assert r.exit_code == 2 and "deals='zero' is not valid" in r.output
    r = runner.invoke(app, ["bench", "325", "--vs", "openspiel"])
    assert r.exit_code == 2 and "no peer engine" in r.output


def test_cli_bench_and_rules():
    runner = CliRunner()
    r = runner.invoke(app, ["bench", "325", "--seconds", "0.05", "--json", "--deals", "2"])
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output)
    assert figures["random_deals_per_second"] > 0 and figures["samples_per_second"] > 0
    r = runner.invoke(app, ["rules", "325"])
    assert r.exit_code == 0 and "Teen Do Paanch" in r.output


def test_no_trump_no_deal_is_announced():
    """No trump, no deal is said in words, with who had no trump and who redeals."""
    g = game()
    ui = GameTextUI(g)
    for seed in range(200):
        state = g.new_state(seed)
        events = state.apply_with_events(200)  # clubs
        if state.redeals:
            lines = [ui.phrase(e, SOUTH) for e in events[SOUTH]]
            assert any(line.startswith("No trump, no deal:") and "no clubs" in line and "redeal" in line
                       for line in lines)
            assert any(line.startswith("Your first five cards:") for line in lines)
            assert "redealt once" in ui.render(state.view(SOUTH), SOUTH)
            return
    raise AssertionError("no redeal found")


def test_the_page_hears_a_tricks_end_short():
    """Issue 38: the browser's reader has just heard the trick's cards, so its end says who wins
    it (the last trick too, as before); the terminal's still names the winning card."""
    game = cardhall.load("three-two-five")
    won = {"type": "trick_won", "seat": 1, "card": "KD"}
    assert text_ui(game, notation=False).phrase(won, 0) == "East wins the trick."
    assert text_ui(game, notation=False).phrase(won, 1) == "You win the trick."
    assert text_ui(game, "de", notation=False).phrase(won, 1) == "Du machst den Stich."
    assert text_ui(game).phrase(won, 0) == "East wins the trick with the king of diamonds."
