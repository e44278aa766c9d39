// Partner tools: the caller's referral code and link, earnings and network per level, through the same
// domain queries as /api/affiliate/* (one domain, two doors). Any signed-in person is a partner; every
// answer is about the caller only. Offered in the resting states of each flow, never in the middle of a form.
import { z } from 'zod';
import { matchesAny, normalize } from '../../ai/offline/intents.ts';
import { translator, type Lang } from '../../i18n.ts';
import { getPartnerOverview } from '../../domain/affiliate/get-partner-overview.ts';
import { getPartnerNetwork } from '../../domain/affiliate/get-partner-network.ts';
import { getPartnerProfile } from '../../domain/affiliate/get-partner-profile.ts';
import { listMarketingMaterials } from '../../domain/affiliate/list-marketing-materials.ts';
import { fillMarketingMaterial, partnerSignature } from '../../../core/affiliate/fill-marketing-text.ts';
import { formatEuro } from '../../domain/offers/format.ts';
import { account } from '../../domain/ledger/accounts.ts';
import { getBalance } from '../../domain/ledger/get-balance.ts';
import { milliToCents } from '../../../core/money/money.ts';
import { checkPayoutAmount } from '../../domain/payouts/payout-rules.ts';
import { listPayoutMethods } from '../../domain/payouts/payout-methods.ts';
import { requestPayout } from '../../domain/payouts/request-payout.ts';
import { AppError } from '../../../core/errors.ts';
import { sendSupportMessage } from '../../domain/support/send-support-message.ts';
import { checkSupportBody, SUPPORT_MESSAGE_MAX } from '../../domain/support/support-message.ts';
import { amountOf } from './market-forms.ts';
import { attempt, refusalOf } from './refs.ts';
import { PAYOUT } from './market-detectors.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { MarketingTextData, PartnerEarningsData, PartnerNetworkData, ReferralCodeData } from '../../../core/chat/output-types.ts';

const MACHINES = ['welcome', 'intake', 'providerDesk'] as const;
const RESTING = ['greeting', 'explainingHowItWorks', 'offeringRequest', 'choosingCategory', 'submitted', 'ready'];

const CODE = [
  /\b(empfehlungs-?code|partner-?code|empfehlungs-?link|partner-?link|einladungs-?link|ref-?link)s?\b/,
  /\bmein(en)? (code|link)\b/,
  /\b(referral|partner|affiliate|invite|invitation) (code|link)s?\b/,
  /\bmy (code|link)\b/,
];
const EARNINGS = [
  /\b(meine|wie ?viel|was)\b.*\b(provision(en)?|kommission(en)?|partner-?(einnahmen|verdienst))\b/,
  /\bprovision(en)?\b.*\b(verdient|diesen monat|insgesamt|gesamt)\b/,
  /\b(my|how much|what)\b.*\b(commissions?|partner earnings|affiliate earnings|referral earnings)\b/,
  /\bcommissions?\b.*\b(earned|this month|in total)\b/,
];
const NETWORK = [
  /\b(mein(em)?|wie gross|wie viele)\b.*\b(netzwerk|downline|geworbenen?)\b/,
  /\b(pro|je|nach) ebenen?\b/,
  /\b(my|how big|how many)\b.*\b(network|downline|referrals)\b/,
  /\b(per|by) levels?\b/,
];

