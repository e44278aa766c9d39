// SMTP when configured (against a local SMTP server), the outbox otherwise; templates in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { renderMail } from '../../server/integrations/mail/templates.ts';
import { signedInClient } from '../helpers/auth.ts';
import { createUser } from '../factories/users.ts';

interface Received {
  to: string[];
  raw: string;
}
let smtp: SMTPServer;
let port = 0;
const received: Received[] = [];

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, cb) {
      let raw = '';
      stream.on('data', (d: Buffer) => (raw += d.toString()));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        cb();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('mail', () => {
  it('renders every template in German and English with the link', () => {
    for (const template of ['verifyEmail', 'resetPassword', 'welcome'] as const) {
      const de = renderMail(template, 'de', { name: 'Jürgen', url: 'http://x.test/a?b=1' });
      const en = renderMail(template, 'en', { name: 'Jürgen', url: 'http://x.test/a?b=1' });
      expect(de.subject).not.toBe(en.subject);
      expect(de.text).toContain('Hallo Jürgen');
      expect(en.text).toContain('Hello Jürgen');
      expect(de.text).toContain('http://x.test/a?b=1');
      expect(de.html).toContain('href="http://x.test/a?b=1"');
    }
  });

  it('sends through SMTP when SMTP_URL is set and records it as sent', async () => {
    let app: TestApp | undefined;
    try {
      app = await startTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'akut <no-reply@akut.test>' });
      const c = app.client();
      c.lang = 'en';
      const email = `smtp-${Date.now()}@example.com`;
      const r = await c.post('/api/auth/sign-up/email', { email, password: 'sehr-geheim-123', name: 'Sam', locale: 'en' });
      expect(r.status).toBe(200);
      for (let i = 0; i < 100 && !received.some((m) => m.to.includes(email)); i++) await new Promise((res) => setTimeout(res, 20));
      const mail = received.find((m) => m.to.includes(email))!;
      expect(mail.raw).toContain('Subject: Please confirm your e-mail address for akut');
      expect(mail.raw.replace(/=\r\n/g, '')).toMatch(/verify-email\?token=3D\w/);
      // The mail went out with its link; the copy kept for admins has no body at all.
      const row = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: email } });
      expect(row.status).toBe('sent');
      expect(row).toMatchObject({ subject: 'Please confirm your e-mail address for akut', text: '', html: '' });
      expect(app.mailLink(email)).toBeNull();
    } finally {
      await app?.close();
    }
  });

  it('keeps the mail in the outbox without SMTP', async () => {
    const app = await startTestApp();
    try {
      const email = `outbox-${Date.now()}@example.com`;
      await app.client().post('/api/auth/sign-up/email', { email, password: 'sehr-geheim-123', name: 'Olga' });
      const row = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: email } });
      expect(row.status).toBe('outbox');
      expect(row.locale).toBe('de');
      expect(row.text).toContain('E-Mail-Adresse bestätigen: [Link aus Sicherheitsgründen nicht gespeichert]');
    } finally {
      await app.close();
    }
  });
});

describe('no live account links in the outbox', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps the verification link out of the outbox and the admin viewer; the log has it and it works', async () => {
    const email = `verify-${Date.now()}@example.com`;
    const c = app.client();
    expect((await c.post('/api/auth/sign-up/email', { email, password: 'sehr-geheim-123', name: 'Vera', role: 'seeker' })).status).toBe(200);
    const row = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: email, template: 'verifyEmail' } });
    expect(`${row.text} ${row.html}`).not.toMatch(/token=/);
    const admin = await signedInClient(app, { role: 'admin' });
    const viewer = await admin.client.get<{ mails: { text: string; html: string }[] }>(`/api/admin/outbox?to=${encodeURIComponent(email)}`);
    expect(viewer.status).toBe(200);
    expect(viewer.body.mails).toHaveLength(1);
    expect(viewer.text).not.toMatch(/token=/);
    // The developer's way on the offline default: the server log.
    const link = app.mailLink(email, 'verifyEmail')!;
    expect(link).toMatch(/\/api\/auth\/verify-email\?token=/);
    expect([200, 302]).toContain((await c.get(link.replace(app.baseUrl, ''))).status);
    expect((await app.deps.db.prisma.user.findUniqueOrThrow({ where: { email } })).emailVerified).toBe(true);
  });

  it('gives an admin reading the outbox no reset token to take over an account with', async () => {
    const user = await createUser(app.deps.db.prisma, { locale: 'de' });
    expect((await app.client().post('/api/auth/request-password-reset', { email: user.email, redirectTo: '/auth?view=reset' })).status).toBe(200);
    const admin = await signedInClient(app, { role: 'admin' });
    const viewer = await admin.client.get<{ mails: { template: string; text: string; html: string }[] }>(
      `/api/admin/outbox?to=${encodeURIComponent(user.email)}`,
    );
    const mail = viewer.body.mails.find((m) => m.template === 'resetPassword')!;
    expect(mail.text).toContain('Neues Passwort festlegen: [Link aus Sicherheitsgründen nicht gespeichert]');
    expect(`${mail.text} ${mail.html}`).not.toMatch(/reset-password\/\w/);
    // Whatever looks like a token in the kept copy does not reset the password.
    for (const candidate of `${mail.text} ${mail.html}`.match(/[A-Za-z0-9_-]{20,}/g) ?? []) {
      expect((await app.client().post('/api/auth/reset-password', { token: candidate, newPassword: 'uebernommen-123' })).status).not.toBe(200);
    }
    const c = app.client();
    expect((await c.post('/api/auth/sign-in/email', { email: user.email, password: user.password })).status).toBe(200);
  });
});
