"""The sentences a club refuses with (the web answers each with its status)."""

from cardhall.core.errors import CardhallError


class ClubError(CardhallError):
    """A request the club refuses: it changes nothing (409)."""


class ClubNotFound(CardhallError):
    """No such club, or a closed one (404)."""


class ClubNotAllowed(CardhallError):
    """Only the club's admins (or a moderator, or its members) may do this (403)."""
