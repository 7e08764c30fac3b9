"""Events: many people play the room's tables under one set of rules and are ranked together.

One model for every kind (docs/room.md, "Events"): an `events` row (kind, game, options, the
kind's own `spec`, a secret that never leaves the room, open until `closes`), its entries (one
per account) and each entry's plays (a table, a seat, a score once the table is over). The kind
decides how tables are made and scored: `duplicate` (`cardhall.events.duplicate`) is built;
Swiss and arena plug in as further kinds of `cardhall.events.kinds.KINDS`.
"""
