// npm start: builds the client when dist/ is missing or older than the sources, then starts the server.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { buildClientIfStale } from './build-client.ts';

const root = path.resolve(import.meta.dirname, '..');
buildClientIfStale();

// On the embedded defaults (no DATABASE_URL) `npm start` is the try-it-out run of the README: the labelled test
// checkout stays on there. With a PostgreSQL server it is a deployment, where only TEST_CHECKOUT=on enables it.
const defaults: Record<string, string> = { NODE_ENV: 'production', ...(process.env.DATABASE_URL ? {} : { TEST_CHECKOUT: 'on' }) };
const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'server/main.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env: { ...defaults, ...process.env } });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
