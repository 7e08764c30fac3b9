"""The rules of the room's people without a server: the status shown after idle time, durations,
message text, the limits' sentences and their reset, and the moderators' sentences."""

from __future__ import annotations

import pytest

from cardhall.core.errors import CardhallError
from cardhall.room.limits import LimitReached, Limits, Rule
from cardhall.room.presence import AWAY_AFTER, shown_status
from cardhall.room.social import SocialError, clean_text, parse_duration, sanction_words
from cardhall.web.languages import web


def test_available_turns_away_after_idle_time_but_busy_stays_busy() -> None:
    assert shown_status("available", 1000.0, 1000.0 + AWAY_AFTER) == "available"
    assert shown_status("available", 1000.0, 1000.0 + AWAY_AFTER + 1) == "away"
    assert shown_status("busy", 1000.0, 1000.0 + 10 * AWAY_AFTER) == "busy"


@pytest.mark.parametrize(("text", "seconds"), [("30m", 1800), ("1h", 3600), ("7d", 7 * 86400), ("2w", 14 * 86400),
                                               ("90", 90), ("forever", None), (None, None)])
def test_durations(text: str | None, seconds: float | None) -> None:
    assert parse_duration(text) == seconds


@pytest.mark.parametrize("text", ["-1h", "soon", "0m", "99999d"])
def test_bad_durations_are_sentences(text: str) -> None:
    with pytest.raises(SocialError, match="a number and a unit"):
        parse_duration(text)


def test_message_text_is_cleaned_and_bounded() -> None:
    assert clean_text(" hi\x07 there\n ") == "hi there"
    with pytest.raises(SocialError, match="empty"):
        clean_text("\x00 ")
    with pytest.raises(SocialError, match="at most 500 characters, this one has 501"):
        clean_text("x" * 501)


def test_a_limit_names_itself_and_its_reset_and_refusals_do_not_count() -> None:
    limits = Limits({"reports/person": Rule(2, 3600.0, "reports by one person: at most {count} an hour")})
    limits.take("reports/person", "ann", now=100.0)
    limits.check("reports/person", "ann", now=110.0)  # a check alone counts nothing
    limits.take("reports/person", "ann", now=200.0)
    with pytest.raises(LimitReached) as refused:
        limits.take("reports/person", "ann", now=300.0)
    assert str(refused.value) == ("a limit of the room was reached (reports by one person: at most 2 an hour); "
                                  "it resets in 3400 s")
    limits.take("reports/person", "bob", now=300.0)  # per person
    limits.take("reports/person", "ann", now=3700.5)  # the first use has left the window
    limits.take("reports/person", None, now=3700.5)  # no key (e.g. a loopback address): not limited


def test_the_limit_is_said_in_the_readers_language() -> None:
    limits = Limits({"chat/person": Rule(1, 60.0, "lobby chat messages by one person: at most {count} a minute")})
    limits.take("chat/person", "ann", now=0.0)
    with pytest.raises(CardhallError) as refused:
        limits.take("chat/person", "ann", now=1.0)
    said = web("ru").say(refused.value.args[0])
    assert "59" in said and "reached" not in said


def test_a_ban_says_its_end_and_reason() -> None:
    said = sanction_words({"kind": "ban", "until": 0.0, "reason": "threats"})
    assert str(said) == "you are banned from this room until 1970-01-01 00:00 UTC; the moderators' reason: threats"
    assert "for good" in str(sanction_words({"kind": "ban", "until": None, "reason": "spam"}))
    assert "muted you until" in str(sanction_words({"kind": "mute", "until": 60.0, "reason": "x"}))
