"""The arena: fair seating, smoke runs, reproducibility, resume, Ray, and clear errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cardhall
from cardhall.arena import Arena, run, schedule, seatings
from cardhall.arena.cli import take_ray_option
from cardhall.arena.results import mean_ci, wilson
from cardhall.cli import app
from cardhall.core.errors import CardhallError
from cardhall.core.record import Record
from tests.bots.helpers import present_game

FAST = ["five-towers", "clash-of-decks", "putz", "three-two-five"]  # quick random/heuristic games


@pytest.fixture(params=cardhall.game_names())
def game_name(request: pytest.FixtureRequest) -> str:
    present_game(request.param)
    return str(request.param)


def test_seatings_rotate_every_bot_through_every_seat() -> None:
    """Seats are rotated fairly: over one cycle each bot sits in each seat equally often."""
    for bots, seats in ((3, 3), (2, 4), (3, 2), (2, 5), (1, 3)):
        cycle = seatings(bots, seats)
        for seat in range(seats):
            counts = [sum(1 for s in cycle if s[seat] == b) for b in range(bots)]
            assert len(set(counts)) == 1, (bots, seats, counts)
    assert len(seatings(3, 3)) == 6 and len(seatings(2, 4)) == 6


def test_partners_seat_each_bot_as_a_whole_team(tmp_path: Path) -> None:
    """`--partners` (a game with `teams`): every game is one bot's team against another's, each
    bot on each side equally often; a game without teams says which games have them."""
    jass = ((0, 2), (1, 3))
    assert seatings(2, 4, jass) == [(0, 1, 0, 1), (1, 0, 1, 0)]
    assert seatings(1, 4, jass) == [(0, 0, 0, 0)]
    assert sorted(seatings(3, 4, jass)) == sorted((a, b, a, b) for a in range(3) for b in range(3) if a != b)
    assert cardhall.load("jass").teams == jass and cardhall.load("putz").teams == ()
    jobs = schedule("jass", {}, ["a", "b"], ["a", "b"], 4, 4, seed=3, teams=jass)
    assert [j.labels for j in jobs] == [("a", "b", "a", "b"), ("b", "a", "b", "a")] * 2
    assert jobs[0].seed == jobs[1].seed != jobs[2].seed
    spec = Arena(game="jass", bots=["heuristic", "random"], games=2, options={"one_deal": True}, partners=True,
                 out=tmp_path / "run")
    assert spec.cycle == 2
    outcome = run(spec)
    assert json.loads((tmp_path / "run" / "arena.json").read_text())["partners"] is True
    assert len(outcome.games) == 2
    with pytest.raises(CardhallError, match="hearts has no teams \\(games with teams: jass\\)"):
        Arena(game="hearts", bots=["heuristic", "random"], games=2, partners=True)
    result = CliRunner().invoke(app, ["arena", "jass", "--one_deal", "true", "--bots", "heuristic,random",
                                      "--games", "2", "--workers", "1", "--partners"])
    assert result.exit_code == 0 and "margin" in result.output, result.output


def test_schedule_deals_repeat_over_a_cycle() -> None:
    """Duplicate format: the games of one seating cycle share the deal seed."""
    jobs = schedule("hearts", {}, ["a", "b"], ["a", "b"], 4, 13, seed=3)
    assert len({j.seed for j in jobs[:6]}) == 1 and jobs[6].seed != jobs[0].seed
    assert [j.index for j in jobs] == list(range(13))
    assert schedule("hearts", {}, ["a", "b"], ["a", "b"], 4, 13, seed=3) == jobs


def test_statistics() -> None:
    m, lo, hi = mean_ci([1.0, 2.0, 3.0, 4.0])
    assert m == 2.5 and lo < 2.5 < hi
    p, lo, hi = wilson(5, 10)
    assert p == 0.5 and 0.2 < lo < 0.5 < hi < 0.8


def test_arena_smoke_every_game(game_name: str, tmp_path: Path) -> None:
    """A short arena run (random vs heuristic) in every present game writes records that
    replay, results.json, results.csv and games.csv."""
    games = 2
    outcome = run(Arena(game_name, ["heuristic", "random"], games=games, seed=1, out=tmp_path))
    assert outcome.results["complete"] and len(outcome.games) == games
    records = sorted((tmp_path / "games").glob("*.json"))
    assert len(records) == games
    for path in records:
        Record.load(path).check()
    data = json.loads((tmp_path / "results.json").read_text())
    assert {b["bot"] for b in data["standings"]["bots"]} == {"heuristic", "random"}
    assert (tmp_path / "results.csv").read_text().startswith("bot,games,wins,draws,losses")
    assert len((tmp_path / "games.csv").read_text().splitlines()) == 1 + games * present_game(game_name).num_players


def test_results_reproducible_from_seeds_across_workers(tmp_path: Path) -> None:
    """The same seed gives the same games and standings, inline or in 2 worker processes."""
    a = run(Arena("putz", ["heuristic", "random", "ismcts:iterations=5:seconds=none"], games=6, seed=7))
    b = run(Arena("putz", ["heuristic", "random", "ismcts:iterations=5:seconds=none"], games=6, seed=7, workers=2, out=tmp_path))
    assert a.results["games"] == b.results["games"]
    assert a.results["standings"] == b.results["standings"]
    c = run(Arena("putz", ["heuristic", "random", "ismcts:iterations=5:seconds=none"], games=6, seed=8))
    assert c.results["games"] != a.results["games"]


def test_resume_skips_finished_games(tmp_path: Path) -> None:
    """Stop and resume: a rerun with the same --out plays only the missing games, and the
    result equals an uninterrupted run."""
    full = run(Arena("three-two-five", ["heuristic", "random"], games=6, seed=2))
    run(Arena("three-two-five", ["heuristic", "random"], games=6, seed=2, out=tmp_path))
    for index in (1, 4):  # as if stopped before these finished
        (tmp_path / "games" / f"game-{index:06d}.json").unlink()
    (tmp_path / "games" / "game-000002.json").write_text("{broken")  # killed while writing
    played: list[int] = []

    def progress(done: int, total: int):  # type: ignore[no-untyped-def]
        from contextlib import nullcontext
        played.append(done)
        return nullcontext(lambda: None)

    again = run(Arena("three-two-five", ["heuristic", "random"], games=6, seed=2, out=tmp_path), progress=progress)
    assert played == [3]  # three records kept, three games replayed
    assert again.results["games"] == full.results["games"]
    assert again.results["standings"] == full.results["standings"]


def test_rerunning_a_finished_arena_plays_nothing_and_says_the_same(tmp_path: Path) -> None:
    """A finished arena re-run with several workers is a resume with nothing left (#17: was Pool(0))."""
    first = run(Arena("three-two-five", ["heuristic", "random"], games=4, seed=3, workers=2, out=tmp_path))
    again = run(Arena("three-two-five", ["heuristic", "random"], games=4, seed=3, workers=2, out=tmp_path))
    assert again.results["games"] == first.results["games"]
    assert again.results["standings"] == first.results["standings"]


def test_resume_refuses_other_settings(tmp_path: Path) -> None:
    run(Arena("putz", ["random", "random"], games=1, seed=1, out=tmp_path))
    with pytest.raises(CardhallError, match="holds an arena with other settings"):
        run(Arena("putz", ["heuristic", "random"], games=1, seed=1, out=tmp_path))


def test_bad_arguments_are_clear_errors() -> None:
    """Unknown bot, zero games, bad workers, bad Ray address: clear sentences."""
    with pytest.raises(CardhallError, match="unknown bot 'genius'"):
        Arena("hearts", ["genius"], games=2)
    with pytest.raises(CardhallError, match="--games must be at least 1"):
        Arena("hearts", ["random"], games=0)
    with pytest.raises(CardhallError, match="--workers must be at least 1"):
        Arena("hearts", ["random"], games=1, workers=0)
    with pytest.raises(CardhallError, match="bad Ray address 'not an address'"):
        Arena("hearts", ["random"], games=1, ray="not an address")
    with pytest.raises(CardhallError, match="unknown game"):
        Arena("poker", ["random"], games=1)


def test_take_ray_option() -> None:
    assert take_ray_option(["--players", "3"]) == (None, ["--players", "3"])
    assert take_ray_option(["--ray"]) == ("local", [])
    assert take_ray_option(["--ray", "--players", "3"]) == ("local", ["--players", "3"])
    assert take_ray_option(["--ray", "10.0.0.5:6379"]) == ("10.0.0.5:6379", [])
    assert take_ray_option(["--ray=ray://h:10001"]) == ("ray://h:10001", [])


def test_cli_arena_runs_and_plots(tmp_path: Path) -> None:
    """`cardhall arena` prints the table, writes --out and --plot; game options pass through."""
    out = tmp_path / "run"
    plot = tmp_path / "ratings.png"
    result = CliRunner().invoke(app, ["arena", "five-towers", "--bots", "heuristic,random", "--games", "2",
                                      "--workers", "1", "--out", str(out), "--plot", str(plot), "--players", "2"])
    assert result.exit_code == 0, result.output
    assert "heuristic" in result.output and "rating" in result.output
    assert plot.stat().st_size > 1000
    assert json.loads((out / "arena.json").read_text())["options"]["players"] == 2


@pytest.mark.parametrize(("args", "message"), [
    (["--bots", "genius,random"], "unknown bot 'genius'"),
    (["--games", "0"], "--games must be at least 1"),
    (["--ray", "no address"], "bad Ray address"),
    (["--plot", "x.txt"], "--plot must name"),
    (["--ray", "127.0.0.1:1"], "cannot reach the Ray cluster at 127.0.0.1:1"),
    (["--players", "9"], "players"),
])
def test_cli_bad_arguments_no_traceback(args: list[str], message: str) -> None:
    result = CliRunner().invoke(app, ["arena", "putz", "--games", "1", *args])
    assert result.exit_code == 2
    assert message in result.output and "Traceback" not in result.output


def test_ray_backend_gives_the_same_results(tmp_path: Path) -> None:
    """The same games as Ray tasks on a local Ray (2 CPUs) give identical results."""
    ray = pytest.importorskip("ray")
    local = run(Arena("putz", ["heuristic", "random", "ismcts:iterations=5:seconds=none"], games=6, seed=5))
    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False)
    try:
        remote = run(Arena("putz", ["heuristic", "random", "ismcts:iterations=5:seconds=none"], games=6, seed=5,
                           ray="local", out=tmp_path))
    finally:
        ray.shutdown()
    assert remote.results["games"] == local.results["games"]
    assert remote.results["standings"] == local.results["standings"]
    assert len(list((tmp_path / "games").glob("*.json"))) == 6
