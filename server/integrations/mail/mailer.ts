// Sends e-mail by SMTP when SMTP_URL is set; otherwise keeps it in the MailOutbox table, where admins read it
// in the app and the server log prints the links (the default, offline run). Links that carry a live token
// (confirm the address, set a new password) are never stored: the outbox copy has the link withheld, and in
// SMTP mode such mails keep no body at all (docs/decisions/022-no-live-tokens-in-the-outbox.md).
import nodemailer from 'nodemailer';
import type { Db } from '../../db.ts';
import type { Logger } from '../../logger.ts';
import type { Lang } from '../../i18n.ts';
import { LIVE_LINK_TEMPLATES, renderMail, type MailParams, type MailTemplate } from './templates.ts';

export interface SendMailInput {
  to: string;
  template: MailTemplate;
  lang: Lang;
  params: MailParams;
  /** Reply-To header: only ever an address the sender verified. */
  replyTo?: string;
}

export interface Mailer {
  mode: 'smtp' | 'outbox';
  send(input: SendMailInput): Promise<{ id: string }>;
}

/** The log line of a mail kept in the outbox; in the offline run its `url` is how a developer confirms an account. */
export const OUTBOX_LOG_MESSAGE = 'mail kept in outbox (no SMTP configured)';

export function createMailer(opts: { prisma: Db; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    mode: transport ? 'smtp' : 'outbox',
    async send({ to, template, lang, params, replyTo }) {
      const mail = renderMail(template, lang, params);
      const liveLink = LIVE_LINK_TEMPLATES.has(template) && Boolean(params.url);
      const kept = !liveLink ? mail : transport ? { subject: mail.subject, text: '', html: '' } : renderMail(template, lang, params, { linkWithheld: true });
      const row = await opts.prisma.mailOutbox.create({
        data: { to, subject: kept.subject, text: kept.text, html: kept.html, template, locale: lang, status: transport ? 'queued' : 'outbox' },
      });
      if (!transport) {
        // Without SMTP nothing leaves the machine: the operator's log is the only place the live link exists.
        opts.logger.info({ mailId: row.id, to, template, url: params.url }, OUTBOX_LOG_MESSAGE);
        return { id: row.id };
      }
      try {
        await transport.sendMail({ from: opts.from, to, subject: mail.subject, text: mail.text, html: mail.html, ...(replyTo ? { replyTo } : {}) });
        await opts.prisma.mailOutbox.update({ where: { id: row.id }, data: { status: 'sent', sentAt: new Date() } });
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        await opts.prisma.mailOutbox.update({ where: { id: row.id }, data: { status: 'failed', error: message } });
        opts.logger.error({ mailId: row.id, to, template, err: message }, 'SMTP delivery failed');
      }
      return { id: row.id };
    },
  };
}
