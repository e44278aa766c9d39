// The admin's chat (issue 11): recent activity and counters, approving a payout and suspending or unsuspending
// a person, each change a before/after card that runs only on the admin's own confirmation, through the same
// domain commands as the screens (audited with via 'chat'), in German and English; nobody else gets the tools.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { signIn, signedInClient } from '../helpers/auth.ts';
import { createSession, sendChat, type ChatTurn } from '../helpers/chat.ts';
import { createUser } from '../factories/users.ts';
import { createSeeker } from '../factories/marketplace.ts';
import { account } from '../../server/domain/ledger/accounts.ts';
import { centsToMilli } from '../../core/money/money.ts';
import { postTransaction } from '../../server/domain/ledger/post-transaction.ts';
import { inTransaction } from '../../server/db/tx.ts';

let app: TestApp;
let admin: Awaited<ReturnType<typeof signedInClient>>;
beforeAll(async () => {
  app = await startTestApp();
  admin = await signedInClient(app, { role: 'admin' });
});
afterAll(async () => {
  await app?.close();
});

const confirm = (c: TestClient, sessionId: string, id: string) =>
  c.post<{ status: string; result: { accepted: boolean; reason?: string; data: Record<string, unknown> } }>('/api/chat/confirm', {
    sessionId,
    confirmationId: id,
    decision: 'confirm',
  });

function pending(turn: ChatTurn, tool: string) {
  const part = turn.tools.find((t) => t.toolName === tool);
  expect(part?.output, `${tool} in ${JSON.stringify(turn.tools.map((t) => t.toolName))} / ${turn.text}`).toMatchObject({ reason: 'CONFIRMATION_REQUIRED' });
  return part!.output as unknown as {
    confirmation: { id: string };
    data: { change: { subject: string; rows: { label: string; before: string | null; after: string | null }[] } };
  };
}

async function requestedPayout(): Promise<string> {
  const prisma = app.deps.db.prisma;
  const user = await createSeeker(prisma);
  await inTransaction(prisma, (tx) =>
    postTransaction(tx, {
      idempotencyKey: `chat-test:${user.id}`,
      kind: 'test_setup',
      lines: [
        { account: account.paymentClearing(), amount: -centsToMilli(5000) },
        { account: account.seekerEarnings(user.id), amount: centsToMilli(5000) },
      ],
    }),
  );
  const c = app.client();
  await signIn(c, user.email, user.password);
  const methodId = (await c.post<{ id: string }>('/api/payout-methods', { type: 'paypal', email: 'p@example.com' })).body.id;
  return (await c.post<{ payoutId: string }>('/api/payouts', { amountCents: 2000, methodId, idempotencyKey: `chat-${user.id}` })).body.payoutId;
}

describe('admin chat: activity', () => {
  it.each([
    ['de', 'Was ist neu?'],
    ['de', 'Was ist heute passiert?'],
    ['de', 'Gibt es Neuigkeiten?'],
    ['en', "What's new?"],
    ['en', 'What happened today?'],
    ['en', 'Show me the recent activity'],
  ] as const)("%s: %s gives today's figures and the counters", async (lang, text) => {
    await createUser(app.deps.db.prisma);
    const id = await createSession(admin.client, lang);
    const turn = await sendChat(admin.client, id, text, { lang });
    const part = turn.tools.find((t) => t.toolName === 'getRecentActivity');
    expect(part?.output).toMatchObject({ accepted: true });
    const data = part!.output!.data as { todaySignups: number; users: number; items: { kind: string }[] };
    expect(data.todaySignups).toBeGreaterThan(0);
    expect(data.items[0]!.kind).toBe('signup');
    expect(turn.text).toContain(lang === 'de' ? `Heute: ` : 'Today: ');
    expect(turn.text).toContain(lang === 'de' ? `${data.users} Nutzer` : `${data.users} users`);
  });
});

