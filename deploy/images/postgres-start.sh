#!/bin/sh
# Make the cluster on the first start, then run PostgreSQL in the foreground.
set -eu
BIN=/usr/lib/postgresql/15/bin
DATA=/var/lib/postgresql/data
if [ ! -s "$DATA/PG_VERSION" ]; then
    : "${POSTGRES_PASSWORD:?give POSTGRES_PASSWORD}"
    USER_NAME="${POSTGRES_USER:-cardhall}"
    DB_NAME="${POSTGRES_DB:-$USER_NAME}"
    umask 077
    printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pw
    "$BIN/initdb" -D "$DATA" -U postgres --auth-local=peer --auth-host=scram-sha-256 --pwfile=/tmp/pw >/dev/null
    rm -f /tmp/pw
    echo "host all all 0.0.0.0/0 scram-sha-256" >> "$DATA/pg_hba.conf"
    echo "host all all ::/0 scram-sha-256" >> "$DATA/pg_hba.conf"
    "$BIN/pg_ctl" -D "$DATA" -o "-c listen_addresses=''" -w start >/dev/null
    psql -v ON_ERROR_STOP=1 -v name="$USER_NAME" -v pw="$POSTGRES_PASSWORD" -v db="$DB_NAME" postgres >/dev/null <<'SQL'
CREATE ROLE :"name" LOGIN PASSWORD :'pw';
CREATE DATABASE :"db" OWNER :"name";
SQL
    "$BIN/pg_ctl" -D "$DATA" -m fast -w stop >/dev/null
fi
exec "$BIN/postgres" -D "$DATA" -c listen_addresses='*'
