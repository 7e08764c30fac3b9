"""Events (`cardhall.events`): one row per event of any kind, its entries, and each entry's
boards (or, for kinds to come, tables) as they are played.

Revision ID: 0008
Revises: 0007
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "events",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("kind", sa.String(20), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("spec", sa.JSON, nullable=False),
        sa.Column("secret", sa.String(80), nullable=False),
        sa.Column("creator", sa.String(40), nullable=True),
        sa.Column("daily", sa.String(60), nullable=True),
        sa.Column("status", sa.String(10), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("closes", sa.Float, nullable=False),
        sa.Column("closed", sa.Float, nullable=True),
        sa.Index("events_status", "status", "closes"),
        sa.Index("events_daily", "daily", unique=True),
    )
    op.create_table(
        "event_entries",
        sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("entered", sa.Float, nullable=False),
        sa.Column("address", sa.String(64), nullable=True),
    )
    op.create_table(
        "event_plays",
        sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("board", sa.Integer, primary_key=True),
        sa.Column("table_id", sa.String(40), nullable=False),
        sa.Column("invite", sa.String(80), nullable=True),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("score", sa.Float, nullable=True),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("finished", sa.Float, nullable=True),
    )


def downgrade() -> None:
    op.drop_table("event_plays")
    op.drop_table("event_entries")
    op.drop_table("events")
