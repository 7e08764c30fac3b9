"""The Table: the one game loop of cardhall (a room's table, the terminal client's local game,
an arena game and `play_game` all drive one).

A table holds a game state, its seats (a person, a bot spec, or open), its policies and a
version. Every command checks what it is asked, then commits one or more log entries; each
entry is one `Change` (the version grows by exactly 1) with what each viewer hears of it.
The same `_commit` applies an entry live and when a table is rebuilt from its stored log
(`Table.restore`), so a restored table is the live one. Nothing here does I/O or reads the
clock: the caller passes `now`.

Policies: no turn clock unless the table chose one; with a clock, a warning before it runs
out and, at expiry, the table's takeover bot plays the seat; a person disconnected longer
than the grace period is played by the takeover bot too. Both are announced to everyone, and
the person takes the seat back by reconnecting (`connect`), sitting down again (`sit`) or
simply playing their move (`act`). A turn-based table (`Policy.turn_hours`) counts hours per
move instead, with a bank, misses and vacations (`cardhall.room.turns`), and no grace period.
"""

from __future__ import annotations

import copy
import dataclasses
import math
import unicodedata
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

import cardhall.room.messages as messages
from cardhall.core.errors import CardhallError
from cardhall.core.game import Event, Game, State, Viewer
from cardhall.core.i18n import N_, Msg, Plural, reason
from cardhall.core.record import Record
from cardhall.core.registry import load
from cardhall.core.rng import new_seed
from cardhall.core.titles import title_msg
from cardhall.people.names import same_name
from cardhall.room.bots import BotTurn, bot_seed, check_spec
from cardhall.room.errors import TableError
from cardhall.room.turns import TurnClock, check_hours

SeatKind = Literal["open", "person", "bot"]
Status = Literal["waiting", "playing", "over"]

HISTORY = 500
"""Changes kept for `events_since`; a client further behind gets the full state."""
CHAT_LIMIT = 500
"""The longest chat message, in characters (after control characters are removed)."""
ACTION_LIMIT = 300
"""The longest move a person may send, in characters: every game's notation writes its moves in
far fewer (5 Towers' longest build is under 120), and nothing longer is read at all."""
LEVELS = ("random", "heuristic", "easy", "medium", "hard")
"""The bot levels a table may choose as its takeover bot."""


@dataclass
class Seat:
    """One place at the table."""

    kind: SeatKind = "open"
    player: str | None = None  # the person's player id (kind == "person")
    name: str = ""  # shown name: the person's name, or e.g. "Bot (hard)"
    bot: str | None = None  # bot spec for kind == "bot"
    connected: bool = False  # a person with at least one live connection
    away_since: float | None = None  # when the person's last connection closed
    takeover: bool = False  # the table's takeover bot plays for this absent person
    lang: str | None = None  # the language the person reads (a code of `cardhall.core.i18n.LANGUAGES`)
    guest: bool = False  # a person without an account (shown as a guest)
    hold: bool = False  # the person asked the bots to wait for them ("wait for me", until "go on")
    left: bool = False  # the takeover is the person's own leaving: only sitting down or a move ends it

    @classmethod
    def person(cls, player: str, name: str, lang: str | None = None, guest: bool = False) -> Seat:
        return cls("person", player=player, name=name, lang=lang, guest=guest)

    @classmethod
    def robot(cls, spec: str) -> Seat:
        """A bot seat, named after its spec ("Bot (hard)")."""
        return cls("bot", name=f"Bot ({spec})", bot=spec)

    def to_json(self) -> dict[str, Any]:
        """What everyone may know of the seat (player ids are public; tokens are not here)."""
        return {"kind": self.kind, "player": self.player, "name": self.name, "bot": self.bot,
                "connected": self.connected, "takeover": self.takeover, "lang": self.lang, "guest": self.guest,
                "hold": self.hold, "away_since": self.away_since, "left": self.left}

    def info(self) -> messages.SeatInfo:
        """The seat as a state message lists it (`to_json`'s fields, typed)."""
        return messages.SeatInfo(self.kind, self.name, bot=self.bot, connected=self.connected, takeover=self.takeover,
                                 player=self.player, lang=self.lang, guest=self.guest, hold=self.hold, away_since=self.away_since)

    @classmethod
    def from_json(cls, data: Any) -> Seat:
        """A seat as `header()` stores it; TableError if malformed."""
        if not isinstance(data, dict) or data.get("kind") not in ("open", "person", "bot"):
            raise TableError(Msg(N_("a seat must be an object with kind open, person or bot, got {value}"), value=repr(data)))
        seat = cls(data["kind"], player=data.get("player"), name=str(data.get("name", "")), bot=data.get("bot"))
        if seat.kind == "person" and not isinstance(seat.player, str):
            raise TableError(Msg(N_("a person's seat needs the player id, got {value}"), value=repr(data)))
        if seat.kind == "bot" and not isinstance(seat.bot, str):
            raise TableError(Msg(N_("a bot's seat needs the bot spec, got {value}"), value=repr(data)))
        return seat


