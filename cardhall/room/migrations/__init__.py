"""The room database's Alembic migrations, run by `cardhall.room.store` at start."""
