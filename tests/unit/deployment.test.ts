// The container set-up (issue 14, decision 045): the runtime image installs production dependencies only, so
// every package the server loads at run time must be one; compose.yaml runs PostgreSQL, migrations once, two app
// instances and Caddy with health checks; the image runs as a non-root user. Images cannot be pulled on our
// machines, so these files are checked as text here and the same topology runs without containers in
// tests/integration/cluster.integration.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(import.meta.dirname, '../..');
const read = (p: string) => fs.readFileSync(path.join(root, p), 'utf8');

/** Bare package names a file imports at run time (type-only imports are erased by Node's type stripping). */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  const names: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?!type\s)[^'";]*?from\s+'([^'.][^']*)'/gm)) {
    const spec = m[1]!;
    if (spec.startsWith('node:')) continue;
    names.push(spec.startsWith('@') ? spec.split('/').slice(0, 2).join('/') : spec.split('/')[0]!);
  }
  return names;
}

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'generated' ? [] : tsFiles(p);
    return /\.ts$/.test(e.name) && !/\.test\.ts$/.test(e.name) ? [p] : [];
  });
}

describe('runtime dependencies', () => {
  it('every package the server, core, the machines and npm start import is a production dependency', () => {
    const pkg = JSON.parse(read('package.json')) as { dependencies: Record<string, string> };
    const files = [
      ...tsFiles(path.join(root, 'server')),
      ...tsFiles(path.join(root, 'core')),
      ...tsFiles(path.join(root, 'machines')),
      ...['start', 'build-client', 'db-migrate'].map((s) => path.join(root, `scripts/${s}.ts`)),
    ];
    const missing = new Set<string>();
    for (const f of files) {
      // The development server's Vite is loaded only with --dev.
      for (const name of runtimeImports(f)) if (!(name in pkg.dependencies) && name !== 'vite') missing.add(`${name} (${path.relative(root, f)})`);
    }
    expect([...missing]).toEqual([]);
  });
});

interface Service {
  image?: string;
  build?: unknown;
  command?: string[];
  environment?: Record<string, string>;
  healthcheck?: { test: string[] };
  depends_on?: Record<string, { condition: string }>;
  volumes?: string[];
  ports?: string[];
}

