"""People: accounts (name keys, password hash) on the players, server-side sessions, the history
of finished games, and ratings. Every guest of the former schema stays a guest, with their
tables; their former tokens keep working until they log out everywhere or register
(`players.legacy_tokens`).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-26
"""

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    with op.batch_alter_table("players") as batch:
        batch.add_column(sa.Column("name_fold", sa.String(200), nullable=True))
        batch.add_column(sa.Column("name_skeleton", sa.String(200), nullable=True))
        batch.add_column(sa.Column("password", sa.String(200), nullable=True))
        batch.add_column(sa.Column("registered", sa.Float, nullable=True))
        batch.add_column(sa.Column("legacy_tokens", sa.Boolean, nullable=False, server_default=sa.true()))
    op.create_index("players_name_fold", "players", ["name_fold"], unique=True)
    op.create_index("players_name_skeleton", "players", ["name_skeleton"], unique=True)
    op.create_table(
        "sessions",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), nullable=False),
        sa.Column("created", sa.Float, nullable=False),
        sa.Column("seen", sa.Float, nullable=False),
    )
    op.create_index("sessions_player", "sessions", ["player"])
    op.create_table(
        "results",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("player", sa.String(40), nullable=True),
        sa.Column("bot", sa.String(40), nullable=True),
        sa.Column("name", sa.String(100), nullable=False),
        sa.Column("game", sa.String(40), nullable=False),
        sa.Column("pool", sa.String(60), nullable=False),
        sa.Column("score", sa.Float, nullable=False),
        sa.Column("place", sa.Integer, nullable=False),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("private", sa.Boolean, nullable=False),
        sa.Column("finished", sa.Float, nullable=False),
    )
    op.create_index("results_player", "results", ["player", "finished"])
    op.create_table(
        "settled",
        sa.Column("table_id", sa.String(40), sa.ForeignKey("tables.id"), primary_key=True),
        sa.Column("at", sa.Float, nullable=False),
    )
    op.create_table(
        "ratings",
        sa.Column("player", sa.String(40), sa.ForeignKey("players.id"), primary_key=True),
        sa.Column("pool", sa.String(60), primary_key=True),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.Column("updated", sa.Float, nullable=False),
    )
    op.create_index("ratings_pool", "ratings", ["pool", "mu"])


def downgrade() -> None:
    op.drop_index("ratings_pool", "ratings")
    op.drop_table("ratings")
    op.drop_table("settled")
    op.drop_index("results_player", "results")
    op.drop_table("results")
    op.drop_index("sessions_player", "sessions")
    op.drop_table("sessions")
    op.drop_index("players_name_skeleton", "players")
    op.drop_index("players_name_fold", "players")
    with op.batch_alter_table("players") as batch:
        for column in ("legacy_tokens", "registered", "password", "name_skeleton", "name_fold"):
            batch.drop_column(column)
