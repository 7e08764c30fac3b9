"""Run an arena: schedule, play in parallel (worker processes or Ray tasks), stop and resume,
write records and results.

Layout of `--out DIR`:
- `arena.json` — the settings (game, options, bots, seed); a rerun must match them;
- `games/game-000042.json` — one record per finished game (written as soon as it ends);
- `results.json`, `results.csv` (standings), `games.csv` (one row per game and seat).

A rerun with the same `--out` skips every game whose record is there: that is how a stopped
run resumes (and how a run is extended with a larger `--games`).
"""

from __future__ import annotations

import json
import multiprocessing
import os
import re
import signal
import socket
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cardhall.arena.match import Job, play_job, schedule, seatings
from cardhall.arena.results import games_rows, standings, write_csv
from cardhall.bots import make_bot
from cardhall.core.errors import CardhallError
from cardhall.core.registry import game_class, game_names, load

ADDRESS = re.compile(r"^(ray://)?[A-Za-z0-9._\-]+:\d{1,5}$")


@dataclass
class Arena:
    """The settings of an arena run."""

    game: str
    bots: list[str]
    games: int
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    out: Path | None = None
    workers: int = 1
    ray: str | None = None  # None: local processes; "local": a local Ray; else a cluster address
    deal_games: int | None = None  # games per deal (None: one seating cycle, `match.schedule`)
    partners: bool = False  # a bot takes every seat of a team (`match.seatings`): team against team

    def __post_init__(self) -> None:
        if self.games < 1:
            raise CardhallError(f"--games must be at least 1, got {self.games}")
        if self.deal_games is not None and self.deal_games < 1:
            raise CardhallError(f"games per deal must be at least 1, got {self.deal_games}")
        if self.workers < 1:
            raise CardhallError(f"--workers must be at least 1, got {self.workers}")
        specs = [b.strip() for b in self.bots if b.strip()]
        if not specs:
            raise CardhallError("--bots needs at least one bot, e.g. --bots hard,heuristic,random")
        self.bots = specs
        g = load(self.game, **self.options)  # checks the game and its options
        self.game = g.name
        self.options = dict(g.options)
        for spec in specs:
            make_bot(g, spec)  # checks the bot spec (raises a clear error)
        if self.ray is not None and self.ray not in ("local", "auto") and not ADDRESS.match(self.ray):
            raise CardhallError(f"bad Ray address {self.ray!r}; write host:port (e.g. 10.0.0.5:6379), "
                                "ray://host:10001, auto (a running cluster) or nothing for a local Ray")
        self.num_seats = g.num_players
        self.sign = g.plugins.search.sign
        if self.partners and not g.teams:
            games_with_teams = ", ".join(name for name in game_names() if game_class(name).teams)
            raise CardhallError(f"--partners seats each bot as a team, but {g.name} has no teams "
                                f"(games with teams: {games_with_teams})")
        self.teams = g.teams if self.partners else ()

    @property
    def labels(self) -> list[str]:
        """Bot names for the tables: the spec, numbered when the same spec appears twice."""
        out: list[str] = []
        for spec in self.bots:
            label, k = spec, 1
            while label in out:
                k += 1
                label = f"{spec}#{k}"
            out.append(label)
        return out

    @property
    def cycle(self) -> int:
        """How many games make one full rotation of the bots over the seats."""
        return len(seatings(len(self.bots), self.num_seats, self.teams))

    def settings(self) -> dict[str, Any]:
        extra: dict[str, Any] = {} if self.deal_games is None else {"deal_games": self.deal_games}
        if self.partners:
            extra["partners"] = True
        return {"game": self.game, "options": self.options, "bots": self.bots, "seed": self.seed, **extra}

    def jobs(self) -> list[Job]:
        return schedule(self.game, self.options, self.bots, self.labels, self.num_seats, self.games, self.seed,
                        self.deal_games, self.teams)


# --- the out directory ----------------------------------------------------------------------
def _record_path(out: Path, index: int) -> Path:
    return out / "games" / f"game-{index:06d}.json"


