// Sends e-mail by SMTP when SMTP_URL is set; otherwise keeps it in the MailOutbox table, where admins read it
// in the app and the server log prints the links (the default, offline run).
// A mail that tells of a change is written to the outbox inside the change's own transaction, once under its
// key (`queue`), so a committed change always has its mail and a rolled-back one never; with SMTP it is sent
// from there after the commit (`flush`, and the job send-mails for what a dead process or a failed SMTP server
// left), retried with back-off (decision 082). Links that carry a live token (confirm the address, set a new
// password) are never stored: such mails are sent at once (`send`), the outbox copy has the link withheld, and in
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

/** What `queue` needs of a transaction. */
export type MailTx = Pick<Db, 'mailOutbox'>;

export interface Mailer {
  mode: 'smtp' | 'outbox';
  /**
   * A mail with no change to commit with it (an account link, the contact form): written and, with SMTP, sent at
   * once. One without a live link that fails is tried again by the job send-mails.
   */
  send(input: SendMailInput): Promise<{ id: string }>;
  /**
   * A mail that tells of a change, inside the change's transaction: written to the outbox once under its key
   * (a second write of the same key is nothing). With SMTP it waits there for `flush` or the job send-mails.
   * Answers whether it was written now.
   */
  queue(tx: MailTx, input: SendMailInput & { key: string }): Promise<boolean>;
  /** Several such mails in one statement (the notifications of a matched request); answers how many were written now. */
  queueMany(tx: MailTx, inputs: readonly (SendMailInput & { key: string })[]): Promise<number>;
  /** After a commit: sends what waits, in the background (nothing to do without SMTP). */
  flush(): void;
  /** Sends the mails that wait and are due (one pass, all instances side by side); answers what happened. */
  deliverQueued(opts?: { now?: Date; take?: number }): Promise<{ sent: number; retried: number; failed: number }>;
  /** Resolves once a background flush of this process has ended (on shutdown). */
  idle(): Promise<void>;
}

/** The log line of a mail kept in the outbox; in the offline run its `url` is how a developer confirms an account. */
export const OUTBOX_LOG_MESSAGE = 'mail kept in outbox (no SMTP configured)';

/** Attempts at sending a mail before it is marked failed (the admin's outbox shows it with the last error). */
export const MAIL_ATTEMPTS = 8;
/** How long a sender holds the mails it claimed: a sender that died lets go of them then. */
export const MAIL_CLAIM_MS = 2 * 60_000;
/** The wait before attempt n+1 after n failed ones: 30 s, 1, 2, 4 … minutes, at most an hour. */
export const mailRetryDelayMs = (failedAttempts: number) => Math.min(30_000 * 2 ** Math.max(0, failedAttempts - 1), 60 * 60_000);

interface QueuedRow {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo: string | null;
  attempts: number;
  template: string;
}

