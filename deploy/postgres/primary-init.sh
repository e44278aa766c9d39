#!/bin/sh
# Runs once, when the primary's data folder is first created (the official image's /docker-entrypoint-initdb.d):
# the role the streaming replica connects as, and the line of pg_hba.conf that lets it in (decision 079).
set -eu
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" -v pw="$REPLICATION_PASSWORD" <<'SQL'
CREATE ROLE replicator WITH REPLICATION LOGIN PASSWORD :'pw';
SQL
echo "host replication replicator all scram-sha-256" >> "$PGDATA/pg_hba.conf"
