// SMTP when configured (against a local SMTP server), the outbox otherwise; templates in both languages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { renderMail } from '../../server/integrations/mail/templates.ts';

interface Received { to: string[]; raw: string }
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
      const row = await app.deps.db.prisma.mailOutbox.findFirstOrThrow({ where: { to: email } });
      expect(row.status).toBe('sent');
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
      expect(row.text).toContain('/api/auth/verify-email?token=');
    } finally {
      await app.close();
    }
  });
});
