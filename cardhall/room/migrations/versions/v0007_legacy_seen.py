"""The room's first kind of token (a signed player id) ends when unused, as a session does (issue
45): `players.legacy_seen`, when such a token was last used; a guest's token counts from the
upgrade on for `accounts.IDLE` (90 days), each use moving it on.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-29
"""

import time

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("legacy_seen", sa.Float, nullable=True))
    players = sa.table("players", sa.column("legacy_seen", sa.Float), sa.column("legacy_tokens", sa.Boolean))
    op.get_bind().execute(players.update().where(players.c.legacy_tokens == sa.true()).values(legacy_seen=time.time()))


def downgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.drop_column("legacy_seen")
