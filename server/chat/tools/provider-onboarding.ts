// A new provider sets up the profile by chat: company, categories, postcode and radius, phone, e-mail (the
// account's when left out) and description, in one message of their own words. The card shows the new
// profile as a before/after table (nothing before); the click stores exactly what it showed, through the same
// domain command as the dashboard's onboarding form (saveProviderProfile: welcome bonus, then matching).
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { translator, type Lang } from '../../i18n.ts';
import { categoriesNamed, emailOf, postcodeOf, radiusOf } from '../../ai/understanding/entities.ts';
import { CATEGORY_IDS, categoryLabel } from '../../ai/nlu/categories.ts';
import { getOwnProviderProfile } from '../../domain/providers/get-own-provider-profile.ts';
import { saveProviderProfile } from '../../domain/providers/save-provider-profile.ts';
import { providerProfileInput, type ProviderProfileInput } from '../../../core/providers/providers.schemas.ts';
import { placeOfPostcode } from '../../integrations/geo/postcodes.ts';
import { attempt, refusalOf } from './refs.ts';
import type { ChangeView } from '../../../core/chat/outcome.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

// The labels a person puts before each field, in the order of the alternatives (longer first).
const LABELS = {
  firmenname: /\b(firmenname|firma|unternehmen|betrieb|company name|company|business name)\b/gi,
  categories: /\b(kategorien|kategorie|gewerke|gewerk|branchen|branche|categories|category|trades offered)\b/gi,
  postcode: /\b(postleitzahl|plz|postcode|post code|zip code|zip)\b/gi,
  radiusKm: /\b(umkreis|radius|einzugsgebiet)\b/gi,
  phone: /\b(telefonnummer|telefon|tel|handynummer|handy|phone number|phone|mobile)\b/gi,
  email: /\b(e-mail-adresse|e-mail|email address|email)\b/gi,
  description: /\b(beschreibung|description|ueber uns|über uns|about us)\b/gi,
} as const;
type LabelField = keyof typeof LABELS;

/** Each labelled field's raw value: the text from after its label up to the next label. */
function labelledValues(text: string): Partial<Record<LabelField, string>> {
  const hits: { field: LabelField; start: number; end: number }[] = [];
  for (const field of Object.keys(LABELS) as LabelField[]) {
    const re = new RegExp(LABELS[field].source, 'gi');
    const m = re.exec(text);
    if (m) hits.push({ field, start: m.index, end: m.index + m[0].length });
  }
  hits.sort((a, b) => a.start - b.start);
  const out: Partial<Record<LabelField, string>> = {};
  hits.forEach((h, i) => {
    const until = hits[i + 1]?.start ?? text.length;
    const value = text
      .slice(h.end, until)
      .replace(/^\s*(:|=|-|ist|is|hei(ss|ß)t|lautet)?\s*/i, '')
      .replace(/[\s,;:]+(und|and)?\s*$/i, '')
      .replace(/[\s,;.]+$/, '')
      .trim();
    if (value) out[h.field] = value;
  });
  return out;
}

const PHONE = /(?:\+|\b0)\d[\d ()/.-]{4,38}\d/;

/**
 * The fields of a profile written without labels, one per comma ('Bad & Heizung Kaya, Handwerk, 44137
 * Dortmund, 25 km, 0231 123456'): each part is read by what it holds; the first part that is none of these is
 * the company, a long one the description.
 */
function unlabelledValues(text: string): Partial<Record<LabelField, string>> {
  const out: Partial<Record<LabelField, string>> = {};
  const rest: string[] = [];
  for (const raw of text.split(/\s*[,;\n]\s*/)) {
    const part = raw.trim().replace(/[.]+$/, '');
    if (!part) continue;
    if (!out.email && emailOf(part)) out.email = part;
    else if (!out.radiusKm && radiusOf(part) !== null) out.radiusKm = part;
    else if (!out.postcode && postcodeOf(part)) out.postcode = part;
    else if (!out.phone && PHONE.test(part) && !postcodeOf(part)) out.phone = part;
    else if (!out.categories && categoriesNamed(part).length && part.split(/\s+/).length <= 4) out.categories = part;
    else rest.push(part);
  }
  const lead =
    /^(?:(?:ich|wir) (?:bin|sind|hei(?:ss|ß)e|hei(?:ss|ß)en)|(?:i am|i'm|we are|we're)|(?:mein |unser )?(?:profil|profile)(?: anlegen| erstellen| einrichten)?:?|(?:set up|create) (?:my )?profile:?)\s*/i;
  const company = rest.find((r) => r.length <= 80 && r.split(/\s+/).length <= 8);
  if (company) out.firmenname = company.replace(lead, '').trim();
  const description = rest.find((r) => r !== company && r.length >= 20);
  if (description) out.description = description;
  return out;
}

const onboardingInput = z.object({
  firmenname: z.string().trim().max(120).optional(),
  categories: z.array(z.enum(CATEGORY_IDS)).max(CATEGORY_IDS.length).optional(),
  postcode: z.string().trim().max(10).optional(),
  radiusKm: z.number().int().optional(),
  phone: z.string().trim().max(40).optional(),
  email: z.string().trim().max(200).optional().describe("The contact e-mail; the account's when left out"),
  description: z.string().trim().max(2000).optional(),
});
type OnboardingInput = z.infer<typeof onboardingInput>;

