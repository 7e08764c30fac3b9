"""Whose chat each person does not hear (their mutes and blocks), kept live on this node.

One set per person, shared by all their sockets (the table's and the room's): when their mutes
change on any node (a `{"type": "mutes"}` notice of `cardhall.people.presence`), the set is read
again from the store, so every socket of theirs hears the change at once.
"""

from __future__ import annotations

from typing import Any

from cardhall.people.presence import People
from cardhall.people.social import Social


class Mutes:
    """The live mute sets of the people connected to this node (`cardhall.web.socket.PeopleHooks`)."""

    def __init__(self, social: Social, presence: People) -> None:
        self.social = social
        self.sets: dict[str, set[str]] = {}  # player → the people they mute (the same set for every connection)
        presence.handlers.append(self._notice)

    async def _notice(self, player: str, message: dict[str, Any]) -> None:
        """A notice for the node itself: a person's mutes changed (on any node)."""
        if message.get("type") == "mutes" and player in self.sets:
            self.sets[player].clear()
            self.sets[player] |= await self._read(player)

    async def _read(self, player: str) -> set[str]:
        return await self.social.shunned(player, "mute") | await self.social.shunned(player, "block")

    async def muted_by(self, player: str) -> set[str]:
        """The live set of people whose chat `player` does not hear (mutes and blocks)."""
        if player not in self.sets:
            self.sets[player] = await self._read(player)
        return self.sets[player]

    async def may_chat(self, player: str) -> None:
        """Raise `Refused` (with the reason) if a moderator muted `player`."""
        await self.social.check_voice(player)
