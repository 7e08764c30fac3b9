"""Rounds of Swiss events (`cardhall.events.swiss`) and arena tables (`cardhall.events.arena`):
each round (an arena's tables are numbered as rounds of one table), its tables (the seating
stored before any table is made), each entrant's seat and result, the entrants who left, and
the arena's entrants waiting for a table; clubs (`cardhall.clubs`), their people and announcements.

Revision ID: 0011
Revises: 0010
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0011"
down_revision = "0010"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "event_rounds",
        sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("started", sa.Float, nullable=False),
        sa.Column("ended", sa.Float, nullable=True),
    )
    op.create_table(
        "event_tables",
        sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("number", sa.Integer, primary_key=True),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("table_id", sa.String(40), nullable=True),
        sa.Column("invite", sa.String(80), nullable=True),
        sa.Column("claimed", sa.Float, nullable=True),
        sa.Column("started", sa.Float, nullable=True),
        sa.Column("finished", sa.Float, nullable=True),
    )
    op.create_table(
        "event_seats",
        sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("round", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("number", sa.Integer, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("place", sa.Integer, nullable=True),
        sa.Column("points", sa.Float, nullable=True),
        sa.Column("missed", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("arrived", sa.Float, nullable=True),
        sa.Column("finished", sa.Float, nullable=True),
    )
    op.create_table(
        "event_withdrawals",
        sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("round", sa.Integer, nullable=False),
        sa.Column("reason", sa.String(10), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "event_waiting",
        sa.Column("event", sa.String(40), sa.ForeignKey("events.id"), primary_key=True),
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("since", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
    )


    op.create_table(
        "clubs",
        sa.Column("id", sa.String(40), primary_key=True),
        sa.Column("name", sa.String(60), nullable=False),
        sa.Column("name_fold", sa.String(60), nullable=False, unique=True),
        sa.Column("description", sa.String(1000), nullable=False),
        sa.Column("open", sa.Boolean, nullable=False),
        sa.Column("creator", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("closed", sa.Float, nullable=True),
    )
    op.create_table(
        "club_members",
        sa.Column("club", sa.String(40), sa.ForeignKey("clubs.id"), primary_key=True),
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("role", sa.String(10), nullable=False),
        sa.Column("since", sa.Float, nullable=False),
    )
    op.create_table(
        "club_posts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("club", sa.String(40), sa.ForeignKey("clubs.id"), nullable=False),
        sa.Column("author", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("text", sa.String(2000), nullable=False),
        sa.Column("at", sa.Float, nullable=False),
        sa.Index("club_posts_club", "club", "at"),
    )


def downgrade() -> None:
    op.drop_table("club_posts")
    op.drop_table("club_members")
    op.drop_table("clubs")
    op.drop_table("event_waiting")
    op.drop_table("event_withdrawals")
    op.drop_table("event_seats")
    op.drop_table("event_tables")
    op.drop_table("event_rounds")
