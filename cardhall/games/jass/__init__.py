"""Jass (four players in two teams) and its variant Putz / Apple (three or five players)."""
