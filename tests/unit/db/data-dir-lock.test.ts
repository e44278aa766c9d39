// One process per embedded database folder: a live holder is refused, a dead one (or a reused pid) is taken over.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { lockDataDir, processStartTime, type LockOwner } from '../../../server/db/data-dir-lock.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

function folder(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'akut-lock-'));
  dirs.push(root);
  return path.join(root, 'pglite');
}

function writeLock(dir: string, owner: Partial<LockOwner> & { pid: number }) {
  const full: LockOwner = { startTime: null, token: 'someone-else', host: os.hostname(), command: 'server/main.ts', since: new Date().toISOString(), ...owner };
  fs.writeFileSync(`${dir}.lock`, JSON.stringify(full));
}

describe('lockDataDir', () => {
  it('refuses while the holder runs, in another process or in this one, and locks again once released', () => {
    const dir = folder();
    writeLock(dir, { pid: process.ppid, startTime: processStartTime(process.ppid) });
    expect(() => lockDataDir(dir)).toThrow(`in use by another akut process (pid ${process.ppid}`);
    fs.rmSync(`${dir}.lock`);

    const lock = lockDataDir(dir);
    expect(() => lockDataDir(dir)).toThrow(`(pid ${process.pid}`);
    lock.release();
    expect(fs.existsSync(`${dir}.lock`)).toBe(false);
    lockDataDir(dir).release();
  });

  it('takes over the lock of a process that no longer runs', () => {
    const dir = folder();
    const gone = spawnSync(process.execPath, ['-e', '0']).pid!;
    writeLock(dir, { pid: gone });
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it.runIf(processStartTime(process.pid) !== null)('takes over the lock of a reused pid (same number, other start time)', () => {
    const dir = folder();
    const real = processStartTime(process.ppid)!;
    writeLock(dir, { pid: process.ppid, startTime: String(Number(real) - 1000) });
    const lock = lockDataDir(dir);
    expect(JSON.parse(fs.readFileSync(`${dir}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    lock.release();
  });

  it("takes over a dead predecessor's lock that has this process's pid", () => {
    const dir = folder();
    writeLock(dir, { pid: process.pid, startTime: null, token: 'previous-incarnation' });
    lockDataDir(dir).release();
  });
});
