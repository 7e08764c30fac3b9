"""Clash of Decks (Starter Kit): the duel in three formats and the solo mode against the automaton."""
