"""Standby lists of Swiss events (`cardhall.events.standby`): who waits for a place, in order,
and which withdrawn entrant's place each one took; and why a moderator closed a club, and who
(`cardhall.clubs.closing`).

Revision ID: 0013
Revises: 0012
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0013"
down_revision = "0012"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "event_standby",
        sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("placed", sa.Float, nullable=True),
        sa.Column("replaces", sa.String(40), nullable=True),
        sa.UniqueConstraint("event", "replaces", name="event_standby_replaces"),
    )
    with op.batch_alter_table("clubs") as batch:
        batch.add_column(sa.Column("close_reason", sa.String(500), nullable=True))
        batch.add_column(sa.Column("closed_by", sa.String(40), nullable=True))


def downgrade() -> None:
    with op.batch_alter_table("clubs") as batch:
        batch.drop_column("closed_by")
        batch.drop_column("close_reason")
    op.drop_table("event_standby")
