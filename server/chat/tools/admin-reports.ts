// Admin chat tools for notice and action (decision 059): list the content reports that wait (open reports
// and objections), decide a report (remove, restrict or keep, with the ground, the provision and the
// statement of reasons) and decide an objection (uphold or reverse; never the admin who decided first). The
// same domain commands as /api/admin/reports*; every decision is a before/after card that runs only on the
// admin's click, with via 'chat' in the audit log. What the admin asks for is the classifier's business
// (server/chat/intents/admin.yaml); these tools only read values from the message: the reference, the
// decision's words, the provision ('AGB § 5', '§ 263 StGB') and the reason after a colon or 'weil'/'because'.
// Without a reference, the reports waiting for this decision are offered as buttons.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { translator, type Lang } from '../../i18n.ts';
import { formatDateTimeShortBerlin as dateTime } from '../../../core/audit/describe-audit.ts';
import { refOf } from '../../ai/understanding/entities.ts';
import { foldText } from '../../ai/understanding/features.ts';
import { findReportByRef, listReports, type AdminReportView } from '../../domain/reports/list-reports.ts';
import { decideReport } from '../../domain/reports/decide-report.ts';
import { decideObjection } from '../../domain/reports/decide-objection.ts';
import { contentLabel } from '../../domain/reports/report-notices.ts';
import {
  decideObjectionInput,
  decideReportInput,
  DECISIONS_BY_TYPE,
  PROVISION_MAX,
  REPORT_DECISIONS,
  STATEMENT_MAX,
  STATEMENT_MIN,
  type ReportDecision,
} from '../../domain/reports/report-rules.ts';
import type { ChangeView, ToolOutcome } from '../../../core/chat/outcome.ts';
import { isToolOutcome } from '../../../core/chat/outcome.ts';
import { attempt, chooseOne, narrowByWords, refuse, refusalOf } from './refs.ts';
import { reasonAfterCommand } from './admin-words.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

const admin = { roles: ['admin'] } as const;
type AdminCtx = ChatToolContext<typeof admin>;
/** How many reports a chat answer lists; the tab shows all. */
const CHAT_ROWS = 10;
const LIST_FILTERS = ['todo', 'open', 'objected', 'all'] as const;
type ListFilter = (typeof LIST_FILTERS)[number];

const refInput = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F-]{6,36}$/)
  .describe("The report's reference ('#a1b2c3', as the list shows it) or its full id");
const hintInput = z
  .string()
  .trim()
  .max(300)
  .optional()
  .describe('How the admin named the report without its reference (the company, the kind of content, the reporter)');
const reasonInput = z
  .string()
  .trim()
  .max(STATEMENT_MAX)
  .describe(`The statement of reasons in the admin's own words: the facts the decision rests on (at least ${STATEMENT_MIN} characters)`);

// ---------------------------------------------------------------------------------------------------
// Values read from the admin's message, folded (foldText 'de': lower case, ä/ae → a, ö/oe → o, ü/ue → u, ß → ss).

const OBJECTION_WORDS = /\b(widerspr\w*|wiederspr\w*|einspruch\w*|objection\w*|appeal\w*|object(ed|s)?)\b/;
const REPORT_WORDS = /\b(meldung\w*|gemeldet\w*|report\w*|notice\w*|flags?)\b/;
const ALL_WORDS = /\b(alle|allen|samtliche\w*|komplett\w*|gesamt\w*|all|every|entire|whole|history|verlauf|archiv\w*)\b/;
// Folded German: 'neue' → 'neu', 'neuen' → 'neun', 'neues' → 'neus'.
const NEW_WORDS = /\b(neu|neun|neus|neur|neum|neu eingegangen\w*|unbearbeitet\w*|new|fresh|incoming|untouched)\b/;

/** Which reports the admin wants listed: objections only, every report, only new ones, or what waits (default). */
export function reportFilterOf(text: string): ListFilter {
  const f = foldText(text, 'de');
  const objections = OBJECTION_WORDS.test(f);
  const reports = REPORT_WORDS.test(f);
  if (objections && !reports) return 'objected';
  if (ALL_WORDS.test(f)) return 'all';
  if (reports && !objections && NEW_WORDS.test(f)) return 'open';
  return 'todo';
}

