"""Ratings: OpenSkill (Plackett–Luce) per rating pool, anchored by the bots.

- A **pool** is a game and its number of players (`pool_of`): Hearts with 3 and with 4 players
  are rated apart, as the ladders show they play differently.
- A table is **rated** only if chosen at its creation and its options are the game's standard
  ones (every option at its default but the number of players; `check_rated`); a game of one
  player (Clash of Decks solo) is never rated.
- When a rated game ends, every person's rating in its pool moves with their place (ties share a
  place); Jass rates the team (partners are one OpenSkill team), the other games are
  free-for-all. Bots take part with their **anchor** — a fixed published rating per level and
  pool (`ANCHORS`, `cardhall/people/data/anchors.json`) — and their own rating never moves, so a
  new person's first games against bots place them on the bots' scale.
- The anchors are **fitted** from the measured ladders (`cardhall/people/data/ladders.json`, the
  win rates of docs/bots.md): the Plackett–Luce model's predicted win shares of the four
  levels, seated as the ladder run seated them, are brought to the measured ones by least
  squares, with `medium` fixed at OpenSkill's default 25 — a newcomer starts where `medium` is —
  and every anchor at least 0 (a level that never won is put at 0).
  `python -m cardhall.people.ratings` refits them (with SciPy, a test dependency) and writes
  anchors.json; the tests check that
  the fit reproduces the published file and the measured win rates.
- Shown: `display(mu)` = 60 × mu (so 25 is 1500), with the uncertainty sigma; a rating is
  **provisional** (marked "?", as lichess does) while sigma > `PROVISIONAL_SIGMA`.
"""

from __future__ import annotations

import functools
import itertools
import json
import math
import sys
from collections.abc import Sequence
from importlib import resources
from typing import Any

from openskill.models import PlackettLuce, PlackettLuceRating

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.core.registry import load
from cardhall.core.titles import title_msg

LEVELS = ("random", "easy", "medium", "hard")
ANCHOR_SIGMA = 1.0
"""The uncertainty a bot's anchor is given in a rated game (it never moves)."""
PROVISIONAL_SIGMA = 2.5
SCALE = 60.0
MIN_GAMES = 5
"""Rated games in a pool before a person is on its leaderboard."""

MODEL = PlackettLuce()


def display(mu: float) -> int:
    """The rating people see: 60 × mu (a newcomer's 25 is 1500)."""
    return round(SCALE * mu)


def provisional(sigma: float) -> bool:
    return sigma > PROVISIONAL_SIGMA


def shown(mu: float, sigma: float, games: int = 0) -> dict[str, Any]:
    """A rating as the API gives it."""
    return {"mu": round(mu, 4), "sigma": round(sigma, 4), "rating": display(mu), "deviation": round(SCALE * sigma),
            "provisional": provisional(sigma), "games": games}


def pool_of(game: str, players: int) -> str:
    return f"{game}:{players}"


def check_rated(game_name: str, options: dict[str, Any]) -> None:
    """Raise a sentence unless a table of `game_name` with `options` may be rated."""
    game = load(game_name, **options)
    standard = load(game_name, **({"players": options["players"]} if "players" in options else {}))
    if game.num_players < 2:
        raise CardhallError(Msg(N_("a game of one player cannot be rated; make the table casual")))
    if dict(game.options) != dict(standard.options):
        changed = sorted(k for k in game.options if game.options[k] != standard.options.get(k))
        raise CardhallError(Msg(N_("only a game with the standard options can be rated ({game}: {options} changed); "
                                   "make the table casual or keep the standard options"),
                                game=title_msg(game), options=", ".join(changed)))


# --- anchors ----------------------------------------------------------------------------------
def ladders() -> dict[str, dict[str, Any]]:
    data = json.loads(resources.files("cardhall.people").joinpath("data/ladders.json").read_text("utf-8"))
    return dict(data["ladders"])


@functools.cache
def anchors() -> dict[str, dict[str, float]]:
    """The published anchors: pool → level → mu."""
    data = json.loads(resources.files("cardhall.people").joinpath("data/anchors.json").read_text("utf-8"))
    return {pool: dict(levels) for pool, levels in data["anchors"].items()}


def anchor(pool: str, level: str) -> PlackettLuceRating | None:
    """A bot level's fixed rating in `pool` (None: not measured there; `heuristic` plays as `medium`)."""
    mu = anchors().get(pool, {}).get("medium" if level == "heuristic" else level)
    return None if mu is None else MODEL.rating(mu=mu, sigma=ANCHOR_SIGMA)


def _seatings(meeting: str, seats: int) -> list[list[tuple[str, ...]]]:
    """How a ladder run seated the four levels: a list of tables, each a list of teams."""
    if meeting == "duel":  # each step head to head
        return [[(lower,), (upper,)] for lower, upper in itertools.pairwise(LEVELS)]
    if meeting == "teams":  # four seats, partners opposite, every pairing equally often
        return [[(a, b), tuple(x for x in LEVELS if x not in (a, b))] for a, b in itertools.combinations(LEVELS, 2)]
    if seats <= len(LEVELS):
        return [[(x,) for x in chosen] for chosen in itertools.combinations(LEVELS, seats)]
    if seats == len(LEVELS) + 1:  # five seats: every level, one of them twice, each equally often
        return [[(x,) for x in (*LEVELS, twice)] for twice in LEVELS]
    raise CardhallError(f"no ladder seating for {seats} seats")


