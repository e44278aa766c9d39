// The provider's profile by chat: show it, and change categories, postcode, radius, receiving matches, the
// minimum budget, the phone number and the e-mail address with a before/after card (ChangeView). The click saves exactly the changes the card
// showed, on top of the profile as it is then, and refuses when one of those fields changed in between.
// The same domain command as PUT /api/provider/profile (saveProviderProfile: store, then match again).
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { translator, type Lang } from '../../i18n.ts';
import { categoriesNamed, minBudgetOf, pauseNamed, postcodeOf, radiusOf, removalNamed } from '../../ai/understanding/entities.ts';
import { CATEGORY_IDS, categoryLabel, type CategoryId } from '../../ai/nlu/index.ts';
import { findContacts } from '../../../core/redaction/contact.ts';
import { getOwnProviderProfile, requireProviderProfile } from '../../domain/providers/get-own-provider-profile.ts';
import { saveProviderProfile } from '../../domain/providers/save-provider-profile.ts';
import { providerProfileInput, type ProviderProfileInput, type ProviderProfileOutput } from '../../../core/providers/providers.schemas.ts';
import { formatEuro } from '../../domain/offers/format.ts';
import { attempt, refusalOf } from './refs.ts';
import type { ChangeView } from '../../../core/chat/outcome.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { ProviderProfileChangeData, ProviderProfileData, ProviderProfileSavedData } from '../../../core/chat/output-types.ts';

const provider = { roles: ['provider'] } as const;

const FIELDS = ['categories', 'postcode', 'radiusKm', 'acceptsMatches', 'minBudget', 'phone', 'email'] as const;
type Field = (typeof FIELDS)[number];
type Values = Partial<Pick<ProviderProfileInput, Field>>;

const valuesSchema = z.object({
  categories: z.array(z.enum(CATEGORY_IDS)).optional(),
  postcode: z.string().optional(),
  radiusKm: z.number().int().optional(),
  acceptsMatches: z.boolean().optional(),
  minBudget: z.number().int().nullable().optional(),
  phone: z.string().optional(),
  email: z.string().optional(),
});

const editInput = z.object({
  addCategories: z.array(z.enum(CATEGORY_IDS)).max(CATEGORY_IDS.length).optional(),
  removeCategories: z.array(z.enum(CATEGORY_IDS)).max(CATEGORY_IDS.length).optional(),
  postcode: z.string().trim().max(10).optional(),
  radiusKm: z.number().int().optional(),
  acceptsMatches: z.boolean().optional().describe('Receive new matches (false pauses them)'),
  minBudget: z.number().int().min(0).nullable().optional().describe('Minimum budget in euros; null removes it'),
  phone: z.string().trim().max(40).optional().describe('New phone number for customers'),
  email: z.string().trim().max(200).optional().describe('New contact e-mail address for customers'),
  pinned: z.object({ before: valuesSchema, after: valuesSchema }).optional().describe('Set by the server on the card; leave out'),
});
type EditInput = z.infer<typeof editInput>;

const asInput = (p: ProviderProfileOutput): ProviderProfileInput => ({
  firmenname: p.firmenname,
  categories: p.categories,
  postcode: p.postcode,
  radiusKm: p.radiusKm,
  description: p.description,
  phone: p.phone,
  email: p.email,
  acceptsMatches: p.acceptsMatches,
  minBudget: p.minBudget,
});

