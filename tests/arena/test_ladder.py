"""`cardhall ladder`: the four levels at one table, each step's paired margin, the table and the plot."""

from __future__ import annotations

from pathlib import Path

from typer.testing import CliRunner

from cardhall.arena import schedule
from cardhall.arena.ladder import DEAL_GAMES, ladder_arenas, markdown, steps
from cardhall.cli import app


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
