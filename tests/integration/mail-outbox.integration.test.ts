// Every mail of a committed change is written to the outbox in the change's own transaction, once under its key,
// and sent from there after the commit (decision 082): a rolled-back change writes none; a failed SMTP delivery
// is tried again; a process killed after the commit and before the sending leaves the mail for the next process,
// which sends it exactly once. The killed processes are real ones (server/main.ts) on the PostgreSQL suite's server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { onPostgres } from '../helpers/test-db.ts';
import { createProvider, createReleasedRequest, createSeeker, unlockAtQuotedPrice } from '../factories/marketplace.ts';
import { createOffer } from '../../server/domain/offers/create-offer.ts';
import { inTransaction } from '../../server/db/tx.ts';
import { queueNotices } from '../../server/domain/notifications/notify.ts';
import { MAIL_ATTEMPTS, mailRetryDelayMs } from '../../server/integrations/mail/mailer.ts';
import { holdAdvisoryLock, killWhileHeld, problems, startAppProcess, type AppProcess } from '../helpers/app-process.ts';
import { signIn } from '../helpers/auth.ts';

interface Received {
  to: string[];
  messageId: string;
  subject: string;
}

/** A local SMTP server; `refuse(n)` answers the next n messages with a temporary failure (451). */
async function smtpServer() {
  const received: Received[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString()));
      stream.on('end', () => {
        if (refusals > 0) {
          refusals -= 1;
          const err = new Error('mailbox busy, try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          return cb(err);
        }
        const header = (name: string) => new RegExp(`^${name}: *(.*)$`, 'mi').exec(raw)?.[1]?.trim() ?? '';
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), messageId: header('Message-ID'), subject: header('Subject') });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`,
    received,
    to: (address: string) => received.filter((m) => m.to.includes(address)),
    refuse(n: number) {
      refusals = n;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** A seeker's open request that a provider has unlocked: the provider's offer is the change that mails the seeker. */
async function unlockedRequest(app: TestApp) {
  const { user: provider } = await createProvider(app.deps);
  const seeker = await createSeeker(app.deps.db.prisma);
  const request = await createReleasedRequest(app.deps, seeker.id);
  expect(request.status).toBe('open');
  await unlockAtQuotedPrice(app.deps, provider.id, request.id);
  // The match's notifications done here, so no process of a test has them to do.
  await app.settle();
  await app.deps.mailer.idle();
  return { provider, seeker, requestId: request.id };
}

const offerInput = (requestId: string) => ({
  requestId,
  price: 420,
  beschreibung: 'Wir kommen morgen früh und bringen alles mit.',
  verfuegbarkeit: 'ab morgen',
});

describe('mails in the outbox with their change (offline outbox)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  }, 120_000);
  afterAll(async () => {
    await app?.close();
  });

  it("a committed offer's mail is in the outbox once, under its key, in the seeker's language", async () => {
    const { provider, seeker, requestId } = await unlockedRequest(app);
    const offer = await createOffer(app.deps, provider.id, offerInput(requestId));
    const rows = await app.deps.db.prisma.mailOutbox.findMany({ where: { to: seeker.email, template: 'offerReceived' } });
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ key: `offerReceived:${offer.id}:${seeker.id}`, status: 'outbox', locale: 'de' });
    expect(rows[0]!.text).toContain('420');
    // The same offer again is refused, and writes no second mail.
    await expect(createOffer(app.deps, provider.id, offerInput(requestId))).rejects.toMatchObject({ code: 'OFFER_EXISTS' });
    expect(await app.deps.db.prisma.mailOutbox.count({ where: { to: seeker.email, template: 'offerReceived' } })).toBe(1);
  });

  it('a change rolled back after its mail was written leaves no mail', async () => {
    const seeker = await createSeeker(app.deps.db.prisma);
    const notice = {
      userId: seeker.id,
      event: { type: 'offer.received' },
      mail: {
        template: 'offerReceived' as const,
        key: `offerReceived:rolled-back-${crypto.randomUUID()}`,
        params: () => ({ provider: 'X', price: '1 €', url: 'http://x' }),
      },
    };
    await expect(
      inTransaction(app.deps.db.prisma, async (tx) => {
        await queueNotices(tx, app.deps, [notice]);
        expect(await tx.mailOutbox.count({ where: { to: seeker.email } })).toBe(1);
        throw new Error('the change fails after its mail was written');
      }),
    ).rejects.toThrow('the change fails');
    expect(await app.deps.db.prisma.mailOutbox.count({ where: { to: seeker.email } })).toBe(0);
    // Written twice under one key in committed changes: one mail.
    for (let i = 0; i < 2; i++) await inTransaction(app.deps.db.prisma, (tx) => queueNotices(tx, app.deps, [notice]));
    expect(await app.deps.db.prisma.mailOutbox.count({ where: { to: seeker.email } })).toBe(1);
  });
});

describe('sending from the outbox by SMTP', () => {
  let app: TestApp;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  beforeAll(async () => {
    smtp = await smtpServer();
    app = await startTestApp({ SMTP_URL: smtp.url, MAIL_FROM: 'akut <no-reply@akut.test>' });
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await smtp?.close();
  });

  it('sends the mail after the commit, and once only however often the sender runs', async () => {
    const { provider, seeker, requestId } = await unlockedRequest(app);
    const offer = await createOffer(app.deps, provider.id, offerInput(requestId));
    await app.deps.mailer.idle();
    const row = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { key: `offerReceived:${offer.id}:${seeker.id}` } });
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
    expect(smtp.to(seeker.email)).toEqual([expect.objectContaining({ messageId: `<${row.id}@akut.test>` })]);
    for (let i = 0; i < 2; i++) await app.deps.mailer.deliverQueued({ now: new Date(Date.now() + 24 * 3600_000) });
    expect(smtp.to(seeker.email)).toHaveLength(1);
  });

  it('tries a refused delivery again after its back-off, and marks it failed after the last attempt', async () => {
    const { provider, seeker, requestId } = await unlockedRequest(app);
    smtp.refuse(1);
    const offer = await createOffer(app.deps, provider.id, offerInput(requestId));
    await app.deps.mailer.idle();
    const key = `offerReceived:${offer.id}:${seeker.id}`;
    const refused = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { key } });
    expect(refused).toMatchObject({ status: 'queued', attempts: 1 });
    expect(refused.error).toMatch(/451|busy/);
    expect(refused.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now() + mailRetryDelayMs(1) - 5_000);
    expect(smtp.to(seeker.email)).toHaveLength(0);
    // Not before its time…
    expect((await app.deps.mailer.deliverQueued()).sent).toBe(0);
    // …and then once.
    expect(await app.deps.mailer.deliverQueued({ now: new Date(refused.nextAttemptAt!.getTime() + 1) })).toMatchObject({ sent: 1 });
    expect(await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { key } })).toMatchObject({ status: 'sent', attempts: 2, error: null });
    expect(smtp.to(seeker.email)).toHaveLength(1);

    // A mail the SMTP server never takes ends as failed after MAIL_ATTEMPTS attempts, for the admin's outbox.
    const other = await unlockedRequest(app);
    smtp.refuse(MAIL_ATTEMPTS);
    const second = await createOffer(app.deps, other.provider.id, offerInput(other.requestId));
    await app.deps.mailer.idle();
    let now = Date.now();
    for (let i = 1; i < MAIL_ATTEMPTS; i++) {
      now += mailRetryDelayMs(i) + 1_000;
      await app.deps.mailer.deliverQueued({ now: new Date(now) });
    }
    expect(await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { key: `offerReceived:${second.id}:${other.seeker.id}` } })).toMatchObject({
      status: 'failed',
      attempts: MAIL_ATTEMPTS,
    });
    expect(smtp.to(other.seeker.email)).toHaveLength(0);
  });
});

describe.runIf(onPostgres)('a process killed around a mail', () => {
  let app: TestApp;
  let url: string;
  let smtp: Awaited<ReturnType<typeof smtpServer>>;
  const processes: AppProcess[] = [];

  beforeAll(async () => {
    smtp = await smtpServer();
    // The in-process app owns the fresh database (and its migrations); the processes share it.
    app = await startTestApp();
    url = (app.target as { url: string }).url;
  }, 120_000);
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await app?.close();
    await smtp?.close();
  }, 60_000);

  async function instance(name: string) {
    const p = await startAppProcess(name, { DATABASE_URL: url, EVENT_BUS: 'postgres', SMTP_URL: smtp.url, MAIL_FROM: 'akut <no-reply@akut.test>' });
    processes.push(p);
    return p;
  }

  async function providerOn(p: AppProcess, provider: { email: string; password: string }) {
    const c = p.as(app.client());
    await signIn(c, provider.email, provider.password);
    return c;
  }

  it('killed after the commit, before the mail went out: the next process sends it, exactly once', async () => {
    const { provider, seeker, requestId } = await unlockedRequest(app);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // A trigger holds the sender's claim of the new mail (the first step after the commit) on an advisory lock.
    await admin.query(`CREATE OR REPLACE FUNCTION akut_test_hold_mail() RETURNS trigger AS $$
      BEGIN PERFORM pg_advisory_xact_lock(2430); RETURN NEW; END $$ LANGUAGE plpgsql`);
    await admin.query(`CREATE TRIGGER akut_test_hold_mail BEFORE UPDATE ON "MailOutbox" FOR EACH ROW
      WHEN (OLD.status = 'queued' AND OLD.attempts = 0 AND OLD.template = 'offerReceived') EXECUTE FUNCTION akut_test_hold_mail()`);
    try {
      const a = await instance('mail-a');
      const c = await providerOn(a, provider);
      let answer = 0;
      await killWhileHeld(url, a, await holdAdvisoryLock(url, 2430), async () => {
        answer = (await c.post('/api/provider/offers', offerInput(requestId))).status;
      });
      await admin.query('DROP TRIGGER akut_test_hold_mail ON "MailOutbox"');
      // The offer committed with its mail, which nobody sent. Its answer may or may not have left before the kill:
      // the sender starts right after the commit, beside the answer, so a busy machine can cut the answer off.
      expect([0, 201], problems(a)).toContain(answer);
      const offer = await app.deps.db.prisma.offer.findFirstOrThrow({ where: { requestId, providerId: provider.id } });
      const key = `offerReceived:${offer.id}:${seeker.id}`;
      expect(await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { key } })).toMatchObject({ status: 'queued', attempts: 0 });
      expect(smtp.to(seeker.email)).toHaveLength(0);

      // The next process sends what waits, by itself (its job send-mails runs a few seconds after the start).
      const b = await instance('mail-b');
      const until = Date.now() + 90_000;
      const sent = async () => (await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { key } })).status === 'sent';
      while (Date.now() < until && !(await sent())) await new Promise((r) => setTimeout(r, 200));
      const row = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { key } });
      expect(row.status, problems(b)).toBe('sent');
      expect(smtp.to(seeker.email)).toEqual([expect.objectContaining({ messageId: `<${row.id}@akut.test>` })]);
      // Sent once, whatever runs the sender again.
      await app.deps.mailer.deliverQueued({ now: new Date(Date.now() + 24 * 3600_000) });
      expect(smtp.to(seeker.email)).toHaveLength(1);
      await b.stop();
    } finally {
      await admin.query('DROP TRIGGER IF EXISTS akut_test_hold_mail ON "MailOutbox"').catch(() => {});
      await admin.end();
    }
  }, 180_000);

  it('killed while the offer and its mail are written: neither is there, and no mail is ever sent', async () => {
    const { provider, seeker, requestId } = await unlockedRequest(app);
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    // The outbox row is the offer transaction's last write: a trigger holds it there on an advisory lock.
    await admin.query(`CREATE OR REPLACE FUNCTION akut_test_hold_mail_insert() RETURNS trigger AS $$
      BEGIN PERFORM pg_advisory_xact_lock(2431); RETURN NEW; END $$ LANGUAGE plpgsql`);
    await admin.query(`CREATE TRIGGER akut_test_hold_mail_insert BEFORE INSERT ON "MailOutbox" FOR EACH ROW
      WHEN (NEW.template = 'offerReceived') EXECUTE FUNCTION akut_test_hold_mail_insert()`);
    let b: AppProcess;
    try {
      const a = await instance('mail-c');
      const c = await providerOn(a, provider);
      await killWhileHeld(url, a, await holdAdvisoryLock(url, 2431), () => c.post('/api/provider/offers', offerInput(requestId)));
      await admin.query('DROP TRIGGER akut_test_hold_mail_insert ON "MailOutbox"');
      expect(await app.deps.db.prisma.offer.count({ where: { requestId } })).toBe(0);
      expect(await app.deps.db.prisma.mailOutbox.count({ where: { to: seeker.email } })).toBe(0);
      b = await instance('mail-d');
    } finally {
      await admin.query('DROP TRIGGER IF EXISTS akut_test_hold_mail_insert ON "MailOutbox"').catch(() => {});
      await admin.end();
    }
    // The offer made again on the next process: one offer, one mail.
    const again = await (await providerOn(b, provider)).post('/api/provider/offers', offerInput(requestId));
    expect(again.status, problems(b)).toBe(201);
    const until = Date.now() + 30_000;
    while (Date.now() < until && smtp.to(seeker.email).length === 0) await new Promise((r) => setTimeout(r, 100));
    expect(smtp.to(seeker.email)).toHaveLength(1);
    expect(await app.deps.db.prisma.mailOutbox.count({ where: { to: seeker.email } })).toBe(1);
    await b.stop();
  }, 180_000);
});
