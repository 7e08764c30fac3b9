"""`cardhall ladder`: the four levels at one table, each step's paired margin, the table and the plot."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cardhall.arena import schedule
from cardhall.arena.ladder import DEAL_GAMES, climb, ladder_arenas, markdown, steps
from cardhall.cli import app
from cardhall.core.registry import game_class


def summary(games: list[tuple[int, list[str], list[float]]], higher_is_better: bool = True) -> dict[str, object]:
    """A results.json-like summary of (deal seed, bot per seat, score per seat) games."""
    from cardhall.arena.results import standings

    labels = ["random", "easy", "medium", "hard"]
    rows = [{"index": i, "seed": seed, "bots": bots, "scores": scores, "winners": [scores.index(max(scores))],
             "moves": 1} for i, (seed, bots, scores) in enumerate(games)]
    return {"settings": {"game": "hearts", "options": {}, "seed": 1}, "higher_is_better": higher_is_better,
            "games_played": len(rows), "standings": standings(rows, labels, 1 if higher_is_better else -1),
            "games": rows}


def test_steps_pair_the_levels_in_the_same_games_oriented_for_the_upper_level() -> None:
    games = [(1, ["random", "easy", "medium", "hard"], [0.0, 1.0, 3.0, 4.0]),
             (1, ["hard", "medium", "easy", "random"], [5.0, 3.0, 2.0, 0.0])]
    (a, b, c) = steps(summary(games))
    assert (a["upper"], a["lower"], a["paired"], a["unit"]) == ("easy", "random", 2, "games")
    assert (a["margin"], b["margin"], c["margin"]) == (1.5, 1.5, 1.5)
    (a, _, _) = steps(summary(games, higher_is_better=False))  # Hearts: fewer points are better
    assert a["margin"] == -1.5


def test_in_a_game_of_one_seat_the_steps_pair_the_deals() -> None:
    """Solo: every level plays every deal alone, so a step compares the levels deal by deal."""
    games = [(seed, [level], [score]) for seed, row in ((1, (0, 0, 1, 1)), (2, (0, 1, 1, 1)), (3, (0, 0, 0, 1)))
             for level, score in zip(["random", "easy", "medium", "hard"], row, strict=True)]
    (a, b, c) = steps(summary([(s, bots, [float(x) for x in sc]) for s, bots, sc in games]))
    assert (a["unit"], a["paired"]) == ("deals", 3)
    assert (a["margin"], b["margin"], c["margin"]) == (1 / 3, 1 / 3, 1 / 3)


def test_long_rotations_change_the_deal_every_24_games() -> None:
    """4 levels at 5 seats rotate over 240 seatings: a new deal every 24 games (10 deals)."""
    (arena,) = ladder_arenas("putz", 240, options={"players": 5})
    assert arena.cycle == 240 and arena.deal_games == DEAL_GAMES == 24
    jobs = arena.jobs()
    assert len({j.seed for j in jobs}) == 10 and len({j.seed for j in jobs[:24]}) == 1
    assert ladder_arenas("hearts", 48)[0].deal_games is None  # 24 seatings: a deal per rotation
    seats = schedule("putz", {"players": 5}, ["a", "b"], ["a", "b"], 5, 4, seed=1, deal_games=2)
    assert len({j.seed for j in seats}) == 2


def test_the_ladder_command_writes_its_table_and_plot(tmp_path: Path) -> None:
    out, png = tmp_path / "run", tmp_path / "ladder.png"
    result = CliRunner().invoke(app, ["ladder", "three-two-five", "--deals", "1", "--games", "4", "--workers", "1",
                                      "--out", str(out), "--plot", str(png)])
    assert result.exit_code == 0, result.output
    text = (out / "ladder.md").read_text(encoding="utf-8")
    assert "| easy − random |" in text and "| hard − medium |" in text and "`careless:blunder=0.5`" in text
    assert "cardhall ladder three-two-five --deals 1 --games 4 --seed 1" in text
    assert png.stat().st_size > 10_000
    bad = CliRunner().invoke(app, ["ladder", "three-two-five", "--games", "4", "--plot", str(tmp_path / "x.gif")])
    assert bad.exit_code == 2 and "--plot must name a .png" in bad.output


def test_markdown_lists_each_level_with_its_time(tmp_path: Path) -> None:
    games = [(1, ["random", "easy", "medium", "hard"], [0.0, 1.0, 3.0, 4.0])] * 3
    s = summary(games)
    s["timing"] = {name: {"seconds_per_move": 0.1, "slowest_move": 0.5} for name in ("random", "easy", "medium", "hard")}
    text = markdown(s)
    assert "| hard | `pimc:worlds=24:rollout=heuristic:seconds=1.5` | 3 |" in text


@pytest.fixture
def instant_hard(monkeypatch: pytest.MonkeyPatch) -> None:
    """5 Towers' `hard` played by its card-counting bot (its searched bids cost seconds a game):
    the duel's mechanics, not its strength, are under test."""
    levels = game_class("five-towers").plugins.search.levels
    monkeypatch.setitem(levels, "hard", "cardhall.games.five_towers.bot:CountingBot")


