// The mails of notice and action in the recipient's language, written to the outbox in the transaction of the
// step they tell of (decision 082) and sent after its commit: the receipt to the reporter (DSA Art. 16(4)), the
// decision to the reporter (Art. 16(5)) and, with the statement of reasons, to the person whose content was
// removed or restricted (Art. 17), and the outcome of an objection to both (Art. 20(4)). A reporter without an
// account is written to at the address given in the form.
import type { AppDeps } from '../../deps.ts';
import type { DbTx } from '../../db.ts';
import { normalizeLang, translator, type Lang } from '../../i18n.ts';
import { categoryLabel, isCategoryId } from '../../ai/nlu/categories.ts';
import type { MailParams, MailTemplate } from '../../integrations/mail/templates.ts';
import { appLink, queueMail } from '../notifications/notify.ts';
import type { ReportSnapshot } from './report-content.ts';
import type { StatementOfReasons } from '../../../core/api/reports.ts';
import { OBJECTION_PERIOD_DAYS, type ReportContentType } from './report-rules.ts';

export const reportRef = (id: string) => id.slice(0, 6);

/** 'deine Anfrage (Handwerk)' / 'the request (Handwerk)': the content named for its author or for others. */
export function contentLabel(type: ReportContentType, snapshot: ReportSnapshot, lang: Lang, whose: 'own' | 'other'): string {
  const t = translator(lang);
  const title = type === 'request' || type === 'offer' ? (isCategoryId(snapshot.title) ? categoryLabel(snapshot.title, lang) : snapshot.title) : snapshot.title;
  return t(`reports:content.${whose}.${type}`, { title }) as string;
}

export const formatDate = (d: Date, lang: Lang) =>
  new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'long', timeZone: 'Europe/Berlin' }).format(d);

export function objectionDeadline(decidedAt: Date): Date {
  return new Date(decidedAt.getTime() + OBJECTION_PERIOD_DAYS * 24 * 60 * 60 * 1000);
}

type Deps = Pick<AppDeps, 'mailer' | 'config'>;

/** One mail of a report's step, once per report and template. */
async function mail(tx: DbTx, deps: Deps, reportId: string, to: string | null | undefined, lang: Lang, template: MailTemplate, params: MailParams) {
  if (!to) return;
  await queueMail(tx, deps, { key: `${template}:${reportId}`, to, template, lang, params });
}

/** Where the reporter is reached: the account's address and language, else what the form gave. */
async function reporterOf(tx: DbTx, r: { reporterId: string | null; reporterEmail: string | null; reporterName: string | null; reporterLang: string }) {
  const account = r.reporterId
    ? await tx.user.findUnique({ where: { id: r.reporterId }, select: { email: true, name: true, locale: true, deletedAt: true } })
    : null;
  if (account && !account.deletedAt) return { to: account.email, name: account.name, lang: normalizeLang(account.locale) };
  return { to: r.reporterEmail, name: r.reporterName ?? undefined, lang: normalizeLang(r.reporterLang) };
}

async function affectedOf(tx: DbTx, userId: string | null) {
  if (!userId) return null;
  const u = await tx.user.findUnique({ where: { id: userId }, select: { email: true, name: true, locale: true, deletedAt: true } });
  return u && !u.deletedAt ? { to: u.email, name: u.name, lang: normalizeLang(u.locale) } : null;
}

async function load(tx: DbTx, reportId: string) {
  return tx.contentReport.findUniqueOrThrow({ where: { id: reportId } });
}

/** In the transaction that created the report. */
export async function queueReportReceipt(tx: DbTx, deps: Deps, reportId: string): Promise<void> {
  const r = await load(tx, reportId);
  const who = await reporterOf(tx, r);
  const snapshot = r.snapshot as unknown as ReportSnapshot;
  await mail(tx, deps, r.id, who.to, who.lang, 'reportReceived', {
    name: who.name,
    ref: reportRef(r.id),
    content: contentLabel(r.contentType as ReportContentType, snapshot, who.lang, 'other'),
    ground: translator(who.lang)(`reports:ground.${r.ground}`) as string,
  });
}

