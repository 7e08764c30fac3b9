"""Words on the wire: what a table says to one viewer, in the viewer's language, phrased once.

A browser connection that asks for words (`/ws/tables/{id}?words=1`) gets each event with its
sentence (`Event.words`) and each state with the table, the choices, the steps of a composite
choice and the keys' answers in words (`State.words`, a `StateWords`), all phrased here by the
game's own `TextUI` from the messages this viewer receives anyway, so nothing here knows more
than the viewer may. Phrasing is cached per (table, version, viewer, language): the connections
of one person, or the spectators reading one language, share one phrasing of each change.

`POST /api/text` (`cardhall.web.pages.table_text`, for tools and other clients that send a view
back and ask what to say) phrases with the same `TextUI` parts: `token`, `spoken_choice`,
`without_notation`.
"""

from __future__ import annotations

import contextlib
import json
import logging
import re
import weakref
from collections import OrderedDict
from collections.abc import Hashable, Iterable, Iterator, Mapping, Sequence
from functools import lru_cache
from typing import Any

import msgspec

import cardhall
from cardhall.core.errors import CardhallError
from cardhall.core.game import Game, Viewer
from cardhall.core.i18n import N_, check
from cardhall.core.text import Shortcut, TextUI, choice_steps, text_ui
from cardhall.core.titles import game_title
from cardhall.room.messages import Event, KeyWords, RoomEvent, ServerMessage, State, StateWords
from cardhall.room.words import room_sentence, seat_labels
from cardhall.web.languages import web

log = logging.getLogger("cardhall.web")

NOTHING = N_("Nothing to say about that now.")
CACHED = 4096
"""Phrasings kept (state words and the sentences of one change, per viewer and language): those of
the changes now being sent, and recent events a returning connection asks for again."""


FACES_COOKIE = "cardhall_faces"
"""The card faces a browser shows (`cardhall.core.card_words.FACES`), set by a game's presenter (Jass:
"french" or "german"): the words of a table speak of the cards the page draws ("under of bells")."""


def faces_of(cookies: Mapping[str, str], code: str) -> str:
    """The card faces a reader of the language `code` sees: those its cookie chose ("german" or
    "french"), else those its page draws before any choice (the Jass presenter's `facesChosen`):
    German on a German page, French on any other. A connection that opens before the page has set
    its cookie hears the cards the page draws."""
    chosen = cookies.get(FACES_COOKIE)
    if chosen in ("german", "french"):
        return chosen
    return "german" if code.split("_")[0].split("-")[0] == "de" else "french"


@lru_cache(maxsize=256)
def load_reader(name: str, options_json: str, code: str, faces: str = "french") -> tuple[Game, TextUI]:
    """The game `name` with these options (JSON) and its `TextUI` in the language `code` for a
    reader who sees the card faces `faces`, shared."""
    game = cardhall.load(name, **json.loads(options_json))
    return game, text_ui(game, code, notation=False, faces=faces)


def reader(game: Game, code: str, faces: str = "french") -> tuple[Game, TextUI]:
    """The game (as loaded for words) and its `TextUI` in the language `code` (and card faces), shared."""
    return load_reader(game.name, json.dumps(dict(game.options), sort_keys=True), code, faces)


def voice(ui: TextUI) -> str:
    """What a phrasing depends on besides the table and viewer: the language, and the card faces
    when they are not the French ones ("de", "de/german"), the key of the caches."""
    return ui.tr.code if ui.faces == "french" else f"{ui.tr.code}/{ui.faces}"


def _call(fn: Any, *args: Any) -> Any:
    """A text function applied to a view it may not fully understand (a spectator's public
    view lacks a hand): a missing field means there is nothing to say, not an error."""
    try:
        return fn(*args)
    except (KeyError, TypeError, IndexError, ValueError, AttributeError):
        return None


def event_words(ui: TextUI, event: RoomEvent | Mapping[str, Any], seat: Viewer, names: Sequence[str]) -> str:
    """One event as one sentence for `seat` ("" when there is nothing to say): the room's own
    events (`room_sentence`, naming the seated people and the seats by the game's names), else the
    game's (`TextUI.phrase`)."""
    said = room_sentence(event, ui.tr, seat, names, [ui.seat_name(i) for i in range(ui.game.num_players)])
    if said is None:
        with ui.people(names):  # a game that numbers its seats names the people in them (TextUI.people)
            said = _call(ui.phrase, event, seat)
    return said or ""


