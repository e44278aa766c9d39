// A process killed in the middle of a multi-step command (issue 24): the step is held at a chosen moment by
// a lock of the test's own (a table in EXCLUSIVE mode, or a trigger waiting on an advisory lock), the app
// process is SIGKILLed there, and another process on the same database must complete what was begun: the
// chat confirmation is never left `running`, its retry answers the outcome, and the seeker's request is
// released and matched once. Real processes (server/main.ts) on the PostgreSQL suite's server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import pg from 'pg';
import { startTestApp, type TestApp, type TestClient } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-db.ts';
import { createUser } from '../factories/users.ts';
import { getReferralCode } from '../../server/domain/affiliate/get-referral-code.ts';
import { createProvider } from '../factories/marketplace.ts';
import { holdAdvisoryLock, holdTable, killWhileHeld, problems, startAppProcess, type AppProcess } from '../helpers/app-process.ts';
import { signIn } from '../helpers/auth.ts';
import { createSession, sendChat } from '../helpers/chat.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

type ConfirmAnswer = { status: string; repeated: boolean; result: { accepted: boolean; data?: { requestStatus?: string } } | null; error?: { code: string } };

describe.runIf(onPostgres)('a process killed in the middle of a multi-step command', () => {
  let app: TestApp;
  let url: string;
  const processes: AppProcess[] = [];

  beforeAll(async () => {
    // The in-process app owns the fresh database (and its migrations); the processes share it.
    app = await startTestApp();
    url = (app.target as { url: string }).url;
    await createProvider(app.deps, { categories: ['dienstleistungen'], postcode: '10115', radiusKm: 30 });
  }, 120_000);

  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await app?.close();
  }, 60_000);

  async function instance(name: string) {
    const p = await startAppProcess(name, { DATABASE_URL: url, EVENT_BUS: 'postgres' });
    processes.push(p);
    return p;
  }

  /** A verified seeker on `on`, with a chat session at the summary and its pending confirmation. */
  async function seekerAtSummary(on: AppProcess) {
    const user = await createUser(app.deps.db.prisma, { role: 'seeker' });
    const client = on.as(app.client());
    client.lang = 'de';
    await signIn(client, user.email, user.password);
    const sessionId = await createSession(client, 'de');
    await sendChat(client, sessionId, 'Mia');
    const need = await sendChat(client, sessionId, 'Ich suche eine Putzhilfe in 10115 Berlin für 150 Euro, ab morgen');
    const confirmation = need.tools.at(-1)?.output?.confirmation;
    expect(confirmation?.status, need.text).toBe('pending');
    return { client, user, sessionId, confirmationId: confirmation!.id };
  }

  const confirm = (c: TestClient, sessionId: string, confirmationId: string) =>
    c.post<ConfirmAnswer>('/api/chat/confirm', { sessionId, confirmationId, decision: 'confirm' });

  async function expectCompleted(sessionId: string, confirmationId: string, providerCount = 1) {
    const prisma = app.deps.db.prisma;
    const row = await prisma.chatConfirmation.findUniqueOrThrow({ where: { id: confirmationId } });
    expect(row.status).toBe('confirmed');
    const requests = await prisma.request.findMany({ where: { sessionId } });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ sourceKey: confirmationId, status: 'open' });
    expect(requests[0]!.matchedAt).not.toBeNull();
    expect(await prisma.match.count({ where: { requestId: requests[0]!.id } })).toBe(providerCount);
    expect((await prisma.chatSession.findUniqueOrThrow({ where: { id: sessionId } })).machineState).toBe('submitted');
  }

  it('killed while the request is written: the retry on another process completes it and answers the outcome', async () => {
    const a = await instance('crash-a');
    const s = await seekerAtSummary(a);
    await killWhileHeld(url, a, await holdTable(url, 'Request'), () => confirm(s.client, s.sessionId, s.confirmationId));
    expect((await app.deps.db.prisma.chatConfirmation.findUniqueOrThrow({ where: { id: s.confirmationId } })).status).toBe('running');

    const b = await instance('crash-b');
    const retry = await confirm(b.as(s.client), s.sessionId, s.confirmationId);
    expect(retry.status, `${retry.text}\n${problems(b)}`).toBe(200);
    expect(retry.body).toMatchObject({ status: 'confirmed', result: { accepted: true, data: { requestStatus: 'open' } } });
    await expectCompleted(s.sessionId, s.confirmationId);
    // Asked once more, the same answer, and nothing runs again.
    expect((await confirm(b.as(s.client), s.sessionId, s.confirmationId)).body).toMatchObject({ status: 'confirmed', repeated: true });
    await expectCompleted(s.sessionId, s.confirmationId);
    await b.stop();
  }, 180_000);

  it('killed between opening the request and matching it: nobody retries, and the app completes both by itself', async () => {
    const a = await instance('crash-c');
    const s = await seekerAtSummary(a);
    await killWhileHeld(url, a, await holdTable(url, 'Match'), () => confirm(s.client, s.sessionId, s.confirmationId));
    const prisma = app.deps.db.prisma;
    // The kill left the request unmatched: open before decision 060 (opening and matching were two steps),
    // a draft since (they commit together); the confirmation running.
    const left = await prisma.request.findFirst({ where: { sessionId: s.sessionId }, select: { status: true, matchedAt: true } });
    expect(left?.matchedAt).toBeNull();
    expect(['open', 'draft']).toContain(left?.status);

    const b = await instance('crash-d');
    const until = Date.now() + 90_000;
    while (Date.now() < until) {
      const row = await prisma.chatConfirmation.findUniqueOrThrow({ where: { id: s.confirmationId } });
      const request = await prisma.request.findFirst({ where: { sessionId: s.sessionId }, select: { matchedAt: true } });
      if (row.status !== 'running' && request?.matchedAt) break;
      await sleep(500);
    }
    await expectCompleted(s.sessionId, s.confirmationId);
    const again = await confirm(b.as(s.client), s.sessionId, s.confirmationId);
    expect(again.body, problems(b)).toMatchObject({ status: 'confirmed', repeated: true, result: { accepted: true } });
    await b.stop();
  }, 180_000);

  it('killed in a sign-up with a referral code, after the user row: the partner does not lose the person', async () => {
    const partner = await createUser(app.deps.db.prisma);
    const code = await getReferralCode(app.deps.db.prisma, partner.id);
    const email = `crash-${crypto.randomUUID().slice(0, 8)}@example.com`;
    const body = { email, password: 'sehr-geheim-123', name: 'Rita', role: 'seeker', referralCode: code };
    const a = await instance('crash-g');
    // The credential is written after the user row: held there.
    await killWhileHeld(url, a, await holdTable(url, 'account'), () => a.as(app.client()).post('/api/auth/sign-up/email', body));
    const prisma = app.deps.db.prisma;
    // Before decision 061 the user row stood here, without a password and without its referrer.
    const left = await prisma.user.findUnique({ where: { email }, select: { referredById: true } });
    expect(left === null || left.referredById === partner.id, JSON.stringify(left)).toBe(true);

    const b = await instance('crash-h');
    expect((await b.as(app.client()).post('/api/auth/sign-up/email', body)).status).toBe(200);
    const user = await prisma.user.findUniqueOrThrow({ where: { email } });
    expect(user.referredById).toBe(partner.id);
    expect(await prisma.account.count({ where: { userId: user.id, providerId: 'credential' } })).toBe(1);
    expect(await prisma.referralEvent.count({ where: { kind: 'signup', userId: user.id, partnerId: partner.id } })).toBe(1);
    await b.stop();
  }, 180_000);

  it('killed in the middle of a chat turn, before its reply is stored: the retry on another process answers it once', async () => {
    // A trigger holds the reply's insert (the turn's last write) until the test lets go of an advisory lock.
    const a = await instance('crash-i');
    const client = a.as(app.client());
    const sessionId = await createSession(client, 'de');
    const messageId = crypto.randomUUID();
    const prisma = app.deps.db.prisma;
    const before = await prisma.chatMessage.count({ where: { sessionId } });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE OR REPLACE FUNCTION akut_test_hold_reply() RETURNS trigger AS $$
      BEGIN PERFORM pg_advisory_xact_lock(2425); RETURN NEW; END $$ LANGUAGE plpgsql`);
    await admin.query(`CREATE TRIGGER akut_test_hold_reply BEFORE INSERT ON "ChatMessage" FOR EACH ROW
      WHEN (NEW.role = 'assistant') EXECUTE FUNCTION akut_test_hold_reply()`);
    try {
      await killWhileHeld(url, a, await holdAdvisoryLock(url, 2425), () => sendChat(client, sessionId, 'Mia', { messageId }));
      await admin.query('DROP TRIGGER akut_test_hold_reply ON "ChatMessage"');
      const userMessages = () => prisma.chatMessage.count({ where: { sessionId, role: 'user' } });
      // What the kill left: the message, no reply.
      expect(await userMessages()).toBe(1);
      expect(await prisma.chatMessage.count({ where: { sessionId } })).toBe(before + 1);

      const b = await instance('crash-j');
      const retry = await sendChat(b.as(client), sessionId, 'Mia', { messageId });
      expect(retry.status, problems(b)).toBe(200);
      expect(retry.text.length).toBeGreaterThan(0);
      expect(await userMessages()).toBe(1);
      const last = await prisma.chatMessage.findFirst({ where: { sessionId }, orderBy: { seq: 'desc' } });
      expect(last?.role).toBe('assistant');
      await b.stop();
    } finally {
      await admin.query('DROP TRIGGER IF EXISTS akut_test_hold_reply ON "ChatMessage"').catch(() => {});
      await admin.end();
    }
  }, 180_000);

  it("killed after the draft is stored, before its release: the verified seeker's request does not stay a draft", async () => {
    // A trigger holds the draft's release (its first update) until the test lets go of an advisory lock.
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE OR REPLACE FUNCTION akut_test_hold_release() RETURNS trigger AS $$
      BEGIN PERFORM pg_advisory_xact_lock(2424); RETURN NEW; END $$ LANGUAGE plpgsql`);
    await admin.query(`CREATE TRIGGER akut_test_hold_release BEFORE UPDATE ON "Request" FOR EACH ROW
      WHEN (OLD.status = 'draft' AND NEW.status <> 'draft') EXECUTE FUNCTION akut_test_hold_release()`);
    try {
      const a = await instance('crash-e');
      const s = await seekerAtSummary(a);
      await killWhileHeld(url, a, await holdAdvisoryLock(url, 2424), () => confirm(s.client, s.sessionId, s.confirmationId));
      expect(await app.deps.db.prisma.request.findFirst({ where: { sessionId: s.sessionId }, select: { status: true } })).toMatchObject({ status: 'draft' });
      await admin.query('DROP TRIGGER akut_test_hold_release ON "Request"');

      const b = await instance('crash-f');
      const retry = await confirm(b.as(s.client), s.sessionId, s.confirmationId);
      expect(retry.body, `${retry.text}\n${problems(b)}`).toMatchObject({ status: 'confirmed', result: { accepted: true, data: { requestStatus: 'open' } } });
      await expectCompleted(s.sessionId, s.confirmationId);
      await b.stop();
    } finally {
      await admin.query('DROP TRIGGER IF EXISTS akut_test_hold_release ON "Request"').catch(() => {});
      await admin.end();
    }
  }, 180_000);
});
