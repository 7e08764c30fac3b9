"""The observation and action tables of docs/envs.md, generated from the encoders' own
declarations (`python -m cardhall.envs.docs` prints them; a test keeps the docs equal)."""

from __future__ import annotations

from cardhall.core.registry import load
from cardhall.envs.driver import Observation
from cardhall.envs.games import spec_for

GAMES = ("hearts", "jass", "putz", "three-two-five", "five-towers", "clash-of-decks")


def tokens_line(names: list[str]) -> str:
    """Token names in runs: `0–51 play 2C … play AS`."""
    runs: list[tuple[int, int]] = []
    for i, name in enumerate(names):
        word = name.split(" ")[0]
        if runs and names[runs[-1][0]].split(" ")[0] == word:
            runs[-1] = (runs[-1][0], i)
        else:
            runs.append((i, i))
    parts = [f"{a}: {names[a]}" if a == b else f"{a}–{b}: {names[a]} … {names[b]}" for a, b in runs]
    return "; ".join(parts)


def game_tables(name: str) -> str:
    game = load(name)
    spec = spec_for(game)
    obs = Observation(spec)
    lines = [f"### {name} ({game.num_players} players: {obs.size} features, Discrete({spec.codec.n}))", "",
             f"Actions: {tokens_line(list(spec.codec.token_names))}.", "",
             "| block | size | meaning |", "|---|---|---|"]
    lines += [f"| `{b}` | {size} | {doc} |" for b, size, doc in spec.layout.rows()]
    if obs.pending:
        lines.append(f"| `pending` | {obs.pending} | the tokens already chosen in this decision: "
                     f"{spec.codec.max_tokens - 1} one-hots of {spec.codec.n}, in order |")
    return "\n".join(lines)


def tables() -> str:
    return "\n\n".join(game_tables(name) for name in GAMES) + "\n"


if __name__ == "__main__":
    print(tables(), end="")
