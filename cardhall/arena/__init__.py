"""The arena: matches and tournaments between bots, with ratings, reports and plots.

    from cardhall.arena import Arena, run
    outcome = run(Arena("hearts", ["hard", "heuristic"], games=24, out=Path("runs/h1"), workers=2))
    outcome.results["standings"]["bots"]

Games run in local worker processes or as Ray tasks (`Arena(..., ray="local")`); each game
is a pure function of its seeds, so every backend gives the same results.
"""

from cardhall.arena.match import Job, play_job, schedule, seatings
from cardhall.arena.runner import Arena, Outcome, run

__all__ = ["Arena", "Job", "Outcome", "play_job", "run", "schedule", "seatings"]
