// Favourites and 'Nachfragen' by chat: list, add (the provider of one of the person's offers) and remove
// favourite providers; ask a contactable party of a completed deal ('Nachfragen', sent by e-mail, so it
// waits for the click). The same domain commands as /api/favorites and POST /api/successful-deals/:id/inquiries.
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { matchesAny, normalize } from '../../ai/offline/intents.ts';
import { translator } from '../../i18n.ts';
import { addFavorite, listFavorites, removeFavorite } from '../../domain/favorites/favorites.ts';
import { listSeekerOffers } from '../../domain/offers/list-seeker-offers.ts';
import { createDealInquiry, listSuccessfulDeals } from '../../domain/deals/successful-deals.ts';
import { attempt, refOf, refusalOf, shortRef } from './refs.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { FavoriteRow, ListFavoritesData } from '../../../core/chat/output-types.ts';

const MACHINES = ['intake', 'providerDesk', 'welcome'] as const;

const FAVORITE_WORDS = /\b(favorit(en)?|merkliste|favou?rites?|bookmarks?)\b/;
const LIST = [/\b(meine|zeig|zeige|welche)\b.*\b(favoriten|merkliste)\b/, /^(favoriten|favou?rites)[.!?]*$/, /\b(show|see|list|my)\b.*\bfavou?rites\b/];
const ADD = /\b(merk(e|en)?|hinzufuegen|aufnehmen|speicher(n|e)?|add|save|bookmark)\b/;
const REMOVE = /\b(entfern(e|en)?|loesch(e|en)?|streich(e|en)?|raus|remove|delete)\b/;
// 'Nachfrage zu Deal #a1b2c3: Wie lange hat es gedauert?', 'Ask deal #a1b2c3: how long did it take?'
const INQUIRY = /^\s*(?:nachfrage|nachfragen|frage|ask|inquiry|question)\b[^:#]*#?([0-9a-f]{6})[0-9a-f-]*\s*[:\-–]\s*([\s\S]+)$/i;

const refInput = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F-]{6,36}$/)
  .describe("The reference shown on the card ('#a1b2c3')");
const clean = (ref: string) => ref.replace(/^#/, '').toLowerCase();

async function favoriteOf(ctx: ChatToolContext, ref: string) {
  const f = (await listFavorites(ctx.deps.db.prisma, ctx.auth.user!.id)).find((x) => x.providerId.startsWith(clean(ref)));
  if (!f) throw new AppError('NOT_FOUND');
  return f;
}

/** The provider the person means: by an offer's reference (their own offers) or the provider's. */
async function providerOf(ctx: ChatToolContext, ref: string): Promise<{ id: string; name: string }> {
  const r = clean(ref);
  const { all } = await listSeekerOffers(ctx.deps.db.prisma, ctx.auth.user!.id);
  const o = all.find((x) => x.id.startsWith(r) || x.provider.id.startsWith(r));
  if (!o) throw new AppError('NOT_FOUND');
  return { id: o.provider.id, name: o.provider.firmenname };
}

async function inquiryDeal(ctx: ChatToolContext, ref: string) {
  const { deals } = await listSuccessfulDeals(ctx.deps.db.prisma, {});
  const d = deals.find((x) => x.id.startsWith(clean(ref)));
  if (!d) throw new AppError('NOT_FOUND');
  if (!d.contactVisible) throw new AppError('CONTACT_NOT_VISIBLE');
  return d;
}

export const favoriteTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'listFavorites',
    description: "Lists the person's favourite providers with their reference.",
    input: z.object({}),
    access: 'user',
    machine: MACHINES,
    states: '*',
    offline: {
      priority: 64,
      detect: ({ text }) => (matchesAny(normalize(text), LIST) && !ADD.test(normalize(text)) && !REMOVE.test(normalize(text)) ? {} : null),
    },
    run: async (ctx) => {
      const favorites = (await listFavorites(ctx.deps.db.prisma, ctx.auth.user!.id)).map(
        (f): FavoriteRow => ({
          ref: shortRef(f.providerId),
          id: f.providerId,
          name: f.firmenname,
          place: f.place,
        }),
      );
      const list = favorites.map((f) => `#${f.ref} ${f.name}${f.place ? ` (${f.place})` : ''}`).join('; ');
      return { accepted: true, state: ctx.machine.state, data: { favorites, count: favorites.length, list } satisfies ListFavoritesData };
    },
  }),
  defineChatTool({
    name: 'changeFavorite',
    description: "Adds a provider to the person's favourites (by the reference of their offer) or removes one (by the favourite's reference).",
    input: z.object({ ref: refInput, action: z.enum(['add', 'remove']) }),
    access: 'user',
    machine: MACHINES,
    states: '*',
    offline: {
      priority: 79,
      detect: ({ text }) => {
        const n = normalize(text);
        const ref = refOf(text);
        if (!ref || !FAVORITE_WORDS.test(n)) return null;
        if (REMOVE.test(n)) return { ref, action: 'remove' };
        return ADD.test(n) || /\bzu (den|meinen) favoriten\b|\bto (my )?favou?rites\b/.test(n) ? { ref, action: 'add' } : null;
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        if (input.action === 'remove') {
          const f = await favoriteOf(ctx, input.ref);
          await removeFavorite(ctx.deps.db.prisma, ctx.auth.user!.id, f.providerId);
          return {
            accepted: true,
            state: ctx.machine.state,
            data: { action: translator(ctx.lang)('chat:favorite.remove') as string, name: f.firmenname, ref: shortRef(f.providerId), removed: true },
          };
        }
        const p = await providerOf(ctx, input.ref);
        await addFavorite(ctx.deps.db.prisma, ctx.auth.user!.id, p.id);
        return {
          accepted: true,
          state: ctx.machine.state,
          data: { action: translator(ctx.lang)('chat:favorite.add') as string, name: p.name, ref: shortRef(p.id), added: true },
        };
      }),
  }),
  defineChatTool({
    name: 'sendDealInquiry',
    description:
      "'Nachfragen': sends the person's question about a completed public deal to its contactable party by e-mail, with the person's account address to reply to. Only proposes it: the person confirms with the button.",
    input: z.object({ deal: refInput, message: z.string().trim().min(1).max(2000).describe("The question, in the person's own words") }),
    access: 'user',
    machine: MACHINES,
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        await inquiryDeal(ctx, input.deal);
      }),
    pinInput: async (ctx, input) => ({ deal: (await inquiryDeal(ctx, input.deal)).id, message: input.message }),
    confirmData: async (ctx, input) => {
      const d = await inquiryDeal(ctx, input.deal);
      return { ref: shortRef(d.id), provider: d.providerName, message: input.message, email: ctx.auth.user!.email };
    },
    confirmSummary: (input, data) => ({
      key: 'confirm.summary.sendDealInquiry',
      params: { ref: String(data?.ref ?? ''), provider: String(data?.provider ?? ''), message: input.message, email: String(data?.email ?? '') },
    }),
    offline: {
      priority: 93,
      detect: ({ text }) => {
        const m = INQUIRY.exec(text);
        return m ? { deal: m[1]!.toLowerCase(), message: m[2]!.trim() } : null;
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const d = await inquiryDeal(ctx, input.deal);
        const r = await createDealInquiry(ctx.deps, ctx.auth.user!.id, d.id, { email: ctx.auth.user!.email, message: input.message });
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(d.id), recipients: r.recipients, count: r.recipients } };
      }),
  }),
];