// 'Gib mir einen Werbetext', 'E-Mail-Vorlage zum Einladen', 'Text für Instagram', 'give me a marketing text',
// 'an email template in German', 'something to post on social media'. Not when the person looks for someone
// to write one (that is a request for the marketplace).
const SOCIAL = String.raw`(instagram|facebook|social[ -]?media|linkedin|tiktok|twitter|whatsapp)`;
const MARKETING = [
  /\b(werbe|marketing|promo|einladungs|social-?media)-?(text|texte|vorlagen?|materials?|materialien|post|posts|beitrag|mail|e-?mail|nachricht)\b/,
  /\b(e-?mail|mail|text)-?vorlagen?\b/,
  new RegExp(String.raw`\b(text|texte|beitrag|post|posting|vorlage|caption|copy|template)s?\b.*\b${SOCIAL}\b`),
  new RegExp(String.raw`\b(was|etwas|something|anything)\b( zum (posten|teilen)| to (post|share))? (fuer|auf|on|for) ${SOCIAL}\b`),
  /\bmarketing (texts?|copy|materials?|templates?|messages?|posts?)\b/,
  /\b(promo|promotional|advertising|ad) (texts?|copy|posts?|messages?|templates?)\b/,
  /\b(e-?mail|mail|invitation|invite) templates?\b/,
  /\binvitation (e-?mail|mail|text|message)s?\b/,
];
const LOOKING_FOR_WRITER = /\b(jemand(en|em)?|someone|somebody|anyone|anybody|texter(in)?|copywriter|agentur|agency|freelancer(in)?)\b/;
const marketingInputOf = (text: string): { lang?: Lang; kind?: 'email' | 'social' } | null => {
  const n = normalize(text);
  if (!matchesAny(n, MARKETING) || LOOKING_FOR_WRITER.test(n)) return null;
  const en = /\b(englisch(e|en|er|em)?|english)\b/.test(n);
  const de = /\b(deutsch(e|en|er|em)?|german)\b/.test(n);
  const kind = new RegExp(String.raw`\b(${SOCIAL}|post|posten|posting|beitrag|caption|story)\b`).test(n)
    ? 'social'
    : /(e-?mail|mail|newsletter)(-?vorlagen?)?\b/.test(n)
      ? 'email'
      : undefined;
  return { ...(en !== de ? { lang: en ? 'en' : 'de' } : {}), ...(kind ? { kind } : {}) };
};

// 'Schreib dem Support: …', 'Nachricht an den Support: …', 'Write to support: …', 'Send support a message: …'.
// The message is what follows the colon (or dash), as the person wrote it.
const SUPPORT = [
  /^\s*(?:bitte\s+)?(?:schreib(?:e)?|sende|schick(?:e)?)\s+(?:(?:eine\s+)?nachricht\s+)?(?:an\s+)?(?:den|dem)?\s*(?:admin-?)?support(?:-?team)?\s*(?:eine\s+nachricht)?\s*[:\-–]\s*([\s\S]+)$/i,
  /^\s*(?:eine\s+)?nachricht\s+an\s+(?:den\s+)?(?:admin-?)?support(?:-?team)?\s*[:\-–]\s*([\s\S]+)$/i,
  /^\s*(?:please\s+)?(?:write|send|message)\s+(?:a\s+message\s+)?(?:to\s+)?(?:the\s+)?(?:admin\s+)?support(?:\s+team)?\s*(?:a\s+message)?\s*[:\-–]\s*([\s\S]+)$/i,
];
const supportBodyOf = (text: string): string | null => {
  for (const p of SUPPORT) {
    const m = p.exec(text);
    if (m?.[1]?.trim()) return m[1].trim();
  }
  return null;
};

const PARTNER_WORDS = /\b(provision(en)?|kommission(en)?|partner|commissions?|affiliate|referral)\b/;

/** What a partner may pay out now: only available commissions (the partner_earnings account). */
const availableCents = async (ctx: ChatToolContext) => milliToCents(await getBalance(ctx.deps.db.prisma, account.partnerEarnings(ctx.auth.user!.id)));
const payoutInput = z.object({
  amountEuro: z.number().positive().max(1_000_000).optional().describe('Euros; everything available when left out'),
  method: z.enum(['paypal', 'bank']).optional().describe('Which kind of payout method; the newest one when left out'),
});
type PayoutInput = z.infer<typeof payoutInput>;
const amountCentsOf = (input: PayoutInput, available: number) => (input.amountEuro !== undefined ? Math.round(input.amountEuro * 100) : available);
const methodFor = async (ctx: ChatToolContext, input: PayoutInput) =>
  (await listPayoutMethods(ctx.deps, ctx.auth.user!.id)).find((m) => !input.method || m.type === input.method);

