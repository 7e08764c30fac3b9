"""A finished game's replay: every move with every hand, in words in the reader's language.

Only a game that is over has a replay (the caller refuses the others: nothing hidden may be
shown of a game still played). The table is rebuilt from its stored log entry by entry
(`Table.apply_entry`, the same path a restored table takes), and each move becomes a step:

- `seat`, `action` (notation), `by` (person, bot or the takeover bot);
- `said`: the move in words, phrased by the game's own `TextUI` from the events of the seat that
  moved (which know what that seat did, e.g. the cards it passed), said as a spectator would
  hear it ("North passes …");
- `hands`: every seat's hand after the move (None where the game has no hand in its views);
- `table`: what a spectator sees of the table after the move, in words (`TextUI.render`);
- `scores` after the move, and `deal`, the number of the deal (a new one begins after a move whose
  events deal the cards: `NEW_DEAL`), so a reader can step a deal at a time.
"""

from __future__ import annotations

from typing import Any

from cardhall.core.text import TextUI, text_ui
from cardhall.core.titles import game_title
from cardhall.room.table import Table
from cardhall.room.words import seat_label


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


NEW_DEAL = ("deal_started", "hand_dealt", "round_started")
"""Events after which the next move belongs to a new deal."""


def build(header: dict[str, Any], entries: list[dict[str, Any]], code: str, faces: str = "french") -> dict[str, Any]:
    """The replay of a finished table (see the module docstring), in the language `code`, naming
    the cards of the faces `faces` (`cardhall.core.card_words.FACES`; Jass and Putz: "german" says
    «Schellen-Under»); `faces` in the answer is the faces the words name (French for a game
    whose cards come only in those)."""
    table = Table.restore(header, [])
    ui = text_ui(table.game, code, faces=faces)
    steps: list[dict[str, Any]] = []
    deal = 1
    start: list[Any] = []
    for entry in entries:
        change = table.apply_entry(entry)
        if entry.get("kind") == "start":  # the deal is made at the start (no hand exists before)
            start = _hands(table)
        if entry.get("kind") != "act":
            continue
        seat = int(entry["seat"])
        events = change.game_events(None)
        said = [text for text in ui.phrase_all(events, None) if text]
        if not said:
            said = [ui.tr._("{player}: {action}.", player=ui.seat(seat), action=entry["action"])]
        hands = _hands(table)
        steps.append({"number": len(steps) + 1, "seat": seat, "action": entry["action"], "by": entry.get("by", "person"),
                      "said": said, "hands": hands, "scores": table.state.scores(), "deal": deal,
                      "table": _table_words(ui, table)})
        if any(ev.get("type") in NEW_DEAL for ev in events) and not table.state.is_over():
            deal += 1  # the move dealt new hands: the next step is in the next deal
    state = table.state
    return {"table": table.id, "game": table.game.name, "title": game_title(table.game, ui.tr), "faces": ui.faces,
            "options": dict(table.game.options), "seed": table.seed, "rated": table.rated, "private": table.private,
            "seats": [{"name": s.name, "kind": s.kind, "player": s.player, "bot": s.bot, "seat_name": ui.seat(i),
                       "label": seat_label({"kind": s.kind, "bot": s.bot, "name": s.name}, ui.tr)}
                      for i, s in enumerate(table.seats)],
            "start": {"hands": start}, "steps": steps, "deals": deal,
            "scores": state.scores(), "winners": state.winners(),
            "result": ui.result(state.view_of(None), state.scores(), state.winners(), -1),
            "record": table.record().to_json()}
