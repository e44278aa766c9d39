// Admin price tool: 'Setze den Preis für Handwerk auf 8 €' / 'change the Handwerk price to 8 euros'. Proposes
// the change as a before/after card; only the admin's click runs it, through the same domain commands as the
// price-list tab (createPriceEntry / updatePriceEntry, audited with via 'chat'). Decision 032.
import { z } from 'zod';
import { CATEGORY_IDS, CATEGORY_LABELS, type CategoryId } from '../../ai/nlu/categories.ts';
import { categoryNamed, eurosOf, gointsOf, percentOf } from '../../ai/understanding/entities.ts';
import { foldText } from '../../ai/understanding/features.ts';
import { translator, type Lang } from '../../i18n.ts';
import { AppError } from '../../../core/errors.ts';
import { formatEuro } from '../../domain/offers/format.ts';
import { createPriceEntry } from '../../domain/prices/create-price-entry.ts';
import { updatePriceEntry } from '../../domain/prices/update-price-entry.ts';
import {
  centsToUnlockGoints,
  checkPriceEntry,
  DEFAULT_BASE_PRICE_CENTS,
  DEFAULT_COMMISSION_RATE_BP,
  parseEuroCents,
  parsePercentBp,
  type PriceEntryInput,
} from '../../domain/prices/price-list.ts';
import type { ChangeView } from '../../../core/chat/outcome.ts';
import { attempt, refuse, refusalOf } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import { findCategoryPriceEntry } from '../../domain/prices/find-category-price-entry.ts';

const input = z.object({
  category: z.enum(CATEGORY_IDS).optional().describe('The category whose price changes (handwerk, auto, …)'),
  basePrice: z.string().max(20).optional().describe("New base price in euros, e.g. '8' or '7,50' (an unlock costs it × 10 Goints)"),
  commissionRate: z.string().max(10).optional().describe("New platform share of the unlock fees at a deal, in percent, e.g. '40'"),
});
type Input = z.infer<typeof input>;

// Category names beyond the labels ('Handwerker', 'trades', 'food'): what admins call the price list's rows.
const EXTRA_NAMES: [RegExp, CategoryId][] = [
  [/\bhandwerk(er|s)?\b|\btrades?\b|\bcrafts?\b/, 'handwerk'],
  [/\b(urlaub|reisen?|travel|holidays?)\b/, 'urlaub_reisen'],
  [/\b(insurance|versicherungen)\b/, 'versicherung'],
  [/\b(food)\b/, 'essen'],
  [/\b(gastro|catering|hospitality)\b/, 'gastronomie'],
  [/\b(services)\b/, 'dienstleistungen'],
  [/\b(real estate|property)\b/, 'immobilien'],
  [/\b(electronics)\b/, 'elektronik'],
  [/\b(cars?)\b/, 'auto'],
];

/**
 * The change a message names: the category, a new price in euros (or in Goints: 80 Goints = 8 €) and/or a new
 * platform share in percent ('Setze den Preis für Handwerk auf 8 €', 'Handwerk soll 80 Goints kosten',
 * 'platform share for cars 40 %').
 */
export function priceChangeOf(text: string): Input | null {
  const f = foldText(text, 'de');
  const category = categoryNamed(text) ?? EXTRA_NAMES.find(([re]) => re.test(f))?.[1];
  if (!category) return null;
  return { category, ...priceValuesOf(text) };
}

/** The new price (euros, or Goints: 80 Goints = 8 €) and platform share a message names, with or without its category. */
export function priceValuesOf(text: string): Omit<Input, 'category'> {
  const rate = percentOf(text);
  const euros = eurosOf(text)[0];
  const goints = gointsOf(text);
  const price = euros ?? (goints !== null ? goints / 10 : undefined);
  return {
    // Cents as written in German: '8', '7,50'.
    ...(price !== undefined ? { basePrice: Number.isInteger(price) ? String(price) : price.toFixed(2).replace('.', ',') } : {}),
    ...(rate !== null ? { commissionRate: String(rate).replace('.', ',') } : {}),
  };
}

interface Planned {
  entryId: string | null;
  before: { basePriceCents: number; commissionRateBp: number; fromEntry: boolean };
  next: PriceEntryInput;
}

