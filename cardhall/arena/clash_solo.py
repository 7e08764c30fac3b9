"""Clash of Decks solo: a bot's win rate against the automaton per level, resumable.

`python -m cardhall.arena.clash_solo --bot hard --games N --out FILE` plays N deals (seeds
10 000 on) of each level's preset (`--ways`: every way to spend its points, `--way`: one),
draft format, one JSON line per game in FILE, so the same command resumes and a larger
`--games` extends; it prints the table: wins, the 95% Wilson interval and the seconds per
move (`--by-option`: also a `--ways` run pooled by each option's value). `--clairvoyant`, for
research, hands the bot the true state instead of sampled ones: what the hidden deck order
costs. (Here in the arena's tier, as it builds bots from their specs; the game's own bench,
`cardhall.games.clash_of_decks.bench`, measures the heuristic.)
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any, cast

from cardhall.bots import make_bot
from cardhall.core.bot import Observation
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game
from cardhall.core.registry import load
from cardhall.games.clash_of_decks.bench import wilson
from cardhall.games.clash_of_decks.game import DIFFICULTY_DEFAULTS, LEVEL_PRESETS, ClashState, difficulty_ways


def solo_game(game: Game, bot: str, seed: int, clairvoyant: bool = False) -> dict[str, Any]:
    """One solo game of `bot` (a spec, seeded with the deal's seed) against the automaton: the
    outcome and the bot's thinking time per decision that had a choice. `clairvoyant`: every
    state the bot samples is the true one (the automaton's deck order and its later shuffle
    known) — not a fair player, the upper bound of what guessing the hidden deck better gives."""
    state = cast(ClashState, game.new_state(seed))
    player = make_bot(game, bot, seed)
    times: list[float] = []
    while not state.is_over():
        obs = Observation.of(state, 0)
        if clairvoyant:
            obs = replace(obs, sample=_true_sampler(state))
        start = time.perf_counter()
        action = player.act(obs)
        if len(obs.legal) > 1:
            times.append(time.perf_counter() - start)
        state.apply(action)
    return {"seed": seed, "win": state.winners() == [0], "turns": state.turn, "moves": len(times),
            "seconds": sum(times), "slowest": max(times, default=0.0)}


def _true_sampler(state: ClashState) -> Callable[[random.Random], ClashState]:
    """A sampler that deals the true state: a quiet copy (see `ClashState.sample`)."""
    frozen = state.clone()

    def sample(rng: random.Random) -> ClashState:
        copy = frozen.clone()
        copy.quiet = True
        return copy
    return sample


def setting_name(level: int, options: dict[str, Any]) -> str:
    """A solo setting in words for the tables: "quick play", "level 5: variable_mana=2, …"."""
    if level == 0:
        return "quick play"
    return f"level {level}: " + ", ".join(f"{k}={v}" for k, v in options.items())


def solo_settings(levels: list[int], ways: bool, way: str | None) -> list[tuple[int, dict[str, Any]]]:
    """The (level, options) pairs to measure: each level's preset, every way of each level
    (`ways`), or one way written ``key=value,…`` (`way`)."""
    if way is not None:
        return [(level, parse_options(way)) for level in levels]
    if ways:
        return [(level, options) for level in levels for options in (difficulty_ways(level) if level else [{}])]
    return [(level, dict(LEVEL_PRESETS[level]) if level else {}) for level in levels]


def parse_options(text: str) -> dict[str, Any]:
    """Options written ``key=value`` separated by commas (``--way`` and `setting_name`'s list),
    values read as yes/no, whole numbers or words."""
    options: dict[str, Any] = {}
    for part in text.split(","):
        key, _, value = part.strip().partition("=")
        value = value.strip()
        options[key.strip()] = {"true": True, "false": False}.get(value.lower(),
                                                                  int(value) if value.isdigit() else value)
    return options


def solo_run(bot: str, games: int, first_seed: int, settings: list[tuple[int, dict[str, Any]]], out: Path,
             clairvoyant: bool = False) -> None:
    """Play `games` deals (seeds `first_seed`…) of each setting, one JSON line per game appended
    to `out`; games already in `out` (same bot, setting and seed) are not played again, so the
    same command resumes and a larger --games extends. A `clairvoyant` bot (see `solo_game`) is
    recorded as the spec followed by ``+clairvoyant``."""
    label = f"{bot}+clairvoyant" if clairvoyant else bot
    done = {(r["bot"], r["setting"], r["seed"]) for r in read_runs(out)}
    out.parent.mkdir(parents=True, exist_ok=True)
    for level, options in settings:
        game = load("clash-of-decks", solo=True, format="draft", level=level, **options)
        name = setting_name(level, options)
        for seed in range(first_seed, first_seed + games):
            if (label, name, seed) in done:
                continue
            record = {"bot": label, "setting": name, **solo_game(game, bot, seed, clairvoyant)}
            with out.open("a") as f:
                f.write(json.dumps(record) + "\n")


RECORD_KEYS = ("bot", "setting", "seed", "win", "turns", "moves", "seconds", "slowest")
"""What each line of a solo run holds (`solo_run`)."""


def read_runs(path: Path) -> list[dict[str, Any]]:
    """The game records a solo run wrote (none if the file does not exist yet); a line that is
    not such a record is a CardhallError naming it."""
    if not path.exists():
        return []
    records = []
    for number, line in enumerate(path.read_text().splitlines(), 1):
        if not line.strip():
            continue
        record = json.loads(line)
        if not isinstance(record, dict) or any(key not in record for key in RECORD_KEYS):
            raise CardhallError(f"line {number} of {path} is not a solo game record; each line is a JSON object "
                                f"with {', '.join(RECORD_KEYS)}, as this command writes them")
        records.append(record)
    return records


def solo_table(records: list[dict[str, Any]]) -> str:
    """The win-rate table of solo records: per bot and setting, games, wins, the 95% Wilson
    interval and the seconds per decision (mean, slowest)."""
    groups: dict[tuple[str, str], list[dict[str, Any]]] = {}
    for r in records:
        groups.setdefault((r["bot"], r["setting"]), []).append(r)
    rows = ["| bot | setting | games | wins | win rate | 95% interval | s/move | slowest s |",
            "|---|---|---|---|---|---|---|---|"]
    for (bot, setting), rs in groups.items():
        n, wins = len(rs), sum(r["win"] for r in rs)
        low, high = wilson(wins, n)
        moves = sum(r["moves"] for r in rs)
        per_move = sum(r["seconds"] for r in rs) / max(1, moves)
        slowest = max(r["slowest"] for r in rs)
        rows.append(f"| `{bot}` | {setting} | {n} | {wins} | {wins / n:.1%} | {low:.1%} – {high:.1%} | "
                    f"{per_move:.2f} | {slowest:.2f} |")
    return "\n".join(rows)


def setting_options(setting: str) -> tuple[int, dict[str, Any]]:
    """The level and every difficulty option of a setting named by `setting_name` (the options
    it does not name at their quick-play values)."""
    if setting == "quick play":
        return 0, dict(DIFFICULTY_DEFAULTS)
    head, _, rest = setting.partition(": ")
    level = head.removeprefix("level ")
    if not level.isdigit():
        raise CardhallError(f"{setting!r} is not a solo setting; they read \"quick play\" or "
                            "\"level N: key=value, …\"")
    return int(level), {**DIFFICULTY_DEFAULTS, **(parse_options(rest) if rest else {})}


def option_table(records: list[dict[str, Any]]) -> str:
    """Solo records of many ways of one level, pooled by each option's value: what a choice
    does to the win rate over all the ways that make it (each way weighs by its games)."""
    groups: dict[tuple[str, int, str, str], list[dict[str, Any]]] = {}
    for r in records:
        level, options = setting_options(r["setting"])
        for key, value in options.items():
            groups.setdefault((r["bot"], level, key, str(value)), []).append(r)
    rows = ["| bot | level | option | value | ways | games | wins | win rate | 95% interval |",
            "|---|---|---|---|---|---|---|---|---|"]
    def order(group: tuple[str, int, str, str]) -> tuple[str, int, str, int, str]:
        bot, level, key, value = group  # numbers in their order: constant 6 before 10
        return bot, level, key, int(value) if value.isdigit() else -1, value

    for (bot, level, key, value), rs in sorted(groups.items(), key=lambda kv: order(kv[0])):
        n, wins = len(rs), sum(r["win"] for r in rs)
        low, high = wilson(wins, n)
        ways = len({r["setting"] for r in rs})
        rows.append(f"| `{bot}` | {level} | {key} | {value} | {ways} | {n} | {wins} | {wins / n:.1%} | "
                    f"{low:.1%} – {high:.1%} |")
    return "\n".join(rows)


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(prog="python -m cardhall.arena.clash_solo",
                                     description="A bot's win rate against the automaton, draft format; "
                                                 "resumable: one JSON line per game in --out.")
    parser.add_argument("--bot", default="hard", help="bot spec (default: hard)")
    parser.add_argument("--games", type=int, default=20, help="deals per setting")
    parser.add_argument("--first-seed", type=int, default=10000, help="the first deal's seed")
    parser.add_argument("--levels", default="0,1,2,3,4,5", help="levels, comma-separated (0: quick play)")
    parser.add_argument("--ways", action="store_true", help="every way to spend each level's points, "
                                                            "not only its preset")
    parser.add_argument("--way", help="one way, e.g. variable_mana=2,constant_mana=8,ai_first=true")
    parser.add_argument("--out", type=Path, required=True, help="the JSON-lines file of games (resumed)")
    parser.add_argument("--clairvoyant", action="store_true", help="the bot samples the true state (the "
                        "automaton's deck order known): not a fair player, an upper bound for research")
    parser.add_argument("--table", action="store_true", help="only print the table of --out")
    parser.add_argument("--by-option", action="store_true", help="also print the games pooled by each "
                                                                 "difficulty option's value (for --ways runs)")
    args = parser.parse_args(argv)
    try:
        if not args.table:
            try:
                levels = [int(x) for x in args.levels.split(",")]
            except ValueError:
                levels = [-1]
            if not all(0 <= level <= 5 for level in levels):
                parser.error(f"--levels takes whole numbers 0 to 5 separated by commas, e.g. 0,5; not {args.levels!r}")
            if args.way is not None and any("=" not in part for part in args.way.split(",")):
                parser.error(f"--way takes key=value pairs separated by commas, e.g. constant_mana=8,ai_first=true; "
                             f"not {args.way!r}")
            solo_run(args.bot, args.games, args.first_seed, solo_settings(levels, args.ways, args.way), args.out,
                      args.clairvoyant)
        records = read_runs(args.out)
        print(solo_table(records))
        if args.by_option:
            print()
            print(option_table(records))
    except CardhallError as exc:  # a bad bot spec or game option: its sentence, not a traceback
        parser.error(str(exc))
    except (OSError, json.JSONDecodeError) as exc:
        parser.error(f"cannot use {args.out} as the file of games: {exc}")


if __name__ == "__main__":
    main(sys.argv[1:])