/** The changed fields: before and after, only where the value differs. */
function changesOf(p: ProviderProfileOutput, input: EditInput): { before: Values; after: Values } {
  const after: Values = {};
  if (input.addCategories?.length || input.removeCategories?.length) {
    const next = [...new Set([...p.categories, ...(input.addCategories ?? [])])].filter((c) => !(input.removeCategories ?? []).includes(c));
    if (next.join() !== p.categories.join()) after.categories = next as CategoryId[];
  }
  if (input.postcode !== undefined && input.postcode !== p.postcode) after.postcode = input.postcode;
  if (input.radiusKm !== undefined && input.radiusKm !== p.radiusKm) after.radiusKm = input.radiusKm;
  if (input.acceptsMatches !== undefined && input.acceptsMatches !== p.acceptsMatches) after.acceptsMatches = input.acceptsMatches;
  if (input.minBudget !== undefined && input.minBudget !== p.minBudget) after.minBudget = input.minBudget;
  if (input.phone !== undefined && input.phone !== p.phone) after.phone = input.phone;
  if (input.email !== undefined && input.email.toLowerCase() !== p.email.toLowerCase()) after.email = input.email;
  const before: Values = {};
  for (const k of Object.keys(after) as Field[]) (before as Record<string, unknown>)[k] = asInput(p)[k] ?? null;
  return { before, after };
}

/** The profile with the changes, checked like the dashboard's form. */
function merged(p: ProviderProfileOutput, after: Values): ProviderProfileInput {
  const parsed = providerProfileInput.safeParse({ ...asInput(p), ...after });
  if (!parsed.success) throw new AppError('PROFILE_CHANGE_INVALID', { params: { fields: parsed.error.issues.map((i) => String(i.path[0])).join(', ') } });
  return parsed.data;
}

function shown(field: Field, value: unknown, lang: Lang): string | null {
  const t = translator(lang);
  if (value === null || value === undefined) return field === 'minBudget' ? (t('chat:providerProfile.none') as string) : null;
  switch (field) {
    case 'categories':
      return (value as CategoryId[]).map((c) => categoryLabel(c, lang)).join(', ');
    case 'radiusKm':
      return `${value} km`;
    case 'acceptsMatches':
      return t(value ? 'chat:providerProfile.on' : 'chat:providerProfile.off') as string;
    case 'minBudget':
      return formatEuro(Number(value) * 100, lang);
    default:
      return String(value);
  }
}

function changeView(p: ProviderProfileOutput, pinned: { before: Values; after: Values }, lang: Lang): ChangeView {
  const t = translator(lang);
  return {
    subject: t('chat:providerProfile.subject', { company: p.firmenname }) as string,
    rows: (Object.keys(pinned.after) as Field[]).map((k) => ({
      label: t(`chat:providerProfile.field.${k}`) as string,
      before: shown(k, pinned.before[k], lang),
      after: shown(k, pinned.after[k], lang),
    })),
  };
}

function profileView(p: ProviderProfileOutput, lang: Lang): ProviderProfileData {
  const t = translator(lang);
  return {
    profile: p,
    company: p.firmenname,
    categories: shown('categories', p.categories, lang) ?? '',
    area: `${p.postcode} ${p.place}`.trim(),
    radius: shown('radiusKm', p.radiusKm, lang) ?? '',
    matches: shown('acceptsMatches', p.acceptsMatches, lang) ?? '',
    minBudget: shown('minBudget', p.minBudget, lang) ?? '',
    verification: t(`chat:providerProfile.verification.${p.verification}`) as string,
  };
}

async function pendingChange(ctx: ChatToolContext<typeof provider>, input: EditInput) {
  const p = await requireProviderProfile(ctx.deps.db.prisma, ctx.auth.user.id);
  const pinned = input.pinned ?? changesOf(p, input);
  if (!Object.keys(pinned.after).length) throw new AppError('PROFILE_UNCHANGED');
  merged(p, pinned.after);
  return { profile: p, pinned };
}

/**
 * The changes a message names: a radius ('30 km'), a postcode, a minimum budget, pausing, categories to add or
 * take out, a phone number or an e-mail address (found by the contact detector; the other values are read
 * from the rest, so a phone number's digits are never a postcode).
 */
