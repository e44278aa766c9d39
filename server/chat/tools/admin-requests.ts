// Admin tools for 'Anfragen verwalten' and 'Deals': list flagged or recent requests, release or reject a
// held-back one with a reason, close one (refunds), list recent deals. The same domain queries and commands
// as /api/admin/requests, /moderate, /close and /api/admin/deals; every change waits for the admin's click on
// the confirm card (before/after table), which the model cannot send.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { translator, type Lang } from '../../i18n.ts';
import { formatDateTimeShortBerlin as dateTime } from '../../../core/audit/describe-audit.ts';
import { foldText } from '../../ai/understanding/features.ts';
import { categoryLabel, isCategoryId } from '../../ai/nlu/categories.ts';
import { listAdminRequests, type AdminRequestRow } from '../../domain/admin/list-admin-requests.ts';
import { listAdminDeals, DEAL_STATUSES, type AdminDealRow } from '../../domain/admin/list-admin-deals.ts';
import { ADMIN_REASON_MAX, checkAdminReason, moderateRequest } from '../../domain/requests/moderate-request.ts';
import { closeRequestByAdmin } from '../../domain/requests/close-request-by-admin.ts';
import { ENDABLE } from '../../domain/requests/end-request.ts';
import { formatEuro } from '../../domain/offers/format.ts';
import type { ChangeView, ToolOutcome } from '../../../core/chat/outcome.ts';
import { attempt, chooseOne, narrowByWords, refOf, refuse, refusalOf, shortRef } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import { reasonAfterCommand } from './admin-words.ts';
import { cleanRef, findRequestsByRef } from '../../domain/refs/resolve-ref.ts';
import { summarizeActiveUnlocks } from '../../domain/unlocks/summarize-active-unlocks.ts';

const admin = { roles: ['admin'] } as const;
/** How many rows a chat answer lists; the tabs page through all. */
const CHAT_ROWS = 10;

const refInput = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F-]{6,36}$/)
  .describe("The request's reference ('#a1b2c3', as the list shows it) or its full id");
const reasonInput = z
  .string()
  .trim()
  .max(ADMIN_REASON_MAX)
  .optional()
  .describe("The admin's reason, in their own words (required to reject); the seeker reads it");

/** Rejecting, not releasing: the words an admin uses to turn a held request down. */
const REJECTION = /\b(ablehn\w*|lehn\w* \w* ?ab|lehn\w*|zuruckweis\w*|abweis\w*|reject\w*|decline\w*|refuse\w*|deny|turn down)\b/;
const isRejection = (text: string) => REJECTION.test(foldText(text, 'de')) || /\bspam\b/.test(foldText(text, 'de'));

/** The reason: what follows a colon or dash after the reference, or 'weil …' / 'because …'. */
function reasonOf(text: string): string | undefined {
  const afterColon = /[:–—]\s*(.+)$/s.exec(text);
  const because = /\b(?:weil|wegen|da|grund|begruendung|begründung|because|reason)\b:?\s*(.+)$/is.exec(text);
  const reason = (afterColon?.[1] ?? because?.[1])?.trim();
  return reason ? reason.slice(0, ADMIN_REASON_MAX) : undefined;
}

function dealStatusOf(text: string): (typeof DEAL_STATUSES)[number] | undefined {
  const n = foldText(text, 'de');
  if (/\b(abgeschlossen\w*|erledigt\w*|completed|finished|done)\b/.test(n)) return 'completed';
  if (/\b(storniert\w*|abgebrochen\w*|cancell?ed)\b/.test(n)) return 'cancelled';
  return undefined;
}

// ---------------------------------------------------------------------------------------------------

/** The request a reference names; refuses when none or several match. */
async function requestOf(ctx: ChatToolContext, ref: string) {
  const found = await findRequestsByRef(ctx.deps.db.prisma, ref);
  if (found.length === 0) throw new AppError('NOT_FOUND');
  if (found.length > 1) throw new AppError('CONFLICT', { message: 'ambiguous reference' });
  return found[0]!;
}

/**
 * Without a reference: the requests waiting for this action (held back by the pre-filter to release or reject;
 * open ones without a pending deal to close), the one the admin's words name (category, place, seeker) when
 * they name one, as buttons. The tool is called with a reference again from a button.
 */
