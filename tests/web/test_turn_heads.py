"""The page says a turn by its earcon alone: it strips the turn line's head ("Your turn.", "Your
turn to lead.") by comparing the line the room phrased (the game's catalog) with its own catalog's
(web). So each head must read the same in the page's catalog as in every game's that says it, in
every language — a translator who words one of them differently would make the page say the turn
twice (sound, then words)."""

from __future__ import annotations

import pytest

from cardhall.core.i18n import lang

HEADS = ("Your turn.", "Your turn to lead.")
GAMES = ("hearts", "jass", "three_two_five")
LANGS = ("en", "bg", "cs", "es", "ru", "de", "fr")


@pytest.mark.parametrize("code", LANGS)
@pytest.mark.parametrize("head", HEADS)
def test_the_pages_turn_heads_read_as_the_games_say_them(code: str, head: str) -> None:
    page = lang(code, "web")._(head)
    for game in GAMES:
        said = lang(code, game)._(head)
        assert said == page, f"{code}: the page strips {page!r}, {game} says {said!r}"
