// Favourites and 'Nachfragen' by chat: list, add (the provider of one of the person's offers) and remove
// favourite providers; ask a contactable party of a completed deal ('Nachfragen', sent by e-mail, so it
// waits for the click). The same domain commands as /api/favorites and POST /api/successful-deals/:id/inquiries.
import { z } from 'zod';
import { quotedOf, refOf } from '../../ai/understanding/entities.ts';
import { foldText } from '../../ai/understanding/features.ts';
import { listUserDeals } from '../../domain/deals/list-user-deals.ts';
import { translator } from '../../i18n.ts';
import { addFavorite, listFavorites, removeFavorite } from '../../domain/favorites/favorites.ts';
import { listSeekerOffers } from '../../domain/offers/list-seeker-offers.ts';
import { createDealInquiry, listSuccessfulDeals } from '../../domain/deals/successful-deals.ts';
import { attempt, chooseOne, narrowByWords, refuse, shortRef } from './refs.ts';
import { isToolOutcome, type ToolOutcome } from '../../../core/chat/outcome.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { FavoriteRow, ListFavoritesData } from '../../../core/chat/output-types.ts';

const MACHINES = ['intake', 'providerDesk', 'welcome'] as const;

const refInput = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F-]{6,36}$/)
  .describe("The reference shown on the card ('#a1b2c3')");
