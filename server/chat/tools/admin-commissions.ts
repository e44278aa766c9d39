// Admin chat tools for held commissions (issue 25): the commissions a fraud rule held back (one partner on
// both sides of a deal, a shared payout account, one e-mail domain, a burst of sign-ups), releasing one and
// voiding one with a reason. The same domain query and command as the 'Provisionsprüfung' tab
// (listCommissionsForAdmin, decideAndTellCommission: the partner is told why a commission was voided). The
// admin names a commission by its reference, the partner's or the referred person's name or e-mail, the
// amount, or its place in the list ('die erste', 'the second one'); several that fit come back as buttons.
// Both decisions move money: each is a before/after card that runs only on the admin's click, audited with
// via 'chat'. What the admin asks for is the classifier's business (server/chat/intents/admin-commissions.yaml);
// these tools only read values from the message.
import { z } from 'zod';
import { translator, type Lang } from '../../i18n.ts';
import { formatDateTimeShortBerlin as dateTime } from '../../../core/audit/describe-audit.ts';
import { emailOf, euroAmountOf, gointsOf, refOf } from '../../ai/understanding/entities.ts';
import { foldText } from '../../ai/understanding/features.ts';
import { findCommissionForAdminByRef, listCommissionsForAdmin, type AdminCommissionView } from '../../domain/affiliate/list-commissions.ts';
import { decideAndTellCommission } from '../../domain/affiliate/decide-and-tell-commission.ts';
import { cleanRef } from '../../domain/refs/resolve-ref.ts';
import { formatEuro, formatNumber } from '../../../core/money/format-money.ts';
import { toGointsExact, milliToCents } from '../../../core/money/money.ts';
import type { ChangeView, ToolOutcome } from '../../../core/chat/outcome.ts';
import { isToolOutcome } from '../../../core/chat/outcome.ts';
import { attempt, chooseOne, narrowByPerson, refuse, shortRef } from './refs.ts';
import { reasonAfterCommand } from './admin-words.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

const admin = { roles: ['admin'] } as const;
type AdminCtx = ChatToolContext<typeof admin>;
type Decision = 'release' | 'void';
type DecideTool = 'adminReleaseCommission' | 'adminVoidCommission';

/** How many held commissions a chat answer lists; the tab shows all. */
const CHAT_ROWS = 10;
/** The reason's length, as the tab's dialog and the decide route take it. */
export const COMMISSION_REASON_MIN = 3;
export const COMMISSION_REASON_MAX = 500;

// ---------------------------------------------------------------------------------------------------
// Values read from the admin's message (folded: lower case, umlauts folded).

/** The words of the commands, never part of a person's name ('Provision von Paula freigeben'). */
const COMMAND_WORDS = new Set(
  'provision provisionen kommission commission commissions zuruckgehalten zuruckgehaltene zuruckgehaltenen angehalten angehaltene gesperrt gesperrte freigeben freigabe gib frei lass laufen durchwinken stornieren storniere storno streichen streich verfallen annullieren void cancel release approve unblock held flagged partner partnerin deal euro eur goints bitte please'.split(
    ' ',
  ),
);

