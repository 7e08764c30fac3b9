"""The rules of the room's people without a server: the status shown after idle time, durations,
message text, the people's limits with their sentences and reset, and the moderators' sentences."""

from __future__ import annotations

import pytest

from cardhall.core.errors import CardhallError
from cardhall.people.limits import LimitError, Limits
from cardhall.people.presence import AWAY_AFTER, shown_status
from cardhall.people.social import SocialError, clean_text, parse_duration, sanction_words
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


def test_the_peoples_limits_name_themselves_and_when_they_reset() -> None:
    limits = Limits()
    for _ in range(10):
        limits.take("report", 0.0, person="ann")
    with pytest.raises(LimitError) as refused:
        limits.take("report", 0.0, person="ann")
    assert str(refused.value) == ("you sent too many reports: at most 10 an hour; "
                                  "you can report again in 6 minutes")
    assert refused.value.retry_after == pytest.approx(360.0)
    limits.take("report", 0.0, person="bob")  # per person
    limits.take("report", 360.0, person="ann")  # one more every 6 minutes
    for what, count in (("message", 30), ("friend", 40), ("invitation", 60)):
        for _ in range(count):
            limits.take(what, 0.0, person="cid")
        with pytest.raises(LimitError, match=f"at most {count} "):
            limits.take(what, 0.0, person="cid")


def test_a_limit_is_said_in_the_readers_language() -> None:
    limits = Limits()
    for _ in range(30):
        limits.take("message", 0.0, person="ann")
    with pytest.raises(CardhallError) as refused:
        limits.take("message", 0.0, person="ann")
    said = web("ru").say(refused.value.args[0])
    assert "30" in said and "too fast" not in said


def test_a_ban_says_its_end_and_reason() -> None:
    said = sanction_words({"kind": "ban", "until": 0.0, "reason": "threats"})
    assert str(said) == "you are banned from this room until 1970-01-01 00:00 UTC; the moderators' reason: threats"
    assert "for good" in str(sanction_words({"kind": "ban", "until": None, "reason": "spam"}))
    assert "muted you until" in str(sanction_words({"kind": "mute", "until": 60.0, "reason": "x"}))


def test_a_room_socket_whose_client_reads_nothing_is_closed_not_kept() -> None:
    from cardhall.web.people import CLOSE_BEHIND, OUTBOX, RoomConnection

    conn = RoomConnection(object(), "ann", {"eve"}, "cs")  # type: ignore[arg-type]
    conn.send({"type": "lobby_chat", "from": "eve", "text": "muted"})
    assert conn.take() == []  # a person muted is not heard
    for number in range(OUTBOX):
        conn.send({"type": "lobby_chat", "from": "bob", "text": str(number)})
    assert conn.closing is None
    conn.send({"type": "lobby_chat", "from": "bob", "text": "one too many"})
    assert conn.closing is not None and conn.close_code == CLOSE_BEHIND
    assert conn.closing["message"] == web("cs")._("too many unread messages; connect again") != \
        "too many unread messages; connect again"
    assert len(conn.take()) == OUTBOX
