// npm start: builds the client when dist/ is missing or older than the sources, then starts the server.
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'dist/index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

// `vite build` also writes the server render of the public pages (dist/.ssr, decision 037).
const distSsr = path.join(root, 'dist/.ssr/entry-server.js');

const sourcesChanged = () => {
  if (!fs.existsSync(distIndex) || !fs.existsSync(distSsr)) return true;
  const built = fs.statSync(distIndex).mtimeMs;
  return Math.max(newestMtime(path.join(root, 'src')), fs.statSync(path.join(root, 'index.html')).mtimeMs, fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs) > built;
};

if (process.env.SKIP_BUILD !== '1' && sourcesChanged()) {
  console.log('Building the client (vite build)…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

// On the embedded defaults (no DATABASE_URL) `npm start` is the try-it-out run of the README: the labelled test
// checkout stays on there. With a PostgreSQL server it is a deployment, where only TEST_CHECKOUT=on enables it.
const defaults: Record<string, string> = { NODE_ENV: 'production', ...(process.env.DATABASE_URL ? {} : { TEST_CHECKOUT: 'on' }) };
const child = spawn(process.execPath, ['--disable-warning=ExperimentalWarning', path.join(root, 'server/main.ts'), ...process.argv.slice(2)], { cwd: root, stdio: 'inherit', env: { ...defaults, ...process.env } });
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => child.kill(sig));
child.on('exit', (code) => process.exit(code ?? 0));