const clean = (ref: string) => ref.replace(/^#/, '').toLowerCase();

type UserCtx = ChatToolContext<'user'>;

/** Removing, not adding: the words a person uses to take a provider off their favourites. */
const isRemoval = (text: string) =>
  /\b(entfern\w*|losch\w*|streich\w*|raus\w*|nicht mehr|weg|remove\w*|delete\w*|take \w+ off|unfavou?rite|drop)\b/.test(foldText(text, 'de'));

/** The favourite to remove: by reference, else by the words (the company, the place), else the candidates. */
async function favoriteFor(ctx: UserCtx, input: { ref?: string; hint?: string }) {
  const favorites = await listFavorites(ctx.deps.db.prisma, ctx.auth.user.id);
  if (input.ref) return favorites.find((x) => x.providerId.startsWith(clean(input.ref!))) ?? refuse(ctx, 'NOT_FOUND');
  if (!favorites.length) return refuse(ctx, 'NO_FAVORITES');
  const fit = narrowByWords(favorites, input.hint ?? '', (f) => ({ names: [f.firmenname, f.place] }));
  if (fit.length === 1) return fit[0]!;
  return chooseOne(
    ctx,
    fit.map((f) => ({
      label: `#${shortRef(f.providerId)} · ${f.firmenname}`,
      tool: 'changeFavorite',
      input: { ref: shortRef(f.providerId), action: 'remove' },
    })),
  );
}

/**
 * The provider to add: by an offer's or provider's reference; else, among the providers of the person's
 * offers and deals, the one the words name (the company, 'my last deal'), else the candidates.
 */
async function providerFor(ctx: UserCtx, input: { ref?: string; hint?: string }): Promise<{ id: string; name: string } | ToolOutcome> {
  const { all } = await listSeekerOffers(ctx.deps.db.prisma, ctx.auth.user.id);
  const known = new Map<string, { id: string; name: string; order: number }>();
  all.forEach((o, i) => {
    if (!known.has(o.provider.id)) known.set(o.provider.id, { id: o.provider.id, name: o.provider.firmenname, order: o.deal ? i - 1000 : i });
  });
  if (input.ref) {
    const r = clean(input.ref);
    const o = all.find((x) => x.id.startsWith(r) || x.provider.id.startsWith(r));
    return o ? { id: o.provider.id, name: o.provider.firmenname } : refuse(ctx, 'NOT_FOUND');
  }
  const providers = [...known.values()];
  if (!providers.length) return refuse(ctx, 'NO_PROVIDER_TO_SAVE');
  const fit = narrowByWords(providers, input.hint ?? '', (p) => ({ names: [p.name], order: p.order }));
  if (fit.length === 1) return fit[0]!;
  return chooseOne(
    ctx,
    fit.map((p) => ({ label: `${p.name} · #${shortRef(p.id)}`, tool: 'changeFavorite', input: { ref: shortRef(p.id), action: 'add' } })),
  );
}

/** The public deal to ask about: by reference, else the one whose provider the words name, else the person's own completed deals. */
async function inquiryDeal(ctx: UserCtx, input: { deal?: string; hint?: string }) {
  const { deals } = await listSuccessfulDeals(ctx.deps.db.prisma, {});
  if (input.deal) {
    const d = deals.find((x) => x.id.startsWith(clean(input.deal!)));
    if (!d) return refuse(ctx, 'NOT_FOUND');
    return d.contactVisible ? d : refuse(ctx, 'CONTACT_NOT_VISIBLE');
  }
  const mine = new Set((await listUserDeals(ctx.deps.db.prisma, ctx.auth.user.id)).map((d) => d.id));
  const contactable = deals.filter((d) => d.contactVisible);
  const named = narrowByWords(contactable, input.hint ?? '', (d) => ({ names: [d.providerName] }));
  const fit = named.length < contactable.length ? named : contactable.filter((d) => mine.has(d.id));
  if (fit.length === 1) return fit[0]!;
  if (!fit.length) return refuse(ctx, 'INQUIRY_DEAL_REQUIRED');
  return chooseOne(
    ctx,
    fit
      .slice(0, 6)
      .map((d) => ({ label: `#${shortRef(d.id)} · ${d.providerName}`, tool: 'sendDealInquiry', input: { deal: shortRef(d.id), message: input.hint ?? '' } })),
  );
}

export const favoriteTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'listFavorites',
    description: "Lists the person's favourite providers with their reference.",
    input: z.object({}),
    access: 'user',
    machine: MACHINES,
    states: '*',
    understand: { intents: ['listFavorites'] },
    run: async (ctx) => {
      const favorites = (await listFavorites(ctx.deps.db.prisma, ctx.auth.user.id)).map(
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
    input: z.object({
      ref: refInput.optional(),
      action: z.enum(['add', 'remove']),
      hint: z.string().trim().max(300).optional().describe('How the person named the provider, when not by a reference'),
    }),
    access: 'user',
    machine: MACHINES,
    states: '*',
    understand: {
      intents: ['changeFavorite'],
      slots: ({ text }) => {
        const ref = refOf(text);
        return { action: isRemoval(text) ? 'remove' : 'add', ...(ref ? { ref } : { hint: text.slice(0, 300) }) };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        if (input.action === 'remove') {
          const f = await favoriteFor(ctx, input);
          if (isToolOutcome(f)) return f;
          await removeFavorite(ctx.deps.db.prisma, ctx.auth.user.id, f.providerId);
          return {
            accepted: true,
            state: ctx.machine.state,
            data: { action: translator(ctx.lang)('chat:favorite.remove') as string, name: f.firmenname, ref: shortRef(f.providerId), removed: true },
          };
        }
        const p = await providerFor(ctx, input);
        if (isToolOutcome(p)) return p;
        await addFavorite(ctx.deps.db.prisma, ctx.auth.user.id, p.id);
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
    input: z.object({
      deal: refInput.optional(),
      hint: z.string().trim().max(300).optional().describe('How the person named the deal or its provider, when not by its reference'),
      message: z.string().trim().min(1).max(2000).describe("The question, in the person's own words"),
    }),
    access: 'user',
    machine: MACHINES,
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const d = await inquiryDeal(ctx, input);
      return isToolOutcome(d) ? d : null;
    },
    pinInput: async (ctx, input) => {
      const d = await inquiryDeal(ctx, input);
      return { deal: isToolOutcome(d) ? input.deal : d.id, message: input.message };
    },
    confirmData: async (ctx, input) => {
      const d = await inquiryDeal(ctx, input);
      if (isToolOutcome(d)) return {};
      return { ref: shortRef(d.id), provider: d.providerName, message: input.message, email: ctx.auth.user.email };
    },
    confirmSummary: (input, data) => ({
      key: 'confirm.summary.sendDealInquiry',
      params: { ref: String(data?.ref ?? ''), provider: String(data?.provider ?? ''), message: input.message, email: String(data?.email ?? '') },
    }),
    understand: {
      intents: ['sendDealInquiry'],
      slots: ({ text }) => {
        const ref = refOf(text);
        const message = (quotedOf(text) ?? text).trim().slice(0, 2000);
        return { ...(ref ? { deal: ref } : { hint: text.slice(0, 300) }), message };
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const d = await inquiryDeal(ctx, input);
        if (isToolOutcome(d)) return d;
        const r = await createDealInquiry(ctx.deps, ctx.auth.user.id, d.id, { email: ctx.auth.user.email, message: input.message });
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(d.id), recipients: r.recipients, count: r.recipients } };
      }),
  }),
];
