// New matches reach their providers after the matching has committed, from the job queue (decision 078):
// matching marks each new match as waiting (Match.notifyPending) and its request with the time
// (Request.notifyAfter), commits, and puts one job `notify-matches` in line for the request. The job claims
// the waiting matches and writes one e-mail per provider (in the provider's language) to the outbox in one
// transaction (decision 082), so each provider gets the mail exactly once whatever runs at the same time (a
// retry, the sweep, a second instance) or dies half-way; then it sends the live events in one statement and
// the mails on their way. The sweep tells what a lost job left waiting.
import type { AppDeps } from '../../deps.ts';
import type { CategoryId } from '../../../core/categories/category-ids.ts';
import { categoryLabel } from '../../../core/categories/category-labels.ts';
import { urgencyLabel, type Urgency } from '../../../core/requests/urgency.ts';
import { normalizeLang, translator, type Lang } from '../../i18n.ts';
import type { MailParams } from '../../integrations/mail/templates.ts';
import { appLink, noticeMailKey } from '../notifications/notify.ts';
import { inTransaction } from '../../db/tx.ts';
import { budgetText, maskPlace, teaserDescription } from '../requests/request-views.ts';

export const NOTIFY_MATCHES_JOB = 'notify-matches';

type Deps = Pick<AppDeps, 'db' | 'bus' | 'mailer' | 'logger' | 'config'>;

/** Tells the providers of a request's waiting matches, each once; answers how many were told. */
export async function notifyNewMatches(deps: Deps, requestId: string): Promise<number> {
  const prisma = deps.db.prisma;
  // The claim and the mails commit together: a process that dies in between leaves the matches waiting.
  const claimed = await inTransaction(prisma, async (tx) => {
    const claimed = await tx.$queryRaw<{ id: string; providerId: string }[]>`
      UPDATE "Match" SET "notifyPending" = false WHERE "requestId" = ${requestId} AND "notifyPending" RETURNING "id", "providerId"`;
    if (!claimed.length) return claimed;
    const [r, users] = [
      await tx.request.findUnique({
        where: { id: requestId },
        select: { kategorie: true, ort: true, budgetMin: true, budgetMax: true, dringlichkeit: true, beschreibung: true },
      }),
      await tx.user.findMany({
        where: { id: { in: claimed.map((m) => m.providerId) }, deletedAt: null },
        select: { id: true, email: true, name: true, locale: true },
      }),
    ];
    if (r) {
      // The mail's words once per language, not once per provider.
      const params = new Map<Lang, MailParams>();
      const paramsIn = (lang: Lang): MailParams => {
        let p = params.get(lang);
        if (!p) {
          const t = translator(lang);
          p = {
            category: categoryLabel(r.kategorie as CategoryId, lang),
            place: maskPlace(r.ort) ?? (t('email:newMatch.placeUnknown') as string),
            budget: budgetText(r.budgetMin, r.budgetMax, lang) ?? (t('email:newMatch.budgetOpen') as string),
            urgency: urgencyLabel(r.dringlichkeit as Urgency, lang),
            teaser: teaserDescription(r.beschreibung, lang),
            url: appLink(deps, '/anbieter/dashboard'),
          };
          params.set(lang, p);
        }
        return p;
      };
      // One outbox write for all of them, each under its match's key.
      const matchOf = new Map(claimed.map((m) => [m.providerId, m.id]));
      await deps.mailer.queueMany(
        tx,
        users.map((user) => {
          const lang = normalizeLang(user.locale);
          return {
            key: noticeMailKey(user.id, { key: `newMatch:${matchOf.get(user.id)}` }),
            to: user.email,
            template: 'newMatch' as const,
            lang,
            params: { name: user.name, ...paramsIn(lang) },
          };
        }),
      );
    }
    return claimed;
  });
  if (claimed.length) {
    try {
      await deps.bus.publishMany(claimed.map((m) => ({ type: 'match.created', to: { userId: m.providerId }, payload: { matchId: m.id, requestId } })));
    } catch (err) {
      deps.logger.warn({ err: err instanceof Error ? err.message : String(err), requestId }, 'match events could not be published');
    }
    deps.mailer.flush();
  }
  // Nothing of the request waits any more (a matching run that adds new ones stamps the request again).
  await prisma.$executeRaw`
    UPDATE "Request" SET "notifyAfter" = NULL
     WHERE "id" = ${requestId} AND "notifyAfter" IS NOT NULL
       AND NOT EXISTS (SELECT 1 FROM "Match" m WHERE m."requestId" = ${requestId} AND m."notifyPending")`;
  return claimed.length;
}

/** The sweep: requests whose matches have waited longer than `olderThanMs` (a job lost between commit and queue). */
export async function notifyOverdueMatches(deps: Deps, olderThanMs = 60_000, now = new Date()): Promise<number> {
  const due = await deps.db.prisma.request.findMany({
    where: { notifyAfter: { lt: new Date(now.getTime() - olderThanMs) } },
    select: { id: true },
    orderBy: { notifyAfter: 'asc' },
    take: 200,
  });
  let told = 0;
  for (const r of due) told += await notifyNewMatches(deps, r.id);
  return told;
}