// Where the command ends and its reason begins: a colon or dash, or 'weil', 'because' and the like.
const REASON_START = /\s*(?:[:–—]|\s-\s|\b(?:weil|denn|wegen|grund|begr(?:ü|ue|u)ndung|because|since|reason)\b)/i;

/** The words of the command itself: the message before its reason. */
function headOf(text: string): string {
  const m = REASON_START.exec(text);
  return m && m.index > 0 ? text.slice(0, m.index) : text;
}

/**
 * The value of the first of `options` the words name; words a negation takes back ('nicht entfernen', "don't
 * remove") name none, and when nothing else is named they mean `negated`.
 */
function firstNamed<T>(folded: string, options: readonly [T, RegExp][], negation: RegExp, negated: T): T | undefined {
  const rest = folded.replace(new RegExp(negation.source, 'g'), (m) => ' '.repeat(m.length));
  let best: { at: number; value: T } | undefined;
  for (const [value, re] of options) {
    const m = re.exec(rest);
    if (m && (!best || m.index < best.at)) best = { at: m.index, value };
  }
  return best?.value ?? (rest !== folded ? negated : undefined);
}

const KEEP_NEGATED =
  /\b(nicht|nichts|nix|kein\w*)\s+(\w+\s+){0,2}(entfern\w*|losch\w*|sperr\w*|runter\w*|einschrank\w*)|\b(not|don['’]?t|do not|no need to|never)\s+(\S+\s+){0,2}(remove|delete|take\w* down|restrict|block|hide)\b/;
const RESTRICT =
  /\b(einschrank\w*|schrank\w*\b.*\bein|ausblend\w*|blend\w*\b.*\baus|verberg\w*|versteck\w*|unsichtbar|nicht mehr (listen|gelistet|zeigen|anzeigen|auffindbar)|drossel\w*|restrict\w*|limit\w*|hide|hidden|unlist\w*|de-?list\w*|demote\w*|noindex)\b/;
const REMOVE =
  /\b(entfern\w*|losch\w*|sperr\w*|runter\w*|rausnehm\w*|nimm\w*\b.*\b(raus|runter|offline)|raus damit|offline|weg damit|entsorg\w*|remove\w*|delete\w*|take\w* (\S+ ){0,3}down|takedown|pull\w*|nuke\w*|scrap\w*|ban|banned|block\w*|get rid)\b/;
const KEEP =
  /\b(behalt\w*|belass\w*|lass\w*|bleib\w*|unverandert\w*|zuruckweis\w*|weis\w*\b.*\bzuruck|abweis\w*|ablehn\w*|lehn\w*\b.*\bab|unbegrundet\w*|kein\w* verstoss\w*|in ordnung|stehen|nichts (tun|machen|unternehmen)|keep\w*|leave|stays?|dismiss\w*|reject\w*|decline\w*|unfounded|no (violation|breach|action)|do nothing|nothing wrong|fine)\b/;

/** What the admin decided about a report's content, from the words of the command (else of the whole message). */
export function reportDecisionOf(text: string): ReportDecision | undefined {
  const options: [ReportDecision, RegExp][] = [
    ['restrict', RESTRICT],
    ['remove', REMOVE],
    ['keep', KEEP],
  ];
  return firstNamed(foldText(headOf(text), 'de'), options, KEEP_NEGATED, 'keep') ?? firstNamed(foldText(text, 'de'), options, KEEP_NEGATED, 'keep');
}

const REVERSE_NEGATED =
  /\b(nicht|kein\w*)\s+(\w+\s+){0,2}(stattgeb\w*|statt|aufheb\w*|recht)\b|\b(not|don['’]?t|do not|won['’]?t)\s+(\S+\s+){0,2}(reverse|overturn|accept|grant|undo|restore)\b/;
const REVERSE =
  /\b(aufheb\w*|heb\w*\b.*\bauf|stattgeb\w*|gib\w*\b.*\bstatt|geb\w*\b.*\bstatt|ruckgangig|annehm\w*|nimm\w*\b.*\ban|akzeptier\w*|recht geb\w*|recht hat|hat recht|zurucknehm\w*|durchwink\w*|geht durch|wiederherstell\w*|wieder (online|anzeigen|zeigen|sichtbar|freischalten|herstellen|rein)|reverse\w*|overturn\w*|accept\w*|grant\w*|undo\w*|restore\w*|reinstate\w*|lift\w*|put (\S+ ){0,2}back|take\w* back|agree\w*|let\w*\b.*\bthrough|go\w* through|sustain\w*)\b/;
const UPHOLD =
  /\b(bestatig\w*|aufrecht\w*|zuruckweis\w*|weis\w*\b.*\bzuruck|abweis\w*|ablehn\w*|lehn\w*\b.*\bab|verwerf\w*|bleib\w*|halt\w*\b.*\bfest|unbegrundet\w*|uphold\w*|upheld|confirm\w*|reject\w*|dismiss\w*|deny|denied|decline\w*|throw\w* out|stands?|stays?|keep\w*|maintain\w*|unfounded)\b/;

/** How the admin decided an objection: 'reversed' lifts the first decision, 'upheld' keeps it. */
export function objectionOutcomeOf(text: string): 'upheld' | 'reversed' | undefined {
  const options: ['upheld' | 'reversed', RegExp][] = [
    ['reversed', REVERSE],
    ['upheld', UPHOLD],
  ];
  return firstNamed(foldText(headOf(text), 'de'), options, REVERSE_NEGATED, 'upheld') ?? firstNamed(foldText(text, 'de'), options, REVERSE_NEGATED, 'upheld');
}

const TERMS =
  /\b(AGB|Nutzungsbedingungen|Richtlinien|terms(?: of (?:service|use))?|ToS|community guidelines)\s*(?:§{1,2}|Nr\.?|Ziffer|Ziff\.|Punkt|section|clause|no\.?|para\.?)?\s*\d+(?:[.,]\d+)*(?:\s*(?:Abs\.?|para\.?)\s*\d+)?/i;
const TERMS_AFTER =
  /(?:§{1,2}|Ziffer|Nr\.?|Punkt|section|clause)\s*\d+(?:[.,]\d+)*(?:\s*(?:Abs\.?|para\.?)\s*\d+)?\s+(?:der\s+|unserer\s+|of (?:the |our )?)?(AGB|Nutzungsbedingungen|terms(?: of (?:service|use))?|ToS)\b/i;
const LAW =
  /(?:§{1,2}|Art\.?|Artikel|section|article)\s*\d+[a-z]?(?:\s*(?:Abs\.?|Absatz|para\.?|\()\s*\d+\)?)?(?:\s*(?:S\.|Satz|Nr\.?)\s*\d+)?\s+(?:(?:des|der|of the|of)\s+)?[A-ZÄÖÜ][A-Za-zÄÖÜäöüß-]{1,20}/;

/** 'AGB § 5', 'Nutzungsbedingungen Nr. 3', 'terms 4.2' → the terms; '§ 263 StGB', 'Art. 9 DSGVO' → a law. */
export function provisionOf(text: string): { ground: 'illegal' | 'terms'; provision: string } | null {
  const terms = TERMS.exec(text) ?? TERMS_AFTER.exec(text);
  if (terms) return { ground: 'terms', provision: terms[0].trim().slice(0, PROVISION_MAX) };
  const law = LAW.exec(text);
  if (law) return { ground: 'illegal', provision: law[0].trim().slice(0, PROVISION_MAX) };
  return null;
}

/** The words of the commands themselves, never part of the reasons ('…, entfernen, die Firma gibt es nicht'). */
const REPORT_COMMAND =
  /\b(entfern\w*|losch\w*|sperr\w*|einschrank\w*|ausblend\w*|behalt\w*|zuruckweis\w*|abweis\w*|ablehn\w*|remove\w*|delete\w*|restrict\w*|hide|unlist\w*|keep\w*|dismiss\w*|reject\w*|take\w* (\S+ ){0,3}down)\b/;
const OBJECTION_COMMAND =
  /\b(stattgeb\w*|zuruckweis\w*|abweis\w*|aufheb\w*|ablehn\w*|annehm\w*|bestatig\w*|accept\w*|reject\w*|grant\w*|reverse\w*|uphold\w*|overturn\w*|dismiss\w*|confirm\w*|deny)\b/;

/**
 * The statement of reasons: what follows the command (after a colon or dash, or 'weil …' / 'because …'), else
 * the parts of the message around the command's own words ('dismiss report #a1b2c3, the page is accurate');
 * a provision at its start is left out (it is a row of its own on the card).
 */
export function statementOf(text: string, command: RegExp = REPORT_COMMAND): string | undefined {
  const colon = /[:–—]\s*(\S[\s\S]*)$/u.exec(text) ?? /\s-\s(\S[\s\S]*)$/u.exec(text);
  const because = /\b(?:weil|denn|wegen|grund|begr(?:ü|ue|u)ndung|because|since|reason)\b:?\s*(\S[\s\S]*)$/iu.exec(text);
  let reason = (colon?.[1] ?? because?.[1] ?? reasonAfterCommand(text, command)).trim();
  if (!reason) return undefined;
  // 'AGB § 5, die Firma gibt es nicht' / 'terms 5 - fake company': the provision is its own row on the card.
  const provision = provisionOf(reason);
  if (provision && reason.startsWith(provision.provision)) {
    const rest = reason
      .slice(provision.provision.length)
      .replace(/^\s*(?:[,;:.–—-]\s*|\s(?:und|and|weil|because)\s+)/iu, '')
      .trim();
    if (rest) reason = rest;
  }
  return reason.slice(0, STATEMENT_MAX) || undefined;
}

/** The report's reference, or the words that name it. */
function reportSlots(text: string): { report?: string; hint?: string } {
  const ref = refOf(text);
  return ref ? { report: ref } : { hint: headOf(text).trim().slice(0, 300) };
}

// ---------------------------------------------------------------------------------------------------

async function reportOf(ctx: ChatToolContext, ref: string): Promise<AdminReportView> {
  const r = await findReportByRef(ctx.deps.db.prisma, ref);
  if (!r) throw new AppError('NOT_FOUND');
  return r;
}

/** The report a reference names, or the refusal that says none does. */
async function reportNamed(ctx: AdminCtx, ref: string): Promise<AdminReportView | ToolOutcome> {
  return (await findReportByRef(ctx.deps.db.prisma, ref)) ?? refuse(ctx, 'ADMIN_REPORT_NOT_FOUND', { ref: ref.replace(/^#/, '').slice(0, 6) });
}

const excerpt = (s: string, n = 120) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

function reportLine(r: AdminReportView, lang: Lang): string {
  const t = translator(lang);
  return t('admin:reports.chat.line', {
    ref: r.ref,
    status: t(`reports:status.${r.status}`),
    type: t(`reports:types.${r.contentType}`),
    content: contentLabel(r.contentType, r.snapshot, lang, 'other'),
    ground: t(`reports:ground.${r.ground}`),
    category: t(`reports:category.${r.category}`),
    text: excerpt(r.snapshot.text),
    explanation: excerpt(r.explanation),
    date: dateTime(r.createdAt, lang),
  }) as string;
}

function subjectOf(r: AdminReportView, lang: Lang): string {
  return translator(lang)('admin:reports.change.subject', { ref: r.ref, content: contentLabel(r.contentType, r.snapshot, lang, 'other') }) as string;
}

function tellRows(r: AdminReportView, lang: Lang, affectedTold: boolean): ChangeView['rows'] {
  const t = translator(lang);
  const none = t('admin:reports.change.none') as string;
  return [
    { label: t('admin:reports.change.reporterTold') as string, before: null, after: r.reporter.email ?? none },
    ...(affectedTold ? [{ label: t('admin:reports.change.affectedTold') as string, before: null, after: r.affected?.email ?? none }] : []),
  ];
}

/**
 * Without a reference: the reports waiting for this decision (open ones to decide, objected ones for an
 * objection), those the admin's words name (the company, the kind of content, the reporter) when they name
 * any, as buttons that call the tool again with the reference.
 */
async function reportCandidates(ctx: AdminCtx, tool: 'adminDecideReport' | 'adminDecideObjection', keep: Record<string, unknown>, hint: string) {
  const filter = tool === 'adminDecideReport' ? 'open' : 'objected';
  const page = await listReports(ctx.deps.db.prisma, { filter, limit: 50 });
  if (!page.reports.length) return refuse(ctx, tool === 'adminDecideReport' ? 'NO_REPORTS_OPEN' : 'NO_OBJECTIONS_OPEN');
  const t = translator(ctx.lang);
  const fit = narrowByWords(page.reports, hint, (r) => ({
    names: [
      contentLabel(r.contentType, r.snapshot, ctx.lang, 'other'),
      t(`reports:types.${r.contentType}`) as string,
      r.affected?.name,
      r.reporter.name,
      t(`reports:category.${r.category}`) as string,
    ],
    order: -Date.parse(r.createdAt),
  }));
  return chooseOne(
    ctx,
    fit.map((r) => ({
      label: `#${r.ref} · ${excerpt(contentLabel(r.contentType, r.snapshot, ctx.lang, 'other'), 80)} · ${dateTime(r.createdAt, ctx.lang)}`,
      tool,
      input: { ...keep, report: r.ref },
    })),
    { context: tool },
  );
}

/** The report this input names (by reference), or the refusal or the buttons to pick one. */
async function reportFor(
  ctx: AdminCtx,
  input: { report?: string; hint?: string },
  tool: 'adminDecideReport' | 'adminDecideObjection',
  keep: Record<string, unknown>,
): Promise<AdminReportView | ToolOutcome> {
  if (!input.report) return reportCandidates(ctx, tool, keep, input.hint ?? '');
  return reportNamed(ctx, input.report);
}

const decideReportSchema = z.object({
  report: refInput.optional(),
  hint: hintInput,
  decision: z.enum(REPORT_DECISIONS).optional().describe("'remove' or 'restrict' the content, or 'keep' it as it is"),
  ground: z.enum(['illegal', 'terms', 'none']).optional().describe("'illegal' (a law) or 'terms' (the AGB); 'none' to keep the content"),
  provision: z.string().trim().max(PROVISION_MAX).optional().describe("The law ('§ 263 StGB') or the clause of the terms ('AGB § 5')"),
  reason: reasonInput.optional(),
});
type DecideReportChatInput = z.infer<typeof decideReportSchema>;

/** What a button offering a report keeps of the input (everything but how the report was named). */
const decisionKeep = ({ report: _r, hint: _h, ...rest }: DecideReportChatInput) => rest;

const groundOf = (input: DecideReportChatInput) => input.ground ?? (input.decision === 'keep' ? 'none' : undefined);

const decideObjectionSchema = z.object({
  report: refInput.optional(),
  hint: hintInput,
  outcome: z.enum(['upheld', 'reversed']).optional().describe("'upheld' keeps the first decision, 'reversed' lifts it"),
  reason: reasonInput.optional(),
});

export const adminReportTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'adminListReports',
    description:
      "Lists content reports (notice and action) for the admin, newest first: 'todo' are the open reports and the objections that wait for a decision, 'open' only new reports, 'objected' only objections, 'all' every report. Each line starts with the report's reference (#a1b2c3) (admins only).",
    input: z.object({ filter: z.enum(LIST_FILTERS).default('todo') }),
    access: admin,
    machine: '*',
    states: '*',
    understand: { intents: ['adminListReports'], slots: ({ text }) => ({ filter: reportFilterOf(text) }) },
    run: async (ctx, input): Promise<ToolOutcome> => {
      const page = await listReports(ctx.deps.db.prisma, { filter: input.filter, limit: CHAT_ROWS });
      const count = input.filter === 'todo' ? page.todo : page.reports.length;
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          context: input.filter,
          count,
          shown: page.reports.length,
          reports: page.reports,
          list: page.reports.map((r) => `• ${reportLine(r, ctx.lang)}`).join('\n'),
        },
      };
    },
  }),
  defineChatTool({
    name: 'adminDecideReport',
    description:
      "Decides an open content report: 'remove' or 'restrict' the content (with the ground: 'illegal' with the law, or 'terms' with the clause of the AGB, as provision) or 'keep' it; the reason is the statement of reasons the affected person and the reporter read (at least 20 characters). Without a reference (report) pass how the admin named it as hint: the open reports come back as buttons. Only proposes it: the admin confirms with the button (admins only).",
    input: decideReportSchema,
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const r = await reportFor(ctx, input, 'adminDecideReport', decisionKeep(input));
      if (isToolOutcome(r)) return r;
      const decision = input.decision;
      if (r.status === 'open' && !decision) return refuse(ctx, 'REPORT_DECISION_REQUIRED', { ref: r.ref });
      return refusalOf(ctx, async () => {
        if (r.status !== 'open' || !decision) throw new AppError('REPORT_ALREADY_DECIDED');
        if (!DECISIONS_BY_TYPE[r.contentType].includes(decision)) throw new AppError('REPORT_DECISION_NOT_POSSIBLE');
        const parsed = decideReportInput.safeParse({ ...input, decision, ground: groundOf(input), reason: input.reason ?? '' });
        if (!parsed.success) {
          const provision = parsed.error.issues.some((i) => i.path[0] === 'provision' || i.path[0] === 'ground');
          if (provision) throw new AppError('REPORT_PROVISION_REQUIRED');
          throw new AppError('REASON_REQUIRED', { params: { min: STATEMENT_MIN } });
        }
      });
    },
    // The card names the report by its full id: the click decides exactly that one.
    pinInput: async (ctx, input) => {
      const r = input.report ? await findReportByRef(ctx.deps.db.prisma, input.report) : null;
      const ground = groundOf(input);
      return { ...decisionKeep(input), ...(r ? { report: r.id } : { report: input.report }), ...(ground ? { ground } : {}) };
    },
    confirmData: async (ctx, input) => {
      const r = await reportOf(ctx, input.report ?? '');
      const t = translator(ctx.lang);
      const decision = input.decision ?? 'keep';
      const touched = decision !== 'keep';
      const change: ChangeView = {
        subject: subjectOf(r, ctx.lang),
        rows: [
          { label: t('admin:reports.change.status') as string, before: t('reports:status.open') as string, after: t('reports:status.decided') as string },
          { label: t('admin:reports.change.decision') as string, before: null, after: t(`reports:effect.${r.contentType}.${decision}`) as string },
          ...(touched
            ? [
                {
                  label: t('admin:reports.change.ground') as string,
                  before: null,
                  after: `${t(`reports:ground.${input.ground ?? 'terms'}`)}: ${input.provision ?? ''}`,
                },
              ]
            : []),
          { label: t('admin:reports.change.reason') as string, before: null, after: input.reason ?? '' },
          ...tellRows(r, ctx.lang, touched),
        ],
      };
      return { change, ref: r.ref, decision };
    },
    confirmSummary: (input, data) => ({
      key: `confirm.summary.adminDecideReport_${input.decision ?? 'keep'}`,
      params: { ref: String(data?.ref ?? (input.report ?? '').replace(/^#/, '').slice(0, 6)) },
    }),
    understand: {
      intents: ['adminDecideReport'],
      slots: ({ text }) => {
        const decision = reportDecisionOf(text);
        const reason = statementOf(text);
        const provision = decision === 'keep' ? null : provisionOf(text);
        return {
          ...reportSlots(text),
          ...(decision ? { decision } : {}),
          ...(decision === 'keep' ? { ground: 'none' } : provision ? { ground: provision.ground, provision: provision.provision } : {}),
          ...(reason ? { reason } : {}),
        };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const r = await reportOf(ctx, input.report ?? '');
        const body = decideReportInput.parse({ ...input, ground: groundOf(input) ?? 'none', reason: input.reason ?? '' });
        const done = await decideReport(ctx.deps, ctx.auth.user.id, r.id, body, 'chat');
        return { accepted: true, state: ctx.machine.state, data: { ref: r.ref, ...done } };
      }),
  }),
  defineChatTool({
    name: 'adminDecideObjection',
    description:
      "Decides an objection the affected person made against a report's decision: 'upheld' keeps the decision, 'reversed' lifts it; with the reason both sides read (at least 20 characters). Only an admin other than the one who decided first may. Without a reference (report) pass how the admin named it as hint: the objections come back as buttons. Only proposes it: the admin confirms with the button (admins only).",
    input: decideObjectionSchema,
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const keep = { ...(input.outcome ? { outcome: input.outcome } : {}), ...(input.reason ? { reason: input.reason } : {}) };
      const r = await reportFor(ctx, input, 'adminDecideObjection', keep);
      if (isToolOutcome(r)) return r;
      const decidedFirst = r.decidedById === ctx.auth.user.id;
      const waiting = r.status === 'objected';
      if (waiting && !decidedFirst && !input.outcome) return refuse(ctx, 'OBJECTION_OUTCOME_REQUIRED', { ref: r.ref });
      return refusalOf(ctx, async () => {
        if (!waiting) throw new AppError('REPORT_NOT_OBJECTED');
        if (decidedFirst) throw new AppError('REPORT_SAME_ADMIN');
        if (!decideObjectionInput.safeParse({ outcome: input.outcome, reason: input.reason ?? '' }).success)
          throw new AppError('REASON_REQUIRED', { params: { min: STATEMENT_MIN } });
      });
    },
    pinInput: async (ctx, input) => {
      const r = input.report ? await findReportByRef(ctx.deps.db.prisma, input.report) : null;
      return {
        report: r?.id ?? input.report,
        ...(input.outcome ? { outcome: input.outcome } : {}),
        ...(input.reason ? { reason: input.reason } : {}),
      };
    },
    confirmData: async (ctx, input) => {
      const r = await reportOf(ctx, input.report ?? '');
      const t = translator(ctx.lang);
      const outcome = input.outcome ?? 'upheld';
      const change: ChangeView = {
        subject: subjectOf(r, ctx.lang),
        rows: [
          {
            label: t('admin:reports.change.status') as string,
            before: t('reports:status.objected') as string,
            after: t(`reports:status.${outcome}`) as string,
          },
          { label: t('admin:reports.change.objection') as string, before: null, after: r.objection ?? '' },
          {
            label: t('admin:reports.change.decision') as string,
            before: r.decision ? (t(`reports:effect.${r.contentType}.${r.decision}`) as string) : null,
            after: outcome === 'reversed' ? (t('admin:reports.change.lifted') as string) : (t('admin:reports.change.stays') as string),
          },
          { label: t('admin:reports.change.reason') as string, before: null, after: input.reason ?? '' },
          ...tellRows(r, ctx.lang, true),
        ],
      };
      return { change, ref: r.ref, outcome };
    },
    confirmSummary: (input, data) => ({
      key: `confirm.summary.adminDecideObjection_${input.outcome ?? 'upheld'}`,
      params: { ref: String(data?.ref ?? (input.report ?? '').replace(/^#/, '').slice(0, 6)) },
    }),
    understand: {
      intents: ['adminDecideObjection'],
      slots: ({ text }) => {
        const outcome = objectionOutcomeOf(text);
        const reason = statementOf(text, OBJECTION_COMMAND);
        return { ...reportSlots(text), ...(outcome ? { outcome } : {}), ...(reason ? { reason } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const r = await reportOf(ctx, input.report ?? '');
        const body = decideObjectionInput.parse({ outcome: input.outcome, reason: input.reason ?? '' });
        const done = await decideObjection(ctx.deps, ctx.auth.user.id, r.id, body, 'chat');
        return { accepted: true, state: ctx.machine.state, data: { ref: r.ref, ...done } };
      }),
  }),
];
