#!/bin/sh
# The streaming read replica (decision 079). On its first start the data folder is empty: it copies the primary
# with pg_basebackup -R (which also writes primary_conninfo and standby.signal), then runs as a hot standby that
# answers read-only queries and replays the primary's WAL as it arrives. Failover is not covered: promoting
# it is a decision for a person (docs/deploy.md).
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  until pg_isready -h db -p 5432 -U replicator -q; do sleep 1; done
  PGPASSWORD="$REPLICATION_PASSWORD" pg_basebackup -h db -p 5432 -U replicator -D "$PGDATA" -X stream -R --checkpoint=fast
  chmod 0700 "$PGDATA"
fi
# hot_standby_feedback: long reads here are not cancelled by the primary's clean-up (at the cost of some bloat there).
exec postgres -c hot_standby=on -c hot_standby_feedback=on -c max_standby_streaming_delay=5s
