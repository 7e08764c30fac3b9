"""Scripted terminal games of Jass and Putz with the seed's keys, bad input, saved records."""

from __future__ import annotations

import itertools
import json

import pytest
from typer.testing import CliRunner

from cardhall.bots import make_bot
from cardhall.cli import app
from cardhall.core.record import Record
from cardhall.core.registry import load
from cardhall.games.jass.base import EXCHANGE_SIX, NO_EXCHANGE, P_SIX, P_TALON
from cardhall.games.jass.tricks import six_of
from cardhall.tui.play import TerminalGame

KEYS = ["?", "C", "A", "F", "H", "G", "S", "T", "zz", "QH", "99", "1", ""]


def terminal(name, opts, seed, lines, tmp_path, human=0):
    g = load(name, **opts)
    out: list[str] = []
    it = iter(lines)
    bots = {s: make_bot(g, "heuristic", seed=s) for s in range(g.num_players) if s != human}
    path = tmp_path / f"{name}.json"
    state = TerminalGame(g.new_state(seed), human, bots, ask=lambda _: next(it), say=out.append, record_path=path).run()
    return state, "\n".join(out), path


@pytest.mark.parametrize("name, opts", [("jass", {}), ("putz", {"players": 3})])
def test_scripted_game_with_every_key_and_bad_input_to_a_replayable_record(name, opts, tmp_path):
    """Enter, C, A, F, H, G, S, T and ? all answer; bad input gets a clear sentence; the
    finished game is saved and replays exactly."""
    state, text, path = terminal(name, opts, 3, itertools.cycle(KEYS), tmp_path)
    assert state.is_over()
    for expected in ("the whole table", "choose or hear the trump", "Score:", "cannot read 'zz'",
                     "There is no choice 99", "Press Enter to play it", "Game over", "wins the trick with"):
        assert expected in text, expected
    assert "Trump is" in text and ("The led suit is" in text or "No card is on the table" in text)
    assert ("H is not used here. The keys are C, S, T, F, A, L, Q, ?" in text) == (name == "jass")
    assert Record.load(path).check() == state
    assert "Traceback" not in text


def test_jass_trump_choice_with_a_key_and_words(tmp_path):
    """A tells how to choose trump; `trump s` selects it; Enter confirms; push is offered."""
    lines = itertools.chain(["A", "push", "", "q"])
    _, text, _ = terminal("jass", {}, 4, lines, tmp_path)
    assert "Choose trump: type trump H (hearts)" in text
    assert "You push: your partner chooses trump." in text
    assert "Your partner North chooses " in text and " as trump." in text


def find_seed(players, want):
    seed = 0
    while True:
        seed += 1
        s = load("putz", players=players).new_state(seed)
        if want(s):
            return seed


def test_key_h_selects_take_talon_and_enter_confirms(tmp_path):
    """H — take the talon: when the offer is yours, H selects it and Enter takes it."""
    seed = find_seed(3, lambda s: s.phase == P_TALON and s.to_move() == 0)
    state, text, _ = terminal("putz", {"players": 3}, seed, ["G", "H", "", "q"], tmp_path)
    assert "Selected: take talon" in text and "You take the talon" in text
    assert state.taker == 0


def test_key_g_selects_the_six_exchange(tmp_path):
    """G — exchange the trump six: when you hold it and are asked, G selects it and Enter exchanges."""
    seed = find_seed(3, lambda s: s.phase == P_SIX and s.to_move() == 0 and s.hands[0] >> six_of(s.trump) & 1)
    state, text, _ = terminal("putz", {"players": 3}, seed, ["G", "", "q"], tmp_path)
    assert "Selected: exchange six" in text and "You exchange the six of trump" in text
    assert state.six_by == 0


def test_key_g_without_the_six_explains(tmp_path):
    seed = find_seed(3, lambda s: s.phase == P_SIX and s.to_move() == 0 and not s.hands[0] >> six_of(s.trump) & 1)
    state, text, _ = terminal("putz", {"players": 3}, seed, ["G", "exchange six", "", "no exchange", "", "q"], tmp_path)
    assert "You do not hold the six of" in text
    assert "you do not hold the six of" in text.lower() and "so there is nothing to exchange; answer no exchange" in text
    assert state.actions[0] == NO_EXCHANGE and EXCHANGE_SIX not in state.actions[:1]


def test_putz_five_players_plays_to_the_end(tmp_path):
    state, text, path = terminal("putz", {"players": 5}, 2, itertools.cycle(["T", "1", ""]), tmp_path)
    assert state.is_over() and "Deal scored" in text
    assert Record.load(path).check() == state


def test_cli_play_and_bench_and_rules(tmp_path):
    runner = CliRunner()
    r = runner.invoke(app, ["play", "putz", "--players", "4"])
    assert r.exit_code == 2 and "one of 3, 5" in r.output
    r = runner.invoke(app, ["bench", "jass", "--vs", "openspiel"])
    assert r.exit_code == 2 and "jass-kit" in r.output
    r = runner.invoke(app, ["bench", "jass", "--vs", "jass-kit", "--seconds", "0.3", "--json"])
    assert r.exit_code == 0, r.output
    figures = json.loads(r.output)
    assert set(figures) == {"ours", "peer", "ratio"} and figures["ours"] > 0 and figures["peer"] > 0
    r = runner.invoke(app, ["rules", "putz"])  # (the rules for players once issue 16 lands: no "Decision")
    assert r.exit_code == 0 and "Putz" in r.output and "talon" in r.output