def change_words(ui: TextUI, events: Sequence[RoomEvent | Mapping[str, Any]], seat: Viewer, names: Sequence[str]) -> list[str]:
    """The events of one change, one sentence each for `seat` ("" for nothing to say, or for an
    event the game said together with another, `TextUI.phrase_all`): the room's own events
    (`room_sentence`), the game's phrased together."""
    room = [room_sentence(e, ui.tr, seat, names) for e in events]
    game = [dict(e) for e, r in zip(events, room, strict=True) if r is None and isinstance(e, Mapping)]
    with ui.people(names):
        together = _call(ui.phrase_all, game, seat) if game else []
    if together is None or len(together) != len(game):  # a phrasing that fails: each event on its own
        together = [event_words(ui, e, seat, names) for e in game]
    said = iter(together)
    return [r if r is not None else next(said) or "" for r in room]


COLON = re.compile("[\u00a0\u202f]?: ")
"""The colon after a choice's notation, with the space some languages set before it."""


def without_notation(ui: TextUI, choices: dict[str, str]) -> None:
    """Labels of the form "NOTATION: words" lose the notation; where two would then read the
    same (Clash's "summon X top" and "summon X bottom"), the notation is said in words instead."""
    # French sets a narrow no-break space before the colon ("NOTATION\u202f: words").
    found = {n: m for n, label in choices.items() if label.startswith(n) and (m := COLON.match(label, len(n)))}
    stripped = {n: choices[n][m.end():] for n, m in found.items()}
    counts: dict[str, int] = {}
    for rest in stripped.values():
        counts[rest] = counts.get(rest, 0) + 1
    for n, rest in stripped.items():
        choices[n] = rest if counts[rest] == 1 else " ".join(ui.token(t) for t in n.split()) + found[n].group() + rest


def state_words(game: Game, ui: TextUI, seat: Viewer, view: Mapping[str, Any], legal: Sequence[str],
                over: bool = False, scores: Sequence[float] = (), names: Sequence[str] = ()) -> StateWords:
    """Everything a page says about one state for `seat`: the table, the keys' answers, the
    choices (and, for a long composite choice, its steps, `cardhall.core.text.choice_steps`),
    each notation token of the choices and the hand, what the reader calls each seat's occupant
    (`names`), the result once the game is over."""
    with _answers_once(ui) as shortcuts, ui.people(names):
        return _state_words(game, ui, seat, view, legal, over, scores, names, shortcuts)


@contextlib.contextmanager
def _answers_once(ui: TextUI) -> Iterator[dict[str, Shortcut]]:
    """While one state is phrased, each key's function answers once: the whole table (`render`)
    is mostly the keys' answers again (C, S, T …), so its calls reuse them. The functions are
    shadowed on the (shared, single-threaded) `ui` object and restored after. Yields the keys
    (`TextUI.shortcuts`, asked once) with the shadowed functions."""
    shadowed: list[str] = []
    keys = ui.shortcuts()
    for key, (what, fn) in list(keys.items()):
        name = getattr(fn, "__name__", "")
        if hasattr(ui, "__dict__") and getattr(fn, "__self__", None) is ui and name and name not in vars(ui):
            shadowed.append(name)
            setattr(ui, name, _once(fn))
        if name in shadowed:
            keys[key] = (what, vars(ui)[name])
    try:
        yield keys
    finally:
        for name in shadowed:
            delattr(ui, name)


def _once(fn: Any) -> Any:
    """`fn(view, seat)` answered once per view object and seat (the view is kept with its answer,
    so no other view can take its id meanwhile)."""
    said: dict[tuple[int, int], tuple[Any, Any]] = {}

    def answer(view: Any, seat: int) -> Any:
        key = (id(view), seat)
        if key not in said or said[key][0] is not view:
            said[key] = (view, fn(view, seat))
        return said[key][1]
    return answer


def _token(ui: TextUI, token: str) -> str:
    """`ui.token(token)`, kept per reader (a token's words never change)."""
    known = _TOKENS.setdefault(ui, {})
    if token not in known:
        known[token] = ui.token(token)
    return known[token]


_TOKENS: weakref.WeakKeyDictionary[TextUI, dict[str, str]] = weakref.WeakKeyDictionary()

TOKEN_SETS = 4096
"""The token maps a reader keeps (`_token_words`), then all are forgotten."""


def _token_words(ui: TextUI, legal: tuple[str, ...], hand: tuple[str, ...]) -> dict[str, str]:
    """Each notation token of the choices, then each card of the hand, in words (a state's `words`),
    kept per reader for the same choices and hand: a hand and its choices are the same for all the
    states between two of the reader's own moves. The map is shared: read it, never change it."""
    known = _TOKEN_SETS.setdefault(ui, {})
    found = known.get((legal, hand))
    if found is None:
        found = {}
        for notation in legal:
            for token in notation.replace(";", " ").split():
                found.setdefault(token, _token(ui, token))
        for card in hand:
            found.setdefault(card, _token(ui, card))
        if len(known) >= TOKEN_SETS:
            known.clear()
        known[(legal, hand)] = found
    return found


