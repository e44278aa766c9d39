// Admin chat tools for the partners' marketing texts ('Marketing-Materialien'): list them, change the text of
// one (named by its number in the list, its reference, its channel, language or title, or by a phrase it
// contains), or add one. The same domain query and commands as the content tab (listMarketingMaterials,
// updateMarketingMaterial, createMarketingMaterial, with their check against income promises); a change is a
// before/after card that runs only on the admin's click, audited with via 'chat'. The new words are what the
// admin wrote in quotes (or after a colon): the chat never writes a partner text itself.
import { z } from 'zod';
import { translator, type Lang } from '../../i18n.ts';
import { languageNamed, refOf } from '../../ai/understanding/entities.ts';
import { foldText } from '../../ai/understanding/features.ts';
import { listMarketingMaterials, MATERIAL_CATEGORIES, type MarketingMaterialView } from '../../domain/affiliate/list-marketing-materials.ts';
import {
  createMarketingMaterial,
  materialInputSchema,
  materialPatchSchema,
  refusePromises,
  updateMarketingMaterial,
} from '../../domain/affiliate/manage-marketing-material.ts';
import { MATERIAL_LIMITS } from '../../../core/affiliate/content-limits.ts';
import type { MarketingTextRow, ShowMarketingTextsData } from '../../../core/chat/output-types.ts';
import type { ChangeView, ToolOutcome } from '../../../core/chat/outcome.ts';
import { isToolOutcome } from '../../../core/chat/outcome.ts';
import { attempt, chooseOne, narrowByPerson, refuse, refusalOf, shortRef } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';

const admin = { roles: ['admin'] } as const;
type AdminCtx = ChatToolContext<typeof admin>;

const t = (lang: Lang, key: string, params: Record<string, unknown> = {}) => translator(lang)(key, params) as string;
const categoryLabel = (c: string, lang: Lang) => t(lang, `admin:content.category.${c}`);
const kindLabel = (k: string, lang: Lang) => t(lang, `admin:content.kind.${k}`);
const langLabel = (l: string, lang: Lang) => t(lang, `admin:content.lang.${l}`);

function textRow(m: MarketingMaterialView, n: number, lang: Lang): MarketingTextRow {
  return {
    ref: shortRef(m.id),
    n,
    title: m.title,
    kind: m.kind,
    kindLabel: kindLabel(m.kind, lang),
    category: m.category,
    categoryLabel: categoryLabel(m.category, lang),
    lang: m.lang,
    langLabel: langLabel(m.lang, lang),
    active: m.active,
    subject: m.subject,
    body: m.body,
  };
}

// ---------------------------------------------------------------------------------------------------
// What the admin's message says: the new words (in quotes, after a colon), the text it means, adding one.

interface Quote {
  text: string;
  /** The words before the quote ('Betreff', 'zu', 'to'), folded. */
  before: string;
}

