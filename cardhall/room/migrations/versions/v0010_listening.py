"""Listening: each person's "the bots wait until I have heard the last move" and reading rate
(`cardhall.web.listening`, issue 38).

Revision ID: 0010
Revises: 0009
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0010"
down_revision = "0009"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "listening",
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("wait", sa.Boolean, nullable=True),
        sa.Column("rate", sa.Integer, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("listening")
