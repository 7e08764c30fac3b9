"""The room's web front: the HTTP API and the WebSocket of wire protocol v1 (Starlette on Uvicorn),
over the service in `cardhall.room.service`. See docs/room.md."""