/** The statement of reasons in the person's language (Art. 17(3)): each part on its own line. */
export function statementOfReasons(
  r: {
    contentType: string;
    decision: string | null;
    decisionGround: string | null;
    decisionProvision: string | null;
    decisionReason: string | null;
    decidedAt: Date | null;
  },
  lang: Lang,
): StatementOfReasons {
  const t = translator(lang);
  const decidedAt = r.decidedAt ?? new Date();
  return {
    decision: t(`reports:effect.${r.contentType}.${r.decision}`) as string,
    ground:
      r.decisionGround === 'illegal'
        ? (t('reports:statement.illegal', { provision: r.decisionProvision ?? '' }) as string)
        : r.decisionGround === 'terms'
          ? (t('reports:statement.terms', { provision: r.decisionProvision ?? '' }) as string)
          : '',
    facts: r.decisionReason ?? '',
    basis: t('reports:statement.notice') as string,
    automation: t('reports:statement.automation') as string,
    redress: t('reports:statement.redress', { date: formatDate(objectionDeadline(decidedAt), lang) }) as string,
  };
}

/** In the decision's transaction; answers whom to tell live after the commit (the person affected), if anyone. */
export async function queueDecisionNotices(tx: DbTx, deps: Deps, reportId: string): Promise<string | null> {
  const r = await load(tx, reportId);
  const snapshot = r.snapshot as unknown as ReportSnapshot;
  const type = r.contentType as ReportContentType;
  const who = await reporterOf(tx, r);
  await mail(tx, deps, r.id, who.to, who.lang, 'reportDecidedReporter', {
    name: who.name,
    ref: reportRef(r.id),
    content: contentLabel(type, snapshot, who.lang, 'other'),
    decision: translator(who.lang)(`reports:outcomeForReporter.${r.decision}`) as string,
    reason: r.decisionReason ?? '',
  });
  // Only a removal or restriction is a decision against the author's content (Art. 17(1)).
  if (r.decision === 'keep') return null;
  const affected = await affectedOf(tx, r.affectedUserId);
  if (!affected) return null;
  const s = statementOfReasons(r, affected.lang);
  await mail(tx, deps, r.id, affected.to, affected.lang, 'reportDecidedAffected', {
    name: affected.name,
    ref: reportRef(r.id),
    content: contentLabel(type, snapshot, affected.lang, 'own'),
    ...s,
    url: appLink(deps, `/konto/entscheidungen#report-${r.id}`),
  });
  return r.affectedUserId;
}

/** In the transaction that decided the objection. */
export async function queueObjectionNotices(tx: DbTx, deps: Deps, reportId: string): Promise<void> {
  const r = await load(tx, reportId);
  const snapshot = r.snapshot as unknown as ReportSnapshot;
  const type = r.contentType as ReportContentType;
  const affected = await affectedOf(tx, r.affectedUserId);
  if (affected) {
    await mail(tx, deps, r.id, affected.to, affected.lang, 'reportObjectionDecided', {
      name: affected.name,
      ref: reportRef(r.id),
      content: contentLabel(type, snapshot, affected.lang, 'own'),
      outcome: translator(affected.lang)(`reports:objectionOutcome.${r.status}.${type}`) as string,
      reason: r.objectionReason ?? '',
      url: appLink(deps, `/konto/entscheidungen#report-${r.id}`),
    });
  }
  const who = await reporterOf(tx, r);
  await mail(tx, deps, r.id, who.to, who.lang, 'reportObjectionReporter', {
    name: who.name,
    ref: reportRef(r.id),
    content: contentLabel(type, snapshot, who.lang, 'other'),
    outcome: translator(who.lang)(`reports:objectionOutcomeReporter.${r.status}`) as string,
    reason: r.objectionReason ?? '',
  });
}
