"""5 Towers in the terminal (scripted end to end), its text UI, the bots and the bench."""

from __future__ import annotations

import json
import random

import pytest
from typer.testing import CliRunner

import cardhall
from cardhall.bots import make_bot
from cardhall.cli import app
from cardhall.core import bench as core_bench
from cardhall.core.bot import RandomBot
from cardhall.core.errors import CardhallError
from cardhall.core.record import Record
from cardhall.core.text import text_ui
from cardhall.games.five_towers import bench
from cardhall.games.five_towers.bot import HeuristicBot, rollout_policy
from cardhall.games.five_towers.game import BUILD
from cardhall.games.five_towers.notation import NO_DEMOLISH, PASS
from cardhall.games.five_towers.text import GameTextUI
from cardhall.tui.play import TerminalGame
from tests.five_towers.helpers import card, cards, position

BAD = ["", "zzz", "999", "bid 9", "take Y99; place Y99", "?", "C", "S", "T", "O", "B", "L"]


def test_terminal_game_end_to_end_with_bad_input_saved_and_replayable(tmp_path):
    """A person plays a whole game by keyboard: bad input gets a message, numbers and notation both work,
    the finished game is saved as a record that replays exactly."""
    game = cardhall.load("five-towers", players=3)
    out: list[str] = []
    pending = list(BAD)
    typed = {"notation": 0}

    def ask(prompt: str) -> str:
        if pending:
            return pending.pop(0)
        s = tg.state
        legal = s.legal_actions()
        if s.phase == BUILD:  # type the build's notation in lower case
            typed["notation"] += 1
            pending.append("")
            return game.format_action(legal[-1]).lower()
        pending.append("")
        if PASS in legal and s.bids[s.start] is not None and len(legal) > 1 and typed["notation"] % 2:
            return "pass"
        return str(len(legal) - 1 if PASS in legal and len(legal) > 1 else len(legal))

    path = tmp_path / "game.json"
    tg = TerminalGame(game.new_state(seed=11), 0, {1: make_bot(game, "heuristic", 1), 2: RandomBot(2)},
                      ask=ask, say=out.append, record_path=path)
    final = tg.run()
    text = "\n".join(out)
    assert final.is_over() and typed["notation"] > 0
    assert "Nothing is selected" in text
    assert "cannot read 'zzz'" in text
    assert "There is no choice 999" in text
    assert "a bid is a number of offer cards, from 0 to 5" in text
    assert "card values go from 0 to 15" in text
    assert "O  the offer" in text and "B  the bids of this round" in text
    assert "Offer (5 cards):" in text and "Player 2 bids" in text and "Final scores" in text
    assert "the discard pile is shuffled into a new draw pile" in text
    assert "The draw pile has run out for the second time: the game ends." in text
    assert f"The game is saved as {path}" in text
    rec = Record.load(path)
    assert rec.check() == final and rec.meta["final_scores"] == final.scores()


def test_cli_rules_and_bench(tmp_path):
    """`cardhall rules five-towers` prints the rules for players (not the specification, which is
    docs/spec/five-towers.md); `cardhall bench five-towers --json` one JSON object."""
    runner = CliRunner()
    r = runner.invoke(app, ["rules", "five-towers"])
    assert r.exit_code == 0 and r.output.startswith("# 5 Towers") and "Decision" not in r.output
    r = runner.invoke(app, ["bench", "five-towers", "--json", "--seconds", "0.05", "--players", "2"])
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output)
    assert figures["players"] == 2 and figures["games_per_second"] > 0 and figures["worst_enumeration_ms"] > 0
    with pytest.raises(CardhallError, match="no peer engine"):
        core_bench.run(cardhall.load("five-towers"), 0.01, "openspiel")


def test_cli_play_five_towers_saves_and_replays(tmp_path):
    """`cardhall play five-towers --players 2 --seat 2 --seed 3`: play a move, quit, the record replays."""
    path = tmp_path / "ft.json"
    r = CliRunner().invoke(app, ["play", "five-towers", "--players", "2", "--seat", "2", "--seed", "3",
                                 "--bots", "random", "--record", str(path)], input="L\n1\n\nq\n")
    assert r.exit_code == 0, r.output
    assert "Offer (5 cards):" in r.output and "Your towers: score" in r.output
    rec = Record.load(path)
    assert rec.options == {"players": 2, "spanish_eight": False, "one_round": False} and len(rec.actions) >= 1
    assert not rec.check().is_over()