def _prepare_out(arena: Arena) -> dict[int, dict[str, Any]]:
    """Create or check `--out`; return the results of games already finished there."""
    assert arena.out is not None
    out = arena.out
    if out.exists() and not out.is_dir():
        raise CardhallError(f"--out {out} is a file; give a directory")
    settings_path = out / "arena.json"
    if settings_path.exists():
        try:
            saved = json.loads(settings_path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            raise CardhallError(f"cannot read {settings_path}: {exc}") from None
        if saved != arena.settings():
            raise CardhallError(
                f"{out} holds an arena with other settings ({_describe(saved)}); "
                f"to resume it use the same game, options, bots and seed, or choose another --out")
    (out / "games").mkdir(parents=True, exist_ok=True)
    _write_atomic(settings_path, json.dumps(arena.settings(), indent=1))
    done: dict[int, dict[str, Any]] = {}
    for path in sorted((out / "games").glob("game-*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            result = data["meta"]["arena"]
            done[int(result["index"])] = {**result, "record": data}
        except (OSError, ValueError, KeyError, TypeError):
            continue  # a damaged record is played again
    return done


def _describe(settings: dict[str, Any]) -> str:
    return f"game {settings.get('game')}, bots {','.join(settings.get('bots', []))}, seed {settings.get('seed')}"


def _write_atomic(path: Path, text: str) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(text + "\n", encoding="utf-8")
    os.replace(tmp, path)


# --- backends -------------------------------------------------------------------------------
def _ignore_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # the parent handles Ctrl-C and stops the pool


def _run_local(jobs: list[Job], workers: int) -> Iterator[dict[str, Any]]:
    if workers == 1 or len(jobs) <= 1:  # nothing or one game left to play: no pool
        for job in jobs:
            yield play_job(job)
        return
    ctx = multiprocessing.get_context("spawn")
    pool = ctx.Pool(min(workers, len(jobs)), initializer=_ignore_sigint)
    try:
        yield from pool.imap_unordered(play_job, jobs)
        pool.close()
    finally:
        pool.terminate()
        pool.join()


def _reachable(address: str, seconds: float = 5.0) -> None:
    """Fail fast with a clear error when nothing listens at a cluster's host:port."""
    host, _, port = address.removeprefix("ray://").rpartition(":")
    try:
        socket.create_connection((host, int(port)), timeout=seconds).close()
    except OSError as exc:
        raise CardhallError(f"cannot reach the Ray cluster at {address} ({exc.strerror or exc}); "
                            "is `ray start --head` running there, and is the port open?") from None


def connect_ray(address: str) -> Any:
    """Start a local Ray (`local`) or join the cluster at `address`; return the ray module."""
    try:
        import ray
    except ImportError:
        raise CardhallError("the Ray backend needs the ray package: pip install 'cardhall[ray]'") from None
    if not ray.is_initialized():
        if address not in ("local", "auto"):
            _reachable(address)
        try:
            if address == "local":
                ray.init(include_dashboard=False, log_to_driver=False)
            else:
                import cardhall

                ray.init(address=address, log_to_driver=False,
                         runtime_env={"py_modules": [os.path.dirname(cardhall.__file__)]})
        except Exception as exc:  # ray raises ConnectionError, RuntimeError, ValueError …
            raise CardhallError(f"cannot connect to the Ray cluster at {address}: {exc}") from None
    return ray


def _run_ray(jobs: list[Job], address: str) -> Iterator[dict[str, Any]]:
    ray = connect_ray(address)
    task = ray.remote(play_job)
    pending = [task.remote(job) for job in jobs]
    try:
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            yield ray.get(done[0])
    finally:
        for ref in pending:
            ray.cancel(ref, force=True)


# --- the run --------------------------------------------------------------------------------
@dataclass
class Outcome:
    """What `run` returns: the games played (all of them, resumed ones included) and the
    standings; `stopped` is True when the run was interrupted before the end."""

    arena: Arena
    games: list[dict[str, Any]]
    results: dict[str, Any]
    stopped: bool = False


Progress = Callable[[int, int], AbstractContextManager[Callable[[], None]]]
"""`progress(done, total)`: a context manager yielding what to call after each finished game."""


def run(arena: Arena, progress: Progress | None = None) -> Outcome:
    """Play the arena's games not yet in `--out`; write records and results as they come.

    `progress(done, total)` may return a context manager yielding a function to call after
    each finished game (the CLI uses it for its Rich progress bar)."""
    jobs = arena.jobs()
    done = _prepare_out(arena) if arena.out is not None else {}
    done = {i: g for i, g in done.items() if i < arena.games}
    todo = [job for job in jobs if job.index not in done]
    if arena.ray is not None:
        connect_ray(arena.ray)  # before the progress bar: a bad address fails at once
    results = dict(done)
    stopped = False
    bar = progress(len(done), arena.games) if progress else nullcontext(lambda: None)
    with bar as advance:
        stream = _run_ray(todo, arena.ray) if arena.ray is not None else _run_local(todo, arena.workers)
        try:
            for result in stream:
                results[result["index"]] = result
                if arena.out is not None:
                    _write_atomic(_record_path(arena.out, result["index"]), json.dumps(result["record"], indent=1))
                advance()
        except KeyboardInterrupt:
            stopped = True
        finally:
            close = getattr(stream, "close", None)
            if close is not None:
                close()
    games = [results[i] for i in sorted(results)]
    summary = summarise(arena, games, stopped)
    if arena.out is not None:
        write_results(arena.out, summary, games)
    return Outcome(arena, games, summary, stopped)


def summarise(arena: Arena, games: list[dict[str, Any]], stopped: bool = False) -> dict[str, Any]:
    """results.json: the settings, the standings, each game's result, and the think times."""
    return {
        "settings": arena.settings(),
        "games_planned": arena.games,
        "games_played": len(games),
        "complete": len(games) == arena.games and not stopped,
        "higher_is_better": arena.sign > 0,
        "standings": standings(games, arena.labels, arena.sign),
        "games": [{k: g[k] for k in GAME_KEYS} for g in games],
        "timing": think_times(games, arena.labels),
    }


GAME_KEYS = ("index", "seed", "bots", "scores", "winners", "moves")
"""What results.json keeps of each game."""


def think_times(games: list[dict[str, Any]], labels: list[str]) -> dict[str, dict[str, float]]:
    """Each bot's mean and slowest seconds per move over `games` (played games with their timing)."""
    think: dict[str, list[float]] = {label: [0.0, 0.0, 0.0] for label in labels}  # seconds, moves, slowest
    for g in games:
        t = g.get("timing") or g.get("record", {}).get("meta", {}).get("arena", {}).get("timing")
        if not t:
            continue
        for seat, label in enumerate(g["bots"]):
            acc = think[label]
            acc[0] += t["think"][seat]
            acc[1] += t["moves"][seat]
            acc[2] = max(acc[2], t["slowest"][seat])
    return {label: {"seconds_per_move": (s / m if m else 0.0), "slowest_move": slow}
            for label, (s, m, slow) in think.items()}


def write_results(out: Path, summary: dict[str, Any], games: list[dict[str, Any]]) -> None:
    _write_atomic(out / "results.json", json.dumps(summary, indent=1))
    write_csv(out / "results.csv", summary["standings"]["bots"])
    write_csv(out / "games.csv", games_rows(games))
