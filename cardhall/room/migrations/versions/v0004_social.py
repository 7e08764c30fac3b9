"""The room's people together and safe: friends, blocks and mutes, private messages and the lobby
chat, invitations, reports, moderators' sanctions and their audit log; a role and three privacy
settings on the players (who may invite me, message me, join my tables).

Revision ID: 0004
Revises: 0003
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("role", sa.String(20), nullable=True))
        batch.add_column(sa.Column("invite_from", sa.String(10), nullable=True))
        batch.add_column(sa.Column("message_from", sa.String(10), nullable=True))
        batch.add_column(sa.Column("join_from", sa.String(10), nullable=True))
    op.create_table(
        "friends",
        sa.Column("requester", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("addressee", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("accepted", sa.Boolean, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("friends_addressee", "friends", ["addressee"])
    op.create_table(
        "shuns",
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("other", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("kind", sa.String(10), primary_key=True),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_index("shuns_other", "shuns", ["other"])
    op.create_table(
        "messages",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("sender", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("recipient", sa.String(40), sa.ForeignKey("players.id"), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("sent", sa.Float, nullable=False),
        sa.Column("read", sa.Boolean, nullable=False),
        sa.Column("hidden", sa.Boolean, nullable=False),
    )
    op.create_index("messages_recipient", "messages", ["recipient", "sent"])
    op.create_index("messages_sender", "messages", ["sender", "sent"])
    op.create_table(
        "invitations",
        sa.Column("id", sa.String(24), primary_key=True),
        sa.Column("sender", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("recipient", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("table_id", sa.String(40), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("answer", sa.String(10), nullable=True),
        sa.Column("hidden", sa.Boolean, nullable=False),
    )
    op.create_index("invitations_recipient", "invitations", ["recipient", "created"])
    op.create_table(
        "reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("reporter", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("subject", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("message", sa.Integer, nullable=True),
        sa.Column("table_id", sa.String(40), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("attached", sa.JSON, nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("closed", sa.Float, nullable=True),
        sa.Column("closed_by", sa.String(40), nullable=True),
    )
    op.create_index("reports_open", "reports", ["closed", "created"])
    op.create_table(
        "sanctions",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("kind", sa.String(10), nullable=False),
        sa.Column("table_id", sa.String(40), nullable=True),
        sa.Column("until", sa.Float, nullable=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("by", sa.String(40), nullable=True),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("lifted", sa.Float, nullable=True),
    )
    op.create_index("sanctions_player", "sanctions", ["player", "kind"])
    op.create_table(
        "audit",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("at", sa.Float, nullable=False),
        sa.Column("actor", sa.String(100), nullable=False),
        sa.Column("action", sa.String(20), nullable=False),
        sa.Column("subject", sa.String(100), nullable=True),
        sa.Column("detail", sa.JSON, nullable=False),
    )


def downgrade() -> None:
    op.drop_table("audit")
    op.drop_index("sanctions_player", "sanctions")
    op.drop_table("sanctions")
    op.drop_index("reports_open", "reports")
    op.drop_table("reports")
    op.drop_index("invitations_recipient", "invitations")
    op.drop_table("invitations")
    op.drop_index("messages_sender", "messages")
    op.drop_index("messages_recipient", "messages")
    op.drop_table("messages")
    op.drop_index("shuns_other", "shuns")
    op.drop_table("shuns")
    op.drop_index("friends_addressee", "friends")
    op.drop_table("friends")
    with op.batch_alter_table("players") as batch:
        batch.drop_column("join_from")
        batch.drop_column("message_from")
        batch.drop_column("invite_from")
        batch.drop_column("role")
