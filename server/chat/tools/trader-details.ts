// A provider gives their trader details (DSA Art. 30, decision 059) by chat: name or company, street, postcode
// and town, how they are registered (commercial register, trade licence, craft register or none) with the
// number, and the VAT ID where they have one, in one message of their own words. The card shows the details
// with the self-certification; the click gives it and stores exactly what the card showed, through the same
// domain command as the dashboard's form (saveTraderDetails). Without these details no offer can be sent.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { REGISTER_KINDS, type RegisterKind } from '../../../core/providers/trader-details.ts';
import type { ChangeView } from '../../../core/chat/outcome.ts';
import { translator, type Lang } from '../../i18n.ts';
import { getOwnProviderProfile } from '../../domain/providers/get-own-provider-profile.ts';
import { getTraderDetails, normalizeVatId, saveTraderDetails, traderDetailsInput, type CheckedTraderDetails } from '../../domain/providers/trader-details.ts';
import { attempt, refusalOf } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

const input = z.object({
  legalName: z.string().trim().max(160).optional().describe('Name or company as registered; the profile’s company when left out'),
  street: z.string().trim().max(160).optional().describe('Street and house number'),
  postcode: z.string().trim().max(10).optional(),
  city: z.string().trim().max(120).optional(),
  country: z.string().trim().max(2).optional().describe('Two-letter country code, DE when left out'),
  registerKind: z.enum(REGISTER_KINDS).optional(),
  registerNumber: z.string().trim().max(200).optional().describe("'HRB 12345, Amtsgericht Köln' or the trade licence's number and office"),
  vatId: z.string().trim().max(20).optional(),
});
type Input = z.infer<typeof input>;

// ---------------------------------------------------------------------------------------------------
// Reading the message.

const VAT =
  /\b(?:ust[-. ]?id(?:[-. ]?nr)?\.?|umsatzsteuer[-\w]*|vat(?:[- ]?(?:id|number|no\.?|reg\w*))*)\s*[:.]?\s*([A-Z]{2}\s?[0-9A-Z][0-9A-Z ]{6,13}[0-9A-Z])/i;
const BARE_VAT = /\b(DE\s?\d{3}\s?\d{3}\s?\d{3}|AT\s?U\d{8})\b/;
const COMMERCIAL = /\b(HR[AB]\s*\d+[^,;\n]*)/i;
const CRAFT = /\b(?:handwerksrolle|handwerkskammer|craft register|roll of craftsmen)\b\s*(?:(?:nr|no|nummer|number)\.?\s*)?:?\s*([^,;\n]*)/i;
const TRADE =
  /\b(?:gewerbe(?:anmeldung|schein|erlaubnis|register)|trade licen[cs]e|business registration)\b\s*(?:(?:nr|no|nummer|number)\.?\s*)?:?\s*([^,;\n]*)/i;
const NONE =
  /\b(?:kein(?:e|en)? (?:register|registereintrag|eintrag|registrierung|gewerbe)\w*|nicht (?:im register )?eingetragen|freiberuf\w*|freie[rn]? beruf|not registered|no register\w*|freelance\w*|liberal profession)\b/i;