_TOKEN_SETS: weakref.WeakKeyDictionary[TextUI, dict[tuple[tuple[str, ...], tuple[str, ...]], dict[str, str]]] = \
    weakref.WeakKeyDictionary()


def _state_words(game: Game, ui: TextUI, seat: Viewer, view: Mapping[str, Any], legal: Sequence[str],
                 over: bool, scores: Sequence[float], names: Sequence[str],
                 shortcuts: dict[str, Shortcut]) -> StateWords:
    fixed = _fixed(game, ui)
    me = -1 if seat is None else seat  # text functions take a seat; -1 is nobody's
    nothing = fixed.nothing
    view = dict(view)
    keys: dict[str, KeyWords] = {}
    for key, (what, fn) in shortcuts.items():
        said = _call(fn, view, me)
        described = fixed.described(what)
        if isinstance(said, tuple):
            said, action = said
            keys[key] = KeyWords(described, ui.say(said, seat), game.format_action(action))
        else:
            keys[key] = KeyWords(described, ui.say(said, seat) if said else nothing)

    choices: dict[str, str] = {}
    actions = []
    for notation in legal:
        try:
            action = game.parse_action(notation, None)
            actions.append((notation, action))
            choices[notation] = ui.say(ui.spoken_choice(action, view, me), seat)
        except CardhallError:
            choices[notation] = notation
    without_notation(ui, choices)
    steps = None
    if len(actions) == len(legal):
        found = _call(choice_steps, ui, [a for _, a in actions], view, me)
        if found is not None:
            steps = {n: [list(step) for step in s] for (n, _), s in zip(actions, found, strict=True)}
    hand = view.get("hand")
    words = _token_words(ui, tuple(legal), tuple(c for c in hand if isinstance(c, str)) if isinstance(hand, list) else ())

    result = None
    if over:
        result = _call(ui.result, view, list(scores or view.get("scores") or []), view.get("winners") or [], me)
    render = _call(ui.render, view, me)
    if not render:  # a spectator's public view: what the table, score and turn keys can say
        render = "\n".join(k.text for key, k in keys.items() if key in ("C", "S", "T") and k.text != nothing)
    return StateWords(title=fixed.title, lang=ui.tr.code, render=render or "",
                      seats=list(fixed.seats), names=list(names), keys=keys,
                      choices=choices,
                      words=words, steps=steps, result=result or None)


class _Fixed:
    """The words of a reader's states that no position changes: the game's title, the seats' own
    names, "nothing to say" and each key's description, phrased once per reader (`_fixed`)."""

    def __init__(self, game: Game, ui: TextUI) -> None:
        self.ui = ui
        self.title = game_title(game, ui.tr)
        self.seats = tuple(ui.seat_name(i) for i in range(game.num_players))
        self.nothing = web(ui.tr.code)._(NOTHING)
        self._described: dict[Hashable, str] = {}

    def described(self, what: Any) -> str:
        """A key's description in the reader's words, kept when it is plain text (a `Msg`, equal to
        its English text whatever its parameters, is said afresh)."""
        if type(what) is not str:
            return self.ui.say(what)
        said = self._described.get(what)
        if said is None:
            said = self._described[what] = self.ui.say(what)
        return said


def _fixed(game: Game, ui: TextUI) -> _Fixed:
    """The reader's `_Fixed` words (kept with its `TextUI`: a reader's game and language never change)."""
    fixed = _FIXED.get(ui)
    if fixed is None:
        fixed = _FIXED[ui] = _Fixed(game, ui)
    return fixed


_FIXED: weakref.WeakKeyDictionary[TextUI, _Fixed] = weakref.WeakKeyDictionary()


class Cache:
    """The phrasings of recent changes, least recently used dropped first."""

    def __init__(self, size: int = CACHED) -> None:
        self.size = size
        self._items: OrderedDict[Hashable, Any] = OrderedDict()
        self.made = 0  # phrasings computed (not found here)

    def get(self, key: Hashable, make: Any) -> Any:
        if key in self._items:
            self._items.move_to_end(key)
            return self._items[key]
        value = self._items[key] = make()
        self.made += 1
        if len(self._items) > self.size:
            self._items.popitem(last=False)
        return value


CACHE = Cache()


WORDED = 16
"""States with their words kept as objects, each only a short while: the connections that watch one
table as one viewer receive its state at once, one table after another. (The words themselves are
kept longer, in `Cache`. Keeping 256 whole states made the words of a move a third dearer: the
more objects live, the more the garbage collector walks.)"""

_WORDED: OrderedDict[tuple[str, int, Viewer, str], tuple[State, State]] = OrderedDict()


