"""The room's events in words, in the reader's language: one sentence per event, "you" for the
reader's own seat. The terminal and the browser both say room events with `room_sentence`;
a game's own events (moves, tricks, scores) are phrased by its `TextUI.phrase`."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from cardhall.bots.levels import bot_name, level_title
from cardhall.core.i18n import Lang
from cardhall.room.messages import SeatInfo

ROOM_EVENTS = frozenset({"sat", "left", "started", "chat", "takeover", "reclaimed", "clock_warning",
                         "game_over", "connected", "disconnected", "hold", "missed"})
"""The room's own event types (`cardhall.room.table`); every other event is the game's."""


def seat_label(seat: SeatInfo | Mapping[str, Any], tr: Lang) -> str:
    """What a reader calls a seat's occupant (a state message's `SeatInfo`, or a seat as
    `Seat.to_json` writes it): a bot by its level in the reader's language («Бот (сильный)»), a
    person by their name, "" when open."""
    if isinstance(seat, SeatInfo):
        return bot_name(seat.bot, tr) if seat.kind == "bot" and seat.bot else seat.name
    if seat.get("kind") == "bot" and seat.get("bot"):
        return bot_name(str(seat["bot"]), tr)
    return str(seat.get("name") or "")


def seat_labels(seats: Sequence[SeatInfo | Mapping[str, Any]], tr: Lang) -> list[str]:
    """What a reader calls each seat's occupant (`seat_label`), told apart where two read alike: three
    medium bots are "Bot (medium) 1", "Bot (medium) 2" and "Bot (medium) 3" (in seat order), so the
    sentences, the plates and the standings never name two seats the same."""
    labels = [seat_label(s, tr) for s in seats]
    counts: dict[str, int] = {}
    for label in labels:
        counts[label] = counts.get(label, 0) + 1
    seen: dict[str, int] = {}
    out = []
    for label in labels:
        if label and counts[label] > 1:
            seen[label] = seen.get(label, 0) + 1
            # Translators: one of several seats whose occupants read alike, told apart by a number ("Bot (medium) 2").
            label = tr._("{name} {number}", name=label, number=seen[label])
        out.append(label)
    return out


def room_sentence(said: msgspec.Struct | Mapping[str, Any], tr: Lang, viewer: int | None, names: Sequence[str] = (),
                  places: Sequence[str] = ()) -> str | None:
    """A room event in `tr`'s language for `viewer` (a seat, or None for a spectator): None when
    `said` (the event: a `RoomEvent` struct as the table makes it, or a dict as a client reads it)
    is not a room event (the game phrases it), "" when the reader need not hear it (the end of the
    game, which the game's result says; one's own connection).

    `names[seat]` is what the reader calls a seat (the terminal: the game's seat names; the
    browser: the seated people's names). Events about a seat in play (takeover, reclaimed,
    clock_warning) name the seat that way; events about a person (sat, left, chat, connected,
    disconnected, hold) name them by the event's `name`. Each falls back to the other. `places[seat]` is
    the game's own name of a seat ("North", "Player 2"): a person who sits or leaves is said to
    sit as it ("Ann sits down as North."), the name every other sentence of the game uses; without
    `places` the seat's number is said ("Ann sits down in seat 1.")."""
    # a room event as the table made it (`cardhall.room.messages.RoomEvent`), or as a client read it (JSON)
    event: Mapping[str, Any] = msgspec.to_builtins(said) if isinstance(said, msgspec.Struct) else said
    kind = event.get("type")
    if kind not in ROOM_EVENTS:
        return None
    seat = event.get("seat")
    you = isinstance(seat, int) and seat == viewer
    by_seat = names[seat] if isinstance(seat, int) and 0 <= seat < len(names) and names[seat] else ""
    by_name = str(event.get("name") or "")
    about_seat = kind in ("takeover", "reclaimed", "clock_warning", "missed")
    who = (by_seat or by_name) if about_seat else (by_name or by_seat)
    if not who:
        who = tr._("Seat {number}", number=seat + 1) if isinstance(seat, int) else tr._("Someone")
    number = seat + 1 if isinstance(seat, int) else 0
    place = places[seat] if isinstance(seat, int) and 0 <= seat < len(places) and places[seat] else ""
    seated = _seating(kind, tr, you, who, number, place)
    return seated if seated is not None else _at_the_table(kind, event, tr, you, who, seat)


