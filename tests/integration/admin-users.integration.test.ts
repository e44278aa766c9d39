// Admin area, users and roles (issue 11): suspension ends every session and shuts every door (HTTP, sign-in,
// ws, chat) until lifted; role changes keep one admin; each change is in the audit log; the list, the details,
// the audit log door, the recent activity and the status check answer from real rows.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { createSession, getSession, sendChat } from '../helpers/chat.ts';
import { createUser } from '../factories/users.ts';
import { grantGoints } from '../factories/marketplace.ts';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInClient(app, { role: 'admin' });
});
afterAll(async () => {
  await app?.close();
});

function connect(cookie: string): Promise<{ ws: WebSocket; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(app.baseUrl.replace('http', 'ws') + '/ws', { headers: { cookie, origin: app.baseUrl } });
    const closed = new Promise<number>((r) => ws.on('close', (code) => r(code)));
    ws.on('message', () => resolve({ ws, closed }));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`status ${res.statusCode}`)));
    ws.on('error', reject);
  });
}

const audit = (entityId: string) => app.deps.db.prisma.auditLog.findMany({ where: { entityId }, orderBy: { createdAt: 'asc' } });

describe('suspension', () => {
  it('ends all sessions at once, refuses sign-in, ws and chat, tells the person in their language, and is lifted again', async () => {
    const person = await createUser(app.deps.db.prisma, { role: 'provider', locale: 'en' });
    const phone = app.client();
    const laptop = app.client();
    await signIn(phone, person.email, person.password);
    await signIn(laptop, person.email, person.password);
    const chatId = await createSession(laptop, 'en');
    const socket = await connect(phone.cookieHeader);
    expect((await phone.get<{ user: { id: string } | null }>('/api/me')).body.user?.id).toBe(person.id);

    // Bad input changes nothing.
    const noReason = await admin.client.post<{ error: { code: string } }>(`/api/admin/users/${person.id}/suspend`, { reason: '  ' });
    expect(noReason.status).toBe(400);
    expect((await app.deps.db.prisma.user.findUniqueOrThrow({ where: { id: person.id } })).suspendedAt).toBeNull();

    const res = await admin.client.post<{ suspended: boolean; sessionsEnded: number }>(`/api/admin/users/${person.id}/suspend`, { reason: 'Spam in offers' });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: person.id, suspended: true, sessionsEnded: 2 });

    expect(await socket.closed).toBe(4401);
    for (const c of [phone, laptop]) expect((await c.get<{ user: unknown }>('/api/me')).body.user).toBeNull();
    expect((await laptop.get('/api/payouts')).status).toBe(401);
    expect((await sendChat(laptop, chatId, 'Show my matches', { lang: 'en' })).status).not.toBe(200);
    expect((await getSession(laptop, chatId)).status).not.toBe(200);
    const again = await app.client().post<{ code?: string; message?: string }>('/api/auth/sign-in/email', { email: person.email, password: person.password });
    expect(again.status).toBe(403);
    expect(again.body.code).toBe('ACCOUNT_SUSPENDED');
    expect(await app.deps.db.prisma.session.count({ where: { userId: person.id } })).toBe(0);

    const mail = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: person.email, template: 'accountSuspended' } });
    expect(mail.subject).toBe('Your akut account has been suspended');
    expect(mail.text).toContain('Reason: Spam in offers');

    const details = await admin.client.get<{ suspension: { reason: string; byEmail: string } }>(`/api/admin/users/${person.id}`);
    expect(details.body.suspension).toMatchObject({ reason: 'Spam in offers', byEmail: admin.user.email });

    expect((await admin.client.post(`/api/admin/users/${person.id}/unsuspend`, {})).status).toBe(200);
    const back = app.client();
    await signIn(back, person.email, person.password);
    expect((await back.get<{ user: { id: string } | null }>('/api/me')).body.user?.id).toBe(person.id);
    expect(await app.deps.db.prisma.mailOutbox.count({ where: { to: person.email, template: 'accountUnsuspended' } })).toBe(1);

    expect((await audit(person.id)).map((a) => [a.action, a.actorId, a.via, a.reason])).toEqual([
      ['user.suspend', admin.user.id, 'dashboard', 'Spam in offers'],
      ['user.unsuspend', admin.user.id, 'dashboard', null],
    ]);
  });

  it('refuses suspending oneself, an already suspended account, and the last active admin', async () => {
    const self = await admin.client.post<{ error: { code: string } }>(`/api/admin/users/${admin.user.id}/suspend`, { reason: 'test' });
    expect(self.body.error.code).toBe('USER_CHANGE_SELF');
    const p = await createUser(app.deps.db.prisma);
    await admin.client.post(`/api/admin/users/${p.id}/suspend`, { reason: 'one' });
    expect((await admin.client.post<{ error: { code: string } }>(`/api/admin/users/${p.id}/suspend`, { reason: 'two' })).body.error.code).toBe(
      'USER_ALREADY_SUSPENDED',
    );
    expect((await admin.client.post<{ error: { code: string } }>(`/api/admin/users/${admin.user.id}/unsuspend`, {})).body.error.code).toBe('USER_CHANGE_SELF');
  });
});

