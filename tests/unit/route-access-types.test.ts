// Route definitions are generic on their access rule (issue 22): a handler behind a signed-in rule receives a
// non-null caller, so doors never assert one with `!`. The type half fails `npm run typecheck`, the scan
// half fails here when a door asserts the caller again.
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { defineRoute, type SignedInAuth } from '../../server/http/route.ts';
import type { AuthContext } from '../../server/auth/guards.ts';

const root = path.resolve(import.meta.dirname, '../..');

function tsFiles(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = `${dir}/${e.name}`;
    if (e.isDirectory()) return tsFiles(rel);
    return e.name.endsWith('.ts') ? [rel] : [];
  });
}

describe('route access types', () => {
  it('a signed-in rule hands the handler a non-null user; a public one may not', async () => {
    const seen: string[] = [];
    const forProvider = defineRoute({
      method: 'get',
      path: '/x',
      summary: 'x',
      tags: [],
      access: { roles: ['provider'] },
      handler: ({ auth }) => {
        const signedIn: SignedInAuth = auth;
        seen.push(signedIn.user.id);
      },
    });
    const forUser = defineRoute({ method: 'get', path: '/y', summary: 'y', tags: [], access: 'user', handler: ({ auth }) => void seen.push(auth.user.role) });
    const forAnyone = defineRoute({
      method: 'get',
      path: '/z',
      summary: 'z',
      tags: [],
      access: 'public',
      handler: ({ auth }) => {
        // @ts-expect-error a public route's caller may be anonymous
        const id: string = auth.user.id;
        seen.push(id);
      },
    });
    const user = { id: 'u1', email: 'a@b.de', name: 'A', role: 'provider' as const, locale: 'de' as const, emailVerified: true, twoFactorEnabled: false };
    const ctx = (auth: AuthContext) => ({ auth }) as never;
    await forProvider.handler(ctx({ user, sessionId: 's' }));
    await forUser.handler(ctx({ user, sessionId: 's' }));
    expect(() => forAnyone.handler(ctx({ user: null, sessionId: null }))).toThrow(TypeError);
    expect(seen).toEqual(['u1', 'provider']);
  });

  it('no door asserts its caller non-null', () => {
    const asserted = [...tsFiles('server/http'), ...tsFiles('server/chat')].flatMap((file) =>
      fs
        .readFileSync(path.join(root, file), 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\b(user|auth|caller|me)!/.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(asserted).toEqual([]);
  });
});