async function requestCandidates(
  ctx: ChatToolContext,
  tool: 'adminModerateRequest' | 'adminCloseRequest',
  keep: Record<string, unknown>,
  hint: string,
): Promise<ToolOutcome> {
  const page = await listAdminRequests(ctx.deps.db.prisma, { status: tool === 'adminModerateRequest' ? 'review' : 'open', page: 1, pageSize: 50 });
  const rows = page.requests.filter((r) => tool === 'adminModerateRequest' || !r.dealPending);
  if (!rows.length) return refuse(ctx, tool === 'adminModerateRequest' ? 'NO_REQUESTS_IN_REVIEW' : 'NO_REQUESTS_TO_CLOSE');
  const fit = narrowByWords(rows, hint, (r) => ({
    names: [category(r.kategorie, ctx.lang), r.ort, r.postcode, r.seeker?.name, r.firstName],
    order: -Date.parse(r.createdAt),
  }));
  return chooseOne(
    ctx,
    fit.map((r) => ({
      label: `#${shortRef(r.id)} · ${category(r.kategorie, ctx.lang)} · ${[r.postcode, r.ort].filter(Boolean).join(' ') || (translator(ctx.lang)('admin:requests.noPlace') as string)} · ${dateTime(r.createdAt, ctx.lang)}`,
      tool,
      input: { ...keep, request: shortRef(r.id) },
    })),
    { context: tool },
  );
}

const category = (id: string, lang: Lang) => (isCategoryId(id) ? categoryLabel(id, lang) : id);

function requestLine(r: AdminRequestRow, lang: Lang): string {
  const t = translator(lang);
  const none = t('admin:requests.change.none') as string;
  return t('admin:requests.line', {
    ref: shortRef(r.id),
    category: category(r.kategorie, lang),
    place: [r.postcode, r.ort].filter(Boolean).join(' ') || (t('admin:requests.noPlace') as string),
    date: dateTime(r.createdAt, lang),
    status: t(`admin:requests.status.${r.status}`, { defaultValue: r.status }),
    score: r.qualityScore ?? none,
    flags: r.flags.length ? r.flags.map((f) => t(`admin:moderation.flagCodes.${f.code}`, { defaultValue: f.code })).join(', ') : t('admin:requests.noFlags'),
    unlocks: r.unlocks,
    max: r.maxUnlocks,
    offers: r.offers,
  }) as string;
}

function dealLine(d: AdminDealRow, lang: Lang): string {
  const t = translator(lang);
  const none = t('admin:requests.change.none') as string;
  const goints = (m: { goints: number; cents: number }) => t('admin:deals.goints', { goints: m.goints, euro: formatEuro(m.cents, lang) }) as string;
  const confirmed = (at: string | null) =>
    at ? (t('admin:deals.confirmedAt', { date: dateTime(at, lang) }) as string) : (t('admin:deals.notConfirmed') as string);
  return t('admin:deals.line', {
    ref: shortRef(d.id),
    category: category(d.kategorie, lang),
    place: d.ort ?? none,
    value: formatEuro(d.valueCents, lang),
    status: t(`admin:deals.status.${d.status}`, { defaultValue: d.status }),
    provider: `${d.provider.firmenname ?? d.provider.name} (${confirmed(d.providerConfirmedAt)})`,
    seeker: `${d.seeker.name} (${confirmed(d.seekerConfirmedAt)})`,
    seekerShare: d.settlement ? goints(d.settlement.seekerShare) : none,
    platformShare: d.settlement ? goints(d.settlement.platformShare) : none,
  }) as string;
}

type Request = Awaited<ReturnType<typeof requestOf>>;

function subjectOf(r: Request, lang: Lang): string {
  const t = translator(lang);
  return t('admin:requests.change.subject', {
    ref: shortRef(r.id),
    category: category(r.kategorie, lang),
    place: r.ort ?? t('admin:requests.noPlace'),
  }) as string;
}

function noticeRow(r: Request, lang: Lang): ChangeView['rows'][number] | null {
  if (!r.user) return null;
  const t = translator(lang);
  return {
    label: t('admin:requests.change.notice') as string,
    before: null,
    after: t('admin:requests.change.noticeMail', { name: r.user.name, lang: r.user.locale.toUpperCase() }) as string,
  };
}

