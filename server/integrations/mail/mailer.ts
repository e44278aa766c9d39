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
  /**
   * Several mails at once, as `send` sends each, with their outbox rows written in one statement (the
   * notifications of a matched request, decision 078); answers their ids in the inputs' order.
   */
  sendMany(inputs: readonly SendMailInput[]): Promise<{ id: string }[]>;
}

/** The log line of a mail kept in the outbox; in the offline run its `url` is how a developer confirms an account. */
export const OUTBOX_LOG_MESSAGE = 'mail kept in outbox (no SMTP configured)';

export function createMailer(opts: { prisma: Db; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  /** The mail as rendered, and the copy the outbox keeps of it. */
  function rendered({ to, template, lang, params }: SendMailInput) {
    const mail = renderMail(template, lang, params);
    const liveLink = LIVE_LINK_TEMPLATES.has(template) && Boolean(params.url);
    const kept = !liveLink ? mail : transport ? { subject: mail.subject, text: '', html: '' } : renderMail(template, lang, params, { linkWithheld: true });
    const row = { to, subject: kept.subject, text: kept.text, html: kept.html, template, locale: lang, status: transport ? 'queued' : 'outbox' };
    return { mail, row };
  }

  /** After the outbox row is written: the log line (outbox mode) or the SMTP delivery and its status. */
  async function deliver(id: string, input: SendMailInput, mail: ReturnType<typeof renderMail>) {
    const { to, template, params, replyTo } = input;
    if (!transport) {
      // Without SMTP nothing leaves the machine: the operator's log is the only place the live link exists.
      opts.logger.info({ mailId: id, to, template, url: params.url }, OUTBOX_LOG_MESSAGE);
      return;
    }
    try {
      await transport.sendMail({ from: opts.from, to, subject: mail.subject, text: mail.text, html: mail.html, ...(replyTo ? { replyTo } : {}) });
      await opts.prisma.mailOutbox.update({ where: { id }, data: { status: 'sent', sentAt: new Date() } });
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      await opts.prisma.mailOutbox.update({ where: { id }, data: { status: 'failed', error: message } });
      opts.logger.error({ mailId: id, to, template, err: message }, 'SMTP delivery failed');
    }
  }

  return {
    mode: transport ? 'smtp' : 'outbox',
    async send(input) {
      const { mail, row } = rendered(input);
      const { id } = await opts.prisma.mailOutbox.create({ data: row, select: { id: true } });
      await deliver(id, input, mail);
      return { id };
    },
    async sendMany(inputs) {
      if (!inputs.length) return [];
      const all = inputs.map(rendered);
      const rows = await opts.prisma.mailOutbox.createManyAndReturn({ data: all.map((x) => x.row), select: { id: true } });
      for (const [i, input] of inputs.entries()) await deliver(rows[i]!.id, input, all[i]!.mail);
      return rows.map((r) => ({ id: r.id }));
    },
  };
}