def _seating(kind: str, tr: Lang, you: bool, who: str, number: int, place: str) -> str | None:
    """Sitting down, leaving and the start (None: another kind of room event)."""
    match kind:
        case "sat" if place:
            return tr._("You sit down as {seat}.", seat=place) if you else \
                tr._("{player} sits down as {seat}.", player=who, seat=place)
        case "left" if place:
            return tr._("You leave; {seat} is open.", seat=place) if you else \
                tr._("{player} leaves; {seat} is open.", player=who, seat=place)
        case "sat":
            return tr._("You sit down in seat {number}.", number=number) if you else \
                tr._("{player} sits down in seat {number}.", player=who, number=number)
        case "left":
            return tr._("You leave seat {number}.", number=number) if you else \
                tr._("{player} leaves seat {number}.", player=who, number=number)
        case "started":
            return tr._("The game starts.")
    return None


def _at_the_table(kind: str, event: Mapping[str, Any], tr: Lang, you: bool, who: str, seat: Any) -> str:
    """Every other room event: chat, takeovers and returns, clocks, holds, presence ("" for the
    end of the game, which the game's result says)."""
    match kind:
        case "chat":
            text = str(event.get("text", ""))
            if you:
                return tr._("You say: {text}", text=text)
            if seat is None:
                return tr._("{player} (spectator) says: {text}", player=who, text=text)
            return tr._("{player} says: {text}", player=who, text=text)
        case "takeover":
            return _takeover(tr, str(event.get("reason", "")), you, who, level_title(str(event.get("bot", "")), tr))
        case "missed":  # a turn-based table (`cardhall.room.turns`)
            return _missed(tr, you, who, level_title(str(event.get("bot", "")), tr), int(event.get("count", 0)),
                           int(event.get("limit", 0)))
        case "reclaimed":
            return tr._("You are back and play again.") if you else \
                tr._("{player} is back and plays again.", player=who)
        case "clock_warning":
            seconds = int(event.get("seconds", 0))
            if you:
                return tr.ngettext("You have {count} second left for this move.",
                                   "You have {count} seconds left for this move.", seconds)
            return tr.ngettext("{player} has {count} second left for this move.",
                               "{player} has {count} seconds left for this move.", seconds, player=who)
        case "hold":  # "wait for me" and "go on" (`Table.wait_for`)
            if event.get("on"):
                return tr._("The bots wait for you; they play again once you let them go on.") if you else \
                    tr._("{player} asks the bots to wait; they play again once {player} lets them go on.", player=who)
            return tr._("You let the bots go on.") if you else tr._("{player} lets the bots go on.", player=who)
        case "connected":
            return "" if you else tr._("{player} is here.", player=who)
        case "disconnected":
            return "" if you else tr._("{player} is away.", player=who)
    return ""  # game_over: the game's own result sentence says it


def _takeover(tr: Lang, reason: str, you: bool, who: str, bot: str) -> str:
    """A bot plays for an absent person: why, and until when."""
    if reason == "clock":
        # Translators: {bot} is the bot's level in your language (the "bot level" messages: random,
        # easy, medium, hard, heuristic), an adjective agreeing with "bot".
        return tr._("You ran out of time; the {bot} bot plays for you until you come back.", bot=bot) if you else \
            tr._("{player} ran out of time; the {bot} bot plays for them until they come back.", player=who, bot=bot)
    if reason == "misses":
        return tr._("You missed too many moves; the {bot} bot plays for you until you come back.", bot=bot) \
            if you else tr._("{player} missed too many moves; the {bot} bot plays for them until they come back.",
                             player=who, bot=bot)
    if reason == "left":
        return tr._("You left; the {bot} bot plays for you until you come back.", bot=bot) if you else \
            tr._("{player} left; the {bot} bot plays for them until they come back.", player=who, bot=bot)
    return tr._("You are away; the {bot} bot plays for you until you come back.", bot=bot) if you else \
        tr._("{player} is away; the {bot} bot plays for them until they come back.", player=who, bot=bot)


def _missed(tr: Lang, you: bool, who: str, bot: str, count: int, limit: int) -> str:
    """A person's time for a move ran out at a turn-based table: the bot plays this one move."""
    if you:
        return tr._("Your time for this move ran out; the {bot} bot plays it for you (miss {count} of {limit}).",
                    bot=bot, count=count, limit=limit)
    return tr._("The time of {player} for this move ran out; the {bot} bot plays it (miss {count} of {limit}).",
                player=who, bot=bot, count=count, limit=limit)
