// Tells a person about something that happened: an e-mail in the person's language, written to the outbox in
// the transaction of the change itself (so a committed change always has its mail, once, and a rolled-back one
// never: decision 082), and a live event over ws (through the event bus) after the commit.
//   const told = await queueNotices(tx, deps, [...])   inside the change's transaction
//   await announce(deps, told)                         after the commit: the events, and the mails on their way
// A notice without a mail (a live event only) needs no transaction: `notify`.
import type { AppDeps } from '../../deps.ts';
import type { DbTx } from '../../db.ts';
import { normalizeLang, type Lang } from '../../i18n.ts';
import type { MailParams, MailTemplate } from '../../integrations/mail/templates.ts';

export interface NoticeMail {
  template: MailTemplate;
  /**
   * The change this mail tells of ('offerReceived:<offerId>'); the recipient's id is added. One mail per key: a
   * retried change, or the same change told twice, writes it once.
   */
  key: string;
  params: (lang: Lang) => MailParams;
  to?: string;
  /** Reply-To: only ever an address its owner verified. */
  replyTo?: string;
}

export interface Notice {
  userId: string;
  event: { type: string; payload?: unknown };
  mail?: NoticeMail;
}

type Deps = Pick<AppDeps, 'bus' | 'mailer' | 'logger'>;

/** The outbox key of a notice's mail (MailOutbox.key). */
export const noticeMailKey = (userId: string, mail: Pick<NoticeMail, 'key'>) => `${mail.key}:${userId}`;

/** Inside the change's transaction: each notice's mail into the outbox, once. Answers the notices for `announce`. */
export async function queueNotices(tx: DbTx, deps: Pick<AppDeps, 'mailer'>, notices: readonly Notice[]): Promise<Notice[]> {
  const withMail = notices.filter((n) => n.mail);
  if (withMail.length) {
    const users = await tx.user.findMany({
      where: { id: { in: [...new Set(withMail.map((n) => n.userId))] } },
      select: { id: true, email: true, name: true, locale: true, deletedAt: true },
    });
    const byId = new Map(users.map((u) => [u.id, u]));
    await deps.mailer.queueMany(
      tx,
      withMail.flatMap((notice) => {
        const user = byId.get(notice.userId);
        const mail = notice.mail!;
        if (!user || user.deletedAt) return [];
        const lang = normalizeLang(user.locale);
        return [
          {
            key: noticeMailKey(notice.userId, mail),
            to: mail.to ?? user.email,
            template: mail.template,
            lang,
            params: { name: user.name, ...mail.params(lang) },
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
          },
        ];
      }),
    );
  }
  return [...notices];
}

/**
 * Inside a change's transaction: a mail to an address that may have no account (a reporter who gave one in a
 * form), once under its key.
 */
export async function queueMail(
  tx: DbTx,
  deps: Pick<AppDeps, 'mailer'>,
  mail: { key: string; to: string; template: MailTemplate; lang: Lang; params: MailParams },
): Promise<void> {
  await deps.mailer.queue(tx, mail);
}

/** After the commit: the live events (a lost one never undoes the change), and the queued mails on their way. */
export async function announce(deps: Deps, notices: readonly Notice[]): Promise<void> {
  const events = notices.map((n) => ({ type: n.event.type, to: { userId: n.userId }, payload: n.event.payload ?? null }));
  if (events.length) {
    try {
      await (events.length === 1 ? deps.bus.publish(events[0]!) : deps.bus.publishMany(events));
    } catch (err) {
      deps.logger.warn(
        { err: err instanceof Error ? err.message : String(err), types: [...new Set(events.map((e) => e.type))] },
        'events could not be published',
      );
    }
  }
  deps.mailer.flush();
}

/** A live event only, after a commit (nothing to write with it). */
export async function notify(deps: Deps, notice: Notice & { mail?: never }): Promise<void> {
  await announce(deps, [notice]);
}

/** A link into the app for e-mails. */
export function appLink(deps: Pick<AppDeps, 'config'>, path: string): string {
  return `${deps.config.appUrl}${path}`;
}