/** Every quoted part of the message, in order ('…', "…", „…“, »…«). */
function quotesOf(text: string): Quote[] {
  const out: Quote[] = [];
  for (const m of text.matchAll(/(?:^|[\s:(])["„“”»«'‚‘]([^"„“”»«]*?[^\s"„“”»«'])["“”«»'‘’](?=$|[\s.,;:!?)])/gu)) {
    out.push({ text: m[1]!.trim(), before: foldText(text.slice(0, m.index! + 1), 'de') });
  }
  return out;
}

/** The message without its quoted parts: where the admin names the text and says what to do. */
const outsideQuotes = (text: string) => text.replace(/["„“”»«'‚‘][^"„“”»«]*?["“”«»'‘’]/gu, ' ');

const SUBJECT = /\b(betreff|subject)\s*:?\s*$/;
const INTRODUCED = /(?:[:=]|\b(?:zu|zum|auf|durch|mit|lauten|heissen|text|inhalt|to|with|read|reads|say|says|body))\s*$/;
const REMOVE = /\b(raus\w*|entfern\w*|losch\w*|streich\w*|weg|remov\w*|delet\w*|take \w+ out|drop\w*|strip\w*)\b/;
const CREATE = /\b(neu\w*|hinzu\w*|anleg\w*|leg\w*\b.*\ban|weiter\w*|zweit\w*|erstell\w*|add\w*|new|creat\w*|another|second|set up)\b/;

export interface TextChange {
  body?: string;
  subject?: string;
  /** A phrase of the current text that `body` replaces ('' to remove it). */
  from?: string;
}

/**
 * The new words of a message: the quoted text introduced as the text ('zu: „…“', 'to "…"', or four words or
 * more), a subject ('Betreff „…“'), or a replacement ('„gratis“ durch „kostenlos“', "remove 'Goints'");
 * without quotes, what follows a colon. {} when it says no new words (then the chat asks for them).
 */
export function textChangeOf(text: string): TextChange {
  const quotes = quotesOf(text);
  const subject = quotes.find((q) => SUBJECT.test(q.before));
  const rest = quotes.filter((q) => q !== subject);
  if (subject) return { subject: subject.text, ...(rest[0] ? { body: rest[rest.length - 1]!.text } : {}) };
  if (rest.length >= 2) return { from: rest[0]!.text, body: rest[rest.length - 1]!.text };
  const only = rest[0];
  if (only) {
    if (REMOVE.test(foldText(outsideQuotes(text), 'de')) && only.text.split(/\s+/).length <= 4) return { from: only.text, body: '' };
    return INTRODUCED.test(only.before) || only.text.split(/\s+/).length >= 4 ? { body: only.text } : {};
  }
  const colon = /[:–—]\s*(\S[\s\S]*)$/u.exec(text)?.[1]?.trim();
  return colon && colon.split(/\s+/).length >= 3 ? { body: colon } : {};
}

/** A channel the message names: Instagram, Facebook, or e-mail. */
function channelOf(words: string): { category?: (typeof MATERIAL_CATEGORIES)[number]; kind?: 'email' | 'social' } {
  if (/\b(instagram\w*|insta\w*)\b/.test(words)) return { category: 'instagram', kind: 'social' };
  if (/\b(facebook\w*|fb)\b/.test(words)) return { category: 'facebook', kind: 'social' };
  if (/\b(e-?mail\w*|mail\w*|newsletter\w*)\b/.test(words)) return { kind: 'email' };
  return {};
}

/** 'Text Nr. 3', 'text 2', '#2', 'Vorlage 4': a text by its number in the list. */
function numberOf(words: string): number | undefined {
  const m = /(?:\b(?:text|texte|nr|nummer|number|no|vorlage|template|marketingtext)\.?\s*#?|(?:^|\s)#)(\d{1,3})\b/.exec(words);
  return m ? Number(m[1]) : undefined;
}

/** The words of these commands, never taken for a text's title. */
const MARKETING_WORDS = new Set(
  'text texte marketingtext marketingtexte werbetext werbetexte vorlage vorlagen marketing promo copy template templates partner partners andere aendere ander change edit bearbeite bearbeiten update replace ersetze ersetzen bitte please deutsch deutschen englisch englischen german english neu neuen neuer new'.split(
    ' ',
  ),
);

const input = z.object({
  material: z.string().trim().min(6).max(40).optional().describe("The text's reference ('#a1b2c3'), when the admin named it"),
  number: z.number().int().min(1).max(500).optional().describe('Its number in the list (showMarketingTexts)'),
  hint: z.string().trim().max(600).optional().describe('How the admin named the text otherwise: channel, language, words of its title'),
  create: z.boolean().optional().describe('True to add a new text instead of changing one'),
  body: z.string().max(MATERIAL_LIMITS.bodyMax).optional().describe("The new text, exactly in the admin's words"),
  subject: z.string().max(MATERIAL_LIMITS.subjectMax).optional().describe("An e-mail text's subject, in the admin's words"),
  from: z.string().max(MATERIAL_LIMITS.bodyMax).optional().describe('A phrase of the current text that body replaces'),
  lang: z.enum(['de', 'en']).optional(),
});
type EditInput = z.infer<typeof input>;

type Planned =
  | { kind: 'create'; values: z.output<typeof materialInputSchema> }
  | { kind: 'update'; material: MarketingMaterialView; n: number; patch: z.output<typeof materialPatchSchema> };

/** The first words of a text as its title: 'Hey, kennst du schon akut? Einfach …'. */
function titleFrom(body: string): string {
  const words = body.replace(/\s+/g, ' ').trim().split(' ');
  const title = words.slice(0, 7).join(' ');
  return (words.length > 7 ? `${title} …` : title).slice(0, MATERIAL_LIMITS.titleMax);
}

/** The text the admin means, of all of them; an outcome when it is none or several (the candidates as buttons). */
async function textNamed(ctx: AdminCtx, i: EditInput): Promise<{ material: MarketingMaterialView; n: number } | ToolOutcome> {
  const all = await listMarketingMaterials(ctx.deps.db.prisma, { activeOnly: false });
  const numbered = all.map((material, idx) => ({ material, n: idx + 1 }));
  if (i.material) {
    const ref = i.material.replace(/^#/, '').toLowerCase();
    return numbered.find((x) => x.material.id.startsWith(ref)) ?? refuse(ctx, 'MARKETING_TEXT_NOT_FOUND', { which: `#${ref.slice(0, 8)}` });
  }
  if (i.number !== undefined) return numbered[i.number - 1] ?? refuse(ctx, 'MARKETING_TEXT_NOT_FOUND', { which: `${i.number}` });
  const words = foldText(i.hint ?? '', 'de');
  let fit = numbered;
  if (i.from) fit = fit.filter((x) => x.material.body.toLowerCase().includes(i.from!.toLowerCase()));
  if (!fit.length) return refuse(ctx, 'MARKETING_PHRASE_NOT_FOUND', { phrase: i.from ?? '' });
  const channel = channelOf(words);
  if (channel.category) fit = fit.filter((x) => x.material.category === channel.category);
  else if (channel.kind) fit = fit.filter((x) => x.material.kind === channel.kind);
  if (i.lang) fit = fit.filter((x) => x.material.lang === i.lang);
  const byTitle = narrowByPerson(fit, i.hint ?? '', (x) => ({ names: [x.material.title] }), MARKETING_WORDS);
  if (byTitle?.length) fit = byTitle;
  if (fit.length === 1) return fit[0]!;
  if (!fit.length) return refuse(ctx, 'MARKETING_TEXT_NOT_FOUND', { which: '' });
  return chooseOne(
    ctx,
    fit.map((x) => ({
      label: `${x.n}. ${x.material.title} · ${categoryLabel(x.material.category, ctx.lang)} · ${x.material.lang.toUpperCase()}`,
      tool: 'editMarketingText',
      input: {
        material: shortRef(x.material.id),
        ...(i.body !== undefined ? { body: i.body } : {}),
        ...(i.from !== undefined ? { from: i.from } : {}),
        ...(i.subject ? { subject: i.subject } : {}),
      },
    })),
    { context: 'marketing' },
  );
}

/** What the change would be: the new text's values, or the named text and its patch; an outcome when it cannot be. */
async function plan(ctx: AdminCtx, i: EditInput): Promise<Planned | ToolOutcome> {
  if (i.create) {
    if (!i.body?.trim()) return refuse(ctx, 'MARKETING_BODY_REQUIRED', { title: '' });
    const channel = channelOf(foldText(i.hint ?? '', 'de'));
    const kind = channel.kind ?? 'social';
    const values = materialInputSchema.safeParse({
      kind,
      category: channel.category ?? (kind === 'email' ? 'email_welcome' : 'other'),
      lang: i.lang ?? ctx.lang,
      title: titleFrom(i.body),
      subject: kind === 'email' ? (i.subject ?? null) : null,
      body: i.body,
    });
    return values.success ? { kind: 'create', values: values.data } : refuse(ctx, 'MARKETING_TEXT_INVALID', { max: MATERIAL_LIMITS.bodyMax });
  }
  const named = await textNamed(ctx, i);
  if (isToolOutcome(named)) return named;
  const { material, n } = named;
  let body = i.body;
  if (i.from !== undefined && body !== undefined) {
    const at = material.body.toLowerCase().indexOf(i.from.toLowerCase());
    if (at < 0) return refuse(ctx, 'MARKETING_PHRASE_NOT_FOUND', { phrase: i.from });
    body = `${material.body.slice(0, at)}${body}${material.body.slice(at + i.from.length)}`.replace(/[ \t]{2,}/g, ' ').trim();
  }
  if (body === undefined && i.subject === undefined) return refuse(ctx, 'MARKETING_BODY_REQUIRED', { title: material.title });
  const patch = materialPatchSchema.safeParse({ ...(body !== undefined ? { body } : {}), ...(i.subject !== undefined ? { subject: i.subject } : {}) });
  if (!patch.success) return refuse(ctx, 'MARKETING_TEXT_INVALID', { max: MATERIAL_LIMITS.bodyMax });
  if ((patch.data.body ?? material.body) === material.body && (patch.data.subject ?? material.subject) === material.subject)
    return refuse(ctx, 'MARKETING_TEXT_UNCHANGED', { title: material.title });
  return { kind: 'update', material, n, patch: patch.data };
}

function changeOf(p: Planned, lang: Lang): ChangeView {
  if (p.kind === 'create') {
    const v = p.values;
    const rows: ChangeView['rows'] = [
      { label: t(lang, 'admin:content.fields.title'), before: null, after: v.title },
      ...(v.subject ? [{ label: t(lang, 'admin:content.fields.subject'), before: null, after: v.subject }] : []),
      { label: t(lang, 'admin:content.fields.body'), before: null, after: v.body },
      { label: t(lang, 'admin:content.fields.activeLong'), before: null, after: t(lang, 'admin:users.yes') },
    ];
    return { subject: t(lang, 'chat:admin.change.newMarketingText', { category: categoryLabel(v.category, lang), lang: v.lang.toUpperCase() }), rows };
  }
  const m = p.material;
  const rows: ChangeView['rows'] = [];
  if (p.patch.subject !== undefined) rows.push({ label: t(lang, 'admin:content.fields.subject'), before: m.subject, after: p.patch.subject });
  if (p.patch.body !== undefined) rows.push({ label: t(lang, 'admin:content.fields.body'), before: m.body, after: p.patch.body });
  return {
    subject: t(lang, 'chat:admin.change.marketingText', { n: p.n, title: m.title, category: categoryLabel(m.category, lang), lang: m.lang.toUpperCase() }),
    rows,
  };
}

export const adminMarketingTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'showMarketingTexts',
    description:
      'Lists the marketing texts partners can share (e-mail and social media, German and English, active or hidden), numbered, with channel, language and text; optionally only one language (admins only).',
    input: z.object({ lang: z.enum(['de', 'en']).optional() }),
    access: admin,
    machine: '*',
    states: '*',
    understand: {
      intents: ['showMarketingTexts'],
      slots: ({ text }) => {
        const lang = languageNamed(text);
        return lang ? { lang } : {};
      },
    },
    run: async (ctx, i) => {
      const all = await listMarketingMaterials(ctx.deps.db.prisma, { activeOnly: false });
      const texts = all.map((m, idx) => textRow(m, idx + 1, ctx.lang)).filter((r) => !i.lang || r.lang === i.lang);
      return {
        accepted: true,
        state: ctx.machine.state,
        data: {
          texts,
          count: texts.length,
          active: texts.filter((x) => x.active).length,
          list: texts.map((x) => `${x.n}. ${t(ctx.lang, 'chat:admin.marketingLine', { ...x })}`).join('\n'),
        } satisfies ShowMarketingTextsData,
      };
    },
  }),
  defineChatTool({
    name: 'editMarketingText',
    description:
      "Changes the text (or an e-mail's subject) of one marketing text, named by its number in the list, its reference, or by channel, language and title words in hint; or adds a new one (create). body is the new text exactly in the admin's words (never write it yourself); with from, body replaces that phrase of the current text. Texts may not promise income. Only proposes it: the admin sees before and after and confirms with the button.",
    input,
    access: admin,
    machine: '*',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, i) => {
      const p = await plan(ctx, i);
      if (isToolOutcome(p)) return p;
      const v = p.kind === 'create' ? p.values : p.patch;
      return refusalOf(ctx, async () => refusePromises(v.title, v.subject, v.body));
    },
    // The card fixes the text and its new words: the click writes exactly these.
    pinInput: async (ctx, i) => {
      const p = await plan(ctx, i);
      if (isToolOutcome(p)) return i;
      if (p.kind === 'create') return { ...i, create: true, body: p.values.body, lang: p.values.lang };
      return {
        material: p.material.id,
        ...(p.patch.body !== undefined ? { body: p.patch.body } : {}),
        ...(p.patch.subject !== undefined ? { subject: p.patch.subject ?? '' } : {}),
      };
    },
    confirmData: async (ctx, i) => {
      const p = await plan(ctx, i);
      if (isToolOutcome(p)) return {};
      const title = p.kind === 'create' ? p.values.title : p.material.title;
      return { change: changeOf(p, ctx.lang), title, create: p.kind === 'create' };
    },
    confirmSummary: (_i, data) => ({
      key: data?.create ? 'confirm.summary.createMarketingText' : 'confirm.summary.editMarketingText',
      params: { title: String(data?.title ?? '') },
    }),
    understand: {
      intents: ['editMarketingText'],
      slots: ({ text }) => {
        const outside = outsideQuotes(text);
        const f = foldText(outside, 'de');
        const ref = refOf(outside);
        const n = numberOf(f);
        const lang = languageNamed(outside);
        const change = textChangeOf(text);
        const create = !ref && n === undefined && !change.from && CREATE.test(f);
        return {
          ...(ref ? { material: ref } : {}),
          ...(n !== undefined && !ref ? { number: n } : {}),
          hint: outside.slice(0, 600),
          ...(create ? { create: true } : {}),
          ...change,
          ...(lang ? { lang } : {}),
        };
      },
    },
    run: (ctx, i) =>
      attempt(ctx, async () => {
        const p = await plan(ctx, i);
        if (isToolOutcome(p)) return p;
        const opts = { logger: ctx.deps.logger, via: 'chat' as const };
        const saved =
          p.kind === 'create'
            ? await createMarketingMaterial(ctx.deps.db.prisma, ctx.auth.user.id, p.values, opts)
            : await updateMarketingMaterial(ctx.deps.db.prisma, ctx.auth.user.id, p.material.id, p.patch, opts);
        return {
          accepted: true,
          state: ctx.machine.state,
          data: {
            ref: shortRef(saved.id),
            title: saved.title,
            category: categoryLabel(saved.category, ctx.lang),
            lang: saved.lang.toUpperCase(),
            context: p.kind,
          },
        };
      }),
  }),
];
