// The partner area's other buttons by chat: inviting someone by e-mail, taking part in the country ranking,
// and the partner profile (shown, and changed with a before/after card). The same domain commands as
// POST /api/affiliate/invite, /ranking/opt-in and PUT /api/affiliate/profile; each change waits for the
// person's click.
import { z } from 'zod';
import { translator, type Lang } from '../../i18n.ts';
import { AppError } from '../../../core/errors.ts';
import { inviteFriend } from '../../domain/affiliate/invite-friend.ts';
import { setRankingOptIn } from '../../domain/affiliate/set-ranking-opt-in.ts';
import { getPartnerProfile } from '../../domain/affiliate/get-partner-profile.ts';
import { savePartnerProfile } from '../../domain/affiliate/save-partner-profile.ts';
import { partnerProfileSchema, type PartnerProfileView } from '../../../core/affiliate/partner-profile-schema.ts';
import { emailOf, languageNamed } from '../../ai/understanding/entities.ts';
import { foldText } from '../../ai/understanding/features.ts';
import { attempt, refusalOf } from './refs.ts';
import type { ChangeView } from '../../../core/chat/outcome.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

const MACHINES = ['intake', 'providerDesk', 'welcome'] as const;
type UserCtx = ChatToolContext<'user'>;

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'street', 'zip', 'city', 'country'] as const;
type Field = (typeof FIELDS)[number];

// The labels a person puts before a field of the profile ('Telefon: …', 'neue Adresse: …').
const LABELS: Record<Field, RegExp> = {
  firstName: /\b(vorname|first name)\b/i,
  lastName: /\b(nachname|familienname|last name|surname)\b/i,
  email: /\b(e-?mail(-adresse)?|email address)\b/i,
  phone: /\b(telefon(nummer)?|handy(nummer)?|tel\.?|phone( number)?|mobile)\b/i,
  street: /\b(stra(ss|ß)e|adresse|anschrift|street|address)\b/i,
  zip: /\b(plz|postleitzahl|zip( code)?|postcode|post code)\b/i,
  city: /\b(ort|stadt|wohnort|city|town)\b/i,
  country: /\b(land|country)\b/i,
};

/** The profile fields a message names: labelled ones, or an address written out ('Hauptstr. 5, 50667 Köln'). */
export function partnerFieldsOf(text: string): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  const address =
    /([\p{L}][\p{L}. -]*?(?:stra(?:ss|ß)e|str\.|weg|gasse|platz|allee|ring|damm|street|road|avenue|lane)\s*\d+\s*[a-z]?)\s*,\s*(\d{4,5})\s+([\p{L}][\p{L} -]+)/iu.exec(
      text,
    );
  if (address) {
    out.street = address[1]!.trim();
    out.zip = address[2]!;
    out.city = address[3]!.trim().replace(/[.!]+$/, '');
  }
  const email = emailOf(text);
  if (email) out.email = email;
  const phone = /(?:\+|\b0)\d[\d ()/-]{5,30}\d/.exec(text.replace(/\b\d{5}\b\s+[\p{L}]/gu, ' '))?.[0];
  if (phone && LABELS.phone.test(text)) out.phone = phone.trim();
  for (const field of ['firstName', 'lastName', 'city', 'country'] as const) {
    const m = new RegExp(`${LABELS[field].source}\\s*(?:ist|is|:|=|to|auf|in)?\\s*([\\p{L}][\\p{L}' -]{1,60})`, 'iu').exec(text);
    if (m && !out[field]) out[field] = m[m.length - 1]!.trim().replace(/\s+(bitte|please|ändern|andern|change)$/i, '');
  }
  if (out.country) out.country = countryCode(out.country) ?? out.country;
  return out;
}

const COUNTRIES: Record<string, string> = {
  deutschland: 'DE',
  germany: 'DE',
  osterreich: 'AT',
  austria: 'AT',
  schweiz: 'CH',
  switzerland: 'CH',
  niederlande: 'NL',
  netherlands: 'NL',
  frankreich: 'FR',
  france: 'FR',
  italien: 'IT',
  italy: 'IT',
  spanien: 'ES',
  spain: 'ES',
  polen: 'PL',
  poland: 'PL',
  luxemburg: 'LU',
  luxembourg: 'LU',
  belgien: 'BE',
  belgium: 'BE',
};
function countryCode(name: string): string | null {
  const n = foldText(name, 'de').trim();
  if (/^[a-z]{2}$/.test(n)) return n.toUpperCase();
  return Object.hasOwn(COUNTRIES, n) ? COUNTRIES[n]! : null;
}

