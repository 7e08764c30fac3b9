"""The room's people together and safe: friends, privacy, blocks and mutes, private messages and
the lobby chat, invitations, reports and moderators (stored; presence is `people.presence`).

The rules:

- **Friends** are accounts (names are unique only for accounts): a request to a person who
  already asked me accepts theirs; either may remove the friendship (or withdraw a request).
- **Privacy**: each person chooses who may invite them, message them and join their tables:
  `everyone` (the default), `friends` or `nobody`.
- **Block**: a person I block cannot invite me, message me, befriend me or sit at a table I host
  or sit at; they are not told — their invitations and messages are stored as sent and never
  shown to me, and a refused seat says only that the table's people choose who joins.
  **Mute**: I no longer hear a person's chat (tables and the lobby); they are not told.
- **Messages**: private messages are kept; unread ones are listed until read. The lobby chat is
  one room-wide conversation. Text is cleaned like table chat (control characters removed, at
  most 500 characters); pages escape it when they show it.
- **Reports** name a person, and may name a message or a table (its last 50 log entries are
  attached as they were at the time).
- **Moderators** (`role` "moderator", given by `cardhall admin grant`) mute (no chat or
  messages anywhere), ban (no login, no requests, no new guests from the banned session) and
  kick a person from a table, each until a time or for good, with a reason shown to the person;
  every action is in the audit log.

Each part is a module of its own: `friends` (friends, privacy, blocks and mutes), `chat` (messages
and the lobby chat), `invitations`, `moderation` (reports, roles, sanctions, the audit log), all
over `directory` (who is who). `Social` is all of them on one store, as the web front uses them.
"""

from __future__ import annotations

from cardhall.people.chat import Chat, clean_text
from cardhall.people.directory import Banned, Nobody, Refused, SocialError
from cardhall.people.invitations import Invitations
from cardhall.people.moderation import ROLES, Moderation, parse_duration, sanction_words, when

__all__ = ["ROLES", "Banned", "Nobody", "Refused", "Social", "SocialError", "clean_text", "parse_duration",
           "sanction_words", "when"]


class Social(Chat, Invitations, Moderation):
    """The stored relations between people, their messages and the moderators' work."""