def first_place(teams: Sequence[Sequence[tuple[float, float]]]) -> list[float]:
    """Each team's chance to finish first under the Plackett–Luce model OpenSkill rates with:
    exp(mu_i / c) / sum_j exp(mu_j / c), a team's mu and variance being its members' sums and
    c² the sum over teams of (variance + beta²). (OpenSkill's own `predict_win` averages pairwise
    chances instead, which cannot exceed 1/(n − 1) at a table of n and so cannot express the
    ladders' strongest levels.)"""
    mus = [sum(mu for mu, _ in team) for team in teams]
    c = math.sqrt(sum(sum(s * s for _, s in team) + MODEL.beta ** 2 for team in teams))
    top = max(mus)
    weights = [math.exp((mu - top) / c) for mu in mus]
    total = sum(weights)
    return [w / total for w in weights]


def predicted_win(meeting: str, seats: int, mus: dict[str, float], sigma: float = ANCHOR_SIGMA) -> dict[str, float]:
    """Each level's expected win share (%) in a ladder run seated as `meeting`, under the model."""
    tables = _seatings(meeting, seats)
    share = dict.fromkeys(LEVELS, 0.0)
    games = dict.fromkeys(LEVELS, 0)
    for teams in tables:
        wins = first_place([[(mus[x], sigma) for x in team] for team in teams])
        for team, p in zip(teams, wins, strict=True):
            for level in team:
                share[level] += p / len(team)
        for level in set(itertools.chain(*teams)):
            games[level] += 1
    return {x: 100 * share[x] / games[x] for x in LEVELS}  # over the games the level sat in


def fit(ladder: dict[str, Any]) -> dict[str, float]:
    """The anchors (level → mu, `medium` = 25) whose predicted win shares best match a measured ladder."""
    from scipy.optimize import least_squares

    free = [x for x in LEVELS if x != "medium"]

    def mus(params: Sequence[float]) -> dict[str, float]:
        return {**dict(zip(free, params, strict=True)), "medium": MODEL.mu}

    def residuals(params: Sequence[float]) -> list[float]:
        predicted = predicted_win(ladder["meeting"], ladder["seats"], mus(params))
        return [predicted[x] - ladder["win"][x] for x in LEVELS]

    start = [MODEL.mu - 10, MODEL.mu - 5, MODEL.mu + 5]
    found = least_squares(residuals, start, bounds=([0.0] * 3, [100.0] * 3), xtol=1e-10, ftol=1e-10)
    return {x: round(mu, 2) for x, mu in mus(found.x).items()}


def fit_all() -> dict[str, dict[str, float]]:
    return {pool: fit(ladder) for pool, ladder in sorted(ladders().items())}


# --- a rated game -----------------------------------------------------------------------------
def new_ratings(pool: str, teams: list[list[tuple[str, str]]], places: list[int],
                current: dict[str, tuple[float, float]]) -> dict[str, tuple[float, float]]:
    """The persons' ratings after a game. `teams`: each team's members as ("person", player id)
    or ("bot", level); `places`: each team's place (1 = won); `current`: a person's (mu, sigma)
    (a newcomer has OpenSkill's default). Bots play with their anchor and are not returned; a
    bot level without an anchor in this pool plays as a newcomer would."""
    ratings = []
    for team in teams:
        members = []
        for kind, who in team:
            fixed = anchor(pool, who) if kind == "bot" else None
            if kind == "person" and who in current:
                members.append(MODEL.rating(mu=current[who][0], sigma=current[who][1]))
            else:
                members.append(fixed or MODEL.rating())
        ratings.append(members)
    rated = MODEL.rate(ratings, ranks=[float(p) for p in places])
    out: dict[str, tuple[float, float]] = {}
    for team, after in zip(teams, rated, strict=True):
        for (kind, who), rating in zip(team, after, strict=True):
            if kind == "person":
                out[who] = (float(rating.mu), float(rating.sigma))
    return out


def places_of(scores: Sequence[float], winners: Sequence[int]) -> list[int]:
    """Each seat's place (1 = won; ties share a place): the winners first, the others by score in
    the direction that put the winners first (in Hearts fewer points are better)."""
    if not winners:
        return [1] * len(scores)
    best = scores[winners[0]]
    lower = best <= min(scores) and best < max(scores)
    key = [(0 if i in winners else 1, s if lower else -s) for i, s in enumerate(scores)]
    return [1 + sum(1 for other in key if other < mine) for mine in key]


def main(argv: list[str]) -> int:
    """`python -m cardhall.people.ratings`: refit the anchors from the ladders and write anchors.json."""
    target = resources.files("cardhall.people").joinpath("data/anchors.json")
    data = {"source": "python -m cardhall.people.ratings (fitted from data/ladders.json; medium = 25)",
            "anchors": fit_all()}
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    if "--print" in argv:
        print(text, end="")
    else:
        with resources.as_file(target) as path:
            path.write_text(text)
        print(f"wrote {target}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
