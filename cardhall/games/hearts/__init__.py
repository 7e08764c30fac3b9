"""Hearts ("Black Lady"): engine, text, heuristic bot and OpenSpiel bench."""
