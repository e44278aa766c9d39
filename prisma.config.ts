import path from 'node:path';
import { defineConfig } from 'prisma/config';

// `prisma generate` never runs the schema engine, but the CLI insists on a binary path;
// the stub keeps it from trying a vendor download that this network cannot reach.
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.resolve(import.meta.dirname, 'scripts/schema-engine-stub.sh');

export default defineConfig({
  schema: path.join('prisma', 'schema.prisma'),
});