describe('compose.yaml', () => {
  const compose = parse(read('compose.yaml'), { merge: true }) as { services: Record<string, Service>; volumes: Record<string, unknown> };
  const { services } = compose;

  it('runs PostgreSQL (official image, health check, volume), migrations once, two app instances and Caddy', () => {
    expect(Object.keys(services).sort()).toEqual(['app1', 'app2', 'db', 'db-replica', 'migrate', 'proxy']);
    expect(services.db!.image).toMatch(/^postgres:\d+/);
    expect(services.db!.healthcheck!.test.join(' ')).toContain('pg_isready');
    expect(services.db!.volumes).toContain('pgdata:/var/lib/postgresql/data');
    expect(compose.volumes).toHaveProperty('pgdata');

    // Migrations run once, before any instance starts.
    expect(services.migrate!.build).toBe('.');
    expect(services.migrate!.command).toEqual(['node', 'scripts/db-migrate.ts']);
    expect(services.migrate!.depends_on).toEqual({ db: { condition: 'service_healthy' } });

    for (const name of ['app1', 'app2']) {
      const app = services[name]!;
      expect(app.image).toBe(services.migrate!.image);
      expect(app.environment!.DATABASE_URL).toMatch(/^postgresql:\/\/akut:.*@db:5432\/akut$/);
      for (const key of ['AUTH_SECRET', 'PAYOUT_ENCRYPTION_KEY', 'WEB_CONCURRENCY', 'APP_URL', 'TRUST_PROXY']) expect(app.environment).toHaveProperty(key);
      expect(app.environment!.EVENT_BUS).toBe('postgres');
      expect(app.healthcheck!.test.join(' ')).toContain('/api/health');
      // Reads that may be a moment old go to the streaming replica (decision 082).
      expect(app.environment!.DATABASE_READ_URL).toMatch(/^postgresql:\/\/akut:.*@db-replica:5432\/akut$/);
      expect(app.environment).toHaveProperty('READ_AFTER_WRITE_MS');
      // Not on the replica: until it answers, reads fall back to the primary.
      expect(app.depends_on).toEqual({ migrate: { condition: 'service_completed_successfully' } });
      expect(app.ports).toBeUndefined();
    }

    const proxy = services.proxy!;
    expect(proxy.image).toMatch(/^caddy:\d+/);
    expect(proxy.depends_on).toEqual({ app1: { condition: 'service_healthy' }, app2: { condition: 'service_healthy' } });
    expect(proxy.volumes).toContain('./deploy/Caddyfile:/etc/caddy/Caddyfile:ro');
    expect(proxy.ports).toEqual(['80:80', '443:443']);
  });

  it('runs a streaming replica of the primary: a base backup on first start, then hot standby', () => {
    const replica = services['db-replica']!;
    expect(replica.image).toBe(services.db!.image);
    expect(replica.depends_on).toEqual({ db: { condition: 'service_healthy' } });
    expect(replica.volumes).toContain('pgreplica:/var/lib/postgresql/data');
    expect(compose.volumes).toHaveProperty('pgreplica');
    expect(replica.healthcheck!.test.join(' ')).toContain('pg_isready');
    const entry = read('deploy/postgres/replica-entrypoint.sh');
    expect(entry).toMatch(/pg_basebackup\b[^\n]*-R\b/);
    expect(entry).toMatch(/hot_standby=on/);
    // The primary lets the replication role in and keeps WAL for a replica that was away for a while.
    expect(services.db!.volumes).toContain('./deploy/postgres/primary-init.sh:/docker-entrypoint-initdb.d/10-replication.sh:ro');
    expect(read('deploy/postgres/primary-init.sh')).toMatch(/REPLICATION LOGIN/);
    expect(read('deploy/postgres/primary-init.sh')).toMatch(/host\s+replication\s+replicator/);
    expect((services.db as Service & { command?: string[] }).command?.join(' ')).toMatch(/wal_keep_size=/);
  });

  it('the proxy spreads requests (WebSocket upgrades included) over both instances and checks their health', () => {
    const caddy = read('deploy/Caddyfile');
    const upstreams = /reverse_proxy\s+([^{\n]+)\{/.exec(caddy)?.[1]?.trim().split(/\s+/);
    expect(upstreams).toEqual(['app1:3000', 'app2:3000']);
    expect(caddy).toMatch(/health_uri \/api\/health/);
    // The app trusts the proxy's X-Forwarded-For on the compose network, and its config accepts the value.
    expect(services.app1!.environment!.TRUST_PROXY).toMatch(/uniquelocal/);
  });
});

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');
  const stages = dockerfile.split(/^FROM /m).slice(1);

  it('builds in one stage and runs production dependencies only, as a non-root user, on Node 24', () => {
    expect(dockerfile).toMatch(/^ARG NODE_IMAGE=node:24[\w.-]*$/m);
    expect(stages).toHaveLength(2);
    const [build, runtime] = stages as [string, string];
    expect(build).toMatch(/npm ci\b/);
    expect(build).toMatch(/vite build/);
    expect(build).toMatch(/prisma generate/);
    expect(runtime).toMatch(/npm ci --omit=dev/);
    for (const dir of ['dist', 'server', 'core', 'prisma', 'machines', 'prompts', 'scripts'])
      expect(runtime).toContain(`COPY --from=build /app/${dir} ./${dir}`);
    const users = [...runtime.matchAll(/^USER (\S+)/gm)].map((m) => m[1]);
    expect(users.length).toBeGreaterThan(0);
    expect(users.at(-1)).not.toMatch(/^(root|0)$/);
    expect(runtime).toMatch(/HEALTHCHECK[\s\S]*\/api\/health/);
    expect(runtime).toMatch(/^CMD \["node", "scripts\/start\.ts"\]$/m);
  });

  it('keeps local data, secrets and builds out of the build context', () => {
    const ignored = read('.dockerignore')
      .split('\n')
      .map((l) => l.trim());
    for (const entry of ['node_modules', 'data', '.env', 'dist', 'server/generated', '.git']) expect(ignored).toContain(entry);
  });
});
