"""5 Towers (Kasper Lapp; Deep Print Games): bid for offer cards, build five descending towers."""
