"""`--plot FILE.png`: OpenSkill ratings with their intervals, and each bot's score distribution."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from cardhall.core.errors import CardhallError


def plot(summary: dict[str, Any], path: Path) -> Path:
    """Draw the standings of `summary` (results.json data) into `path` (PNG, SVG or PDF)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    bots = summary["standings"]["bots"]
    labels = [b["bot"] for b in bots]
    scores: dict[str, list[float]] = {label: [] for label in labels}
    for g in summary["games"]:
        seats: dict[str, list[float]] = {}
        for seat, label in enumerate(g["bots"]):
            seats.setdefault(label, []).append(g["scores"][seat])
        for label, values in seats.items():
            scores[label].append(sum(values) / len(values))
    fig, (left, right) = plt.subplots(1, 2, figsize=(11, 4.5))
    settings = summary["settings"]
    fig.suptitle(f"cardhall arena: {settings['game']}, {summary['games_played']} games, seed {settings['seed']}")
    ys = range(len(labels))
    left.errorbar([b["mu"] for b in bots], ys, xerr=[2 * b["sigma"] for b in bots], fmt="o", capsize=4)
    left.set_yticks(list(ys), labels)
    left.set_ylim(len(labels) - 0.5, -0.5)
    left.set_xlabel("OpenSkill rating μ ± 2σ")
    left.grid(axis="x", alpha=0.3)
    right.boxplot([scores[label] or [0.0] for label in labels], orientation="horizontal", showmeans=True)
    right.set_yticks([i + 1 for i in ys], labels)
    right.invert_yaxis()
    better = "higher" if summary.get("higher_is_better", True) else "lower"
    right.set_xlabel(f"score per game ({better} is better; triangle = mean)")
    right.grid(axis="x", alpha=0.3)
    return save(fig, path)


def save(fig: Any, path: Path) -> Path:
    """Lay out `fig`, write it to `path` (PNG, SVG or PDF by its suffix) and free it; a path that
    cannot be written is a sentence, not a traceback."""
    import matplotlib.pyplot as plt

    fig.tight_layout()
    try:
        fig.savefig(path, dpi=110)
    except (OSError, ValueError) as exc:
        raise CardhallError(f"cannot write the plot to {path}: {exc}") from None
    finally:
        plt.close(fig)
    return path