export function createMailer(opts: { prisma: Db; logger: Logger; smtpUrl?: string; from: string }): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  const domain = /@([^>\s]+)/.exec(opts.from)?.[1] ?? 'akut.local';
  let flushing: Promise<void> | null = null;
  let again = false;

  /** The mail as rendered, and the copy the outbox keeps of it. */
  function rendered({ to, template, lang, params, replyTo }: SendMailInput) {
    const mail = renderMail(template, lang, params);
    const liveLink = LIVE_LINK_TEMPLATES.has(template) && Boolean(params.url);
    const kept = !liveLink ? mail : transport ? { subject: mail.subject, text: '', html: '' } : renderMail(template, lang, params, { linkWithheld: true });
    const row = {
      to,
      subject: kept.subject,
      text: kept.text,
      html: kept.html,
      template,
      locale: lang,
      replyTo: replyTo ?? null,
      // A live link's body is not kept, so the sender could not send it again: it is sent at once ('sending').
      status: !transport ? 'outbox' : liveLink ? 'sending' : 'queued',
    };
    return { mail, row, liveLink };
  }

  /** One SMTP delivery; the outbox row's id names the message, so a mail sent again after a crash between the
   * SMTP server's acceptance and the row's update carries the same Message-ID. */
  async function smtp(row: Pick<QueuedRow, 'id' | 'to' | 'subject' | 'text' | 'html' | 'replyTo'>) {
    await transport!.sendMail({
      from: opts.from,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      messageId: `<${row.id}@${domain}>`,
      ...(row.replyTo ? { replyTo: row.replyTo } : {}),
    });
  }

  /** Sends claimed rows; a failure waits its back-off, the last one marks the mail failed. */
  async function deliverRows(rows: QueuedRow[], now: Date, out: { sent: number; retried: number; failed: number }) {
    for (const row of rows) {
      try {
        await smtp(row);
        await opts.prisma.mailOutbox.updateMany({
          where: { id: row.id, status: 'queued' },
          data: { status: 'sent', sentAt: new Date(), nextAttemptAt: null, error: null },
        });
        out.sent += 1;
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        const final = row.attempts >= MAIL_ATTEMPTS;
        await opts.prisma.mailOutbox.updateMany({
          where: { id: row.id, status: 'queued' },
          data: final
            ? { status: 'failed', error: message, nextAttemptAt: null }
            : { error: message, nextAttemptAt: new Date(now.getTime() + mailRetryDelayMs(row.attempts)) },
        });
        if (final) out.failed += 1;
        else out.retried += 1;
        opts.logger.error({ mailId: row.id, to: row.to, template: row.template, attempt: row.attempts, final, err: message }, 'SMTP delivery failed');
      }
    }
  }

  /** Claims due mails (SKIP LOCKED: instances side by side never take the same one); `id` claims just that one. */
  async function claim(now: Date, take: number, id?: string): Promise<QueuedRow[]> {
    const until = new Date(now.getTime() + MAIL_CLAIM_MS);
    return opts.prisma.$queryRaw<QueuedRow[]>`
      UPDATE "MailOutbox" SET "nextAttemptAt" = ${until}, attempts = attempts + 1
       WHERE id IN (SELECT id FROM "MailOutbox"
                     WHERE status = 'queued' AND ("nextAttemptAt" IS NULL OR "nextAttemptAt" <= ${now})
                       AND (${id ?? null}::text IS NULL OR id = ${id ?? null}::text)
                     ORDER BY "createdAt" LIMIT ${take} FOR UPDATE SKIP LOCKED)
       RETURNING id, "to", subject, text, html, "replyTo", attempts, template`;
  }

  const mailer: Mailer = {
    mode: transport ? 'smtp' : 'outbox',
    async send(input) {
      const { mail, row, liveLink } = rendered(input);
      const { id } = await opts.prisma.mailOutbox.create({ data: row, select: { id: true } });
      if (!transport) {
        // Without SMTP nothing leaves the machine: the operator's log is the only place the live link exists.
        opts.logger.info({ mailId: id, to: input.to, template: input.template, url: input.params.url }, OUTBOX_LOG_MESSAGE);
        return { id };
      }
      if (!liveLink) {
        // Kept whole: sent now, and tried again by the job send-mails should this attempt fail.
        const now = new Date();
        await deliverRows(await claim(now, 1, id), now, { sent: 0, retried: 0, failed: 0 });
        return { id };
      }
      try {
        await transport.sendMail({
          from: opts.from,
          to: input.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
          ...(input.replyTo ? { replyTo: input.replyTo } : {}),
        });
        await opts.prisma.mailOutbox.update({ where: { id }, data: { status: 'sent', sentAt: new Date(), attempts: 1 } });
      } catch (e) {
        const message = e instanceof Error ? e.message : String(e);
        // The person asks for a new link; this one is not kept to be sent again.
        await opts.prisma.mailOutbox.update({ where: { id }, data: { status: 'failed', error: message, attempts: 1 } });
        opts.logger.error({ mailId: id, to: input.to, template: input.template, err: message }, 'SMTP delivery failed');
      }
      return { id };
    },
    async queue(tx, input) {
      return (await mailer.queueMany(tx, [input])) === 1;
    },
    async queueMany(tx, inputs) {
      if (!inputs.length) return 0;
      const data = inputs.map((input) => {
        const { row, liveLink } = rendered(input);
        if (liveLink) throw new Error(`mail ${input.template} carries a live link: send it, do not queue it`);
        return { ...row, key: input.key };
      });
      return (await tx.mailOutbox.createMany({ data, skipDuplicates: true })).count;
    },
    flush() {
      if (!transport) return;
      if (flushing) {
        again = true;
        return;
      }
      flushing = (async () => {
        do {
          again = false;
          await mailer
            .deliverQueued()
            .catch((err: unknown) => opts.logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'queued mails not sent yet'));
        } while (again);
      })().finally(() => {
        flushing = null;
      });
    },
    async deliverQueued({ now, take = 20 } = {}) {
      const out = { sent: 0, retried: 0, failed: 0 };
      if (!transport) return out;
      for (;;) {
        const at = now ?? new Date();
        const rows = await claim(at, take);
        if (!rows.length) return out;
        await deliverRows(rows, at, out);
        if (rows.length < take) return out;
      }
    },
    async idle() {
      while (flushing) await flushing;
    },
  };
  return mailer;
}