/** The category's entry now and the entry after the change; throws a translated refusal when the input is not valid. */
async function plan(ctx: ChatToolContext, i: Input): Promise<Planned> {
  if (!i.category) throw new AppError('PRICE_CATEGORY_UNKNOWN');
  const existing = await findCategoryPriceEntry(ctx.deps.db.prisma, i.category);
  const cents = i.basePrice === undefined ? undefined : parseEuroCents(i.basePrice);
  const bp = i.commissionRate === undefined ? undefined : parsePercentBp(i.commissionRate);
  if (cents === null || (cents === undefined && bp === undefined)) throw new AppError('PRICE_AMOUNT_INVALID');
  if (bp === null) throw new AppError('PRICE_RATE_INVALID');
  const before = existing
    ? { basePriceCents: existing.basePriceCents, commissionRateBp: existing.commissionRateBp, fromEntry: true }
    : { basePriceCents: DEFAULT_BASE_PRICE_CENTS, commissionRateBp: DEFAULT_COMMISSION_RATE_BP, fromEntry: false };
  const next = checkPriceEntry({
    industryCategory: i.category,
    serviceType: '',
    basePriceCents: cents ?? before.basePriceCents,
    commissionRateBp: bp ?? before.commissionRateBp,
    description: existing?.description ?? '',
  });
  return { entryId: existing?.id ?? null, before, next };
}

const percent = (bp: number, lang: Lang) => `${new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { maximumFractionDigits: 2 }).format(bp / 100)} %`;

function changeView(p: Planned, lang: Lang): ChangeView {
  const t = translator(lang);
  const std = (s: string) => (p.before.fromEntry ? s : t('chat:adminPrices.standard', { value: s }));
  return {
    subject: t('chat:adminPrices.subject', { category: CATEGORY_LABELS[p.next.industryCategory as CategoryId][lang] }),
    rows: [
      { label: t('chat:adminPrices.basePrice'), before: std(formatEuro(p.before.basePriceCents, lang)), after: formatEuro(p.next.basePriceCents, lang) },
      {
        label: t('chat:adminPrices.unlockPrice'),
        before: std(t('chat:adminPrices.goints', { goints: centsToUnlockGoints(p.before.basePriceCents) })),
        after: t('chat:adminPrices.goints', { goints: centsToUnlockGoints(p.next.basePriceCents) }),
      },
      { label: t('chat:adminPrices.commissionRate'), before: std(percent(p.before.commissionRateBp, lang)), after: percent(p.next.commissionRateBp, lang) },
    ],
  };
}

const categoriesList = (lang: Lang) => CATEGORY_IDS.map((id) => CATEGORY_LABELS[id][lang]).join(', ');

/** The question for what a price change still lacks (the category; a price or a share), with the values now. */
async function priceQuestion(ctx: ChatToolContext, i: Input) {
  if (!i.category) return refuse(ctx, 'PRICE_CATEGORY_REQUIRED', { categories: categoriesList(ctx.lang) });
  if (i.basePrice !== undefined || i.commissionRate !== undefined) return null;
  const existing = await findCategoryPriceEntry(ctx.deps.db.prisma, i.category);
  const cents = existing?.basePriceCents ?? DEFAULT_BASE_PRICE_CENTS;
  return refuse(ctx, 'PRICE_VALUE_REQUIRED', {
    category: CATEGORY_LABELS[i.category][ctx.lang],
    price: formatEuro(cents, ctx.lang),
    goints: centsToUnlockGoints(cents),
    rate: percent(existing?.commissionRateBp ?? DEFAULT_COMMISSION_RATE_BP, ctx.lang),
  });
}

export const adminPriceTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'setCategoryPrice',
    description:
      "Changes a category's price-list entry (admins only): the unlock price (base price in euros; an unlock costs it × 10 Goints) and/or the platform's share of the unlock fees at a deal (percent). Applies to the next unlocks; unlocks already paid keep their price. Only proposes it: the admin sees before and after and confirms with the button.",
    input,
    access: { roles: ['admin'] },
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, i) => (await priceQuestion(ctx, i)) ?? refusalOf(ctx, async () => void (await plan(ctx, i))),
    confirmData: async (ctx, i) => {
      const p = await plan(ctx, i);
      return { change: changeView(p, ctx.lang), category: i.category, basePriceCents: p.next.basePriceCents, commissionRateBp: p.next.commissionRateBp };
    },
    confirmSummary: (i, data) => ({
      key: 'confirm.summary.setCategoryPrice',
      params: { subject: String((data?.change as ChangeView | undefined)?.subject ?? i.category ?? '') },
    }),
    understand: { intents: ['setCategoryPrice'], slots: ({ text }) => priceChangeOf(text) ?? priceValuesOf(text) },
    run: (ctx, i) =>
      attempt(ctx, async () => {
        const p = await plan(ctx, i);
        const adminId = ctx.auth.user.id;
        const entry = p.entryId
          ? await updatePriceEntry(ctx.deps.db.prisma, adminId, p.entryId, p.next, 'chat')
          : await createPriceEntry(ctx.deps.db.prisma, adminId, p.next, 'chat');
        return {
          accepted: true,
          state: ctx.machine.state,
          data: {
            category: CATEGORY_LABELS[entry.industryCategory][ctx.lang],
            price: formatEuro(entry.basePriceCents, ctx.lang),
            goints: entry.unlockGoints,
            rate: percent(entry.commissionRateBp, ctx.lang),
          },
        };
      }),
  }),
];