function editOf(message: string): EditInput {
  const out: EditInput = {};
  // Only phone numbers and e-mail addresses are cut out: a street address keeps its postcode for the area.
  const contacts = findContacts(message).filter((c) => c.kind === 'phone' || c.kind === 'email');
  let text = message;
  for (const c of [...contacts].reverse()) text = `${text.slice(0, c.start)} ${text.slice(c.end)}`;
  const phone = contacts.find((c) => c.kind === 'phone');
  if (phone) out.phone = phone.value.trim();
  const email = contacts.find((c) => c.kind === 'email');
  if (email) out.email = email.value.trim();
  const radius = radiusOf(text);
  if (radius !== null) out.radiusKm = radius;
  const postcode = postcodeOf(text);
  if (postcode) out.postcode = postcode;
  const minBudget = minBudgetOf(text);
  if (minBudget !== undefined && radius === null) out.minBudget = minBudget;
  const pause = pauseNamed(text);
  if (pause !== null) out.acceptsMatches = !pause;
  const categories = categoriesNamed(text);
  if (categories.length) {
    if (removalNamed(text)) out.removeCategories = categories;
    else out.addCategories = categories;
  }
  return out;
}

export const providerProfileTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'showProviderProfile',
    description: "Shows the provider's profile: company, categories, area (postcode and radius), receiving matches, minimum budget, verification.",
    input: z.object({}),
    access: provider,
    machine: 'providerDesk',
    states: '*',
    understand: { intents: ['showProviderProfile'] },
    run: (ctx) =>
      attempt(ctx, async () => {
        const p = await getOwnProviderProfile(ctx.deps.db.prisma, ctx.auth.user.id);
        if (!p) throw new AppError('PROVIDER_PROFILE_REQUIRED');
        return { accepted: true, state: ctx.machine.state, data: profileView(p, ctx.lang) };
      }),
  }),
  defineChatTool({
    name: 'editProviderProfile',
    description:
      "Changes the provider's categories (add or remove), postcode, radius, receiving matches (on/off), minimum budget, phone number or contact e-mail. Only proposes it: the card shows before and after, the provider confirms with the button.",
    input: editInput,
    access: provider,
    machine: 'providerDesk',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      // 'Ich will mein Profil ändern' without saying what: the profile, and what can be changed by chat.
      const { pinned: _pinned, ...asked } = input;
      if (!Object.values(asked).some((v) => v !== undefined && !(Array.isArray(v) && v.length === 0))) {
        const p = await getOwnProviderProfile(ctx.deps.db.prisma, ctx.auth.user.id);
        return { accepted: false, reason: 'PROFILE_EDIT_WHAT', state: ctx.machine.state, data: p ? profileView(p, ctx.lang) : {} };
      }
      return refusalOf(ctx, async () => {
        await pendingChange(ctx, { ...input, pinned: undefined });
      });
    },
    // The card's before and after are the input of the click.
    pinInput: async (ctx, input) => ({ pinned: (await pendingChange(ctx, { ...input, pinned: undefined })).pinned }),
    confirmData: async (ctx, input) => {
      const { profile, pinned } = await pendingChange(ctx, input);
      return { change: changeView(profile, pinned, ctx.lang) } satisfies ProviderProfileChangeData;
    },
    confirmSummary: () => ({ key: 'confirm.summary.editProviderProfile' }),
    understand: { intents: ['editProviderProfile'], slots: ({ text }) => editOf(text) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const p = await requireProviderProfile(ctx.deps.db.prisma, ctx.auth.user.id);
        const pinned = input.pinned;
        if (!pinned) throw new AppError('PROFILE_UNCHANGED');
        const current = asInput(p) as Record<string, unknown>;
        // Changed in between (another card, the dashboard): nothing is saved.
        for (const [k, v] of Object.entries(pinned.before))
          if (JSON.stringify(current[k] ?? null) !== JSON.stringify(v ?? null)) throw new AppError('CONFLICT');
        const saved = await saveProviderProfile(ctx.deps, ctx.auth.user.id, merged(p, pinned.after));
        return {
          accepted: true,
          state: ctx.machine.state,
          data: { ...profileView(saved.profile, ctx.lang), matched: saved.matched } satisfies ProviderProfileSavedData,
        };
      }),
  }),
];
