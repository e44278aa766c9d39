// Tells a person about something that happened: a live event over ws (through the event bus) and, when
// given, an e-mail in the person's language. A failed e-mail is logged; the domain change stands.
import type { AppDeps } from '../../deps.ts';
import { normalizeLang, type Lang } from '../../i18n.ts';
import type { MailParams, MailTemplate } from '../../integrations/mail/templates.ts';

export interface Notice {
  userId: string;
  event: { type: string; payload?: unknown };
  /** replyTo: only ever an address its owner verified. */
  mail?: { template: MailTemplate; params: (lang: Lang) => MailParams; to?: string; replyTo?: string };
}

export async function notify(deps: Pick<AppDeps, 'bus' | 'mailer' | 'db' | 'logger' | 'config'>, notice: Notice): Promise<void> {
  try {
    await deps.bus.publish({ type: notice.event.type, to: { userId: notice.userId }, payload: notice.event.payload ?? null });
  } catch (err) {
    deps.logger.warn({ err: err instanceof Error ? err.message : String(err), type: notice.event.type }, 'event could not be published');
  }
  if (!notice.mail) return;
  try {
    const user = await deps.db.prisma.user.findUnique({ where: { id: notice.userId }, select: { email: true, name: true, locale: true } });
    if (!user) return;
    const lang = normalizeLang(user.locale);
    const params = notice.mail.params(lang);
    await deps.mailer.send({
      to: notice.mail.to ?? user.email,
      template: notice.mail.template,
      lang,
      params: { name: user.name, ...params },
      ...(notice.mail.replyTo ? { replyTo: notice.mail.replyTo } : {}),
    });
  } catch (err) {
    deps.logger.error(
      { err: err instanceof Error ? err.message : String(err), template: notice.mail.template, userId: notice.userId },
      'notification mail failed',
    );
  }
}

/** A link into the app for e-mails. */
export function appLink(deps: Pick<AppDeps, 'config'>, path: string): string {
  return `${deps.config.appUrl}${path}`;
}
