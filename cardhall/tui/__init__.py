"""The terminal client: play against bots, replay records."""
