"""Web Push subscriptions (`cardhall.web.push`) and each person's last visit to the room
("While you were away", `cardhall.web.away`). The VAPID key lives in `settings` (no new table).

Revision ID: 0012
Revises: 0011
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0012"
down_revision = "0011"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "push_subscriptions",
        sa.Column("endpoint", sa.Text, primary_key=True),
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("p256dh", sa.String(120), nullable=False),
        sa.Column("auth", sa.String(40), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Index("push_subscriptions_player", "player"),
    )
    op.create_table(
        "visits",
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("seen", sa.Float, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("visits")
    op.drop_table("push_subscriptions")
