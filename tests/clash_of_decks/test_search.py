"""`hard` in Clash of Decks: the searched copies (quiet states), the focus bot the search uses,
the ways to spend a level's points, and the resumable solo bench."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from cardhall.arena import clash_solo
from cardhall.bots import make_bot
from cardhall.bots.focused import FocusedSearchBot
from cardhall.bots.ismcts import ISMCTSBot
from cardhall.core.bot import Observation
from cardhall.games.clash_of_decks import bench
from cardhall.games.clash_of_decks.bot import SearchingBot, cards_to_go
from cardhall.games.clash_of_decks.game import LEVEL_PRESETS, difficulty_points, difficulty_ways

from .helpers import game
from .test_solo import solo


def played_out(state, seed):
    """The state after random legal moves to the end (the same moves for the same seed)."""
    rng = random.Random(seed)
    while not state.is_over():
        state.apply_unchecked(rng.choice(state.legal_actions()))
    return state


@pytest.mark.parametrize("options", [{"solo": True}, {"solo": True, "level": 5}, {"format": "draft"}, {}])
def test_a_searched_copy_plays_exactly_as_the_game_but_makes_no_sentences(options):
    """`sample` marks its copy quiet: the same moves lead to the same position and result as in
    the game itself; only the report sentences are not made (they cost a third of a rollout)."""
    g = game(**options)
    for seed in range(6):
        sampled = g.new_state(seed).sample(0, random.Random(seed))
        loud = sampled.clone()
        loud.quiet = False
        quiet, loud = played_out(sampled, seed), played_out(loud, seed)
        assert quiet.quiet and not loud.quiet
        mute, said = quiet._to_dict(), loud._to_dict()
        assert mute.pop("events") == [] and said.pop("events")
        assert mute == said
    assert not g.new_state(1).quiet and not g.new_state(1).clone().quiet  # the game itself always speaks


def test_the_ways_to_spend_a_levels_points():
    """Every setting of the difficulty options that adds up to the level, once each, the preset
    among them; each is accepted by the game at that level. Level 5 has 83 ways."""
    for level in range(1, 6):
        ways = difficulty_ways(level)
        assert LEVEL_PRESETS[level] in ways
        assert len({tuple(sorted(w.items())) for w in ways}) == len(ways)
        for way in ways:
            g = game(solo=True, level=level, **way)
            assert g.points == level == difficulty_points(g.difficulty)
    assert len(difficulty_ways(5)) == 83
    assert {"constant_mana": 10, "ai_first": True} in difficulty_ways(5)
    assert {"variable_mana": 2, "constant_mana": 10, "ai_fort": True} in difficulty_ways(5)


def test_cards_to_go_counts_what_the_automaton_must_still_get_through():
    """Before its Fort: deck + discard pile + half its board (damage then only moves cards from
    the deck to the discard pile: no progress); with its Fort showing, the deck alone."""
    s = solo(deck=["OGRE", "GNOME", "SCRIBE", "ALPHA"], discard=["BOOM!"], b_top=["TROLL"], b_bottom=["MUTANT"])
    assert cards_to_go(s) == 4 + 1 + 0.5 * 2
    s._mill(2)
    assert cards_to_go(s) == 4 + 1 + 0.5 * 2
    s.fort[1] = True
    assert cards_to_go(s) == 2
    s._mill(1)
    assert cards_to_go(s) == 1
    assert SearchingBot(0).values(s) == [-1]


def test_hard_searches_play_and_leaves_the_draft_to_the_heuristic():
    """Solo, `hard` is the focused search (PIMC) with this game's SearchingBot: it searches
    decisions of play, never a draft pick or the order of returns, and its rollout is a legal
    move. In a duel `hard` is IS-MCTS (solo play has its own search profile)."""
    g = game(solo=True)
    bot = make_bot(g, "hard", 1)
    assert isinstance(bot, FocusedSearchBot) and isinstance(bot.base, SearchingBot)
    s = g.new_state(3)
    base = SearchingBot(3)
    assert s.phase == "draft" and not base.searches(Observation.of(s))
    while s.phase == "draft":
        s.apply(base.act(Observation.of(s)))
    assert base.searches(Observation.of(s))
    assert base.rollout(s, random.Random(1)) in s.legal_actions()
    duel = game(format="draft").new_state(2)
    assert base.values(duel) == [0.0, 0.0]
    assert isinstance(make_bot(game(), "hard", 1), ISMCTSBot)  # the duel's hard: IS-MCTS, as before


def test_the_solo_bench_resumes_and_extends(tmp_path: Path):
    """One JSON line per game; the same command plays nothing again, a larger --games adds the
    new deals only; the table gives wins with the Wilson interval and the time per move."""
    out = tmp_path / "solo.jsonl"
    argv = ["--bot", "heuristic", "--games", "2", "--levels", "0,5", "--out", str(out)]
    clash_solo.main(argv)
    assert len(clash_solo.read_runs(out)) == 4
    clash_solo.main(argv)
    assert len(clash_solo.read_runs(out)) == 4
    clash_solo.main([*argv[:3], "3", *argv[4:]])
    records = clash_solo.read_runs(out)
    assert len(records) == 6 and {r["seed"] for r in records} == {10000, 10001, 10002}
    table = clash_solo.solo_table(records)
    assert "| `heuristic` | quick play | 3 |" in table
    assert "level 5: variable_mana=2, constant_mana=8, ai_first=True | 3 |" in table
    settings = clash_solo.solo_settings([5], ways=True, way=None)
    assert len(settings) == 83
    assert clash_solo.solo_settings([5], ways=False, way="constant_mana=10,ai_first=true") == [
        (5, {"constant_mana": 10, "ai_first": True})]


def test_the_solo_bench_pools_the_ways_by_option(tmp_path: Path, capsys: pytest.CaptureFixture[str]):
    """`--by-option` pools the games of many ways of a level by each option's value (an option
    a way does not name counts at its quick-play value), with the Wilson interval."""
    def record(setting: str, seed: int, win: bool) -> dict[str, object]:
        return {"bot": "hard", "setting": setting, "seed": seed, "win": win, "turns": 9, "moves": 10,
                "seconds": 1.0, "slowest": 0.2}

    preset = "level 5: variable_mana=2, constant_mana=8, ai_first=True"
    other = "level 5: constant_mana=7, ai_first=True, weak_attacks=True, ai_ability=Splash"
    assert clash_solo.setting_options(other) == (5, {
        "variable_mana": 1, "constant_mana": 7, "ai_first": True, "ai_fort": False, "weak_attacks": True,
        "ai_ability": "Splash"})
    assert clash_solo.setting_options("quick play")[0] == 0
    records = [record(preset, 1, True), record(preset, 2, False), record(other, 1, False), record(other, 2, False)]
    table = clash_solo.option_table(records)
    assert "| `hard` | 5 | ai_first | True | 2 | 4 | 1 | 25.0% |" in table
    assert "| `hard` | 5 | weak_attacks | False | 1 | 2 | 1 | 50.0% |" in table
    assert "| `hard` | 5 | ai_ability | none | 1 | 2 | 1 | 50.0% |" in table
    assert "| `hard` | 5 | ai_ability | Splash | 1 | 2 | 0 | 0.0% | 0.0% – 65.8% |" in table
    ten = "level 5: variable_mana=1, constant_mana=10, ai_ability=Splash"
    assert table.index("| constant_mana | 7 |") < table.index("| constant_mana | 8 |") \
        < clash_solo.option_table([*records, record(ten, 1, False)]).index("| constant_mana | 10 |")
    out = tmp_path / "ways.jsonl"
    out.write_text("".join(json.dumps(r) + "\n" for r in records))
    clash_solo.main(["--out", str(out), "--table", "--by-option"])
    printed = capsys.readouterr().out
    assert f"| `hard` | {other} | 2 | 0 |" in printed and "| `hard` | 5 | variable_mana | 2 | 1 | 2 | 1 |" in printed


@pytest.mark.parametrize(("line", "said"), [
    ('{"bot": "hard", "setting": "quick play"}', "line 2 of .* is not a solo game record; each line is a JSON object"),
    ('{"bot": "hard", "setting": "level x: a=1", "seed": 1, "win": true, "turns": 3, "moves": 2, "seconds": 1, '
     '"slowest": 1}', "'level x: a=1' is not a solo setting"),
])
def test_a_malformed_solo_file_gets_a_sentence(tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str,
                                               said: str):
    """A line this command did not write (hand-edited, another tool's) is named, not a traceback."""
    good = {"bot": "hard", "setting": "quick play", "seed": 1, "win": True, "turns": 3, "moves": 2, "seconds": 1.0,
            "slowest": 0.5}
    out = tmp_path / "solo.jsonl"
    out.write_text(json.dumps(good) + "\n" + line + "\n")
    with pytest.raises(SystemExit) as exit_:
        clash_solo.main(["--out", str(out), "--table", "--by-option"])
    assert exit_.value.code == 2
    assert re.search(said, capsys.readouterr().err)


def test_a_clairvoyant_bot_samples_the_true_state(tmp_path: Path):
    """`--clairvoyant` (research: the value of the hidden deck order) hands the bot the true
    state, quietly, in place of a re-dealt one; its games are recorded under their own label."""
    state = game(solo=True, level=5).new_state(7)
    while state.phase == "draft":
        state.apply(state.legal_actions()[0])
    fair = state.sample(0, random.Random(1))
    true = clash_solo._true_sampler(state)(random.Random(1))
    assert true.quiet and true.ai_deck == state.ai_deck and true.seed == state.seed
    assert fair.ai_deck != state.ai_deck and sorted(fair.ai_deck) == sorted(state.ai_deck)
    out = tmp_path / "clair.jsonl"
    clash_solo.main(["--bot", "heuristic", "--games", "1", "--levels", "5", "--clairvoyant", "--out", str(out)])
    [record] = clash_solo.read_runs(out)
    assert record["bot"] == "heuristic+clairvoyant"


def test_hard_drafts_by_the_measured_gain_of_each_card():
    """Solo, `hard` drafts the card whose holding was measured to be worth most (`DRAFT_GAIN`,
    every card rated); in a duel it drafts as the heuristic. The measurement itself is a
    command (`bench draft-gains`), here on a few deals."""
    from cardhall.games.clash_of_decks.bot import DRAFT_GAIN, VALUES
    from cardhall.games.clash_of_decks.cards import CARDS

    assert set(DRAFT_GAIN) == {card.name for card in CARDS}
    bot = SearchingBot(0)
    s = game(solo=True).new_state(4)
    pick = bot.act(Observation.of(s))
    assert pick == max(s.legal_actions(), key=lambda a: DRAFT_GAIN[CARDS[a[1]].name])
    duel = game(format="draft").new_state(4)
    assert bot.act(Observation.of(duel)) == max(duel.legal_actions(), key=lambda a: VALUES[a[1]])
    gains = bench.draft_gains(12, 1)
    assert set(gains) == set(DRAFT_GAIN) and all(-1 <= g <= 1 for g in gains.values())


@pytest.mark.parametrize(("argv", "said"), [
    (["--levels", "x"], "--levels takes whole numbers 0 to 5"),
    (["--levels", "9"], "--levels takes whole numbers 0 to 5"),
    (["--way", "foo"], "--way takes key=value pairs"),
    (["--bot", "nonsense", "--levels", "0", "--games", "1"], "unknown bot 'nonsense'"),
])
def test_the_solo_table_says_what_was_wrong(argv: list[str], said: str, tmp_path, capsys) -> None:
    """Bad input to `python -m cardhall.arena.clash_solo` is a sentence (exit 2), not a traceback."""
    with pytest.raises(SystemExit) as stop:
        clash_solo.main([*argv, "--out", str(tmp_path / "runs.jsonl")])
    assert stop.value.code == 2 and said in capsys.readouterr().err