def test_text_ui_renders_the_table_in_words():
    """The picture: offer, every player's towers bottom to top, demolished cards, piles, scores, bids, turn."""
    s = position(offer="Y7 P9 G3 S2 V11", towers={0: {"Y": [12, 6], "P": [0]}, 1: {"G": [15, 9]}},
                 demolished={1: "S4"})
    ui = text_ui(s.game)
    assert isinstance(ui, GameTextUI)
    picture = ui.render(s.view(0), 0)
    for words in ["Offer (5 cards): P9 (Candy 9), V11 (Spooky 11), G3 (Tree 3), S2 (Scrap 2), Y7 (Sand 7).",
                  "Your towers: score", "Candy (P, pink): 0 (bottom to top; 1 card, topped with 0, complete)",
                  "Sand (Y, yellow): 12 6 (bottom to top; 2 cards, top 6, main tower)",
                  "Player 2: score 3, 1 demolished (S4).", "No tower yet: Spooky, Tree, Scrap.",
                  "Draw pile: ", "Bidding (you start): no bids yet.", "You open: bid 0 to 4."]:
        assert words in picture, words
    s.apply(2)
    assert ui.turn(s.view(0), 0) == "Player 2 is to bid or pass."
    assert ui.turn(s.view(1), 1) == "Bid 3 to 5, or pass."
    assert "Player 1 bid 2" in ui.bids(s.view(1), 1)
    assert "Player 1: 6 points (towers 4, main tower 2)." in ui.score(s.view(1), 1)


def test_text_ui_phrases_bids_and_builds_in_words():
    ui = GameTextUI(cardhall.load("five-towers"))
    assert ui.phrase({"type": "bid", "seat": 1, "bid": 3}, 0) == "Player 2 bids 3."
    assert ui.phrase({"type": "passed", "seat": 0}, 0) == "You pass."
    build = (card("Y6"), tuple(cards("P9 Y7 Y5")))
    s = position(offer="Y7 Y5 P9 G3 S2", towers={2: {"Y": [12, 6]}}, start=2)
    s.apply(3)
    s.apply(PASS)
    s.apply(PASS)
    assert s.to_move() == 2 and build in s.legal_actions()
    events = s.apply_with_events(build)
    assert events[0] == events[None] and events[0][0] == {"type": "build", "seat": 2, "cards": ["P9", "Y7", "Y5"],
                                                          "demolished": "Y6"}
    # the placement names every card taken (each goes on its own colour's tower): not listed twice
    assert ui.phrase(events[0][0], 0) == ("Player 3 demolishes the Sand 6 and "
                                          "places 9 on the Candy tower and 7 then 5 on the Sand tower.")
    assert events[0][1] == {"type": "offer_discarded", "cards": ["G3", "S2"], "reason": "leftover"}
    s = position(offer="Y7 Y5 P9 G3 S2", towers={0: {"Y": [12, 6]}})
    assert ui.choice(build, s.view(0), 0).endswith("→ Candy 9; Sand 12 7 5")
    assert ui.choice((NO_DEMOLISH, (card("G3"),)), s.view(0), 0) == "take G3; place G3  → Tree 3"
    assert ui.choice(0, s.view(0), 0) == "bid 0 (take no cards)"


def test_text_ui_events_special_case_and_winning_bid():
    s = position(offer="Y7 Y5 P9 G3 S2")
    ui = GameTextUI(s.game)
    lines = []
    for action in (0, PASS, PASS):
        lines += [ui.phrase(e, 1) for e in s.apply_with_events(action)[1]]
    assert lines[:3] == ["Player 1 bids 0.", "You pass.", "Player 3 passes."]
    assert lines[3] == "Nobody takes the offer; it is discarded." and lines[4].startswith("Round 2, offer: ")
    lines = []
    for action in (1, 2, PASS):
        lines += [ui.phrase(e, 1) for e in s.apply_with_events(action)[1]]
    assert lines[-3:] == ["You bid 2.", "Player 3 passes.", "You win the bidding."]  # the bid said once


def test_heuristic_bot_beats_random_quick():
    """The heuristic bot (one seat, rotated) against two random bots: it wins nearly every game."""
    figures = bench.bot_match(games=9, players=3)
    assert figures["heuristic_win_rate"] >= 0.75
    assert figures["heuristic_mean_score"] > 2 * figures["random_mean_score"]


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_heuristic_bot_beats_random_by_a_wide_margin(players):
    """240 games per player count: `python -m cardhall.games.five_towers.bench 240 3` prints the same figures."""
    figures = bench.bot_match(games=240, players=players)
    print(figures)
    assert figures["heuristic_win_rate"] >= 0.9


