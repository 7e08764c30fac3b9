"""Hearts at the terminal: a scripted game with shortcuts and bad input, saved and replayed."""

from __future__ import annotations

from typer.testing import CliRunner

import cardhall
from cardhall.bots import make_bot
from cardhall.cli import app
from cardhall.core import Record
from cardhall.core.cards import card_name
from cardhall.core.text import text_ui
from cardhall.games.hearts.game import PASS
from cardhall.tui.play import TerminalGame

runner = CliRunner()


def script(first: list[str]):
    """The scripted lines, then "1" and Enter for ever (always play the first choice)."""
    lines = iter(first)

    def ask(prompt: str) -> str:
        try:
            return next(lines)
        except StopIteration:
            return "1" if ask.flip else ""  # type: ignore[attr-defined]
        finally:
            ask.flip = not ask.flip  # type: ignore[attr-defined]

    ask.flip = True  # type: ignore[attr-defined]
    return ask


def test_scripted_game_with_shortcuts_and_bad_input(tmp_path):
    """A whole short game: C, S, T, F, ? and L shortcuts, bad input explained, record replays."""
    game = cardhall.load("hearts", target=20)
    state = game.new_state(8)
    bots = {s: make_bot(game, "heuristic", seed=s) for s in (1, 2, 3)}
    out: list[str] = []
    first = ["", "C", "S", "T", "F", "?", "L", "ZZ", "pass QS KS", "QS KS", "99", "AS", "1", ""]
    final = TerminalGame(state, 0, bots, ask=script(first), say=out.append,
                         record_path=tmp_path / "h.json").run()
    text = "\n".join(out)
    assert "Nothing is selected" in text
    assert "No cards on the table: the players are choosing cards to pass." in text
    assert "Totals (lowest wins; the game ends when a total passes 20)" in text
    assert "Your turn: choose card 1 of 3 to pass to East" in text
    assert "No card has been led in this trick yet." in text
    assert "F  the led suit" in text
    assert "cannot read 'ZZ' as a card" in text
    assert "cards are passed one at a time" in text
    assert "write one card such as QS" in text
    assert "There is no choice 99" in text
    assert "Selected: pass" in text
    assert "East passes three cards." in text and "West passes three cards." in text
    assert "chooses a card to pass" not in text
    assert "Passing is done. You received" in text
    assert "takes the trick with the" in text or "take the trick with the" in text
    assert "Deal 1 scored:" in text
    assert "Final scores:" in text
    assert final.is_over()
    assert Record.load(tmp_path / "h.json").check() == final


def test_bot_passes_are_hidden_from_the_human():
    """The engine's events never name a card another seat passes; the text phrases them."""
    game = cardhall.load("hearts")
    ui = text_ui(game)
    state = game.new_state(8)
    card = state.legal_actions()[0]
    events = state.apply_with_events(card)
    assert events[1] == [{"type": "pass_chosen", "seat": 0, "count": 1}] and events[None] == events[1]
    assert ui.phrase(events[1][0], 1) == ""  # another seat's pass is said once, at its third card
    assert ui.phrase({**events[1][0], "count": 3}, 1) == "North passes three cards."
    assert ui.phrase(events[0][0], 0) == f"You choose the {card_name(card - PASS)} to pass (1 of 3)."
    assert ui.phrase({"type": "card_played", "seat": 2, "card": "QS"}, 0) == "South: queen of spades."
    assert ui.phrase({"type": "card_played", "seat": 2, "card": "QS"}, 2) == "You: queen of spades."


def test_led_suit_shortcut_and_illegal_card_explained(tmp_path):
    """F names the led suit; an illegal card is refused with the rule that forbids it."""
    game = cardhall.load("hearts")
    state = game.deal_state(4, 3)  # no passing: play starts
    ui = text_ui(game)
    while state.to_move() != 0 or not state.trick:
        state.apply(state.legal_actions()[0])
    view = state.view(0)
    assert ui.led_suit(view, 0).startswith("The led suit is ")
    out: list[str] = []
    hand = [a for a in range(52) if state.hands[0] >> a & 1 and a not in state.legal_actions()]
    lines = [game.format_action(hand[0])] if hand else []
    TerminalGame(state, 0, {}, ask=script([*lines, "q"]), say=out.append, record_path=tmp_path / "x.json").run()
    if hand:
        assert any("you must follow suit" in line.lower() or "no point card" in line for line in out)