describe('roles', () => {
  it('promotes and demotes with the rules: never oneself, never the last active admin', async () => {
    const prisma = app.deps.db.prisma;
    const other = await createUser(prisma, { role: 'seeker' });
    const self = await admin.client.post<{ error: { code: string; message: string } }>(`/api/admin/users/${admin.user.id}/role`, { role: 'seeker' });
    expect(self.status).toBe(409);
    expect(self.body.error).toMatchObject({ code: 'USER_CHANGE_SELF', message: expect.stringContaining('eigenes Konto') });
    expect((await admin.client.post(`/api/admin/users/${other.id}/role`, { role: 'root' })).status).toBe(400);

    expect((await admin.client.post(`/api/admin/users/${other.id}/role`, { role: 'provider' })).body).toEqual({
      id: other.id,
      role: 'provider',
      changed: true,
    });
    expect((await admin.client.post(`/api/admin/users/${other.id}/role`, { role: 'admin' })).body).toMatchObject({ role: 'admin' });
    // The new admin has no two-factor yet: no admin door opens for them.
    const fresh = app.client();
    await signIn(fresh, other.email, other.password);
    expect((await fresh.get('/api/admin/users')).status).toBe(403);

    // Demoting an admin while another admin stays is fine.
    expect((await admin.client.post(`/api/admin/users/${other.id}/role`, { role: 'seeker' })).body).toMatchObject({ changed: true });
    // The only active admin left can be demoted by no one (checked through the command, as any door would).
    const { changeUserRole } = await import('../../server/domain/users/change-user-role.ts');
    const others = await prisma.user.findMany({ where: { role: 'admin', id: { not: admin.user.id } }, select: { id: true } });
    await prisma.user.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { role: 'seeker' } });
    try {
      await expect(changeUserRole(app.deps, { actorId: other.id, userId: admin.user.id, role: 'seeker' })).rejects.toMatchObject({ code: 'LAST_ADMIN' });
      const { suspendUser } = await import('../../server/domain/users/suspend-user.ts');
      await expect(suspendUser(app.deps, { actorId: other.id, userId: admin.user.id, reason: 'x' })).rejects.toMatchObject({ code: 'LAST_ADMIN' });
      expect((await prisma.user.findUniqueOrThrow({ where: { id: admin.user.id } })).role).toBe('admin');
    } finally {
      await prisma.user.updateMany({ where: { id: { in: others.map((o) => o.id) } }, data: { role: 'admin' } });
    }

    // Each change was mailed to the person in their language.
    const mails = await prisma.mailOutbox.findMany({ where: { to: other.email, template: 'accountRoleChanged' }, orderBy: { createdAt: 'asc' } });
    expect(mails.map((m) => m.text.match(/jetzt: (\S+)\./)?.[1])).toEqual(['Anbieter:in', 'Admin', 'Suchende:r']);
    expect((await audit(other.id)).map((a) => [a.action, a.before, a.after])).toEqual([
      ['user.role', { role: 'seeker' }, { role: 'provider' }],
      ['user.promote', { role: 'provider' }, { role: 'admin' }],
      ['user.demote', { role: 'admin' }, { role: 'seeker' }],
    ]);
  });
});