PACES = ("none", "normal", "slow")
"""The bots' pace a table chooses (`Policy.pace`): at once, the room's (`cardhall serve --bot-pace`),
or slow (`SLOW_PACE` seconds at least), where people follow the table."""

SLOW_PACE = 2.5
"""Seconds a bot waits after the previous change at a "slow" table (more if the room's pace is)."""


@dataclass(frozen=True)
class Policy:
    """How the table treats time and absence."""

    clock: float | None = None  # seconds per move for a person; None: no clock (default)
    warning: float = 10.0  # a warning this many seconds before the clock runs out
    grace: float = 60.0  # a disconnected person's seat is played by the takeover bot after this
    takeover: str = "medium"  # level (bot spec) of the bot that plays for an absent person
    pace: str = "normal"  # how long bots wait where people follow: "none", "normal" (the room's), "slow"
    turn_hours: float | None = None  # a turn-based table's hours per move (`cardhall.room.turns`); None: live

    def __post_init__(self) -> None:
        if self.turn_hours is not None:
            check_hours(self.turn_hours)
            if self.clock is not None:
                raise TableError(Msg(N_("a turn-based table counts hours per move, so it has no clock in seconds; "
                                        "leave clock out")))
        for name, value, low in (("clock", self.clock, 1.0), ("warning", self.warning, 0.0), ("grace", self.grace, 0.0)):
            if value is None and name == "clock":
                continue
            if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value) \
                    or not low <= value <= 86400:
                if name == "clock":
                    raise TableError(Msg(N_("policy clock must be null (no clock) or a number of seconds from {low} to "
                                            "86400, got {value}"), low=f"{low:g}", value=repr(value)))
                raise TableError(Msg(N_("policy {name} must be a number of seconds from {low} to 86400, got {value}"),
                                     name=name, low=f"{low:g}", value=repr(value)))
        if self.pace not in PACES:
            raise TableError(Msg(N_("the bots' pace must be one of {paces}, got {value}"), paces=", ".join(PACES),
                                 value=repr(self.pace)))
        if self.takeover not in LEVELS:
            raise TableError(Msg(N_("policy takeover must be one of {levels}, got {value}"), levels=", ".join(LEVELS),
                                 value=repr(self.takeover)))

    def to_json(self) -> dict[str, Any]:
        turns = {} if self.turn_hours is None else {"turn_hours": self.turn_hours}
        return {"clock": self.clock, "warning": self.warning, "grace": self.grace, "takeover": self.takeover,
                "pace": self.pace, **turns}

    @classmethod
    def from_json(cls, data: Any) -> Policy:
        """Read and check a policy; TableError naming the bad field."""
        if not isinstance(data, dict):
            raise TableError(Msg(N_("a table policy must be an object with clock, warning, grace, takeover and pace, "
                                    "got {value}"), value=repr(data)))
        unknown = sorted(set(data) - {"clock", "warning", "grace", "takeover", "pace", "turn_hours"})
        if unknown:
            raise TableError(Msg(N_("unknown policy field {field}; the fields are clock, warning, grace, takeover and "
                                    "pace"), field=repr(unknown[0])))
        return cls(**data)


@dataclass
class Change:
    """One committed log entry and what each viewer hears of it."""

    version: int  # the table's version after this change (grows by exactly 1 per change)
    entry: dict[str, Any]  # what to store (the table log row): {"kind": ..., ...}, JSON
    events: Mapping[Viewer, Sequence[messages.RoomEvent | Event]]  # per viewer: keys are seats 0..n-1 and None (spectators)

    def game_events(self, viewer: Viewer) -> list[Event]:
        """The game's own events (a move's: dicts, as the game made them) that `viewer` hears of
        this change; the room's events (`messages.RoomEvent` structs) are left out."""
        return [e for e in self.events.get(viewer, []) if isinstance(e, dict)]


Applied = tuple[messages.RoomEvent | None, Mapping[Viewer, Sequence[messages.RoomEvent | Event]] | None]
"""What applying one log entry said: one room event for every viewer, or the events per viewer."""