def test_cli_play_hearts_and_rules_and_bench_errors(tmp_path):
    """`cardhall play hearts` runs with game options; bad options and peers are refused with a sentence."""
    path = tmp_path / "g.json"
    r = runner.invoke(app, ["play", "hearts", "--seed", "3", "--record", str(path), "--players", "3"], input="1\n\nq\n")
    assert r.exit_code == 0, r.output
    assert "You choose the" in r.output
    assert Record.load(path).replay().game.num_players == 3
    r = runner.invoke(app, ["play", "hearts", "--moon-mode", "double"])
    assert r.exit_code == 2 and "must be one of 'add', 'subtract'" in r.output
    r = runner.invoke(app, ["bench", "hearts", "--vs", "nothing"])
    assert r.exit_code == 2 and "available: openspiel" in r.output
    r = runner.invoke(app, ["bench", "hearts", "--vs", "openspiel", "--players", "3"])
    assert r.exit_code == 2 and "4 players" in r.output
    r = runner.invoke(app, ["rules", "hearts"])
    assert "Black Lady" in r.output


def test_bench_figures_have_the_promised_keys():
    """`cardhall bench hearts --vs openspiel --json` gives ours, peer and ratio (timings never asserted)."""
    from cardhall.core import bench

    figures = bench.run(cardhall.load("hearts"), 0.06, "openspiel")
    assert set(figures) == {"ours", "peer", "ratio"}
    assert figures["ours"] > 0 and figures["peer"] > 0


def test_a_listener_with_buttons_hears_no_notation():
    """Issue 29: the browser's reader (`notation=False`) hears cards in words only and no
    "write pass and a card"; the terminal's still shows the notation it types."""
    game = cardhall.load("hearts")
    state = game.new_state(8)
    view = state.view(0)
    typed, heard = text_ui(game), text_ui(game, notation=False)
    assert "write pass" in typed.turn(view, 0).lower()
    assert "write pass" not in heard.turn(view, 0).lower() and "pass to" in heard.turn(view, 0)
    hand = heard.hand(view, 0)
    assert not any(card in hand for card in view["hand"]) and any(card in typed.hand(view, 0) for card in view["hand"])
    won = {"type": "trick_won", "seat": 2, "leader": 1, "cards": ["3D", "KD", "5D", "2D"], "points": 0}
    # the listener has just heard the cards: the trick's end says who takes it and the points (issue 38)
    assert heard.phrase(won, 0) == "South takes it."
    assert heard.phrase({**won, "points": 3}, 2) == "You take 3 points."
    assert text_ui(game, "de", notation=False).phrase({**won, "points": 1}, 0) == "Stich an Süd, 1 Punkt."
    assert text_ui(game, "ru", notation=False).phrase({**won, "points": 5}, 0) == "Юг берёт 5 очков."
    # the terminal's reader, who may not have seen the cards go by, still hears the winning card
    assert typed.phrase(won, 0) == "South takes the trick with the king of diamonds."


def test_the_trick_and_the_last_trick_are_two_keys():
    """Issue 29: C says the trick alone, X the last trick, each in one sentence."""
    game = cardhall.load("hearts")
    ui = text_ui(game, notation=False)
    keys = ui.shortcuts()
    view = {"trick": [[1, "3D"]], "phase": "play", "tricks": 1, "hand": ["2D"],
            "last_trick": {"cards": ["3C", "5C", "QC", "2D"], "leader": 0, "winner": 2}}
    assert keys["C"][1](view, 0) == "On the table: East led the three of diamonds."
    assert keys["X"][1](view, 0) == ("Last trick: three of clubs, five of clubs, queen of clubs and "
                                     "two of diamonds, led by you, won by South.")
