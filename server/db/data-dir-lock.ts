// One process per embedded database folder. PGlite has no guard of its own: two processes on one folder
// both take writes and corrupt it. The lock is a file beside the folder holding the owner's pid, its
// start time (Linux: /proc/<pid>/stat, so a reused pid is not mistaken for the owner), a random token and
// the host. A lock whose owner is gone (killed with SIGKILL, crashed) is taken over; see decision 020.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { StartupError } from '../startup-error.ts';

export interface LockOwner {
  pid: number;
  /** Process start time in clock ticks since boot (Linux), null where the OS does not tell. */
  startTime: string | null;
  token: string;
  host: string;
  command: string;
  since: string;
}

export interface DataDirLock {
  file: string;
  release(): void;
}

/** Tokens of the locks this process holds, to tell its own lock from a dead predecessor's with the same pid. */
const held = new Set<string>();

/** A takeover that takes longer than this was interrupted (its process died): the guard may be removed. */
const TAKEOVER_GUARD_STALE_MS = 10_000;

export function processStartTime(pid: number): string | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may contain spaces and parentheses): state is field 3, starttime 22.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return fields[19] ?? null;
  } catch {
    return null;
  }
}

function pidRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether the lock's owner still runs. On another host we cannot tell, so it counts as running. */
export function ownerAlive(owner: LockOwner): boolean {
  if (owner.host !== os.hostname()) return true;
  if (owner.pid === process.pid) return held.has(owner.token);
  if (!pidRunning(owner.pid)) return false;
  const now = processStartTime(owner.pid);
  // The same pid with another start time is a new process that reused the number.
  return !(owner.startTime && now && owner.startTime !== now);
}

function readOwner(file: string): LockOwner | null | 'unreadable' {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const o = JSON.parse(text) as LockOwner;
    return typeof o.pid === 'number' && typeof o.token === 'string' ? o : 'unreadable';
  } catch {
    return 'unreadable';
  }
}

/** Creates the lock file with its full content in one step (a hard link of a finished temporary file). */
function create(file: string, owner: LockOwner): boolean {
  const tmp = `${file}.${owner.token}.tmp`;
  fs.writeFileSync(tmp, JSON.stringify(owner), { mode: 0o600 });
  try {
    fs.linkSync(tmp, file);
    return true;
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    if (code === 'EEXIST') return false;
    if (code !== 'EPERM' && code !== 'ENOTSUP' && code !== 'EOPNOTSUPP') throw e;
    // A file system without hard links: exclusive create (a reader may briefly see it empty).
    try {
      fs.writeFileSync(file, JSON.stringify(owner), { flag: 'wx', mode: 0o600 });
      return true;
    } catch (e2) {
      if ((e2 as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw e2;
    }
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

/**
 * Removes a stale lock, but only the one that was judged stale: under a guard directory, so that of two
 * processes taking over at once the second cannot remove the lock the first has just created.
 */
function takeOver(file: string, stale: LockOwner | 'unreadable') {
  const guard = `${file}.takeover`;
  try {
    fs.mkdirSync(guard);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
    try {
      if (Date.now() - fs.statSync(guard).mtimeMs > TAKEOVER_GUARD_STALE_MS) fs.rmSync(guard, { recursive: true, force: true });
    } catch {
      // gone meanwhile
    }
    sleepSync(100);
    return;
  }
  try {
    const again = readOwner(file);
    const same = again === 'unreadable' ? stale === 'unreadable' : again !== null && stale !== 'unreadable' && again.token === stale.token;
    if (same) fs.rmSync(file, { force: true });
  } finally {
    fs.rmSync(guard, { recursive: true, force: true });
  }
}

function describeOwner(o: LockOwner): string {
  return `pid ${o.pid}${o.host !== os.hostname() ? ` on ${o.host}` : ''}, ${o.command}, since ${o.since}`;
}

/** Locks the embedded database folder `dir` for this process, or throws a StartupError naming the holder. */
export function lockDataDir(dir: string): DataDirLock {
  const file = `${path.resolve(dir)}.lock`;
  const owner: LockOwner = {
    pid: process.pid,
    startTime: processStartTime(process.pid),
    token: crypto.randomBytes(16).toString('hex'),
    host: os.hostname(),
    command: path.relative(process.cwd(), process.argv[1] ?? 'node') || 'node',
    since: new Date().toISOString(),
  };
  for (let attempt = 0; attempt < 20; attempt++) {
    if (create(file, owner)) {
      held.add(owner.token);
      const release = () => {
        if (!held.delete(owner.token)) return;
        process.off('exit', release);
        const current = readOwner(file);
        if (current && current !== 'unreadable' && current.token === owner.token) fs.rmSync(file, { force: true });
      };
      // A crash (uncaught error, process.exit) still releases it; only SIGKILL leaves a stale lock behind.
      process.on('exit', release);
      return { file, release };
    }
    const holder = readOwner(file);
    if (holder === null) continue;
    if (holder !== 'unreadable' && ownerAlive(holder)) {
      throw new StartupError(
        `the embedded database in ${path.resolve(dir)} is in use by another akut process (${describeOwner(holder)}). ` +
          'Only one process may open it at a time: stop that process first (the seed, admin:create and db:migrate scripts too), ' +
          `or use a PostgreSQL server (DATABASE_URL) for several instances. If no such process runs any more, delete ${file}.`,
      );
    }
    // An unreadable lock may be one being written on a file system without hard links: give it a moment.
    if (holder === 'unreadable' && Date.now() - safeMtime(file) < 2_000) {
      sleepSync(100);
      continue;
    }
    takeOver(file, holder);
  }
  throw new StartupError(`could not lock ${file}: it keeps changing hands; is another akut process starting on ${path.resolve(dir)}?`);
}

function sleepSync(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function safeMtime(file: string): number {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return 0;
  }
}