describe('admin chat: changes with a before/after card', () => {
  it('approves a payout only after the confirmation, audited via chat (de)', async () => {
    const payoutId = await requestedPayout();
    const id = await createSession(admin.client, 'de');
    const turn = await sendChat(admin.client, id, `Bitte Auszahlung #${payoutId.slice(0, 8)} freigeben`, { lang: 'de' });
    const out = pending(turn, 'approvePayout');
    expect(out.data.change.rows[0]).toEqual({ label: 'Status', before: 'beantragt', after: 'freigegeben' });
    expect((await app.deps.db.prisma.payout.findUniqueOrThrow({ where: { id: payoutId } })).status).toBe('requested');
    const done = await confirm(admin.client, id, out.confirmation.id);
    expect(done.body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
    expect((await app.deps.db.prisma.payout.findUniqueOrThrow({ where: { id: payoutId } })).status).toBe('approved');
    expect(await app.deps.db.prisma.auditLog.findFirst({ where: { entityId: payoutId } })).toMatchObject({
      action: 'payout.approve',
      via: 'chat',
      actorId: admin.user.id,
    });
  });

  it('refuses an unknown payout reference with a clear reply (en)', async () => {
    const id = await createSession(admin.client, 'en');
    const turn = await sendChat(admin.client, id, 'approve payout #abcdef12', { lang: 'en' });
    expect(turn.tools.find((t) => t.toolName === 'approvePayout')?.output).toMatchObject({ accepted: false, reason: 'ADMIN_PAYOUT_NOT_FOUND' });
    expect(turn.text).toContain('I cannot find a payout #abcdef');
  });

  it.each([
    ['de', (e: string) => `Sperre ${e} wegen Spam in Angeboten`, 'Spam in Angeboten', (e: string) => `Entsperre ${e}`, 'gesperrt'],
    ['en', (e: string) => `Please suspend ${e} because of fake reviews`, 'fake reviews', (e: string) => `Unsuspend ${e}`, 'suspended'],
  ] as const)('%s: suspends and unsuspends a person after confirmation, audited via chat', async (lang, suspendText, reason, unsuspendText, word) => {
    const person = await createUser(app.deps.db.prisma, { locale: lang });
    const c = app.client();
    await signIn(c, person.email, person.password);
    const id = await createSession(admin.client, lang);

    const s = pending(await sendChat(admin.client, id, suspendText(person.email), { lang }), 'suspendUser');
    expect(s.data.change.rows[0]!.after).toBe(word);
    expect(s.data.change.rows[1]!.after).toBe(reason);
    expect((await c.get<{ user: unknown }>('/api/me')).body.user).not.toBeNull();
    expect((await confirm(admin.client, id, s.confirmation.id)).body).toMatchObject({ status: 'confirmed', result: { accepted: true } });
    expect((await c.get<{ user: unknown }>('/api/me')).body.user).toBeNull();

    const u = pending(await sendChat(admin.client, id, unsuspendText(person.email), { lang }), 'unsuspendUser');
    expect(u.data.change.rows[0]!.before).toBe(word);
    expect((await confirm(admin.client, id, u.confirmation.id)).body).toMatchObject({ status: 'confirmed' });
    expect(
      (await app.deps.db.prisma.auditLog.findMany({ where: { entityId: person.id }, orderBy: { createdAt: 'asc' } })).map((a) => [a.action, a.via, a.reason]),
    ).toEqual([
      ['user.suspend', 'chat', reason],
      ['user.unsuspend', 'chat', null],
    ]);
  });

  it('asks for a reason before suspending, and refuses the admin themself', async () => {
    const person = await createUser(app.deps.db.prisma);
    const id = await createSession(admin.client, 'de');
    const noReason = await sendChat(admin.client, id, `Sperre ${person.email}`, { lang: 'de' });
    expect(noReason.tools.find((t) => t.toolName === 'suspendUser')?.output).toMatchObject({ accepted: false, reason: 'SUSPEND_REASON_REQUIRED' });
    expect(noReason.text).toContain('Bitte gib einen Grund für die Sperre an.');
    const self = await sendChat(admin.client, id, `Sperre ${admin.user.email} wegen Test`, { lang: 'de' });
    expect(self.tools.find((t) => t.toolName === 'suspendUser')?.output).toMatchObject({ accepted: false, reason: 'USER_CHANGE_SELF' });
  });
});

describe('admin chat tools for everyone else', () => {
  it('are never offered to visitors, seekers, providers, partners or an admin without two-factor', async () => {
    const victim = await createUser(app.deps.db.prisma);
    const payoutId = await requestedPayout();
    const seeker = (await signedInClient(app, { role: 'seeker' })).client;
    const provider = (await signedInClient(app, { role: 'provider' })).client;
    const partner = await signedInClient(app, { role: 'seeker' });
    await createUser(app.deps.db.prisma, { referredById: partner.user.id });
    const bare = await createUser(app.deps.db.prisma, { role: 'admin' });
    const noTotp = app.client();
    await signIn(noTotp, bare.email, bare.password);
    const anon = app.client();
    for (const [lang, texts] of [
      ['de', ['Was ist neu?', `Sperre ${victim.email} wegen Spam`, `Auszahlung #${payoutId.slice(0, 8)} freigeben`]],
      ['en', ["What's new?", `Suspend ${victim.email} because of spam`, `approve payout #${payoutId.slice(0, 8)}`]],
    ] as const) {
      for (const c of [anon, seeker, provider, partner.client, noTotp]) {
        const id = await createSession(c, lang);
        for (const text of texts) {
          const r = await sendChat(c, id, text, { lang });
          expect(r.status).toBe(200);
          for (const name of ['getRecentActivity', 'suspendUser', 'approvePayout']) expect(r.tools.map((t) => t.toolName)).not.toContain(name);
        }
      }
    }
    expect((await app.deps.db.prisma.user.findUniqueOrThrow({ where: { id: victim.id } })).suspendedAt).toBeNull();
    expect((await app.deps.db.prisma.payout.findUniqueOrThrow({ where: { id: payoutId } })).status).toBe('requested');
  });
});