const POSTCODE_CITY = /\b(\d{5})\s+([\p{L}][\p{L} .'-]*[\p{L}])/u;
const STREET =
  /([\p{L}][\p{L} .'-]*(?:stra(?:ß|ss)e|str\.?|weg|platz|allee|gasse|ring|damm|ufer|chaussee|markt|road|street|lane|avenue|way|rd\.|st\.))\s*(\d+\s?[a-zA-Z]?(?:\s?[-/]\s?\d+\s?[a-zA-Z]?)?)/iu;
// A part of the message that is a street with its number although it has no street word ('Am Hafen 3', 'Im Winkel 12a').
const BARE_STREET = /^([\p{L}][\p{L} .'-]{2,40}[\p{L}.])\s+(\d{1,4}\s?[a-zA-Z]?(?:\s?[-/]\s?\d+\s?[a-zA-Z]?)?)$/u;
// A company's legal form: the company, not the person signing for it, is the trader ('Muster Haustechnik GmbH').
const LEGAL_FORM =
  /\b(?:gmbh(?:\s*&\s*co\.?\s*kg)?|ug(?:\s*\(haftungsbeschränkt\))?|ag|kg|ohg|gbr|e\.\s?k\.?|e\.\s?kfm\.?|e\.\s?v\.?|mbh|ltd\.?|limited|inc\.?|llc|plc|partg(?:\s*mbb)?|se)(?=$|[\s,.;)])/i;
const NAME_LABEL = /\b(?:firma|firmenname|name|unternehmen|betrieb|company|legal name|business name|trading as)\s*[:=]?\s*/i;
// What stands before the details ('Hier meine Händlerangaben:', 'Trader details:', 'Impressum:'): left out.
const LEAD = /^[^:]{0,60}(?:angaben|daten|impressum|details|info\w*|imprint)\b[^:]{0,20}:\s*/i;

/** How the words register the trader, and the number they give with it. */
function registerOf(text: string): { registerKind?: RegisterKind; registerNumber?: string } {
  const clean = (s: string) => s.replace(/[\s,;.]+$/, '').trim();
  const commercial = COMMERCIAL.exec(text);
  if (commercial) return { registerKind: 'commercial_register', registerNumber: clean(commercial[1]!) };
  // The number after the word, or a 'Nr. …' elsewhere ('in der Handwerksrolle eingetragen, Nr. 55123').
  const numbered = (m: RegExpExecArray) => {
    const after = clean(m[1] ?? '');
    if (/\d/.test(after)) return after;
    return /\b(?:nr|no|nummer|number)\.?\s*:?\s*([\w/-]*\d[\w/. -]*?)(?=[,;\n]|$)/i.exec(text)?.[1]?.trim() || undefined;
  };
  const craft = CRAFT.exec(text);
  if (craft) return { registerKind: 'craft_register', registerNumber: numbered(craft) };
  const trade = TRADE.exec(text);
  if (trade) return { registerKind: 'trade_licence', registerNumber: numbered(trade) };
  if (NONE.test(text)) return { registerKind: 'none', registerNumber: '' };
  return {};
}

/** The trader details a message gives (only those it names). */
export function traderDetailsOf(text: string): Input {
  const out: Input = {};
  const body = text.replace(LEAD, '');
  const vat = VAT.exec(body)?.[1] ?? BARE_VAT.exec(body)?.[1];
  if (vat) out.vatId = vat.replace(/\s+/g, '').toUpperCase();
  Object.assign(out, registerOf(body));
  const place = POSTCODE_CITY.exec(body);
  if (place) {
    out.postcode = place[1]!;
    out.city = place[2]!.replace(/\s+(?:HR[AB]|USt|VAT|Handwerks|Gewerbe|tel|phone)\b.*$/i, '').trim();
  }
  const street = STREET.exec(body);
  if (street) out.street = `${street[1]!.trim()} ${street[2]!.replace(/\s+/g, '')}`;
  // The name: after its label, or the first part (up to a comma) that is none of the other details.
  const labelled = NAME_LABEL.exec(body);
  const parts = body
    .split(/\s*[,;\n]\s*/)
    .map((p) => p.trim())
    .filter(Boolean);
  const other = (p: string) =>
    (vat && p.replace(/\s+/g, '').toUpperCase().includes(out.vatId!)) ||
    VAT.test(p) ||
    COMMERCIAL.test(p) ||
    CRAFT.test(p) ||
    TRADE.test(p) ||
    NONE.test(p) ||
    POSTCODE_CITY.test(p) ||
    STREET.test(p) ||
    /^(?:amtsgericht|registergericht|district court)\b/i.test(p);
  if (!out.street) {
    const bare = parts.map((p) => BARE_STREET.exec(p)).find((m) => m && !other(m[0]) && !LEGAL_FORM.test(m[0]));
    if (bare) out.street = `${bare[1]!.trim()} ${bare[2]!.replace(/\s+/g, '')}`;
  }
  const isStreet = (p: string) => out.street !== undefined && p.replace(/\s+/g, '') === out.street.replace(/\s+/g, '');
  const company = parts.find((p) => LEGAL_FORM.test(p) && !other(p) && !isStreet(p));
  const named = labelled ? body.slice(labelled.index + labelled[0].length).split(/\s*[,;\n]\s*/)[0] : (company ?? parts.find((p) => !other(p) && !isStreet(p)));
  if (named && named.length >= 2 && named.length <= 160) out.legalName = named.replace(/[.]+$/, '').trim();
  return out;
}

// ---------------------------------------------------------------------------------------------------

const REQUIRED = ['legalName', 'street', 'postcode', 'city', 'registerKind'] as const;
const ROWS = ['legalName', 'address', 'registerKind', 'registerNumber', 'vatId', 'selfCertified'] as const;

type ProviderCtx = ChatToolContext<{ roles: ['provider'] }>;

/** The complete, checked details (the profile's company as the name when none is given), or the refusal naming what is missing or wrong. */
async function detailsOf(ctx: ProviderCtx, given: Input): Promise<CheckedTraderDetails> {
  const t = translator(ctx.lang);
  const label = (f: string) => t(`provider:trader.fields.${f}`) as string;
  const profile = await getOwnProviderProfile(ctx.deps.db.prisma, ctx.auth.user.id);
  if (!profile) throw new AppError('PROVIDER_PROFILE_REQUIRED');
  const filled = { ...given, legalName: given.legalName ?? profile.firmenname };
  const missing: string[] = REQUIRED.filter((f) => !filled[f]);
  if (filled.registerKind && filled.registerKind !== 'none' && !filled.registerNumber) missing.push('registerNumber');
  if (missing.length) throw new AppError('TRADER_DETAILS_INCOMPLETE', { params: { fields: missing.map(label).join(', ') } });
  const parsed = traderDetailsInput.safeParse({ ...filled, country: filled.country ?? 'DE', selfCertified: true });
  const wrong = parsed.success ? [] : parsed.error.issues.map((i) => String(i.path[0]));
  if (parsed.success && parsed.data.vatId) {
    try {
      normalizeVatId(parsed.data.vatId);
    } catch {
      wrong.push('vatId');
    }
  }
  if (!parsed.success || wrong.length) throw new AppError('TRADER_DETAILS_INVALID', { params: { fields: [...new Set(wrong)].map(label).join(', ') } });
  return parsed.data;
}

function changeView(d: CheckedTraderDetails, before: Awaited<ReturnType<typeof getTraderDetails>>, lang: Lang): ChangeView {
  const t = translator(lang);
  const kind = (k: string) => t(`provider:trader.kinds.${k}`) as string;
  const value = (
    row: (typeof ROWS)[number],
    v: {
      legalName: string;
      street: string;
      postcode: string;
      city: string;
      country: string;
      registerKind: string;
      registerNumber: string;
      vatId?: string | null;
    },
  ) => {
    switch (row) {
      case 'address':
        return `${v.street}, ${v.postcode} ${v.city}${v.country !== 'DE' ? `, ${v.country}` : ''}`;
      case 'registerKind':
        return kind(v.registerKind);
      case 'registerNumber':
        return v.registerKind === 'none' ? '–' : v.registerNumber;
      case 'vatId':
        return v.vatId ? (normalizeVatId(v.vatId) ?? '–') : '–';
      case 'selfCertified':
        return t('chat:traderDetails.selfCertified') as string;
      default:
        return v[row];
    }
  };
  return {
    subject: t('chat:traderDetails.subject') as string,
    rows: ROWS.map((row) => ({
      label:
        row === 'address'
          ? (t('chat:traderDetails.address') as string)
          : row === 'selfCertified'
            ? (t('chat:traderDetails.selfCertification') as string)
            : (t(`provider:trader.fields.${row}`) as string),
      before: before && row !== 'selfCertified' ? value(row, before) : null,
      after: value(row, d),
    })),
  };
}

export const traderDetailsTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'saveTraderDetails',
    description:
      "Stores the provider's trader details required before offers can be sent (EU Digital Services Act Art. 30): name or company, street and number, postcode, town, registration (commercial_register with 'HRB …, Amtsgericht …', trade_licence, craft_register, or none) with its number, VAT ID where there is one. Only proposes it: the card shows the details with the self-certification, the provider confirms with the button.",
    input,
    access: { roles: ['provider'] },
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, i) =>
      refusalOf(ctx, async () => {
        await detailsOf(ctx, i);
      }),
    // The card's details are the input of the click.
    pinInput: async (ctx, i) => {
      const d = await detailsOf(ctx, i);
      return {
        legalName: d.legalName,
        street: d.street,
        postcode: d.postcode,
        city: d.city,
        country: d.country,
        registerKind: d.registerKind,
        registerNumber: d.registerNumber,
        vatId: d.vatId,
      };
    },
    confirmData: async (ctx, i) => ({ change: changeView(await detailsOf(ctx, i), await getTraderDetails(ctx.deps.db.prisma, ctx.auth.user.id), ctx.lang) }),
    confirmSummary: () => ({ key: 'confirm.summary.saveTraderDetails' }),
    understand: {
      intents: ['giveTraderDetails'],
      slots: ({ text }) => traderDetailsOf(text),
    },
    run: (ctx, i) =>
      attempt(ctx, async () => {
        const saved = await saveTraderDetails(ctx.deps, ctx.auth.user.id, await detailsOf(ctx, i));
        return { accepted: true, state: ctx.machine.state, data: { legalName: saved.legalName } };
      }),
  }),
];
