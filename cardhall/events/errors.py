"""The sentences an event refuses with (the web answers each with its status)."""

from cardhall.core.errors import CardhallError


class EventError(CardhallError):
    """A request the event refuses: it changes nothing (409)."""


class EventNotFound(CardhallError):
    """No such event (404)."""


class NotAllowed(CardhallError):
    """Only its creator or a moderator may do this (403)."""