describe('list, details, audit door, activity, status', () => {
  it('searches by e-mail or name with paging, and shows a person with referrer, balance and counts', async () => {
    const prisma = app.deps.db.prisma;
    const partner = await createUser(prisma, { name: 'Paula Partner', email: `paula-${Date.now()}@example.com` });
    const p = await createUser(prisma, { role: 'provider', name: 'Zora Zimmermann', referredById: partner.id });
    await grantGoints(prisma, p.id, 70);
    const byName = await admin.client.get<{ users: { id: string }[]; total: number }>('/api/admin/users?q=zora%20zimm');
    expect(byName.body.users.map((u) => u.id)).toEqual([p.id]);
    const byMail = await admin.client.get<{ users: { id: string }[] }>(`/api/admin/users?q=${encodeURIComponent(partner.email.toUpperCase())}`);
    expect(byMail.body.users.map((u) => u.id)).toEqual([partner.id]);
    const page1 = await admin.client.get<{ users: { id: string }[]; total: number }>('/api/admin/users?pageSize=2&page=1');
    const page2 = await admin.client.get<{ users: { id: string }[]; total: number }>('/api/admin/users?pageSize=2&page=2');
    expect(page1.body.total).toBe(await prisma.user.count());
    expect(page1.body.users).toHaveLength(2);
    expect(page2.body.users.map((u) => u.id)).not.toContain(page1.body.users[0]!.id);
    expect((await admin.client.get('/api/admin/users?pageSize=500')).status).toBe(400);

    const d = await admin.client.get<Record<string, unknown>>(`/api/admin/users/${p.id}`);
    expect(d.body).toMatchObject({
      role: 'provider',
      emailVerified: true,
      twoFactorEnabled: false,
      referrer: { id: partner.id, email: partner.email },
      suspension: null,
      balance: { goints: 0, promoGoints: 70 },
      counts: { requests: 0, unlocks: 0 },
    });
    expect((await admin.client.get('/api/admin/users/00000000-0000-4000-8000-000000000000')).status).toBe(404);
  });

  it('lists the audit log with filters by action prefix, entity, actor e-mail and dates', async () => {
    const prisma = app.deps.db.prisma;
    await admin.client.request('PUT', '/api/admin/settings', { 'marketplace.maxUnlocks': 7 });
    const all = await admin.client.get<{ entries: { action: string; actorEmail: string; before: unknown; after: unknown }[] }>(
      '/api/admin/audit?action=settings.',
    );
    expect(all.body.entries[0]).toMatchObject({
      action: 'settings.update',
      actorEmail: admin.user.email,
      before: { 'marketplace.maxUnlocks': 5 },
      after: { 'marketplace.maxUnlocks': 7 },
    });
    const byActor = await admin.client.get<{ entries: unknown[] }>(`/api/admin/audit?actor=${encodeURIComponent(admin.user.email)}&entityType=settings`);
    expect(byActor.body.entries.length).toBeGreaterThan(0);
    expect((await admin.client.get<{ entries: unknown[] }>('/api/admin/audit?actor=nobody%40example.com')).body.entries).toEqual([]);
    const future = new Date(Date.now() + 86_400_000).toISOString();
    expect((await admin.client.get<{ entries: unknown[] }>(`/api/admin/audit?from=${future}`)).body.entries).toEqual([]);
    expect((await admin.client.get('/api/admin/audit?from=not-a-date')).status).toBe(400);
    // Saving the same value again changes nothing and records nothing.
    const before = await prisma.auditLog.count({ where: { action: 'settings.update' } });
    await admin.client.request('PUT', '/api/admin/settings', { 'marketplace.maxUnlocks': 7 });
    expect(await prisma.auditLog.count({ where: { action: 'settings.update' } })).toBe(before);
    await admin.client.request('PUT', '/api/admin/settings', { 'marketplace.maxUnlocks': 5 });
  });

  it('gives recent activity newest first and the admin status as the server sees it', async () => {
    const newcomer = await createUser(app.deps.db.prisma, { role: 'seeker' });
    const act = await admin.client.get<{ items: { kind: string; id: string; at: string }[] }>('/api/admin/activity?limit=5');
    expect(act.body.items[0]).toMatchObject({ kind: 'signup', id: newcomer.id });
    const ats = act.body.items.map((i) => i.at);
    expect([...ats].sort().reverse()).toEqual(ats);
    const status = await admin.client.get<{ role: string; twoFactorEnabled: boolean; email: string; session: { expiresAt: string } }>('/api/admin/status');
    expect(status.body).toMatchObject({ role: 'admin', twoFactorEnabled: true, email: admin.user.email });
    expect(new Date(status.body.session.expiresAt).getTime()).toBeGreaterThan(Date.now());
  });
});