/** Voiding: 'stornieren', 'streichen', 'verfallen lassen', 'void', 'cancel', 'scrap'. */
export const VOID_WORDS =
  /\b(storn\w*|streich\w*|gestrichen|verfall\w*|annullier\w*|kassier\w*|einkassier\w*|zuruckbuch\w*|verweiger\w*|ablehn\w*|lehn\w*|abgelehnt|nicht (auszahl\w*|freigeb\w*|zahl\w*)|losch\w*|einzieh\w*|zieh\w* (\S+ ){0,3}ein|weg damit|weg mit|void\w*|cancel\w*|scrap\w*|kill\w*|nix|revok\w*|claw\w*|deny|denied|reject\w*|refus\w*|decline\w*|don'?t pay|do not pay|no payout|get rid)\b/;
/** Releasing: 'freigeben', 'gib frei', 'durchwinken', 'release', 'approve', 'let it through'. */
export const RELEASE_WORDS =
  /\b(freigeb\w*|gib\w*|geb\w*|freigegeben|frei|durchwink\w*|genehmig\w*|entsperr\w*|release\w*|approv\w*|unblock\w*|unhold|clear\w*|let\w* (\S+ ){0,3}through)\b/;

const ORDINALS: [RegExp, number][] = [
  [/\b(erst\w*|oberst\w*|first|top)\b/, 0],
  [/\b(zweit\w*|second|2nd)\b/, 1],
  [/\b(dritt\w*|third|3rd)\b/, 2],
  [/\b(viert\w*|fourth|4th)\b/, 3],
  [/\b(funft\w*|fifth|5th)\b/, 4],
];
const LAST = /\b(letzt\w*|unterst\w*|last|bottom)\b/;

/** The place in the list the words name ('die erste', 'the second one', 'die letzte'), 0-based; -1 for the last. */
export function listPlaceOf(text: string): number | null {
  const f = foldText(text, 'de');
  for (const [re, at] of ORDINALS) if (re.test(f)) return at;
  return LAST.test(f) ? -1 : null;
}

/** The reason given with a command ('…stornieren: Selbstwerbung', 'void it because …'), '' when there is none. */
export function commissionReasonOf(text: string, decision: Decision): string {
  const colon = /[:–—]\s*(\S[\s\S]*)$/u.exec(text)?.[1];
  const reason = (colon ?? reasonAfterCommand(text, decision === 'void' ? VOID_WORDS : RELEASE_WORDS)).trim();
  return reason.slice(0, COMMISSION_REASON_MAX);
}

/** The slots: the reference, or the words that name the commission (the message without its reason), and the reason. */
export function commissionSlots(text: string, decision: Decision): { ref?: string; hint?: string; reason?: string } {
  const reason = commissionReasonOf(text, decision);
  const ref = refOf(reason ? text.replace(reason, ' ') : text);
  const hint = (reason ? text.replace(reason, ' ') : text).trim().slice(0, 300);
  return { ...(ref ? { ref } : { hint }), ...(reason ? { reason } : {}) };
}

// ---------------------------------------------------------------------------------------------------

const gointsOfView = (c: AdminCommissionView) => c.amount.goints;

/** '8 Goints (≈ 0,80 €)' / '8 Goints (≈ €0.80)': the amount as the tab shows it, in the admin's language. */
export function commissionAmount(c: Pick<AdminCommissionView, 'amount'>, lang: Lang): string {
  return translator(lang)('admin:held.amount', { goints: formatNumber(c.amount.goints, lang), euro: formatEuro(c.amount.cents, lang) }) as string;
}

function whyHeld(c: AdminCommissionView, lang: Lang): string {
  const t = translator(lang);
  const flags = c.flags.length ? c.flags : [{ code: 'other' }];
  return flags.map((f) => t(`admin:held.flags.${f.code}`, { detail: f.detail ?? '', defaultValue: t('admin:held.flags.other') }) as string).join(' ');
}

/** One held commission for the list and the card: who, amount, deal, why held. */
export interface HeldCommissionRow {
  ref: string;
  partner: string;
  partnerEmail: string;
  referred: string;
  amount: string;
  amountCents: number;
  goints: number;
  level: number;
  deal: string;
  why: string;
  booked: string;
}

function heldRow(c: AdminCommissionView, lang: Lang): HeldCommissionRow {
  const t = translator(lang);
  return {
    ref: shortRef(c.id),
    partner: c.partnerName,
    partnerEmail: c.partnerEmail,
    referred: c.referred ? `${c.referred.name} (${c.referred.email})` : (t('admin:held.accountGone') as string),
    amount: commissionAmount(c, lang),
    amountCents: c.amount.cents,
    goints: c.amount.goints,
    level: c.level,
    deal: shortRef(c.dealId),
    why: whyHeld(c, lang),
    booked: dateTime(c.createdAt, lang),
  };
}

const choiceLabel = (c: AdminCommissionView, lang: Lang) => `#${shortRef(c.id)} · ${c.partnerName} · ${commissionAmount(c, lang)}`;

/** The held commissions, newest first: the order of the list the admin reads ('the first one' is its first). */
const heldQueue = (ctx: AdminCtx) => listCommissionsForAdmin(ctx.deps.db.prisma, 'held');

/** A commission by its reference (6 characters or the full id), among every status; null when none or several fit. */
const commissionByRef = (ctx: AdminCtx, ref: string) => findCommissionForAdminByRef(ctx.deps.db.prisma, ref);

type Named = { ref?: string; hint?: string; reason?: string };

/**
 * The held commission the admin means: the one with this reference; else, of the held ones, the one their
 * words name (an e-mail address, the partner's or the referred person's name, the amount in euros or Goints,
 * the place in the list), or the only one; else the candidates as buttons for `tool`.
 */
async function commissionNamed(ctx: AdminCtx, input: Named, tool: DecideTool): Promise<AdminCommissionView | ToolOutcome> {
  if (input.ref) {
    const c = await commissionByRef(ctx, input.ref);
    return c ?? refuse(ctx, 'ADMIN_COMMISSION_NOT_FOUND', { ref: cleanRef(input.ref).slice(0, 6) });
  }
  const queue = await heldQueue(ctx);
  if (!queue.length) return refuse(ctx, 'NO_HELD_COMMISSIONS');
  const hint = input.hint ?? '';
  const byPerson = narrowByPerson(queue, hint, (c) => ({ names: [c.partnerName, c.referred?.name], email: c.partnerEmail }), COMMAND_WORDS);
  const email = emailOf(hint);
  const byReferredEmail = email ? queue.filter((c) => c.referred?.email.toLowerCase() === email.toLowerCase()) : [];
  if (byPerson && !byPerson.length && !byReferredEmail.length) return refuse(ctx, 'ADMIN_COMMISSION_NONE_FOR', { who: email ?? '' });
  let fit = byReferredEmail.length ? byReferredEmail : (byPerson ?? queue);
  const goints = gointsOf(hint);
  const euros = goints === null ? euroAmountOf(hint) : null;
  if (goints !== null) {
    const byGoints = fit.filter((c) => Math.abs(gointsOfView(c) - goints) < 0.5);
    if (byGoints.length) fit = byGoints;
  } else if (euros !== null) {
    const byAmount = fit.filter((c) => Math.abs(c.amount.cents - Math.round(euros * 100)) < 5);
    if (byAmount.length) fit = byAmount;
  }
  const place = listPlaceOf(hint);
  if (fit.length > 1 && place !== null) {
    const picked = place < 0 ? fit[fit.length - 1] : fit[place];
    if (picked) fit = [picked];
  }
  if (fit.length === 1) return fit[0]!;
  return chooseOne(
    ctx,
    fit.map((c) => ({ label: choiceLabel(c, ctx.lang), tool, input: { ref: shortRef(c.id), ...(input.reason ? { reason: input.reason } : {}) } })),
    { context: tool },
  );
}

const statusLabel = (lang: Lang, s: string) => translator(lang)(`admin:audit.values.commission.${s}`, { defaultValue: s }) as string;

/** The facts of a commission for replies, summaries and refusals. */
const facts = (c: AdminCommissionView, lang: Lang) => ({
  ref: shortRef(c.id),
  name: c.partnerName,
  email: c.partnerEmail,
  amount: commissionAmount(c, lang),
  deal: shortRef(c.dealId),
  status: statusLabel(lang, c.status),
});

/** What the decision does, row by row: status, amount, where the money goes, why it was held, the reason, who is told. */
function decisionCard(c: AdminCommissionView, lang: Lang, decision: Decision, reason: string): ChangeView {
  const t = translator(lang);
  const amount = commissionAmount(c, lang);
  const after = decision === 'void' ? 'canceled' : new Date(c.availableAt) <= new Date() ? 'available' : 'pending';
  return {
    subject: t('admin:held.chat.subject', { ref: shortRef(c.id), name: c.partnerName, email: c.partnerEmail, deal: shortRef(c.dealId) }) as string,
    rows: [
      { label: t('chat:admin.change.status') as string, before: statusLabel(lang, c.status), after: statusLabel(lang, after) },
      {
        label: t('admin:held.chat.money') as string,
        before: t('admin:held.chat.inPending', { amount }) as string,
        after: t(decision === 'void' ? 'admin:held.chat.toPlatform' : after === 'available' ? 'admin:held.chat.toEarnings' : 'admin:held.chat.inWindow', {
          amount,
        }) as string,
      },
      { label: t('admin:held.flagsLabel') as string, before: null, after: whyHeld(c, lang) },
      {
        label: t('admin:held.referred') as string,
        before: null,
        after: c.referred ? `${c.referred.name} (${c.referred.email})` : (t('admin:held.accountGone') as string),
      },
      { label: t('chat:admin.change.reason') as string, before: null, after: reason },
      ...(decision === 'void'
        ? [{ label: t('chat:admin.change.notice') as string, before: null, after: t('admin:held.chat.partnerTold', { email: c.partnerEmail }) as string }]
        : []),
    ],
  };
}

/** The reason a release without one is recorded with (the tab asks for one; the chat takes the admin's click). */
const releaseReason = (input: Named, lang: Lang) => input.reason?.trim() || (translator(lang)('admin:held.chat.releasedWithoutReason') as string);

const namedInput = {
  ref: z
    .string()
    .trim()
    .regex(/^#?[0-9a-fA-F-]{6,36}$/)
    .optional()
    .describe("The commission's reference ('#a1b2c3', as the list shows it) or its full id"),
  hint: z
    .string()
    .trim()
    .max(300)
    .optional()
    .describe("How the admin named the commission otherwise: the partner's or the referred person's name or e-mail, the amount, its place in the list"),
};

function decideTool(decision: Decision): AnyChatToolDef {
  const name: DecideTool = decision === 'void' ? 'adminVoidCommission' : 'adminReleaseCommission';
  const reasonOk = (r: string | undefined) => !!r && r.trim().length >= COMMISSION_REASON_MIN;
  return defineChatTool({
    name,
    description:
      decision === 'void'
        ? "Voids a held commission (a fraud rule held it back): it lapses and its amount goes back to platform revenue; the partner is told the reason by e-mail and in the chat. A reason is required (3 to 500 characters, the admin's words). By its reference, or by how the admin named it in hint (the partner's or the referred person's name or e-mail, the amount, 'the first one'); several that fit come back as buttons. Only proposes it: the admin confirms the before/after card (admins only)."
        : "Releases a held commission (a fraud rule held it back): it counts again and becomes payable once its refund window has passed; the admin's reason is optional. By its reference, or by how the admin named it in hint (the partner's or the referred person's name or e-mail, the amount, 'the first one'); several that fit come back as buttons. Only proposes it: the admin confirms the before/after card (admins only).",
    input: z.object({
      ...namedInput,
      reason: z.string().trim().max(COMMISSION_REASON_MAX).optional().describe("The admin's reason, in their words (the partner reads it when voided)"),
    }),
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const c = await commissionNamed(ctx, input, name);
      if (isToolOutcome(c)) return c;
      if (c.status !== 'held') return refuse(ctx, 'COMMISSION_NOT_HELD', facts(c, ctx.lang));
      if (decision === 'void' && !reasonOk(input.reason)) return refuse(ctx, 'COMMISSION_VOID_REASON_REQUIRED', facts(c, ctx.lang));
      return null;
    },
    // The card names the commission by its full id and keeps the reason it shows: the click decides exactly that.
    pinInput: async (ctx, input) => {
      const c = await commissionNamed(ctx, input, name);
      if (isToolOutcome(c)) return input;
      return { ref: c.id, reason: decision === 'void' ? input.reason : releaseReason(input, ctx.lang) };
    },
    confirmData: async (ctx, input) => {
      const c = await commissionNamed(ctx, input, name);
      if (isToolOutcome(c)) return {};
      const reason = decision === 'void' ? (input.reason ?? '') : releaseReason(input, ctx.lang);
      return { change: decisionCard(c, ctx.lang, decision, reason), ...facts(c, ctx.lang) };
    },
    confirmSummary: (_input, data) => ({
      key: `confirm.summary.${name}`,
      params: { ref: String(data?.ref ?? ''), amount: String(data?.amount ?? ''), name: String(data?.name ?? '') },
    }),
    understand: { intents: [name], slots: ({ text }) => commissionSlots(text, decision) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const c = input.ref ? await commissionByRef(ctx, input.ref) : null;
        if (!c) return refuse(ctx, 'ADMIN_COMMISSION_NOT_FOUND', { ref: cleanRef(input.ref ?? '').slice(0, 6) });
        const reason = decision === 'void' ? (input.reason ?? '').trim() : releaseReason(input, ctx.lang);
        // Run again after an interruption (the confirmation is resumable): this admin's own decision is already
        // booked, so it is answered as done instead of refused.
        if (c.status !== 'held' && c.decidedById === ctx.auth.user.id && c.decisionReason === reason && (c.status === 'canceled') === (decision === 'void'))
          return { accepted: true, state: ctx.machine.state, data: { ...facts(c, ctx.lang), reason } };
        if (c.status !== 'held') return refuse(ctx, 'COMMISSION_NOT_HELD', facts(c, ctx.lang));
        if (reason.length < COMMISSION_REASON_MIN) return refuse(ctx, 'COMMISSION_VOID_REASON_REQUIRED', facts(c, ctx.lang));
        const done = await decideAndTellCommission(ctx.deps, ctx.auth.user.id, c.id, decision, reason, 'chat');
        return { accepted: true, state: ctx.machine.state, data: { ...facts(c, ctx.lang), reason, status: statusLabel(ctx.lang, done.status) } };
      }),
  });
}

