"""The room's error: a command a table cannot carry out."""

from cardhall.core.errors import CardhallError


class TableError(CardhallError):
    """A command that cannot be carried out; the message says why and what would work."""