class Speaker:
    """Adds the words to one connection's messages. The events of a change reach a connection
    just before the state that follows them, phrased for that state's viewer: so the events are
    held until their state comes, then all are sent, each with its sentence (cached per table,
    version, viewer and language), the state with its `StateWords` (each in the struct's own
    `words` field)."""

    def __init__(self, table_id: str, game: Game, code: str, cache: Cache = CACHE, faces: str = "french") -> None:
        self.table_id = table_id
        self.game, self.ui = reader(game, check(code), faces)
        self.code = voice(self.ui)
        self.cache = cache
        self._held: list[Event] = []

    def take(self, message: ServerMessage) -> list[ServerMessage]:
        """The messages to send now: none for an event (held), the held events and the state
        with their words for a state; any other message as it is."""
        if isinstance(message, Event):
            self._held.append(message)
            return []
        if not isinstance(message, State):
            return [message]
        held, self._held = self._held, []
        try:
            return self._phrase(held, message)
        except Exception:  # a bug in a game's phrasing must not stop the table: the messages go without words
            log.exception("table %s: cannot phrase version %s; sent without words", self.table_id, message.version)
            return [*held, message]

    def _phrase(self, held: list[Event], message: State) -> list[ServerMessage]:
        seat = message.seat
        names = seat_labels(message.seats, self.ui.tr)
        out: list[ServerMessage] = []
        for version, group in _by_version(held):
            said = self.cache.get(("events", self.table_id, version, self.audience(group, seat), self.code),
                                  lambda group=group: change_words(self.ui, [m.event for m in group], seat, names))
            out.extend(msgspec.structs.replace(m, words=w) for m, w in zip(group, said, strict=True))
        out.append(self._worded(message, names))
        return out

    def _worded(self, message: State, names: Sequence[str]) -> State:
        """The state with its words (cached per version, viewer and language), one object for the
        connections that receive `message` at once (`WORDED`): they share its encoding and, with
        `?delta=1`, the delta to it (`cardhall.web.deltas`)."""
        key = (self.table_id, message.version, message.seat, self.code)
        found = _WORDED.get(key)
        if found is not None and found[0] is message:
            return found[1]
        words = self.cache.get(("state", *key), lambda: self.state(message, names))
        worded = msgspec.structs.replace(message, words=words)
        _WORDED[key] = (message, worded)
        if len(_WORDED) > WORDED:
            _WORDED.popitem(last=False)
        return worded

    def audience(self, group: list[Event], seat: Viewer) -> Hashable:
        """Who hears the events of one change alike (`TextUI.audience` of each game event): the
        viewers of one audience share its sentences, phrased once. A room's event is phrased for
        each viewer ("You sit down." / "Ann sits down.")."""
        parts: list[Hashable] = []
        for m in group:
            if not isinstance(m.event, dict):
                return seat
            try:
                parts.append(self.ui.audience(m.event, seat))
            except Exception:  # an event the game's audience cannot read: phrased for this viewer
                return seat
        return tuple(parts)

    def state(self, message: State, names: Sequence[str] | None = None) -> StateWords:
        """The state's words for its viewer (`names`: `seat_labels` of its seats, when already known)."""
        if names is None:
            names = seat_labels(message.seats, self.ui.tr)
        return state_words(self.game, self.ui, message.seat, message.view, message.legal, message.over, message.scores,
                           names)


def earlier_words(table_id: str, game: Game, history: Iterable[Any], viewer: Viewer, seats: Sequence[Mapping[str, Any]],
                  code: str, until: int, cache: Cache = CACHE, faces: str = "french") -> list[dict[str, Any]]:
    """What `viewer` heard at a table up to version `until`, from the changes it keeps
    (`Table.history`, `cardhall.room.table.Change`): each event this viewer hears (the engine's
    per-viewer events: never a card the viewer may not know) with its sentence in the language
    `code`, phrased and cached as a connection's (`Speaker`), so a reloaded page's history reads
    as it did live. Events with nothing to say are left out."""
    game, ui = reader(game, check(code), faces)
    names = seat_labels(seats, ui.tr)
    out: list[dict[str, Any]] = []
    for change in history:
        events = change.events.get(viewer, []) if change.version <= until else []
        if not events:
            continue
        said = cache.get(("events", table_id, change.version, viewer, voice(ui)),
                         lambda events=events: [event_words(ui, e, viewer, names) for e in events])
        out.extend({"version": change.version, "event": msgspec.to_builtins(e), "words": w}
                   for e, w in zip(events, said, strict=True) if w)
    return out


def _by_version(events: list[Event]) -> list[tuple[int, list[Event]]]:
    groups: list[tuple[int, list[Event]]] = []
    for m in events:
        if groups and groups[-1][0] == m.version:
            groups[-1][1].append(m)
        else:
            groups.append((m.version, [m]))
    return groups

