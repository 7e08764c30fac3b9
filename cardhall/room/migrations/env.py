"""Alembic environment: runs on the connection that `cardhall.room.store` passes in."""

from alembic import context

from cardhall.room.store import metadata

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
