#!/bin/sh
# Build the four images of deploy/compose.yaml from Debian's packages (no image registry needed):
# the base (deploy/make-base-image.sh, once), cardhall, PostgreSQL, Redis and nginx.
#   sh deploy/build-images.sh [TAG]              (TAG: latest by default)
# Behind a TLS-inspecting proxy, give pip its CA: CARDHALL_BUILD_CA=/etc/ssl/certs/ca-certificates.crt
set -eu
TAG="${1:-latest}"
HERE="$(cd "$(dirname "$0")" && pwd)"
BASE=localhost/cardhall-base:bookworm
podman image exists "$BASE" || sh "$HERE/make-base-image.sh" "$BASE"
set -- --network host
if [ -n "${CARDHALL_BUILD_CA:-}" ]; then set -- "$@" --secret "id=cacert,src=$CARDHALL_BUILD_CA"; fi
podman build "$@" -f "$HERE/Containerfile" -t "localhost/cardhall:$TAG" "$HERE/.."
podman build --network host -f "$HERE/images/postgres.Containerfile" -t "localhost/cardhall-postgres:$TAG" "$HERE/images"
podman build --network host -f "$HERE/images/redis.Containerfile" -t "localhost/cardhall-redis:$TAG" "$HERE/images"
podman build --network host -f "$HERE/images/nginx.Containerfile" -t "localhost/cardhall-nginx:$TAG" "$HERE"