describe('admin-only ws events', () => {
  it('reach only admins with two-factor: anonymous, seeker, provider, partner and an admin without 2FA get none', async () => {
    await expect(connect('')).rejects.toThrow('status 401');
    const seeker = await signedInClient(app, { role: 'seeker' });
    const provider = await signedInClient(app, { role: 'provider' });
    const partner = await signedInClient(app, { role: 'seeker' });
    await createUser(app.deps.db.prisma, { referredById: partner.user.id });
    const bare = await createUser(app.deps.db.prisma, { role: 'admin' });
    const noTotp = app.client();
    await signIn(noTotp, bare.email, bare.password);
    const listeners: Record<string, { ws: WebSocket; got: string[] }> = {};
    for (const [name, c] of Object.entries({ seeker: seeker.client, provider: provider.client, partner: partner.client, noTotp, admin: admin.client } as Record<
      string,
      TestClient
    >)) {
      const got: string[] = [];
      const ws = new WebSocket(app.baseUrl.replace('http', 'ws') + '/ws', { headers: { cookie: c.cookieHeader, origin: app.baseUrl } });
      ws.on('message', (d) => got.push((JSON.parse(d.toString()) as { type: string }).type));
      await new Promise((r) => ws.on('open', r));
      listeners[name] = { ws, got };
    }
    await app.deps.bus.publish({ type: 'support.message', to: { role: 'admin' }, payload: { secret: true } });
    await app.deps.bus.publish({ type: 'test.sentinel', to: { userId: admin.user.id }, payload: null });
    for (let i = 0; i < 200 && !listeners.admin!.got.includes('test.sentinel'); i++) await new Promise((r) => setTimeout(r, 10));
    expect(listeners.admin!.got).toContain('support.message');
    for (const name of ['seeker', 'provider', 'partner', 'noTotp']) expect(listeners[name]!.got, name).not.toContain('support.message');
    for (const l of Object.values(listeners)) l.ws.close();
  });
});

describe.runIf(Boolean(process.env.DATABASE_URL))('last admin under concurrency (PostgreSQL)', () => {
  it('two admins demoting or suspending each other at once: exactly one succeeds, one admin remains', async () => {
    const { changeUserRole } = await import('../../server/domain/users/change-user-role.ts');
    const { suspendUser } = await import('../../server/domain/users/suspend-user.ts');
    const own = await startTestApp();
    try {
      const prisma = own.deps.db.prisma;
      for (let round = 0; round < 6; round++) {
        await prisma.user.updateMany({ where: { role: 'admin' }, data: { role: 'seeker' } });
        const a = await createUser(prisma, { role: 'admin' });
        const b = await createUser(prisma, { role: 'admin' });
        const results = await Promise.allSettled(
          round % 2 === 0
            ? [
                changeUserRole(own.deps, { actorId: a.id, userId: b.id, role: 'seeker' }),
                changeUserRole(own.deps, { actorId: b.id, userId: a.id, role: 'provider' }),
              ]
            : [suspendUser(own.deps, { actorId: a.id, userId: b.id, reason: 'r' }), changeUserRole(own.deps, { actorId: b.id, userId: a.id, role: 'seeker' })],
        );
        expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
        const refused = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
        expect(refused.reason).toMatchObject({ code: 'LAST_ADMIN' });
        expect(await prisma.user.count({ where: { role: 'admin', suspendedAt: null } })).toBe(1);
      }
    } finally {
      await own.close();
    }
  });
});
