"""Clash of Decks says one word for a place on the Bastion's track (issue 38 point 7): "place" in
English — never "position", which is a creature's spot in a lane — and the one word of each
language's terms file (tests/test_terms.py checks every catalog against it)."""

from __future__ import annotations

import re

from babel.messages.pofile import read_po

from cardhall.core.i18n import LOCALE_DIR
from cardhall.core.terms import load

TRACK = re.compile(r"\b(?:Bastion|Fort)\b.*\b(?:place|position)\b|\b(?:place|position)\b.*\b(?:Bastion|Fort)\b", re.I)


def messages() -> list[str]:
    with open(LOCALE_DIR / "de" / "LC_MESSAGES" / "clash_of_decks.po", "rb") as f:
        return [m.id if isinstance(m.id, str) else m.id[0] for m in read_po(f) if m.id]


def test_the_track_is_said_with_place_in_english():
    sentences = [part for m in messages() for part in re.split(r"(?<=\.) ", m)]
    track = [m for m in sentences if TRACK.search(m)]
    assert len(track) >= 10
    assert not [m for m in track if re.search(r"\bposition\b", m)], "a place on the track called a position"


def test_every_language_has_one_word_for_the_track():
    for code in ("bg", "cs", "es", "ru", "de", "fr"):
        terms = [t for t in load(code) if t.en == "place" and "clash_of_decks" in t.domains]
        assert len(terms) == 1, code
