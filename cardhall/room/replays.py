"""A finished game's replay: every move with every hand, in words in the reader's language.

Only a game that is over has a replay (the caller refuses the others: nothing hidden may be
shown of a game still played). The table is rebuilt from its stored log entry by entry
(`Table.apply_entry`, the same path a restored table takes), and each move becomes a step:

- `seat`, `action` (notation, for a program: never in the words), `by` (person, bot or the
  takeover bot);
- `said`: the move and what it caused in words, one sentence per event in the order the game made
  them, phrased by the game's own `TextUI` as a spectator hears them, and naming the people who sat
  there in a game whose seats are only numbered (`TextUI.people`: "Ann bids 2", not "Player 2
  bids 2"). A replay shows every hand, so where a spectator would hear nothing of a move (a card
  chosen to pass) the mover's own event is said in the third person ("North passes the two of
  clubs."), and a move no event tells is said by its choice in words (`TextUI.spoken_choice`);
- `hands`: every seat's hand after the move (None where the game has no hand in its views);
- `table`: what a spectator sees of the table after the move, in words (`TextUI.render`);
- `scores` after the move, and `deal`, the number of the part of the game the move belongs to:
  the game's own count of deals (Hearts, Jass, 3-2-5) or rounds (5 Towers), `part` saying which
  ("deal", "round", or None for a game played in one go, Clash of Decks); `deals` is how many
  there were, so the last step of a one-deal game is "deal 1 of 1".
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from cardhall.core.game import Event, State
from cardhall.core.text import TextUI, text_ui
from cardhall.core.titles import game_title
from cardhall.room.table import Change, Table
from cardhall.room.words import seat_label, seat_labels


def _hands(table: Table) -> list[Any]:
    out = []
    for seat in range(len(table.seats)):
        view = table.state.view_of(seat)
        out.append(view.get("hand") if isinstance(view, dict) else None)
    return out


def _table_words(ui: TextUI, table: Table) -> str:
    """What a spectator sees of the table now, in words (the game's `TextUI.render`, or its table,
    score and turn where the render needs a seat's hand): the towers of 5 Towers, the trick on
    the table, the scores …"""
    view = table.state.view_of(None)
    try:
        return ui.render(view, -1)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):  # a render that needs a seat's hand:
        pass  # what a spectator's keys say instead (the table page does the same), each part that can
    said = []
    for part in (ui.table, ui.score, ui.turn):
        try:
            said.append(part(view, -1))
        except (KeyError, TypeError, IndexError, ValueError, AttributeError):
            continue
    return "\n".join(p for p in said if p)


PARTS = {"deal_started": "deal", "round_started": "round"}
"""Events after which the next move belongs to the next part of the game (a deal, a 5 Towers
round), each with the key of the event that holds that part's number."""


def part_of(view: dict[str, Any]) -> str | None:
    """What a game counts its parts in, from its public view: "deal" (Hearts, Jass, Putz, 3-2-5),
    "round" (5 Towers), None for a game played in one go (Clash of Decks)."""
    if "deal" in view or "deals" in view:
        return "deal"
    return "round" if "round" in view else None


def _next_part(events: Sequence[Event]) -> int | None:
    """The number of the part (deal, round) the move's events began, if they began one."""
    for event in events:
        key = PARTS.get(str(event.get("type")))
        if key is not None and isinstance(event.get(key), int):
            return int(event[key])
    return None


def _told(seen: Sequence[Event], own: Sequence[Event], seat: int) -> list[Event]:
    """The events a replay tells: the spectator's, except where the mover's own event of the same
    kind knows more (a card chosen to pass: the mover's event names it)."""
    if [e.get("type") for e in seen] != [e.get("type") for e in own]:
        return list(seen)
    return [o if o.get("seat") == seat and set(o) > set(e) else e for e, o in zip(seen, own, strict=True)]


def step_words(ui: TextUI, change: Change, seat: int, choice: str) -> list[str]:
    """The sentences of one move of a table (`events_words` of the change's events)."""
    return events_words(ui, change.game_events(None), change.game_events(seat), seat, choice)


def events_words(ui: TextUI, seen: Sequence[Event], own: Sequence[Event], seat: int, choice: str) -> list[str]:
    """The sentences of one move, in the order the game made its events (`_told`: as a spectator
    hears them, but with every card the mover chose, said in the third person, "North passes the
    two of clubs."); `choice` (the move in words) when no event says anything. Never the move's
    notation."""
    said = [text for text in ui.phrase_all(_told(seen, own, seat), None) if text]
    # Translators: a move in a replay that no sentence of the game tells: "Ann: pass the two of clubs."
    return said or [ui.tr._("{player}: {choice}.", player=ui.seat(seat), choice=choice)]


def record_words(ui: TextUI, state: State, action: Any) -> list[str]:
    """Play `action` on `state` (a game record's next move) and say it as a table's replay says its
    moves (`events_words`): "North passes the two of clubs.", never "North: pass 2C"."""
    seat = state.to_move()
    assert seat is not None
    choice = ui.spoken_choice(action, state.view_of(seat), seat)
    events = state.apply_with_events(action)
    return events_words(ui, events[None], events[seat], seat, choice)


def _choice(ui: TextUI, table: Table, seat: int, notation: str) -> str:
    """The move about to be played, in words (`TextUI.spoken_choice`), for a move no event tells."""
    try:
        action = table.game.parse_action(notation, table.state)
        return ui.spoken_choice(action, table.state.view_of(seat), seat)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):
        return ui.tr._("a move")