def test_make_bot_finds_the_heuristic_bot_and_rollout_policy_plays_legal_moves():
    game = cardhall.load("five-towers")
    assert isinstance(make_bot(game, "heuristic", 3), HeuristicBot)
    s = game.new_state(seed=5)
    rng = random.Random(0)
    while not s.is_over():
        s.apply(rollout_policy(s, rng))  # apply() checks legality
    assert s.winners()


def test_heuristic_bot_prefers_small_steps_and_tops():
    """It places a card that keeps room (15 then 14) rather than wasting a tower, and takes a 0 onto a tall tower late."""
    s = position(offer="Y14 Y1 P3 G3 S2", towers={0: {"Y": [15]}})
    from cardhall.core.bot import Observation

    bot = HeuristicBot(0)
    bid = bot.act(Observation.of(s, 0))
    assert bid == 1
    s.apply(bid)
    s.apply(PASS)
    s.apply(PASS)
    assert s.game.format_action(bot.act(Observation.of(s, 0))) == "take Y14; place Y14"
    late = position(offer="Y0 P3", towers={0: {"Y": [15, 12, 9, 7, 4]}}, draw="", exhaustions=2, exhausted_now=True)
    assert bot.act(Observation.of(late, 0)) == 2
    late.apply(2)
    assert s.game.format_action(bot.act(Observation.of(late, 0))) == "take P3 Y0; place P3 Y0"


def test_a_long_build_list_is_chosen_step_by_step(tmp_path):
    """Issue 17 point 7: a build is chosen in steps (which cards, which tower top to demolish,
    where each card goes) instead of one list of every build."""
    g = cardhall.load("five-towers")
    for seed in range(1, 200):
        s = g.new_state(seed)
        while not s.is_over():
            legal = s.legal_actions()
            if s.phase == BUILD and s.to_move() == 0:
                break
            if s.to_move() == 0:
                s.apply(3 if 3 in legal else legal[0])  # three of five cards: many ways to build
            else:
                s.apply(PASS if PASS in legal else legal[0])
        if not s.is_over() and len(s.legal_actions()) > 9:
            break
    legal = s.legal_actions()
    out: list[str] = []

    def ask(prompt: str) -> str:
        if out and out[-1].startswith("Selected:"):
            return "" if not any("You take" in line for line in out) else "q"
        if any("You take" in line for line in out):
            return "q"
        return "1"

    TerminalGame(s, 0, {1: "random", 2: "random"}, ask=ask, say=out.append, record_path=tmp_path / "g.json").run()
    text = "\n".join(out)
    assert f"{len(legal)} ways to play, chosen step by step ({len(legal)} left)." in text
    assert "Which cards do you take?" in text and "You chose: take " in text
    assert f"Your choices ({len(legal)})" not in text  # never one list of every build
    assert "You place " in text or "You demolish " in text


def test_keys_one_to_five_say_one_of_your_towers():
    """Issue 29: for a listener with buttons, keys 1–5 each say one of your towers in one sentence
    (the terminal keeps its digits for choosing)."""
    game = cardhall.load("five-towers", players=2)
    assert "1" not in text_ui(game).shortcuts()
    ui = text_ui(game, notation=False)
    view = game.new_state(3).view(0)
    said = [ui.shortcuts()[str(i)][1](view, 0) for i in range(1, 6)]
    assert all("\n" not in s and s for s in said)
    assert said[0].startswith("No tower yet: ") or said[0].startswith(ui.tower(0))
    assert all(t[0].isupper() and t.endswith(".") for t in said)  # 1–5: each a sentence


def test_the_c_and_s_answers_are_sentences_with_stops():
    """Heard one after another (a page's live region loses the line breaks), every line of C and S
    starts with a capital and ends with a stop, in every language."""
    state = position(offer="Y7 P9 G3 S2 V11", towers={0: {"Y": [12, 6], "P": [0]}, 1: {"G": [15, 9]}}, demolished={1: "S4"})
    for code in ("en", "bg", "cs", "es", "ru", "de", "fr"):
        ui = text_ui(state.game, code, notation=False)
        for key in ("C", "S"):
            lines = [line.strip() for line in ui.shortcuts()[key][1](state.view(0), 0).split("\n")]
            lines = [line for line in lines if not line.endswith(":")]  # a heading ("Score:") introduces the lines
            assert lines and all(line[0].isupper() and line[-1] in ".!?" for line in lines), (code, key, lines)