const euro = (cents: number, lang: Lang) => formatEuro(cents, lang);
const gointsText = (g: number, lang: Lang) => g.toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 3 });

export const affiliateTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'showReferralCode',
    description: "Shows the person's own referral code (AKUT-XXXXXX) and partner link to share.",
    input: z.object({}),
    access: 'user',
    machine: MACHINES,
    states: RESTING,
    offline: { priority: 90, detect: ({ text }) => (matchesAny(normalize(text), CODE) ? {} : null) },
    run: async (ctx) => {
      const o = await getPartnerOverview(ctx.deps.db.prisma, ctx.auth.user!.id, { origin: ctx.deps.config.appUrl });
      return { accepted: true, state: ctx.machine.state, data: { code: o.code, link: o.link } satisfies ReferralCodeData };
    },
  }),
  defineChatTool({
    name: 'showPartnerEarnings',
    description: "Shows the person's partner commissions: total, this month, pending (refund window) and available to pay out, in Goints and euros.",
    input: z.object({}),
    access: 'user',
    machine: MACHINES,
    states: RESTING,
    offline: { priority: 88, detect: ({ text }) => (matchesAny(normalize(text), EARNINGS) ? {} : null) },
    run: async (ctx) => {
      const { earnings: e } = await getPartnerOverview(ctx.deps.db.prisma, ctx.auth.user!.id, { origin: ctx.deps.config.appUrl });
      const l = ctx.lang;
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          totalGoints: gointsText(e.total.goints, l),
          totalEuro: euro(e.total.cents, l),
          monthGoints: gointsText(e.thisMonth.goints, l),
          monthEuro: euro(e.thisMonth.cents, l),
          pendingEuro: euro(e.pending.cents, l),
          availableEuro: euro(e.available.cents, l),
          availableCents: e.available.cents,
        } satisfies PartnerEarningsData,
      };
    },
  }),
  defineChatTool({
    name: 'showPartnerNetwork',
    description: "Shows the person's partner network: people per level 1-10 (counts only) and how many brought revenue.",
    input: z.object({}),
    access: 'user',
    machine: MACHINES,
    states: RESTING,
    offline: { priority: 86, detect: ({ text }) => (matchesAny(normalize(text), NETWORK) ? {} : null) },
    run: async (ctx) => {
      const n = await getPartnerNetwork(ctx.deps.db.prisma, ctx.auth.user!.id);
      const t = translator(ctx.lang);
      const levels = n.levels.filter((x) => x.people > 0).map((x) => t('chat:offline.partnerLevel', { level: x.level, count: x.people }) as string);
      return {
        accepted: true,
        state: ctx.machine.state,
        data: { count: n.size, active: n.active, levels: levels.join(', '), perLevel: n.levels.map((x) => x.people) } satisfies PartnerNetworkData,
      };
    },
  }),
  defineChatTool({
    name: 'showMarketingText',
    description:
      "Shows a ready marketing text from the partner materials (an e-mail template with subject, or a social media post) in German or English, with the person's own partner link and name filled in. The chat shows the text with a copy button: do not repeat it in full, and never write a marketing text yourself (no income promises).",
    input: z.object({
      lang: z.enum(['de', 'en']).optional().describe('Language of the text; the chat language when left out'),
      kind: z.enum(['email', 'social']).optional().describe('E-mail template or social media post; the first text of the language when left out'),
    }),
    access: 'user',
    machine: MACHINES,
    states: RESTING,
    // Above showReferralCode: 'a marketing text with my link' asks for the text.
    offline: { priority: 91, detect: ({ text }) => marketingInputOf(text) },
    run: async (ctx, input) => {
      const lang = input.lang ?? ctx.lang;
      const user = ctx.auth.user!;
      const [materials, overview, profile] = await Promise.all([
        listMarketingMaterials(ctx.deps.db.prisma, { lang, activeOnly: true }),
        getPartnerOverview(ctx.deps.db.prisma, user.id, { origin: ctx.deps.config.appUrl }),
        getPartnerProfile(ctx.deps.db.prisma, user.id),
      ]);
      const material = materials.find((m) => !input.kind || m.kind === input.kind);
      if (!material) return { accepted: false, reason: 'NO_MARKETING_MATERIAL', state: ctx.machine.state };
      const filled = fillMarketingMaterial(material, { link: overview.link, name: partnerSignature(profile, user.name) });
      return {
        accepted: true,
        state: ctx.machine.state,
        data: { materialId: material.id, lang: material.lang, kind: material.kind, ...filled, link: overview.link } satisfies MarketingTextData,
      };
    },
  }),
  defineChatTool({
    name: 'writeSupportMessage',
    description:
      "Sends the person's message to the akut admin team's support inbox (subject 'Affiliate Support Anfrage'); the team usually answers within 24 hours, in the partner area and by mail when the person is offline. The body must be the person's own words. Only proposes it: the person confirms with the button.",
    input: z.object({ body: z.string().max(SUPPORT_MESSAGE_MAX).describe("The message, in the person's own words") }),
    access: 'user',
    machine: MACHINES,
    states: RESTING,
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        checkSupportBody(input.body);
      }),
    confirmSummary: (input) => ({ key: 'confirm.summary.writeSupportMessage', params: { body: input.body.trim() } }),
    offline: {
      priority: 95,
      detect: ({ text }) => {
        const body = supportBodyOf(text);
        return body ? { body } : null;
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const m = await sendSupportMessage(ctx.deps, ctx.auth.user!.id, input.body);
        return { accepted: true, state: ctx.machine.state, data: { messageId: m.id } };
      }),
  }),
  defineChatTool({
    name: 'requestPartnerPayout',
    description:
      "Requests a payout of the person's available partner commissions (at least 10 €; commissions still in the refund window are not payable) to one of their payout methods. Only proposes it: the person confirms with the button.",
    input: payoutInput,
    access: 'user',
    machine: MACHINES,
    states: RESTING,
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        const available = await availableCents(ctx);
        const amount = amountCentsOf(input, available);
        checkPayoutAmount(amount, available, ctx.lang);
        if (!(await methodFor(ctx, input))) throw new AppError('PAYOUT_METHOD_REQUIRED');
      }),
    confirmData: async (ctx, input) => {
      const method = (await methodFor(ctx, input))!;
      return {
        amountCents: amountCentsOf(input, await availableCents(ctx)),
        methodId: method.id,
        methodLabel: method.type === 'paypal' ? `PayPal ${method.paypalEmail}` : `IBAN ${method.iban}`,
      };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.requestPartnerPayout',
      params: { amount: Number(data?.amountCents ?? 0), method: String(data?.methodLabel ?? '') },
    }),
    offline: {
      // Above the seeker's requestPayout and the earnings question: a payout that names commissions is the
      // partner's (and only ever proposed).
      priority: 92,
      detect: ({ text }) => {
        const n = normalize(text);
        if (!matchesAny(n, PAYOUT) || !PARTNER_WORDS.test(n)) return null;
        const amount = amountOf(text);
        const method = /paypal/i.test(text) ? 'paypal' : /\b(bank|iban|konto|account)\b/i.test(text) ? 'bank' : undefined;
        return { ...(amount ? { amountEuro: amount } : {}), ...(method ? { method } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const method = await methodFor(ctx, input);
        if (!method) throw new AppError('PAYOUT_METHOD_REQUIRED');
        const amountCents = amountCentsOf(input, await availableCents(ctx));
        // The confirmation's id is the payout's idempotency key: a second click is the same payout.
        const r = await requestPayout(
          ctx.deps,
          ctx.auth.user!.id,
          { amountCents, methodId: method.id, source: 'partner_earnings', idempotencyKey: `chat:${ctx.confirmationId ?? ctx.toolCallId}` },
          ctx.lang,
        );
        return { accepted: true, state: ctx.machine.state, data: { payoutId: r.payoutId, amountCents, method: method.type } };
      }),
  }),
];
