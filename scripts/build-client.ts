// Builds the client (vite build) when dist/ is missing or older than the sources; npm start and npm run cluster.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const distIndex = path.join(root, 'dist/index.html');
// `vite build` also writes the server render of the public pages (dist/.ssr, decision 037).
const distSsr = path.join(root, 'dist/.ssr/entry-server.js');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(p) : fs.statSync(p).mtimeMs);
  }
  return newest;
}

function sourcesChanged(): boolean {
  if (!fs.existsSync(distIndex) || !fs.existsSync(distSsr)) return true;
  const built = fs.statSync(distIndex).mtimeMs;
  return (
    Math.max(
      // The client bundles core/ and machines/ too (decision 058).
      ...['src', 'core', 'machines'].map((dir) => newestMtime(path.join(root, dir))),
      fs.statSync(path.join(root, 'index.html')).mtimeMs,
      fs.statSync(path.join(root, 'vite.config.ts')).mtimeMs,
    ) > built
  );
}

/** Builds when needed (SKIP_BUILD=1 skips); exits the process when the build fails. */
export function buildClientIfStale(): void {
  if (process.env.SKIP_BUILD === '1' || !sourcesChanged()) return;
  console.log('Building the client (vite build)…');
  const r = spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