def build(header: dict[str, Any], entries: list[dict[str, Any]], code: str, faces: str = "french") -> dict[str, Any]:
    """The replay of a finished table (see the module docstring), in the language `code`, naming
    the cards of the faces `faces` (`cardhall.core.card_words.FACES`; Jass and Putz: "german" says
    «Schellen-Under»); `faces` in the answer is the faces the words name (French for a game
    whose cards come only in those)."""
    table = Table.restore(header, [])
    ui = text_ui(table.game, code, faces=faces)
    names = seat_labels([s.to_json() for s in table.seats], ui.tr)
    steps: list[dict[str, Any]] = []
    deal, part, start = 1, None, []
    for entry in entries:
        if entry.get("kind") != "act":
            table.apply_entry(entry)
            if entry.get("kind") == "start":  # the deal is made at the start (no hand exists before); who sits is known
                start, part = _hands(table), part_of(table.state.view_of(None))
                names = seat_labels([s.to_json() for s in table.seats], ui.tr)
            continue
        seat = int(entry["seat"])
        with ui.people(names):
            choice = _choice(ui, table, seat, entry["action"])
            change = table.apply_entry(entry)
            steps.append({"number": len(steps) + 1, "seat": seat, "action": entry["action"], "by": entry.get("by", "person"),
                          "said": step_words(ui, change, seat, choice), "hands": _hands(table),
                          "scores": table.state.scores(), "deal": deal, "table": _table_words(ui, table)})
        begun = _next_part(change.game_events(None))
        if begun is not None and not table.state.is_over():
            deal = begun  # the move began the next deal (round): the next step is in it
    with ui.people(names):
        result = ui.result(table.state.view_of(None), table.state.scores(), table.state.winners(), -1)
    return _answer(table, ui, names, steps, start, part, result)


def _answer(table: Table, ui: TextUI, names: list[str], steps: list[dict[str, Any]], start: list[Any],
            part: str | None, result: str) -> dict[str, Any]:
    state = table.state
    return {"table": table.id, "game": table.game.name, "title": game_title(table.game, ui.tr), "faces": ui.faces,
            "options": dict(table.game.options), "seed": table.seed, "rated": table.rated, "private": table.private,
            "seats": [{"name": s.name, "kind": s.kind, "player": s.player, "bot": s.bot, "seat_name": ui.seat_name(i),
                       "label": names[i] or seat_label(s.to_json(), ui.tr)}
                      for i, s in enumerate(table.seats)],
            "start": {"hands": start}, "steps": steps, "part": part, "deals": steps[-1]["deal"] if steps else 1,
            "scores": state.scores(), "winners": state.winners(), "result": result,
            "record": table.record().to_json()}
