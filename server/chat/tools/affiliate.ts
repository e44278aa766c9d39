// Partner tools: the caller's referral code and link, earnings and network per level, through the same
// domain queries as /api/affiliate/* (one domain, two doors). Any signed-in person is a partner; every
// answer is about the caller only. Offered in the resting states of each flow, never in the middle of a form.
import { z } from 'zod';
import { euroAmountOf, languageNamed, payoutKindNamed, quotedOf } from '../../ai/understanding/entities.ts';
import { foldText } from '../../ai/understanding/features.ts';
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
import { payoutMethodOfKind, stripeSetupOffer } from './payout-setup.ts';
import { AppError } from '../../../core/errors.ts';
import { sendSupportMessage } from '../../domain/support/send-support-message.ts';
import { checkSupportBody, SUPPORT_MESSAGE_MAX } from '../../domain/support/support-message.ts';
import { attempt, refusalOf } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { MarketingTextData, PartnerEarningsData, PartnerNetworkData, ReferralCodeData } from '../../../core/chat/output-types.ts';

const MACHINES = ['welcome', 'intake', 'providerDesk'] as const;
const RESTING = ['greeting', 'explainingHowItWorks', 'offeringRequest', 'choosingCategory', 'submitted', 'ready'];

/** E-mail template or social media post, as the message names it ('für Instagram', 'eine Mail-Vorlage'). */
function marketingKindOf(text: string): 'email' | 'social' | undefined {
  const f = foldText(text, 'de');
  if (/\b(instagram|insta|facebook|fb|social|linkedin|tiktok|twitter|whatsapp|status|story|post\w*|beitrag|caption)\b/.test(f)) return 'social';
  if (/(e-?mail|mail|newsletter)/.test(f)) return 'email';
  return undefined;
}

/**
 * Whether a support message says what it is about, beyond asking for a person: at least four words that are
 * not 'support', 'admin', 'mensch', 'talk', 'please' and the like.
 */
function hasConcern(body: string): boolean {
  const filler = new Set(
    'ich du sie mit einem einer einen dem den der die das mal bitte gern gerne will mochte mochten konnen kann reden sprechen schreiben kontakt kontaktieren mensch menschen echten person support admin team mitarbeiter jemand jemandem jemanden verbinden hilfe helfen i you me to with a an the please want would like talk speak write contact human real person someone somebody support admin team help staff agent connect can could get'.split(
      ' ',
    ),
  );
  const words = foldText(body, 'de').match(/\p{L}{2,}/gu) ?? [];
  return words.filter((w) => !filler.has(w)).length >= 3;
}

/** What a partner may pay out now: only available commissions (the partner_earnings account). */
const availableCents = async (ctx: ChatToolContext<'user'>) => milliToCents(await getBalance(ctx.deps.db.prisma, account.partnerEarnings(ctx.auth.user.id)));
const payoutInput = z.object({
  amountEuro: z.number().positive().max(1_000_000).optional().describe('Euros; everything available when left out'),
  method: z.enum(['paypal', 'bank', 'stripe']).optional().describe('Which kind of payout method; the newest one when left out'),
});
type PayoutInput = z.infer<typeof payoutInput>;
const amountCentsOf = (input: PayoutInput, available: number) => (input.amountEuro !== undefined ? Math.round(input.amountEuro * 100) : available);
const methodFor = async (ctx: ChatToolContext<'user'>, input: PayoutInput) =>
  payoutMethodOfKind(await listPayoutMethods(ctx.deps, ctx.auth.user.id), input.method);

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
    understand: { intents: ['showReferralCode'] },
    run: async (ctx) => {
      const o = await getPartnerOverview(ctx.deps.db.prisma, ctx.auth.user.id, { origin: ctx.deps.config.appUrl });
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
    understand: { intents: ['showPartnerEarnings'] },
    run: async (ctx) => {
      const { earnings: e } = await getPartnerOverview(ctx.deps.db.prisma, ctx.auth.user.id, { origin: ctx.deps.config.appUrl });
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
    understand: { intents: ['showPartnerNetwork'] },
    run: async (ctx) => {
      const n = await getPartnerNetwork(ctx.deps.db.prisma, ctx.auth.user.id);
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
    understand: {
      intents: ['showMarketingText'],
      slots: ({ text }) => {
        const lang = languageNamed(text);
        const kind = marketingKindOf(text);
        return { ...(lang ? { lang } : {}), ...(kind ? { kind } : {}) };
      },
    },
    run: async (ctx, input) => {
      const lang = input.lang ?? ctx.lang;
      const user = ctx.auth.user;
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
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      // Asking for a person without saying what about: the support card lets them write it.
      if (!hasConcern(input.body)) return { accepted: false, reason: 'SUPPORT_WRITE_FIRST', state: ctx.machine.state, data: { compose: true } };
      return refusalOf(ctx, async () => {
        checkSupportBody(input.body);
      });
    },
    confirmSummary: (input) => ({ key: 'confirm.summary.writeSupportMessage', params: { body: input.body.trim() } }),
    understand: {
      // 'Schreib dem Support: …' sends what follows; 'ich habe ein Problem mit meinem Konto' sends the message
      // itself; 'ich will mit einem Menschen reden' alone gets the form to write in (precheck).
      intents: ['writeSupportMessage', 'contactHuman'],
      slots: ({ text }) => ({ body: (quotedOf(text) ?? text).trim().slice(0, SUPPORT_MESSAGE_MAX) }),
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const m = await sendSupportMessage(ctx.deps, ctx.auth.user.id, input.body);
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
    precheck: async (ctx, input) =>
      (await refusalOf(ctx, async () => {
        const available = await availableCents(ctx);
        checkPayoutAmount(amountCentsOf(input, available), available, ctx.lang);
      })) ??
      // Nowhere to pay to yet: where Stripe Connect is offered, a button sets it up (decision 081).
      stripeSetupOffer(ctx, await listPayoutMethods(ctx.deps, ctx.auth.user.id), input.method) ??
      refusalOf(ctx, async () => {
        if (!(await methodFor(ctx, input))) throw new AppError('PAYOUT_METHOD_REQUIRED');
      }),
    confirmData: async (ctx, input) => {
      const method = (await methodFor(ctx, input))!;
      return {
        amountCents: amountCentsOf(input, await availableCents(ctx)),
        methodId: method.id,
        methodLabel:
          method.type === 'paypal'
            ? `PayPal ${method.paypalEmail}`
            : method.type === 'stripe'
              ? `Stripe •••• ${method.stripeAccountLast4 ?? ''}`
              : `IBAN ${method.iban}`,
      };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.requestPartnerPayout',
      params: { amount: Number(data?.amountCents ?? 0), method: String(data?.methodLabel ?? '') },
    }),
    understand: {
      intents: ['requestPartnerPayout'],
      slots: ({ text }) => {
        const amount = euroAmountOf(text);
        const method = payoutKindNamed(text);
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
          ctx.auth.user.id,
          { amountCents, methodId: method.id, source: 'partner_earnings', idempotencyKey: `chat:${ctx.confirmationId ?? ctx.toolCallId}` },
          ctx.lang,
        );
        return { accepted: true, state: ctx.machine.state, data: { payoutId: r.payoutId, amountCents, method: method.type } };
      }),
  }),
];
