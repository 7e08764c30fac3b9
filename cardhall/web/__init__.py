"""The room's web front: the HTTP API and the WebSocket of wire protocol v1 (Starlette on Uvicorn),
over the room service (`cardhall.room.registry` and its modules). See docs/room.md."""
