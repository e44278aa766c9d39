// The seeker's own requests by chat: list them and close one (the refund notice on the card), through the
// same domain queries and command as the seeker dashboard (GET /api/seeker/dashboard, POST
// /api/seeker/requests/:id/close). Offered at any point of the intake: they do not move the intake machine,
// so a question that was asked stays open (decision 050).
import { z } from 'zod';
import { categoryLabel } from '../../ai/nlu/index.ts';
import { getSeekerDashboard, type SeekerRequestRow } from '../../domain/requests/seeker-dashboard.ts';
import { closeRequest } from '../../domain/requests/end-request.ts';
import { attempt, chooseOne, narrowByWords, shortRef, refOrHint } from './refs.ts';
import { isToolOutcome, type ToolOutcome } from '../../../core/chat/outcome.ts';
import { translator } from '../../i18n.ts';
import { defineChatTool, type AnyChatToolDef, type ChatToolContext } from './registry.ts';
import type { ListMyRequestsData, MyRequestRow } from '../../../core/chat/output-types.ts';

const seeker = { roles: ['seeker'] } as const;

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

type SeekerCtx = ChatToolContext<typeof seeker>;

/**
 * The request the seeker means: the one with this reference; else, of the requests that can be closed, the
 * one their words name (category, place, what it is about), or the only one; else the candidates as buttons.
 */
async function closableRequest(ctx: SeekerCtx, input: { request?: string; hint?: string }): Promise<SeekerRequestRow | ToolOutcome> {
  const { requests } = await getSeekerDashboard(ctx.deps.db.prisma, ctx.auth.user.id);
  if (input.request) {
    const ref = input.request.replace(/^#/, '').toLowerCase();
    const r = requests.find((x) => x.id.startsWith(ref));
    if (!r) return { accepted: false, reason: 'NOT_FOUND', state: ctx.machine.state };
    if (!r.closable) return { accepted: false, reason: 'REQUEST_NOT_CLOSABLE', state: ctx.machine.state };
    return r;
  }
  const open = requests.filter((x) => x.closable);
  if (!open.length) return { accepted: false, reason: 'NO_REQUEST_TO_CLOSE', state: ctx.machine.state };
  const fit = narrowByWords(open, input.hint ?? '', (r) => ({
    names: [categoryLabel(r.kategorie, ctx.lang), r.ort, r.beschreibung.split(/\s+/).slice(0, 6).join(' ')],
  }));
  if (fit.length === 1) return fit[0]!;
  return chooseOne(
    ctx,
    fit.map((r) => ({
      label: `#${shortRef(r.id)} · ${categoryLabel(r.kategorie, ctx.lang)}${r.ort ? ` · ${r.ort}` : ''}`,
      tool: 'closeMyRequest',
      input: { request: shortRef(r.id) },
    })),
  );
}

export const seekerRequestTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'listMyRequests',
    description: "Lists the seeker's own requests with their reference, status, offers and how many providers unlocked them.",
    input: z.object({}),
    access: seeker,
    machine: 'intake',
    states: '*',
    understand: { intents: ['listMyRequests'] },
    run: async (ctx) => {
      const { requests } = await getSeekerDashboard(ctx.deps.db.prisma, ctx.auth.user.id);
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
    input: z.object({
      request: refInput.optional(),
      hint: z.string().trim().max(300).optional().describe('How the seeker named the request, when not by its reference (category, place)'),
    }),
    access: seeker,
    machine: 'intake',
    states: '*',
    requiresConfirmation: true,
    precheck: async (ctx, input) => {
      const r = await closableRequest(ctx, input);
      return isToolOutcome(r) ? r : null;
    },
    // The card names the request by its full id: the click closes exactly that one.
    pinInput: async (ctx, input) => {
      const r = await closableRequest(ctx, input);
      return isToolOutcome(r) ? input : { request: r.id };
    },
    confirmData: async (ctx, input) => {
      const r = await closableRequest(ctx, input);
      return isToolOutcome(r) ? {} : { ref: shortRef(r.id), refunds: r.unlocked, request: row(r, ctx.lang) };
    },
    confirmSummary: (_input, data) => ({
      key: 'confirm.summary.closeMyRequest',
      params: { ref: String(data?.ref ?? ''), count: Number(data?.refunds ?? 0) },
    }),
    understand: {
      intents: ['closeMyRequest'],
      slots: refOrHint('request'),
    },
    run: (ctx, input) =>
      attempt(ctx, async () => {
        const r = await closableRequest(ctx, input);
        if (isToolOutcome(r)) return r;
        const done = await closeRequest(ctx.deps, ctx.auth.user.id, r.id);
        return { accepted: true, state: ctx.machine.state, data: { ref: shortRef(r.id), refunded: done.refunded } };
      }),
  }),
];
