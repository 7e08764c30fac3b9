"""A duplicate board: one deal of a game, dealt from the event's secret, played with the game's
options narrowed to that one deal.

A board's seed is HMAC-SHA256(event secret, board number): the secret is 32 random bytes made
when the event is created, kept in the database and never sent, so no board can be guessed from
the event's id, its time or another board. The bots' search is seeded from the table's seed, the
seat and the move number (`cardhall.room.bots.bot_seed`), so the same play on the same board
meets the same answers.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass, field
from typing import Any

from cardhall.core.errors import CardhallError, OptionError
from cardhall.core.i18n import N_, Msg
from cardhall.core.registry import load


@dataclass(frozen=True)
class BoardRule:
    """How a game is played as one board: the options that make it one deal, and whether a
    lower score is better (Hearts: points taken)."""

    one_deal: dict[str, Any] = field(default_factory=dict)
    lower_is_better: bool = False


BOARD_RULES: dict[str, BoardRule] = {
    # one deal with its passing: any deal takes the target of 1 (26 points are shared; the moon adds 26 to the others)
    "hearts": BoardRule({"target": 1, "moon_mode": "add", "exact_100": "off"}, lower_is_better=True),
    "jass": BoardRule({"one_deal": True}),  # the team's card points of the one deal
    "three-two-five": BoardRule({"deals": 1}),  # tricks over the quota of the one deal
    "clash-of-decks": BoardRule({"solo": True}),  # a solo fight against the automaton
    "five-towers": BoardRule({"one_round": True}),  # the seat's towers after one round (bid, take, build)
    "putz": BoardRule({"one_deal": True}),  # the seat's apple (-1) or putz (+1..+3) of the one deal
}
"""The games a duplicate board can be made of, each with the options that make it one deal (one
round in 5 Towers) and its score's direction: docs/room.md, "Events"."""


def new_secret() -> str:
    """A fresh event secret (never sent to anyone)."""
    return secrets.token_hex(32)


def board_seed(secret: str, board: int) -> int:
    """The seed of board `board` (1-based) of the event whose secret is `secret`: 63 bits."""
    digest = hmac.new(bytes.fromhex(secret), f"board:{board}".encode(), hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1


def game_name(game: Any) -> str:
    """The game's registered name for a name or alias (an `OptionError` sentence otherwise)."""
    if not isinstance(game, str) or not game:
        raise OptionError(Msg(N_("a duplicate event is played in one of {games}; got {game}"),
                              games=", ".join(sorted(BOARD_RULES)), game=repr(game)))
    try:
        return load(game).name
    except CardhallError:
        raise OptionError(Msg(N_("a duplicate event is played in one of {games}; got {game}"),
                              games=", ".join(sorted(BOARD_RULES)), game=repr(game))) from None


def board_options(game: str, options: dict[str, Any]) -> dict[str, Any]:
    """The options of the event's tables: the entrant's `options` with the one-deal ones on top;
    an `OptionError` sentence for a game that has no board yet or options the game refuses."""
    rule = BOARD_RULES.get(game)
    if rule is None:
        raise OptionError(Msg(N_("a duplicate event is played in one of {games}; got {game}"),
                              games=", ".join(sorted(BOARD_RULES)), game=repr(game)))
    chosen = {**options, **rule.one_deal}
    load(game, **chosen)  # the game's own sentence for an option it does not know
    return chosen
