// The seeker's own requests by chat: list them and close one (the refund notice on the card), through the
// same domain queries and command as the seeker dashboard (GET /api/seeker/dashboard, POST
// /api/seeker/requests/:id/close). Offered at any point of the intake: they do not move the intake machine,
// so a question that was asked stays open (decision 050).
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import { matchesAny, normalize } from '../../ai/offline/intents.ts';
import { categoryLabel } from '../../ai/nlu/index.ts';
import { getSeekerDashboard, type SeekerRequestRow } from '../../domain/requests/seeker-dashboard.ts';
import { closeRequest } from '../../domain/requests/end-request.ts';
import { attempt, refOf, refusalOf, shortRef } from './refs.ts';
import { translator } from '../../i18n.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { ListMyRequestsData, MyRequestRow } from '../../../core/chat/output-types.ts';

const seeker = { roles: ['seeker'] } as const;

const LIST = [
  /\b(zeig|zeige|liste|auflisten|anzeigen)\b.*\bmeine (anfragen|auftraege)\b/,
  /^(meine )?anfragen[.!?]*$/,
  /\bmeine (anfragen|auftraege)\b/,
  /\bwelche anfragen (habe|hab) ich\b/,
  /\b(show|list|see)( me)? my requests\b/,
  /\bmy requests\b/,
  /\bwhich requests (do )?i have\b/,
];
const CLOSE = [
  /\b(schliess(e|en)?|beende(n)?|loesche(n)?|storniere(n)?)\b.*\banfrage\b/,
  /\banfrage\b.*\b(schliessen|beenden|loeschen|stornieren|zurueckziehen|zurueck ?nehmen)\b/,
  /\bzieh(e)?\b.*\banfrage\b.*\bzurueck\b/,
  /\b(brauche|benoetige)\b.*\banfrage\b.*\bnicht mehr\b/,
  /\banfrage\b.*\b(nicht mehr noetig|hat sich erledigt|ist erledigt)\b/,
  /\b(close|cancel|withdraw|delete|end)\b.*\brequest\b/,
  /\b(don'?t|do not|no longer)\b.*\bneed\b.*\brequest\b/,
  /\brequest\b.*\b(anymore|any more|no longer needed)\b/,
];

const refInput = z
  .string()
  .trim()
  .regex(/^#?[0-9a-fA-F-]{6,36}$/)
  .describe("The reference shown on the card ('#a1b2c3') or the full id");

const row = (r: SeekerRequestRow, lang: ChatToolContext['lang']): MyRequestRow => ({
  ref: shortRef(r.id),
  category: categoryLabel(r.kategorie, lang),
  description: r.beschreibung,
  place: [r.postcode, r.ort].filter(Boolean).join(' '),
  status: r.status,
  active: r.active,
  closable: r.closable,
  offers: r.offers,
  unlocked: r.unlocked,
  dealStatus: r.dealStatus,
});

/**
 * The request the seeker means: the one with this reference, or, without one, the only request that can be
 * closed. NOT_FOUND when there is none; REQUEST_REF_REQUIRED (with the references) when several fit.
 */
async function closableRequest(ctx: ChatToolContext, ref: string | undefined): Promise<SeekerRequestRow> {
  const { requests } = await getSeekerDashboard(ctx.deps.db.prisma, ctx.auth.user!.id);
  if (ref) {
    const r = requests.find((x) => x.id.startsWith(ref.replace(/^#/, '').toLowerCase()));
    if (!r) throw new AppError('NOT_FOUND');
    if (!r.closable) throw new AppError('REQUEST_NOT_CLOSABLE');
    return r;
  }
  const open = requests.filter((x) => x.closable);
  if (!open.length) throw new AppError('NOT_FOUND');
  if (open.length > 1) throw new AppError('REQUEST_REF_REQUIRED', { params: { refs: open.map((x) => `#${shortRef(x.id)}`).join(', ') } });
  return open[0]!;
}

export const seekerRequestTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'listMyRequests',
    description: "Lists the seeker's own requests with their reference, status, offers and how many providers unlocked them.",
    input: z.object({}),
    access: seeker,
    machine: 'intake',
    states: '*',
    offline: { priority: 84, detect: ({ text }) => (matchesAny(normalize(text), LIST) && !matchesAny(normalize(text), CLOSE) ? {} : null) },
    run: async (ctx) => {
      const { requests } = await getSeekerDashboard(ctx.deps.db.prisma, ctx.auth.user!.id);
      const shown = requests.slice(0, 10).map((r) => row(r, ctx.lang));
      const t = translator(ctx.lang);
      const list = shown.map((r) => `#${r.ref} · ${r.category} · ${t(`chat:status.${r.status}`, { defaultValue: r.status }) as string}`).join('; ');
      return {
        accepted: true,
        state: ctx.machine.state,
        data: { requests: shown, count: shown.length, list, more: requests.length > shown.length } satisfies ListMyRequestsData,
      };
    },
  }),
  defineChatTool({
    name: 'closeMyRequest',
    description:
      "Closes one of the seeker's requests without a deal; every provider who unlocked it gets the Goints back. Only proposes it: the card shows the request and the refunds, the seeker confirms with the button.",
    input: z.object({ request: refInput.optional() }),
    access: seeker,
    machine: 'intake',
    states: '*',
    requiresConfirmation: true,
    precheck: (ctx, input) =>
      refusalOf(ctx, async () => {
        await closableRequest(ctx, input.request);
      }),
    // The card names the request by its full id: the click closes exactly that one.
    pinInput: async (ctx, input) => ({ request: (await closableRequest(ctx, input.request)).id }),
    confirmData: async (ctx, input) => {
      const r = await closableRequest(ctx, input.request);
      return { ref: shortRef(r.id), refunds: r.unlocked, request: row(r, ctx.lang) };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.closeMyRequest',
      params: { ref: String(data?.ref ?? ''), count: Number(data?.refunds ?? 0) },
    }),
    offline: {
      priority: 88,
      detect: ({ text }) => {
        if (!matchesAny(normalize(text), CLOSE)) return null;
        const ref = refOf(text);
        return ref ? { request: ref } : {};
      },
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const r = await closableRequest(ctx, input.request);
        const done = await closeRequest(ctx.deps, ctx.auth.user!.id, r.id);
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(r.id), refunded: done.refunded } };
      }),
  }),
];
