from tests.room.conftest import server  # noqa: F401 - a real room per backend (SQLite, PostgreSQL)
