"""Mail digests (`cardhall.web.digests`): each person's digest window in `notice_settings.digest`
("now", "hourly" or "daily"), and the "your turn" notices waiting for their mail in
`mail_waiting` (one row per person and table, the newest), so a restart neither loses nor
repeats one.

Revision ID: 0014
Revises: 0012 (the lead renumbers the chain at the merge)
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0014"
down_revision = "0013"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("notice_settings") as batch:
        batch.add_column(sa.Column("digest", sa.String(10), nullable=False, server_default="now"))
    op.create_table(
        "mail_waiting",
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("table_id", sa.String(40), primary_key=True),
        sa.Column("due", sa.Float, nullable=False),
        sa.Column("queued", sa.Float, nullable=False),
        sa.Column("lang", sa.String(20), nullable=False),
        sa.Column("body", sa.Text, nullable=False),
        sa.Column("moves", sa.Text, nullable=False),
        sa.Index("mail_waiting_due", "due"),
    )


def downgrade() -> None:
    op.drop_table("mail_waiting")
    with op.batch_alter_table("notice_settings") as batch:
        batch.drop_column("digest")
