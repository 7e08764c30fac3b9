"""Turn-based play: vacations (the days a person is away, which turn-based tables wait over,
`cardhall.room.vacations`) and each person's notice settings (`cardhall.web.notices`).

Revision ID: 0009
Revises: 0008
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0009"
down_revision = "0008"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "vacations",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("start", sa.Float, nullable=False),
        sa.Column("end", sa.Float, nullable=False),
        sa.Index("vacations_player", "player"),
    )
    op.create_table(
        "playing_hours",
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("start", sa.Integer, nullable=False),
        sa.Column("end", sa.Integer, nullable=False),
        sa.Column("zone", sa.String(64), nullable=False),
    )
    op.create_table(
        "notice_settings",
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("email", sa.Boolean, nullable=False),
        sa.Column("push", sa.Boolean, nullable=False),
        sa.Column("webhook", sa.Text, nullable=True),
        sa.Column("secret", sa.String(80), nullable=True),
        sa.Column("address", sa.String(254), nullable=True),
        sa.Column("verified", sa.Boolean, nullable=False, server_default=sa.false()),
    )


def downgrade() -> None:
    op.drop_table("notice_settings")
    op.drop_table("playing_hours")
    op.drop_table("vacations")
