import { z } from 'zod';
import { defineRoute } from './route.ts';
import { publicConfig } from '../config.ts';

export const metaRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/health',
    summary: 'Liveness and database check',
    tags: ['meta'],
    access: 'public',
    response: z.object({ ok: z.boolean(), database: z.enum(['pglite', 'postgres']) }),
    handler: async ({ deps }) => {
      await deps.db.prisma.$queryRaw`SELECT 1`;
      return { ok: true, database: deps.db.kind };
    },
  }),
  defineRoute({
    method: 'get',
    path: '/api/config',
    summary: 'What the browser may know of the server configuration',
    tags: ['meta'],
    access: 'public',
    // Exactly publicConfig's list; the route-responses test fails on a field added there but not here.
    response: z.object({
      aiProvider: z.enum(['offline', 'openai']),
      mailMode: z.enum(['smtp', 'outbox']),
      checkout: z.enum(['stripe', 'test']).describe("'test': akut's own test checkout (no real money)"),
      paypalPayouts: z.enum(['api', 'manual']).describe("'manual': PayPal payouts are paid by hand"),
    }),
    handler: ({ deps }) => publicConfig(deps.config),
  }),
];
