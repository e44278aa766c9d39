// Sends e-mail by SMTP when SMTP_URL is set; otherwise keeps it in the MailOutbox table, where admins read it
// in the app and the server log prints the links (the default, offline run).
import nodemailer from 'nodemailer';
import type { Db } from '../../db.ts';
import type { Logger } from '../../logger.ts';
import type { Lang } from '../../i18n.ts';
import { renderMail, type MailParams, type MailTemplate } from './templates.ts';

export interface SendMailInput {
  to: string;
  template: MailTemplate;
  lang: Lang;
  params: MailParams;
}

export interface Mailer {
  mode: 'smtp' | 'outbox';
  send(input: SendMailInput): Promise<{ id: string }>;
}

export function createMailer(opts: { prisma: Db; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    mode: transport ? 'smtp' : 'outbox',
    async send({ to, template, lang, params }) {
      const mail = renderMail(template, lang, params);
      const row = await opts.prisma.mailOutbox.create({
        data: { to, subject: mail.subject, text: mail.text, html: mail.html, template, locale: lang, status: transport ? 'queued' : 'outbox' },
      });
      if (!transport) {
        opts.logger.info({ mailId: row.id, to, template, url: params.url }, 'mail kept in outbox (no SMTP configured)');
        return { id: row.id };
      }
      try {
        await transport.sendMail({ from: opts.from, to, subject: mail.subject, text: mail.text, html: mail.html });
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
