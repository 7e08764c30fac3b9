"""Clubs (docs/room.md, "Clubs"): people who play together; a club has members and admins, is
open to anyone or joined by invitation, runs its own events (entered only by its members), posts
announcements, and keeps standings across its events; a moderator can close it."""