const optOut = (text: string) =>
  /\b(nicht|kein\w*|raus|aus\b|abmeld\w*|verberg\w*|versteck\w*|opt[ -]?out|hide|remove|leave|stop|don'?t|no longer|without)\b/.test(foldText(text, 'de'));

function profileChange(p: PartnerProfileView | null, next: Record<Field, string | undefined>, lang: Lang): ChangeView {
  const t = translator(lang);
  return {
    subject: t('chat:partnerProfile.subject') as string,
    rows: FIELDS.filter((f) => (p?.[f] ?? undefined) !== next[f] && next[f] !== undefined).map((f) => ({
      label: t(`chat:partnerProfile.field.${f}`) as string,
      before: p?.[f] ?? null,
      after: next[f] ?? null,
    })),
  };
}

/** The profile after the change, checked like the page's form (refuses naming the fields that are missing or wrong). */
async function changedProfile(ctx: UserCtx, input: Partial<Record<Field, string>>) {
  const current = await getPartnerProfile(ctx.deps.db.prisma, ctx.auth.user.id);
  const next = { ...Object.fromEntries(FIELDS.map((f) => [f, current?.[f] ?? undefined])), ...input } as Record<Field, string | undefined>;
  if (!FIELDS.some((f) => input[f] !== undefined && input[f] !== (current?.[f] ?? undefined))) throw new AppError('PROFILE_UNCHANGED');
  const parsed = partnerProfileSchema.safeParse(next);
  if (!parsed.success)
    throw new AppError('PROFILE_CHANGE_INVALID', {
      params: {
        fields: [...new Set(parsed.error.issues.map((i) => String(i.path[0])))]
          .map((f) => translator(ctx.lang)(`chat:partnerProfile.field.${f}`) as string)
          .join(', '),
      },
    });
  return { current, next, parsed: parsed.data };
}

const profileInput = z.object(Object.fromEntries(FIELDS.map((f) => [f, z.string().trim().max(200).optional()])) as Record<Field, z.ZodOptional<z.ZodString>>);

export const partnerAccountTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'invitePartnerFriend',
    description:
      "Invites someone to akut by e-mail with the person's partner link (the mail 'partnerInvite', in German or English). Only proposes it: the person confirms with the button.",
    input: z.object({ email: z.string().trim().max(200).optional(), lang: z.enum(['de', 'en']).optional().describe("The invitation's language") }),
    access: 'user',
    machine: MACHINES,
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      if (!input.email || !z.email().safeParse(input.email).success) return { accepted: false, reason: 'INVITE_EMAIL_NEEDED', state: ctx.machine.state };
      return null;
    },
    pinInput: (ctx, input) => ({ email: input.email, lang: input.lang ?? ctx.lang }),
    confirmSummary: (input) => ({ key: 'confirm.summary.invitePartnerFriend', params: { email: input.email ?? '', lang: (input.lang ?? 'de').toUpperCase() } }),
    understand: {
      intents: ['invitePartnerFriend'],
      slots: ({ text }) => {
        const email = emailOf(text);
        const lang = languageNamed(text);
        return { ...(email ? { email } : {}), ...(lang ? { lang } : {}) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const r = await inviteFriend(ctx.deps, ctx.auth.user.id, { email: input.email ?? '', lang: input.lang ?? ctx.lang });
        return { accepted: true, state: ctx.machine.state, data: { email: input.email ?? '', remaining: r.remainingToday } };
      }),
  }),
  defineChatTool({
    name: 'setPartnerRanking',
    description:
      "Takes the person's figures into the partners' country ranking (pseudonymously) or out of it. Only proposes it: the person confirms with the button.",
    input: z.object({ optIn: z.boolean() }),
    access: 'user',
    machine: MACHINES,
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx) =>
      refusalOf(ctx, async () => {
        if (!(await getPartnerProfile(ctx.deps.db.prisma, ctx.auth.user.id))) throw new AppError('PARTNER_PROFILE_REQUIRED');
      }),
    confirmSummary: (input) => ({ key: input.optIn ? 'confirm.summary.rankingIn' : 'confirm.summary.rankingOut' }),
    understand: { intents: ['setPartnerRanking'], slots: ({ text }) => ({ optIn: !optOut(text) }) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const r = await setRankingOptIn(ctx.deps.db.prisma, ctx.auth.user.id, input.optIn);
        return { accepted: true, state: ctx.machine.state, data: { ...r, context: r.rankingOptIn ? 'in' : 'out' } };
      }),
  }),
  defineChatTool({
    name: 'editPartnerProfile',
    description:
      "Shows the person's partner profile (name, e-mail, phone, address, country) and, with the fields they name, changes them with a before/after card. Only the change waits for the confirmation button.",
    input: profileInput,
    access: 'user',
    machine: MACHINES,
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      // Without a change named: the profile as it is, and what can be changed.
      if (!FIELDS.some((f) => input[f] !== undefined)) {
        const p = await getPartnerProfile(ctx.deps.db.prisma, ctx.auth.user.id);
        return { accepted: false, reason: p ? 'PARTNER_PROFILE_WHAT' : 'PARTNER_PROFILE_NEW', state: ctx.machine.state, data: p ? { profile: p } : {} };
      }
      return refusalOf(ctx, async () => {
        await changedProfile(ctx, input);
      });
    },
    confirmData: async (ctx, input) => {
      const { current, next } = await changedProfile(ctx, input);
      return { change: profileChange(current, next, ctx.lang) };
    },
    confirmSummary: () => ({ key: 'confirm.summary.editPartnerProfile' }),
    understand: { intents: ['editPartnerProfile'], slots: ({ text }) => partnerFieldsOf(text) },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const { parsed } = await changedProfile(ctx, input);
        const saved = await savePartnerProfile(ctx.deps.db.prisma, ctx.auth.user.id, parsed);
        return { accepted: true, state: ctx.machine.state, data: { profile: saved } };
      }),
  }),
];
