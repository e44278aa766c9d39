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
    response: z.object({
      aiProvider: z.enum(['offline', 'openai']),
      mailMode: z.enum(['smtp', 'outbox']),
      checkout: z.enum(['stripe', 'test']),
      paypalPayouts: z.enum(['api', 'manual']),
      aiVendor: z.enum(['openai', 'custom']).nullable(),
      operator: z.object({
        name: z.string(),
        address: z.string(),
        email: z.string(),
        phone: z.string().nullable(),
        representative: z.string().nullable(),
        register: z.string().nullable(),
        vatId: z.string(),
        configured: z.boolean().describe('false: the Impressum shows placeholders of a test operation'),
      }),
    }),
    handler: ({ deps }) => publicConfig(deps.config),
  }),
];