def test_a_duel_plays_each_step_head_to_head_on_the_same_deals(tmp_path: Path) -> None:
    """With two seats the four levels would meet pairwise in 2 games of 12: each step is its
    own match instead, seats swapped, every step on the same deals."""
    arenas = ladder_arenas("five-towers", 4, options={"players": 2}, out=tmp_path)
    assert [a.bots for a in arenas] == [["random", "easy"], ["easy", "medium"], ["medium", "hard"]]
    assert [a.out for a in arenas] == [tmp_path / "easy-random", tmp_path / "medium-easy", tmp_path / "hard-medium"]
    jobs = [a.jobs() for a in arenas]
    assert [j.seating for j in jobs[0]] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert [j.seed for j in jobs[0]] == [j.seed for j in jobs[1]] == [j.seed for j in jobs[2]]
    assert len({j.seed for j in jobs[0]}) == 2
    assert len(ladder_arenas("five-towers", 4, options={"players": 3})) == 1


@pytest.mark.usefixtures("instant_hard")
def test_the_ladder_command_in_a_duel_combines_its_steps_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["ladder", "five-towers", "--players", "2", "--games", "2", "--workers", "1", "--out", str(out),
            "--plot", str(tmp_path / "duel.png")]
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    assert "hard − medium, head to head: 2 games" in result.output
    text = (out / "ladder.md").read_text(encoding="utf-8")
    assert "6 games (2 a step, head to head), seed 1." in text
    for step in ("easy − random", "medium − easy", "hard − medium"):
        assert f"| {step} | 2 games |" in text
    summary = json.loads((out / "results.json").read_text(encoding="utf-8"))
    assert summary["complete"] and summary["games_played"] == 6 and summary["settings"]["duel"]
    assert [len(list((out / step / "games").iterdir())) for step in ("easy-random", "medium-easy", "hard-medium")] == [2, 2, 2]
    assert [x["paired"] for x in steps(summary)] == [2, 2, 2]
    heights = climb(summary)  # the duel's plot: each level above random, the step margins summed
    assert [name for name, _, _ in heights] == ["random", "easy", "medium", "hard"]
    assert heights[0] == ("random", 0.0, 0.0)
    assert heights[-1][1] == pytest.approx(sum(x["margin"] for x in steps(summary)))
    assert heights[1][2] == pytest.approx((steps(summary)[0]["high"] - steps(summary)[0]["low"]) / 2)
    assert heights[1][2] <= heights[2][2] <= heights[3][2]  # the uncertainty grows as the steps add up
    assert (tmp_path / "duel.png").stat().st_size > 0
    first = (out / "hard-medium" / "games" / "game-000000.json").stat().st_mtime_ns
    again = CliRunner().invoke(app, [*args[:4], "--games", "3", *args[6:]])  # resumes: one more game a step
    assert again.exit_code == 0, again.output
    assert "arena: 2 of 3 games done; playing the rest." in again.output
    assert (out / "hard-medium" / "games" / "game-000000.json").stat().st_mtime_ns == first
    assert json.loads((out / "results.json").read_text(encoding="utf-8"))["games_played"] == 9


def test_a_step_has_a_standardized_effect() -> None:
    """The effect is the margin over the SD of the paired differences: comparable across games."""
    games = [(1, ["random", "easy", "medium", "hard"], [0.0, d, 2 * d, 3 * d]) for d in (1.0, 2.0, 3.0)]
    (a, _, _) = steps(summary(games))
    assert a["margin"] == 2.0 and math.isclose(a["sd"], 1.0) and math.isclose(a["effect"], 2.0)
    assert a["effect_low"] < 2.0 < a["effect_high"]


@pytest.mark.usefixtures("instant_hard")
def test_ladder_plot_draws_every_run_side_by_side(tmp_path: Path) -> None:
    runs = {"duel": ["five-towers", "--players", "2", "--games", "2"],
            "table": ["three-two-five", "--deals", "1", "--games", "4"]}
    for name, args in runs.items():
        result = CliRunner().invoke(app, ["ladder", *args, "--workers", "1", "--out", str(tmp_path / name)])
        assert result.exit_code == 0, result.output
    png = tmp_path / "all.png"
    result = CliRunner().invoke(app, ["ladder-plot", str(tmp_path / "duel"), str(tmp_path / "table"), "--out", str(png)])
    assert result.exit_code == 0, result.output
    assert "| five-towers, 2 players | 6 games (2 a step, head to head) | 2 games:" in result.output
    assert "| three-two-five, deals 1 | 4 games | " in result.output
    assert png.stat().st_size > 10_000
    missing = CliRunner().invoke(app, ["ladder-plot", str(tmp_path), "--out", str(png)])
    assert missing.exit_code == 2 and "holds no results.json" in missing.output
    arena = CliRunner().invoke(app, ["arena", "three-two-five", "--deals", "1", "--bots", "heuristic,random",
                                     "--games", "2", "--workers", "1", "--out", str(tmp_path / "arena")])
    assert arena.exit_code == 0, arena.output
    other = CliRunner().invoke(app, ["ladder-plot", str(tmp_path / "arena"), "--out", str(png)])
    assert other.exit_code == 2 and "is not a ladder run" in other.output
    gif = CliRunner().invoke(app, ["ladder-plot", str(tmp_path / "duel"), "--out", str(tmp_path / "x.gif")])
    assert gif.exit_code == 2 and "--out must name a .png" in gif.output
