// New matches reach their providers after the matching has committed, from the job queue (decision 078):
// matching marks each new match as waiting (Match.notifyPending) and its request with the time
// (Request.notifyAfter), commits, and puts one job `notify-matches` in line for the request. The job claims
// the waiting matches in one statement, so each provider is told once whatever runs at the same time (a
// retry, the sweep, a second instance), then sends the live events in one statement and one e-mail per
// provider in the provider's language. The sweep tells what a lost job left waiting.
import type { AppDeps } from '../../deps.ts';
import type { CategoryId } from '../../../core/categories/category-ids.ts';
import { categoryLabel } from '../../../core/categories/category-labels.ts';
import { urgencyLabel, type Urgency } from '../../../core/requests/urgency.ts';
import { normalizeLang, translator, type Lang } from '../../i18n.ts';
import type { MailParams } from '../../integrations/mail/templates.ts';
import { appLink } from '../notifications/notify.ts';
import { budgetText, maskPlace, teaserDescription } from '../requests/request-views.ts';

export const NOTIFY_MATCHES_JOB = 'notify-matches';

type Deps = Pick<AppDeps, 'db' | 'bus' | 'mailer' | 'logger' | 'config'>;

/** Tells the providers of a request's waiting matches, each once; answers how many were told. */
export async function notifyNewMatches(deps: Deps, requestId: string): Promise<number> {
  const prisma = deps.db.prisma;
  const claimed = await prisma.$queryRaw<{ id: string; providerId: string }[]>`
    UPDATE "Match" SET "notifyPending" = false WHERE "requestId" = ${requestId} AND "notifyPending" RETURNING "id", "providerId"`;
  if (claimed.length) {
    const [r, users] = await Promise.all([
      prisma.request.findUnique({
        where: { id: requestId },
        select: { kategorie: true, ort: true, budgetMin: true, budgetMax: true, dringlichkeit: true, beschreibung: true },
      }),
      prisma.user.findMany({ where: { id: { in: claimed.map((m) => m.providerId) } }, select: { id: true, email: true, name: true, locale: true } }),
    ]);
    try {
      await deps.bus.publishMany(claimed.map((m) => ({ type: 'match.created', to: { userId: m.providerId }, payload: { matchId: m.id, requestId } })));
    } catch (err) {
      deps.logger.warn({ err: err instanceof Error ? err.message : String(err), requestId }, 'match events could not be published');
    }
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
      // One outbox write for all of them.
      try {
        await deps.mailer.sendMany(
          users.map((user) => {
            const lang = normalizeLang(user.locale);
            return { to: user.email, template: 'newMatch' as const, lang, params: { name: user.name, ...paramsIn(lang) } };
          }),
        );
      } catch (err) {
        deps.logger.error(
          { err: err instanceof Error ? err.message : String(err), template: 'newMatch', requestId, providers: users.length },
          'notification mails failed',
        );
      }
    }
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
