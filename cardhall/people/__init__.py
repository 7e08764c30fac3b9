"""The room's people, apart from its tables: accounts and sessions (`accounts`), names
(`names`), ratings (`ratings`), friends, privacy, blocks and mutes (`friends`), private
messages and the lobby chat (`chat`), invitations (`invitations`), reports and moderators
(`moderation`), all four on one store as `social.Social`, who is where (`presence`) and the
one limiter every limit goes through (`limits`, counted in Redis in a cluster: `limits_redis`).

It sits beside `cardhall.room` (the tables) and beneath `cardhall.web`: the room's tables read
names and ratings from here, and people's stored rows live in the room's one store
(`cardhall.room.store`), so the two packages share a tier in the layer test; no module of one
imports a module of the other in a cycle.
"""
