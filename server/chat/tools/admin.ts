// Admin tools: the same domain queries as the admin HTTP routes (one domain, two doors).
import { z } from 'zod';
import { getAdminOverview } from '../../domain/admin/get-admin-overview.ts';
import { matchesAny, normalize } from '../../ai/offline/intents.ts';
import { defineChatTool, type AnyChatToolDef } from './registry.ts';

const OVERVIEW = [/\b(wie viele|wieviele|anzahl|uebersicht|statistik|kennzahlen|zahlen)\b/, /\b(how many|overview|stats|statistics|figures|numbers|counts)\b/];

export const adminTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'getPlatformOverview',
    description: 'Counters of the platform: users, requests, deals, ledger transactions, partners (admins only).',
    input: z.object({}),
    access: { roles: ['admin'] },
    machine: '*',
    states: '*',
    offline: { priority: 20, detect: ({ text }) => (matchesAny(normalize(text), OVERVIEW) ? {} : null) },
    run: async (ctx) => ({ accepted: true, data: await getAdminOverview(ctx.deps.db.prisma) }),
  }),
];
