"""`cardhall club show` says a club's events in the reader's words: the game's title and its status
(«Torneo 7: Corazones, en curso»), never the room's codes «hearts, running» (review3, es)."""

from __future__ import annotations

from cardhall.core.i18n import lang
from cardhall.tui.clubs import club_lines

CLUB = {"id": "c1", "name": "Martes", "description": "", "open": True, "members": 1,
        "people": [{"name": "Ana", "role": "admin"}], "announcements": [], "standings": []}


def test_a_clubs_events_are_said_in_the_readers_words():
    events = [{"id": "7", "game": "hearts", "status": "running"}, {"id": "8", "game": "hearts", "status": "over"},
              {"id": "9", "game": "hearts", "status": "open"}]
    said = "\n".join(club_lines({**CLUB, "events": events}, lang("es", "terminal")))
    assert "Torneo 7: Corazones, en curso" in said and "Torneo 8: Corazones, terminado" in said, said
    assert "Torneo 9: Corazones, abierto" in said and "hearts" not in said and "running" not in said, said
    english = "\n".join(club_lines({**CLUB, "events": events}, lang("en", "terminal")))
    assert "Event 7: Hearts, running" in english and "Event 9: Hearts, open" in english, english
