#!/bin/sh
# Prisma's CLI wants a schema-engine binary even for `generate`, which never calls it.
# This stub stands in so the CLI does not try to download one (see docs/decisions/002-prisma-migrations-without-cli-engine.md).
echo "schema-engine stub: use npm run db:migrate:create / db:migrate instead" >&2
exit 1