export const adminCommissionTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'adminListHeldCommissions',
    description:
      'Lists the commissions a fraud rule held back, newest first: the partner, the amount (Goints and euros), the deal, the referred person and why it was held, each with its reference (#a1b2c3) and the buttons to release or void it. Reading changes nothing (admins only).',
    input: z.object({}),
    access: admin,
    machine: '*',
    states: '*',
    understand: { intents: ['adminListHeldCommissions'] },
    run: async (ctx) => {
      const queue = await heldQueue(ctx);
      const rows = queue.slice(0, CHAT_ROWS).map((c) => heldRow(c, ctx.lang));
      const t = translator(ctx.lang);
      const milli = queue.reduce((s, c) => s + BigInt(Math.round(c.amount.goints * 1000)), 0n);
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          commissions: rows,
          count: queue.length,
          shown: rows.length,
          total: t('admin:held.amount', { goints: formatNumber(toGointsExact(milli), ctx.lang), euro: formatEuro(milliToCents(milli), ctx.lang) }) as string,
          list: rows.map((r, i) => `${i + 1}. ${t('admin:held.chat.line', { ...r })}`).join('\n'),
        },
        choices: rows.flatMap((r) => [
          { label: t('admin:held.chat.sayRelease', { ref: r.ref }) as string, tool: 'adminReleaseCommission', input: { ref: r.ref } },
          { label: t('admin:held.chat.sayVoid', { ref: r.ref }) as string, tool: 'adminVoidCommission', input: { ref: r.ref } },
        ]),
      };
    },
  }),
  decideTool('release'),
  decideTool('void'),
];
