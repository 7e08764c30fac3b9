"""Name skeletons as UTS #39 computes them (issue 45): every account's stored `name_skeleton` is
computed again with `cardhall.people.names.keys`, so that look-alikes of several letters ("rn" for
"m", "vv" for "w") are one name from now on. Two accounts that only now share a skeleton both
keep their names: the younger one's key gets its id appended (unique, and never equal to a new
name's key), so neither is locked out and no third person can take either name.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-29
"""

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    from cardhall.people.names import keys

    conn = op.get_bind()
    players = sa.table("players", sa.column("id", sa.String), sa.column("name", sa.String),
                       sa.column("name_skeleton", sa.String), sa.column("registered", sa.Float))
    rows = conn.execute(sa.select(players.c.id, players.c.name, players.c.registered)
                        .where(players.c.name_skeleton.is_not(None)).order_by(players.c.registered, players.c.id)).all()
    conn.execute(players.update().where(players.c.name_skeleton.is_not(None)).values(name_skeleton=None))
    taken: set[str] = set()
    for row in rows:
        skeleton = keys(row.name)[1]
        if skeleton in taken:
            skeleton = f"{skeleton}#{row.id}"
        taken.add(skeleton)
        conn.execute(players.update().where(players.c.id == row.id).values(name_skeleton=skeleton))


def downgrade() -> None:
    """The keys stay as computed: the former rule finds fewer names alike, never more."""
