#!/bin/sh
# Make the Debian base image the Containerfile starts FROM, out of Debian's packages alone (no
# image registry needed): mmdebstrap writes a minimal bookworm with Python 3.11 as a tar file,
# and podman imports it as localhost/cardhall-base:bookworm.
#   sudo apt-get install mmdebstrap podman && sh deploy/make-base-image.sh
set -eu
TAG="${1:-localhost/cardhall-base:bookworm}"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mmdebstrap --variant=minbase --include=ca-certificates,python3,python3-venv,tini \
    bookworm "$WORK/base.tar"
podman import --change 'CMD ["/bin/sh"]' "$WORK/base.tar" "$TAG"