const statusLabel = (status: string, lang: Lang) => translator(lang)(`admin:requests.status.${status}`, { defaultValue: status }) as string;

const FLAGGED_WORDS = /\b(markiert\w*|geflagg\w*|zuruckgehalten\w*|angehalten\w*|moderation\w*|prufung|flagged|held|held back|on hold|moderation|review)\b/;
export const adminRequestTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'adminListRequests',
    description:
      "Lists requests for the admin, newest first: 'flagged' are the ones the pre-filter held back and that wait for a decision (release or reject), 'recent' all requests. Each line starts with the request's reference (#a1b2c3) (admins only).",
    input: z.object({ filter: z.enum(['flagged', 'recent']).default('recent') }),
    access: admin,
    machine: '*',
    states: '*',
    understand: {
      intents: ['moderationQueue', 'adminListRequests'],
      // The moderation queue by intent, or by its words whatever the intent ('die markierten Anfragen').
      slots: ({ text }, intent) => ({ filter: intent === 'moderationQueue' || FLAGGED_WORDS.test(foldText(text, 'de')) ? 'flagged' : 'recent' }),
    },
    run: async (ctx, input) => {
      const page = await listAdminRequests(ctx.deps.db.prisma, {
        ...(input.filter === 'flagged' ? { status: 'review' as const } : {}),
        page: 1,
        pageSize: CHAT_ROWS,
      });
      const requests = page.requests.map((r) => ({ ...r, ref: shortRef(r.id) }));
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          context: input.filter,
          count: page.total,
          shown: requests.length,
          requests,
          list: page.requests.map((r) => `• ${requestLine(r, ctx.lang)}`).join('\n'),
        },
      };
    },
  }),
  defineChatTool({
    name: 'adminModerateRequest',
    description:
      "Releases (decision 'approve': opens it and sends it to matching providers) or rejects (ends it) a request the pre-filter held back, with the admin's reason; the seeker is told by e-mail in their language. A reason is required to reject. Only proposes it: the admin confirms with the button (admins only).",
    input: z.object({
      request: refInput.optional(),
      hint: z.string().trim().max(300).optional().describe('How the admin named the request without its reference (category, place)'),
      decision: z.enum(['approve', 'reject']),
      reason: reasonInput,
    }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const ref = input.request;
      if (!ref)
        return requestCandidates(
          ctx,
          'adminModerateRequest',
          { decision: input.decision, ...(input.reason ? { reason: input.reason } : {}) },
          input.hint ?? '',
        );
      const refused = await refusalOf(ctx, async () => {
        checkAdminReason(input.reason, input.decision === 'reject');
        await requestOf(ctx, ref);
      });
      if (refused) return refused;
      const r = await requestOf(ctx, ref);
      if (r.status === 'review') return null;
      return {
        accepted: false,
        reason: 'REQUEST_NOT_IN_REVIEW',
        state: ctx.machine.state,
        data: { ref: shortRef(r.id), status: statusLabel(r.status, ctx.lang) },
      };
    },
    confirmData: async (ctx, input) => {
      const r = await requestOf(ctx, input.request ?? '');
      const t = translator(ctx.lang);
      const change: ChangeView = {
        subject: subjectOf(r, ctx.lang),
        rows: [
          {
            label: t('admin:requests.change.status') as string,
            before: statusLabel(r.status, ctx.lang),
            after: statusLabel(input.decision === 'approve' ? 'open' : 'rejected', ctx.lang),
          },
          { label: t('admin:requests.change.reason') as string, before: null, after: input.reason?.trim() || (t('admin:requests.change.none') as string) },
          ...[noticeRow(r, ctx.lang)].filter((x) => x !== null),
        ],
      };
      return { change, ref: shortRef(r.id), decision: input.decision };
    },
    confirmSummary: (input, data) => ({
      key: input.decision === 'approve' ? 'confirm.summary.adminReleaseRequest' : 'confirm.summary.adminRejectRequest',
      params: { ref: String(data?.ref ?? cleanRef(input.request ?? '').slice(0, 6)) },
    }),
    understand: {
      intents: ['adminModerateRequest'],
      slots: ({ text }) => {
        const ref = refOf(text);
        const reject = isRejection(text.split(/[:–—]/)[0]!);
        // 'Lehn die Anfrage ab, das ist Spam': the words around the command are the reason too.
        const reason = reasonOf(text) ?? (reject ? reasonAfterCommand(text, REJECTION) || undefined : undefined);
        return {
          ...(ref ? { request: ref } : { hint: text.slice(0, 300) }),
          decision: reject ? 'reject' : 'approve',
          ...(reason ? { reason } : {}),
        };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const r = await requestOf(ctx, input.request ?? '');
        const done = await moderateRequest(ctx.deps, ctx.auth.user.id, r.id, input.decision, { reason: input.reason ?? null, via: 'chat' });
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(r.id), ...done } };
      }),
  }),
  defineChatTool({
    name: 'adminCloseRequest',
    description:
      "Closes a request without a deal: every provider who unlocked it gets their Goints back in full, open offers close; the seeker is told, with the admin's reason if given. Not possible while a deal waits for its confirmations. Only proposes it: the admin confirms with the button (admins only).",
    input: z.object({
      request: refInput.optional(),
      hint: z.string().trim().max(300).optional().describe('How the admin named the request without its reference (category, place)'),
      reason: reasonInput,
    }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) => {
      const ref = input.request;
      if (!ref) return requestCandidates(ctx, 'adminCloseRequest', input.reason ? { reason: input.reason } : {}, input.hint ?? '');
      return refusalOf(ctx, async () => {
        checkAdminReason(input.reason, false);
        const r = await requestOf(ctx, ref);
        if (!ENDABLE.includes(r.status) || r.acceptedOfferId) throw new AppError('REQUEST_NOT_CLOSABLE');
      });
    },
    confirmData: async (ctx, input) => {
      const r = await requestOf(ctx, input.request ?? '');
      const t = translator(ctx.lang);
      const active = await summarizeActiveUnlocks(ctx.deps.db.prisma, r.id);
      const change: ChangeView = {
        subject: subjectOf(r, ctx.lang),
        rows: [
          { label: t('admin:requests.change.status') as string, before: statusLabel(r.status, ctx.lang), after: statusLabel('closed', ctx.lang) },
          {
            label: t('admin:requests.change.refunds') as string,
            before: null,
            after: t('admin:requests.change.refundsValue', { count: active.count, goints: Number(active.priceMilli / 1000n) }) as string,
          },
          { label: t('admin:requests.change.reason') as string, before: null, after: input.reason?.trim() || (t('admin:requests.change.none') as string) },
          ...[noticeRow(r, ctx.lang)].filter((x) => x !== null),
        ],
      };
      return { change, ref: shortRef(r.id), refunds: active.count };
    },
    confirmSummary: (input, data) => ({
      key: 'confirm.summary.adminCloseRequest',
      params: { ref: String(data?.ref ?? cleanRef(input.request ?? '').slice(0, 6)), count: Number(data?.refunds ?? 0) },
    }),
    understand: {
      intents: ['adminCloseRequest'],
      slots: ({ text }) => {
        const ref = refOf(text);
        const reason = reasonOf(text);
        return { ...(ref ? { request: ref } : { hint: text.slice(0, 300) }), ...(reason ? { reason } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const r = await requestOf(ctx, input.request ?? '');
        const done = await closeRequestByAdmin(ctx.deps, ctx.auth.user.id, r.id, { reason: input.reason ?? null, via: 'chat' });
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(r.id), ...done } };
      }),
  }),
  defineChatTool({
    name: 'adminListDeals',
    description:
      "Lists the newest deals for the admin with their confirmation state (who confirmed when) and settlement (seeker's and platform's share); optional status filter (admins only).",
    input: z.object({ status: z.enum(DEAL_STATUSES).optional() }),
    access: admin,
    machine: '*',
    states: '*',
    understand: {
      intents: ['adminListDeals'],
      slots: ({ text }) => {
        const status = dealStatusOf(text);
        return status ? { status } : {};
      },
    },
    run: async (ctx, input): Promise<ToolOutcome> => {
      const page = await listAdminDeals(ctx.deps.db.prisma, { ...(input.status ? { status: input.status } : {}), page: 1, pageSize: CHAT_ROWS });
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          count: page.total,
          shown: page.deals.length,
          deals: page.deals.map((d) => ({ ...d, ref: shortRef(d.id) })),
          list: page.deals.map((d) => `• ${dealLine(d, ctx.lang)}`).join('\n'),
        },
      };
    },
  }),
];
