// Admin tools: the same domain queries as the admin HTTP routes (one domain, two doors).
import { z } from 'zod';
import { getAdminOverview } from '../../domain/admin/get-admin-overview.ts';
import { defineChatTool, type AnyChatToolDef } from './registry.ts';

export const adminTools: AnyChatToolDef[] = [
  defineChatTool({
    name: 'getPlatformOverview',
    description: 'Counters of the platform: users, requests, deals, ledger transactions, partners (admins only).',
    input: z.object({}),
    access: { roles: ['admin'] },
    machine: '*',
    states: '*',
    understand: { intents: ['getPlatformOverview'] },
    run: async (ctx) => ({ accepted: true, data: await getAdminOverview(ctx.deps.db.prisma) }),
  }),
];