/** The profile a message describes (only the fields it names): labelled ('Firma: …, PLZ: …') or one field per comma. */
export function onboardingOf(text: string): OnboardingInput {
  const labelled = labelledValues(text);
  const v = Object.keys(labelled).length >= 2 ? labelled : { ...unlabelledValues(text), ...labelled };
  const out: OnboardingInput = {};
  if (v.firmenname) out.firmenname = v.firmenname.slice(0, 120);
  const categories = v.categories ? categoriesNamed(v.categories) : [];
  if (categories.length) out.categories = categories;
  const postcode = postcodeOf(v.postcode ?? '');
  if (postcode) out.postcode = postcode;
  const radius = /(\d{1,4})/.exec(v.radiusKm ?? '')?.[1];
  if (radius) out.radiusKm = Number(radius);
  const phone = PHONE.exec(v.phone ?? '')?.[0];
  if (phone) out.phone = phone.trim();
  const email = emailOf(v.email ?? '');
  if (email) out.email = email;
  if (v.description) out.description = v.description.slice(0, 2000);
  return out;
}

const SET_UP =
  /\b(profil\w*\s+(?:an)?legen|profil\w*\s+erstellen|profil\w*\s+einrichten|set (?:up )?my (?:provider )?profile(?: up)?|create my (?:provider )?profile)\b/i;

const REQUIRED = ['firmenname', 'categories', 'postcode', 'radiusKm', 'phone', 'description'] as const;
const ROWS = ['firmenname', 'categories', 'postcode', 'radiusKm', 'phone', 'email', 'description'] as const;

/** The complete, checked profile, or the refusal naming what is missing or wrong (in the person's words). */
async function newProfile(ctx: ChatToolContext<{ roles: ['provider'] }>, input: OnboardingInput): Promise<ProviderProfileInput> {
  const t = translator(ctx.lang);
  const label = (f: string) => t(`chat:providerProfile.field.${f}`) as string;
  if (await getOwnProviderProfile(ctx.deps.db.prisma, ctx.auth.user.id)) throw new AppError('PROVIDER_PROFILE_EXISTS');
  const missing = REQUIRED.filter((f) => input[f] === undefined || (Array.isArray(input[f]) && !input[f].length));
  if (missing.length) throw new AppError('PROFILE_INCOMPLETE', { params: { fields: missing.map(label).join(', ') } });
  const parsed = providerProfileInput.safeParse({ ...input, email: input.email || ctx.auth.user.email });
  const wrong = parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0]));
  if (parsed.success && !placeOfPostcode(parsed.data.postcode)) wrong.push('postcode');
  if (!parsed.success || wrong.length) throw new AppError('PROFILE_CHANGE_INVALID', { params: { fields: [...new Set(wrong)].map(label).join(', ') } });
  return parsed.data;
}

function shown(field: (typeof ROWS)[number], p: ProviderProfileInput, lang: Lang): string {
  switch (field) {
    case 'categories':
      return p.categories.map((c) => categoryLabel(c, lang)).join(', ');
    case 'postcode':
      return `${p.postcode} ${placeOfPostcode(p.postcode) ?? ''}`.trim();
    case 'radiusKm':
      return `${p.radiusKm} km`;
    default:
      return String(p[field]);
  }
}

function changeView(p: ProviderProfileInput, lang: Lang): ChangeView {
  const t = translator(lang);
  return {
    subject: t('chat:providerProfile.newSubject', { company: p.firmenname }) as string,
    rows: ROWS.map((f) => ({ label: t(`chat:providerProfile.field.${f}`) as string, before: null, after: shown(f, p, lang) })),
  };
}

export const providerOnboardingTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'createProviderProfile',
    description:
      "Sets up a new provider's profile (onboarding): company name, categories, postcode, radius in km, phone, description (at least 20 characters), e-mail (the account's when left out). Only proposes it: the card shows the new profile, the provider confirms with the button. For an existing profile use editProviderProfile.",
    input: onboardingInput,
    access: { roles: ['provider'] },
    machine: 'providerDesk',
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        await newProfile(ctx, input);
      }),
    // The card's profile is the input of the click.
    pinInput: async (ctx, input) => newProfile(ctx, input),
    confirmData: async (ctx, input) => ({ change: changeView(await newProfile(ctx, input), ctx.lang) }),
    confirmSummary: () => ({ key: 'confirm.summary.createProviderProfile' }),
    understand: {
      intents: ['createProviderProfile'],
      slots: ({ text }) => onboardingOf(text),
      // What the tool itself asks people to write: 'Profil anlegen: Firma …' with the profile's values.
      exact: ({ text }) => {
        if (!SET_UP.test(text)) return null;
        const input = onboardingOf(text);
        return input.firmenname && Object.keys(input).length >= 2 ? input : null;
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const profile = await newProfile(ctx, input);
        const saved = await saveProviderProfile(ctx.deps, ctx.auth.user.id, profile);
        return {
          accepted: true,
          state: ctx.machine.state,
          data: {
            company: saved.profile.firmenname,
            area: `${saved.profile.postcode} ${saved.profile.place}`,
            bonusGranted: saved.bonusGranted,
            matched: saved.matched,
          },
        };
      }),
  }),
];