class Table:
    """Seats, a game and its log; see the module docstring."""

    def __init__(self, id: str, game: Game, seed: int | None, seats: list[Seat], *, host: str,
                 policy: Policy | None = None, private: bool = False, created: float = 0.0,
                 state: State | None = None, events: bool = True, rated: bool = False) -> None:
        """`seed` None: there is no deal until the start, which chooses the seed (the
        room: nobody can read a hand before the game begins, not even by sitting in one seat
        after another). `state`: play on from this position instead of a new game from `seed`
        (local play: a resumed record or a prepared deal). `events=False`: game moves carry no
        per-viewer events (a game nobody watches: the arena, `play_game`); room events are kept.
        `rated`: chosen at creation, the game moves its people's ratings (`room.ratings`)."""
        if len(seats) != game.num_players:
            raise TableError(Plural("{game} with these options is played by {count}, so the table needs {count} seat, "
                                    "not {seats}",
                                    "{game} with these options is played by {count}, so the table needs {count} seats, "
                                    "not {seats}", count=game.num_players, game=title_msg(game), seats=len(seats)))
        self.policy = policy or Policy()
        check_spec(game, self.policy.takeover)
        self.id = id
        self.game = game
        self.seed = state.seed if state is not None else seed
        self._made_seed = self.seed  # the header's: None when the deal waits for the start
        self._state = state if state is not None or seed is None else game.new_state(seed)
        self.seats = seats
        self.created_seats = [Seat(s.kind, s.player, s.name, s.bot) for s in seats]
        self.host = host
        self.private = private
        self.rated = rated  # chosen at creation: the game moves its people's ratings (`room.ratings`)
        self.created = created
        self.with_events = events
        self.version = 0
        self.status: Status = "waiting"
        self.history: deque[Change] = deque(maxlen=HISTORY)
        self.move_version = 0
        # the clock of the person to move (not stored: a restored table restarts it)
        self._clock_key: tuple[int, int] | None = None
        self._turn_started: float | None = None
        self._warned = False
        # a turn-based table's clocks (`cardhall.room.turns`), rebuilt from the log's times
        self.turns = None if self.policy.turn_hours is None else TurnClock.new(self.policy.turn_hours, len(seats))

    @property
    def state(self) -> State:
        """The game's state; a table made without a seed has none before its start."""
        if self._state is None:
            raise TableError(Msg(N_("the game has not started yet, so it has no deal")))
        return self._state

    def fork(self) -> Table:
        """An independent copy to carry out a command on: the room stores the copy's new entries
        first and only then takes the copy as its table, so the live table never holds a change
        the database does not (`TableActor`). Copies what commands change (state, seats, history,
        the clock); the game, policy and header seats are shared (never changed)."""
        twin = copy.copy(self)
        twin._state = None if self._state is None else self._state.clone()
        twin.seats = [dataclasses.replace(s) for s in self.seats]
        twin.history = deque(self.history, maxlen=HISTORY)
        twin.turns = None if self.turns is None else self.turns.copy()
        return twin

    # --- commands -------------------------------------------------------------------------
    def sit(self, player: str, name: str, seat: int | None = None, now: float | None = None,
            lang: str | None = None, guest: bool = False) -> list[Change]:
        """Before the start, take an open seat (None: the first one); after it, take back
        one's own seat from the takeover bot. `lang`: the language the person reads; `guest`:
        they have no account (their seat says so). No two people at a table share a name
        (`room.names.same_name`: regardless of case and look-alike letters)."""
        mine = self.seat_of(player)
        if self.status != "waiting":
            if mine is not None and (seat is None or seat == mine):
                if self.seats[mine].takeover:
                    return self.reclaim(player, now)
                raise TableError(Msg(N_("you already play seat {seat}"), seat=mine + 1))
            raise TableError(Msg(N_("the game has started, so only a person coming back to their own seat can sit "
                                    "down; you can watch as a spectator")))
        if mine is not None:
            raise TableError(Msg(N_("you already sit in seat {seat}; a person holds one seat per table "
                                    "(leave it first to take another)"), seat=mine + 1))
        name = _clean(name).strip()
        if not name:
            raise TableError(Msg(N_("a name is needed to sit down; give one of 1 to 40 characters")))
        if len(name) > 40:
            raise TableError(Msg(N_("a name has at most 40 characters, this one has {length}"), length=len(name)))
        twin = next((s for s in self.seats if s.kind == "person" and same_name(s.name, name)), None)
        if twin is not None:
            raise TableError(Msg(N_("{name} already sits at this table; choose another name to sit here"),
                                 name=twin.name))
        open_seats = [i for i, s in enumerate(self.seats) if s.kind == "open"]
        if seat is None:
            if not open_seats:
                raise TableError(Msg(N_("every seat is taken; you can watch as a spectator")))
            seat = open_seats[0]
        elif not 0 <= seat < len(self.seats):
            raise TableError(Msg(N_("there is no seat {seat}; the seats are 1 to {last}"), seat=seat + 1,
                                 last=len(self.seats)))
        elif self.seats[seat].kind != "open":
            free = ", ".join(str(i + 1) for i in open_seats) or Msg(N_("none"))
            raise TableError(Msg(N_("seat {seat} is taken by {name}; open seats: {free}"), seat=seat + 1,
                                 name=self.seats[seat].name, free=free))
        entry: dict[str, Any] = {"kind": "sit", "seat": seat, "player": player, "name": name}
        if lang is not None:
            entry["lang"] = lang
        if guest:
            entry["guest"] = True
        return [self._commit(entry, now)]

    def set_lang(self, player: str, lang: str, now: float | None = None) -> list[Change]:
        """The person now reads `lang` (their seat says so to the others; no event)."""
        seat = self.seat_of(player)
        if seat is None or self.seats[seat].lang == lang:
            return []
        return [self._commit({"kind": "lang", "seat": seat, "lang": lang}, now)]

    def registered(self, player: str, name: str, now: float | None = None) -> list[Change]:
        """The guest `player` registered as the account `name`: their seat shows that name and is
        no longer a guest's (no event; every state message after it says so)."""
        seat = self.seat_of(player)
        if seat is None or (self.seats[seat].name == name and not self.seats[seat].guest):
            return []
        return [self._commit({"kind": "account", "seat": seat, "name": name}, now)]

    def leave(self, player: str, now: float) -> list[Change]:
        """Before the start the seat opens again; after it, the takeover bot plays it."""
        seat = self._my_seat(player)
        if self.status == "waiting":
            return [self._commit({"kind": "leave", "seat": seat, "player": player}, now)]
        if self.status == "over":
            raise TableError(Msg(N_("the game is over; there is no seat to leave")))
        if self.seats[seat].takeover:
            raise TableError(Msg(N_("the takeover bot already plays seat {seat} for you; sit down again to take it back"),
                                 seat=seat + 1))
        return [self._commit({"kind": "takeover", "seat": seat, "reason": "left"}, now)]

    def start(self, player: str, now: float | None = None, seed: int | None = None) -> list[Change]:
        """The host starts the game once every seat holds a person or a bot. A table made
        without a seed is dealt now, from `seed` (None: a new random one), stored with the
        start: the record replays from it."""
        if player != self.host:
            raise TableError(Msg(N_("only the host (who made the table) can start the game")))
        if self.status != "waiting":
            raise TableError(Msg(N_("the game has already started") if self.status == "playing" else
                                 N_("the game has already ended")))
        open_seats = [str(i + 1) for i, s in enumerate(self.seats) if s.kind == "open"]
        if len(open_seats) == 1:
            raise TableError(Msg(N_("seat {seats} is open; a person or a bot must sit in every seat first"),
                                 seats=open_seats[0]))
        if open_seats:
            raise TableError(Msg(N_("seats {seats} are open; a person or a bot must sit in every seat first"),
                                 seats=", ".join(open_seats)))
        entry: dict[str, Any] = {"kind": "start"}
        if self._state is None:
            entry["seed"] = new_seed() if seed is None else seed
        changes = [self._commit(entry, now)]
        changes += self._over_if_done(now)
        return changes

    def act(self, player: str, action_text: str, version: int | None, now: float) -> list[Change]:
        """A person plays a move for their seat. `version` is the table version the client
        saw: stale only if a move was played after it. A person whose seat the takeover bot
        plays takes it back by playing. (A move the takeover bot's own move overtook is refused
        as stale; the service calls `reclaim` first, so sending it still takes the seat back.)"""
        seat = self._my_seat(player)
        if self.status != "playing":
            raise TableError(Msg(N_("the game has not started yet") if self.status == "waiting" else
                                 N_("the game is over")))
        mover = self.state.to_move()
        if mover != seat:
            who = Msg(N_("nobody")) if mover is None else self.seats[mover].name or Msg(N_("seat {seat}"), seat=mover + 1)
            raise TableError(Msg(N_("it is not your turn: {player} is to move; wait for your turn"), player=who))
        if version is not None and version < self.move_version:
            raise TableError(Msg(N_("stale: the table is at version {version}; sync and try again"), version=self.version))
        if not isinstance(action_text, str) or not action_text.strip():
            raise TableError(Msg(N_("an action is needed: write a move in the game's notation (see the legal moves)")))
        if len(action_text) > ACTION_LIMIT:
            raise TableError(Plural("a move has at most {count} character, this one has {length}; write it in the "
                                    "game's notation (see the legal moves)",
                                    "a move has at most {count} characters, this one has {length}; write it in the "
                                    "game's notation (see the legal moves)", count=ACTION_LIMIT, length=len(action_text)))
        try:
            action = self.game.parse_action(action_text.strip(), self.state)
        except CardhallError as exc:
            raise TableError(reason(exc)) from None
        changes = self.reclaim(player, now)
        changes.append(self._play(seat, action, "person", now))
        return changes + self._over_if_done(now)

    def bot_act(self, seat: int, action_text: str, move: int, now: float | None = None) -> list[Change]:
        """A bot's choice for `seat` at move number `move` (`len(state.actions)` when it was
        asked); ignored if the position moved on, the seat is no longer the bot's to play, or a
        person asked the bots to wait (`held`: the bot thinks again when they say "go on")."""
        if self.status != "playing" or move != len(self.state.actions) or self.state.to_move() != seat \
                or self.held() is not None:
            return []
        s = self.seats[seat]
        if not (s.kind == "bot" or (s.kind == "person" and (s.takeover or self._stand_in(seat)))):
            return []
        by = "bot" if s.kind == "bot" else "takeover"
        try:
            action = self.game.parse_action(action_text, self.state)
            return [self._play(seat, action, by, now), *self._over_if_done(now)]
        except CardhallError as exc:
            bot = s.bot if s.kind == "bot" else self.policy.takeover
            raise TableError(Msg(N_("bot {bot} (seat {seat}) made an illegal move {move}: {reason}"), bot=bot, seat=seat + 1,
                                 move=repr(action_text), reason=reason(exc))) from None

    def wait_for(self, player: str, on: bool, now: float | None = None) -> list[Change]:
        """"Wait for me" (`on`): a seated person holds the bots, so that no bot (nor the takeover
        bot) moves until they say "go on" (`on` False), e.g. to hear the last card again or read
        the table at their own pace. Announced to everyone; stored like every change. A hold
        counts while its person plays their seat: it ends with a takeover (a person away or out
        of time never stalls the table for longer than the grace period or the clock)."""
        seat = self._my_seat(player)
        if self.status != "playing":
            raise TableError(Msg(N_("the game has not started yet, so the bots have nothing to wait for")
                                 if self.status == "waiting" else N_("the game is over")))
        if self.seats[seat].takeover:
            raise TableError(Msg(N_("the takeover bot plays seat {seat} for you; sit down again or play a move to take "
                                    "it back first"), seat=seat + 1))
        if self.seats[seat].hold == on:
            raise TableError(Msg(N_("the bots are already waiting for you; let them go on when you are ready")
                                 if on else N_("the bots are not waiting for you; they play on")))
        return [self._commit({"kind": "wait", "seat": seat, "on": on}, now)]

    def held(self) -> int | None:
        """The first seat whose person holds the bots ("wait for me"), if any."""
        return next((i for i, s in enumerate(self.seats) if s.kind == "person" and s.hold and not s.takeover), None)

    def chat(self, player: str | None, text: str, now: float, name: str | None = None) -> list[Change]:
        """A message to everyone at the table, from a seated person or a spectator (who gives
        `name`). Control characters are removed; at most 500 characters."""
        if player is None:
            raise TableError(Msg(N_("only a signed-in person can chat; get a guest name first")))
        if not isinstance(text, str):
            raise TableError(Msg(N_("a chat message must be text")))
        text = _clean(text).strip()
        if not text:
            raise TableError(Msg(N_("the chat message is empty; write some text")))
        if len(text) > CHAT_LIMIT:
            raise TableError(Plural("a chat message has at most {count} character, this one has {length}",
                                    "a chat message has at most {count} characters, this one has {length}",
                                    count=CHAT_LIMIT, length=len(text)))
        seat = self.seat_of(player)
        shown = self.seats[seat].name if seat is not None else _clean(name or "").strip()[:40] or "Spectator"
        return [self._commit({"kind": "chat", "player": player, "name": shown, "text": text}, now)]

    def connect(self, player: str, now: float) -> list[Change]:
        """A person's first connection opened; it ends a takeover of their seat while they were
        away (not one they chose by leaving the seat). Others (spectators) change nothing."""
        seat = self.seat_of(player)
        if seat is None:
            return []
        changes: list[Change] = []
        if not self.seats[seat].connected:
            changes.append(self._commit({"kind": "connect", "player": player, "at": now}, now))
        if self.seats[seat].left:  # they left the seat and may still watch: sitting down again takes it back
            return changes
        return changes + self.reclaim(player, now)

    def reclaim(self, player: str, now: float | None = None) -> list[Change]:
        """A person shows they are back (connects, sits down again, sends a move): during the
        game, the takeover bot stops playing their seat. Nothing to do otherwise ([])."""
        seat = self.seat_of(player)
        if seat is None or not self.seats[seat].takeover or self.status != "playing":
            return []
        return [self._commit({"kind": "reclaim", "seat": seat, "player": player}, now)]

    def disconnect(self, player: str, now: float) -> list[Change]:
        """A person's last connection closed: they are away from `now` on."""
        seat = self.seat_of(player)
        if seat is None or not self.seats[seat].connected:
            return []
        return [self._commit({"kind": "disconnect", "player": player, "at": now}, now)]

    def tick(self, now: float) -> list[Change]:
        """What time brings: the clock's warning and expiry, the end of a grace period."""
        changes: list[Change] = []
        if self.status != "playing":
            return changes
        if self.turns is not None:  # no takeover for being away: only the turn's hours count
            self._arm_clock(now)
            for entry in self.turns.expired(self._mover_player(), now):
                changes.append(self._commit(entry, now))
            return changes
        for i, s in enumerate(self.seats):
            if s.kind == "person" and not s.takeover and not s.connected and s.away_since is not None \
                    and now - s.away_since >= self.policy.grace:
                changes.append(self._commit({"kind": "takeover", "seat": i, "reason": "away"}, now))
        self._arm_clock(now)
        if self._clock_key is not None and self.policy.clock is not None:
            seat = self._clock_key[1]
            if self._turn_started is None:
                self._turn_started = now
            end = self._turn_started + self.policy.clock
            if now >= end:
                changes.append(self._commit({"kind": "takeover", "seat": seat, "reason": "clock"}, now))
            elif not self._warned and now >= end - self.policy.warning:
                changes.append(self._commit({"kind": "warning", "seat": seat, "seconds": math.ceil(end - now)}, now))
        return changes

    # --- what the service needs ---------------------------------------------------------------
    def bot_seat(self) -> tuple[int, str] | None:
        """The seat to move and the bot spec that plays it, if a bot plays it now (not while a
        person holds the bots, `held`)."""
        if self.status != "playing" or self.held() is not None:
            return None
        mover = self.state.to_move()
        if mover is None:
            return None
        s = self.seats[mover]
        if s.kind == "bot":
            assert s.bot is not None
            return mover, s.bot
        if s.kind == "person" and (s.takeover or self._stand_in(mover)):
            return mover, self.policy.takeover
        return None

    def bot_turn(self) -> BotTurn | None:
        """The bot's move to think about now, if any (for a process pool: all JSON data)."""
        found = self.bot_seat()
        if found is None:
            return None
        seat, spec = found
        move = len(self.state.actions)
        return BotTurn(seat, spec, move, bot_seed(self.state.seed, seat, move, spec), self.state.to_json())

    def deadline(self) -> float | None:
        """The next time `tick` has something to do, or None. A clock that has not started
        yet (the move came from a bot without a time) is due at once: 0.0."""
        if self.status != "playing":
            return None
        if self.turns is not None:
            self._arm_clock(None)
            return self.turns.due(self._mover_player())
        times = [s.away_since + self.policy.grace for s in self.seats
                 if s.kind == "person" and not s.takeover and not s.connected and s.away_since is not None]
        self._arm_clock(None)
        if self._clock_key is not None and self.policy.clock is not None:
            if self._turn_started is None:
                times.append(0.0)
            else:
                end = self._turn_started + self.policy.clock
                times.append(end if self._warned else max(self._turn_started, end - self.policy.warning))
        return min(times, default=None)

    def seat_of(self, player: str) -> int | None:
        """The seat this person holds, if any."""
        for i, s in enumerate(self.seats):
            if s.kind == "person" and s.player == player:
                return i
        return None

    def state_message(self, viewer: Viewer) -> messages.State:
        """The whole picture for one viewer (a seat, or None for a spectator). Before the
        start nobody gets a view (`{}`): no card may reach anyone before the game begins,
        whether or not the table was dealt when it was made."""
        seats = [s.info() for s in self.seats]
        if self.status == "waiting":
            return messages.State(self.version, viewer, {}, 0, None, [], False, [0.0] * len(self.seats),
                                  self.status, seats, self.summary())
        mover = self.state.to_move()
        yours = (self.status == "playing" and viewer is not None and viewer == mover
                 and self.seats[viewer].kind == "person")
        legal = [self.game.format_action(a) for a in self.state.legal_actions()] if yours else []
        return messages.State(self.version, viewer, self.state.view_of(viewer), len(self.state.actions), mover, legal,
                              self.state.is_over(), self.state.scores(), self.status, seats, self.summary())

    def events_since(self, since: int, viewer: Viewer) -> list[messages.Event] | None:
        """The events of every change after version `since`, as `viewer` hears them; None if
        `since` is older than the kept history (the client then needs a state message)."""
        if since >= self.version:
            return []
        if since < 0 or not self.history or since < self.history[0].version - 1:
            return None
        return [messages.Event(c.version, ev) for c in self.history if c.version > since for ev in c.events.get(viewer, [])]

    def summary(self) -> dict[str, Any]:
        """The table as the lobby lists it."""
        return {"id": self.id, "game": self.game.name, "title": self.game.title, "options": dict(self.game.options),
                "seats": [s.to_json() for s in self.seats], "status": self.status, "private": self.private,
                "host": self.host, "version": self.version, "created": self.created, "policy": self.policy.to_json(),
                "rated": self.rated, "to_move": self._mover(),
                **({} if self.turns is None else {"turn": self._turn()})}

    def _mover(self) -> int | None:
        """The seat whose move it is while the game is played (None between games, or when no one moves)."""
        return None if self._state is None or self.status != "playing" else self.state.to_move()

    def _turn(self) -> dict[str, Any] | None:
        """A turn-based table's running turn for the lobby: the seat, its player, since when."""
        assert self.turns is not None
        waiting = self.turns.waiting()
        if waiting is None or self.status != "playing":
            return None
        return {**waiting, "player": self.seats[waiting["seat"]].player}

    def _stand_in(self, seat: int) -> bool:
        return self.turns is not None and self.turns.stand_in == seat

    def _mover_player(self) -> str | None:
        if self._state is None or self.status != "playing":
            return None
        mover = self.state.to_move()
        return None if mover is None else self.seats[mover].player

    def header(self) -> dict[str, Any]:
        """What is stored once when the table is made; with the log it rebuilds the table."""
        return {"id": self.id, "game": self.game.name, "options": dict(self.game.options), "seed": self._made_seed,
                "seats": [{"kind": s.kind, "player": s.player, "name": s.name, "bot": s.bot} for s in self.created_seats],
                "host": self.host, "policy": self.policy.to_json(), "private": self.private, "created": self.created,
                "rated": self.rated}

    @classmethod
    def restore(cls, header: dict[str, Any], entries: list[dict[str, Any]], now: float | None = None) -> Table:
        """Rebuild a table from its header and stored entries (in order): the same state,
        version and seats. With `now` (a restart), every person counts as disconnected since
        `now`, so the grace period runs from the restart."""
        try:
            game = load(header["game"], **header.get("options", {}))
            table = cls(header["id"], game, header.get("seed"), [Seat.from_json(s) for s in header["seats"]],
                        host=header["host"], policy=Policy.from_json(header.get("policy", {})),
                        private=bool(header.get("private", False)), created=float(header.get("created", 0.0)),
                        rated=bool(header.get("rated", False)))
        except (KeyError, TypeError) as exc:
            raise TableError(Msg(N_("a table header needs id, game, seed, seats and host; {reason}"),
                                 reason=reason(exc))) from None
        for i, entry in enumerate(entries, 1):
            try:
                table._commit(entry, None)
            except (CardhallError, KeyError, TypeError, ValueError, IndexError) as exc:
                raise TableError(Msg(N_("entry {number} of table {table} ({entry}) does not replay: {reason}"), number=i,
                                     table=table.id, entry=repr(entry), reason=reason(exc))) from None
        if now is not None:
            for s in table.seats:
                if s.kind == "person" and s.connected:
                    s.connected, s.away_since = False, now
        return table

    def apply_entry(self, entry: dict[str, Any]) -> Change:
        """Apply a change another node committed (its stored entry), as restoring does: a
        replica follows its table's owner this way and hears the same per-viewer events."""
        try:
            return self._commit(entry, None)
        except (CardhallError, KeyError, TypeError, ValueError, IndexError) as exc:
            raise TableError(Msg(N_("entry {number} of table {table} ({entry}) does not replay: {reason}"),
                                 number=self.version + 1, table=self.id, entry=repr(entry), reason=reason(exc))) from None

    def record(self) -> Record:
        """The game's record (seed and moves), which `cardhall replay --check` accepts."""
        meta: dict[str, Any] = {"table": self.id, "seats": [s.name for s in self.seats]}
        if self.state.is_over():
            meta["final_scores"] = self.state.scores()
        return Record.of(self.state, **meta)

    # --- the log ------------------------------------------------------------------------------
    def _commit(self, entry: dict[str, Any], now: float | None, action: Any = None) -> Change:
        """Apply one log entry (live or when restoring) and return its change. A move is
        checked here, once (`action`: the move already read from the entry's notation). Each
        kind of entry is applied by the one of `_game_entry`, `_seat_entry`, `_presence_entry`
        that knows it."""
        kind = entry["kind"]
        if self.turns is not None and now is not None:
            entry.setdefault("at", now)  # a turn-based table's turns begin when their entries were made
        applied = self._game_entry(kind, entry, action)
        if applied is None:
            applied = self._seat_entry(kind, entry)
        if applied is None:
            applied = self._presence_entry(kind, entry)
        if applied is None:
            raise TableError(Msg(N_("unknown log entry kind {kind}"), kind=repr(kind)))
        ev, events = applied
        if events is None:
            assert ev is not None
            events = {v: [ev] for v in self._viewers()}
        self.version += 1
        change = Change(self.version, entry, events)
        self.history.append(change)
        self._arm_clock(entry.get("at", now) if self.turns is not None else now)
        return change

    def _game_entry(self, kind: str, entry: dict[str, Any], action: Any) -> Applied | None:
        """The game's entries: the start, a move, the end, a chat line, a clock's warning."""
        if kind == "start":
            if "seed" in entry:  # dealt only now
                self.seed = entry["seed"]
                self._state = self.game.new_state(entry["seed"])
            self.status = "playing"
            return messages.Started(), None
        if kind == "act":
            if self.turns is not None:
                if "bank" in entry:
                    self.turns.banks[entry["seat"]] = float(entry["bank"])
                self.turns.stand_in = None
            if action is None:
                action = self.game.parse_action(entry["action"], self.state)
            events: Mapping[Viewer, Sequence[messages.RoomEvent | Event]]
            if self.with_events:
                events = self.state.apply_with_events(action)
            else:
                self.state.apply(action)
                events = {}
            self.move_version = self.version + 1
            return None, events
        if kind == "over":
            self.status = "over"
            return messages.GameOver(entry["scores"], entry["winners"]), None
        if kind == "chat":
            return messages.Said(entry["name"], entry["text"], self.seat_of(entry["player"]), entry["player"]), None
        if kind == "warning":
            self._warned = True
            return messages.ClockWarning(entry["seat"], entry["seconds"]), None
        return None

    def _seat_entry(self, kind: str, entry: dict[str, Any]) -> Applied | None:
        """Who sits where and who plays a seat: sitting down, leaving, takeovers, a missed turn,
        reclaiming, "wait for me", a seat's language, a guest become an account."""
        if kind == "sit":
            seat = entry["seat"]
            self.seats[seat] = Seat.person(entry["player"], entry["name"], entry.get("lang"), bool(entry.get("guest")))
            return messages.Sat(seat, entry["name"]), None
        if kind == "leave":
            seat = entry["seat"]
            ev = messages.Left(seat, self.seats[seat].name)
            self.seats[seat] = Seat()
            return ev, None
        if kind == "takeover":
            seat = entry["seat"]
            self.seats[seat].takeover = True
            self.seats[seat].left = entry["reason"] == "left"
            self.seats[seat].hold = False  # the person is gone: their "wait for me" ends
            return messages.Takeover(seat, self.seats[seat].name, self.policy.takeover, entry["reason"]), None
        if kind == "missed":  # a turn-based table: the takeover bot plays this one move
            seat = entry["seat"]
            assert self.turns is not None
            self.turns.missed[seat], self.turns.banks[seat], self.turns.stand_in = int(entry["count"]), 0.0, seat
            self.seats[seat].hold = False
            return messages.Missed(seat, self.seats[seat].name, self.policy.takeover, int(entry["count"]),
                                   int(entry["limit"])), None
        if kind == "reclaim":
            seat = entry["seat"]
            self.seats[seat].takeover = self.seats[seat].left = False
            return messages.Reclaimed(seat, self.seats[seat].name), None
        if kind == "wait":
            seat = entry["seat"]
            self.seats[seat].hold = bool(entry["on"])
            return messages.Hold(seat, self.seats[seat].name, bool(entry["on"])), None
        if kind == "lang":
            self.seats[entry["seat"]].lang = entry["lang"]
            return None, {v: [] for v in self._viewers()}
        if kind == "account":
            self.seats[entry["seat"]].name = entry["name"]
            self.seats[entry["seat"]].guest = False
            return None, {v: [] for v in self._viewers()}
        return None

    def _presence_entry(self, kind: str, entry: dict[str, Any]) -> Applied | None:
        """A seated person's connection comes or goes."""
        if kind not in ("connect", "disconnect"):
            return None
        seat = self.seat_of(entry["player"])
        if seat is None:
            raise TableError(Msg(N_("player {player} does not sit at table {table}"), player=entry["player"], table=self.id))
        s = self.seats[seat]
        s.connected = kind == "connect"
        s.away_since = None if s.connected else entry["at"]
        return (messages.Connected if s.connected else messages.Disconnected)(seat, s.name), None

    def _play(self, seat: int, action: Any, by: str, now: float | None) -> Change:
        """Commit a move; an illegal one raises with the engine's sentence (state untouched). At a
        turn-based table the entry keeps the bank the mover has left."""
        entry: dict[str, Any] = {"kind": "act", "seat": seat, "action": self.game.format_action(action), "by": by}
        if self.turns is not None and now is not None:
            entry["bank"] = self.turns.bank_after(seat, self.seats[seat].player, now)
        try:
            return self._commit(entry, now, action)
        except TableError:
            raise
        except CardhallError as exc:
            raise TableError(reason(exc)) from None

    def _over_if_done(self, now: float | None) -> list[Change]:
        if self.status == "playing" and self.state.is_over():
            return [self._commit({"kind": "over", "scores": self.state.scores(), "winners": self.state.winners()}, now)]
        return []

    def _viewers(self) -> list[Viewer]:
        return [*range(len(self.seats)), None]

    def _my_seat(self, player: str) -> int:
        seat = self.seat_of(player)
        if seat is None:
            raise TableError(Msg(N_("you do not sit at this table; sit down first (you can watch as a spectator)")))
        return seat

    def _arm_clock(self, now: float | None) -> None:
        """Start the turn clock when a new person's turn begins (a new move, or a seat taken
        back); stop it when no person is to move."""
        key = None
        if (self.policy.clock is not None or self.turns is not None) and self.status == "playing":
            mover = self.state.to_move()
            if mover is not None and self.seats[mover].kind == "person" and not self.seats[mover].takeover \
                    and not self._stand_in(mover):
                key = (len(self.state.actions), mover)
        if self.turns is not None:
            self.turns.arm(key, now)
            return
        if key != self._clock_key:
            self._clock_key, self._turn_started, self._warned = key, now, False


def _clean(text: str) -> str:
    """`text` without control and format characters (newlines and tabs become spaces)."""
    return "".join(" " if c in "\n\t\r" else c for c in text if c in "\n\t\r" or unicodedata.category(c)[0] != "C")
