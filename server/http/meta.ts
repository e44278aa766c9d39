import { z } from 'zod';
import { defineRoute } from './route.ts';
import { publicConfig } from '../config.ts';
import { databaseAnswers } from '../db/health.ts';

const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  database: z.enum(['pglite', 'postgres']),
  db: z.enum(['ok', 'down']),
  bus: z.enum(['ok', 'reconnecting']),
});

export const metaRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/health',
    summary: 'Liveness: the database and the event bus',
    tags: ['meta'],
    access: 'public',
    response: healthSchema,
    responseDescription:
      "200 while the database answers (status 'degraded' while the event bus reconnects: live events are delayed); 503 while the database is down",
    raw: true,
    handler: async ({ deps, res }) => {
      const db = await databaseAnswers(deps.db.prisma, deps.logger);
      const bus = deps.bus.status();
      const body: z.infer<typeof healthSchema> = { status: db && bus === 'ok' ? 'ok' : 'degraded', database: deps.db.kind, db: db ? 'ok' : 'down', bus };
      res.status(db ? 200 : 503).json(body);
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
      payoutRails: z
        .object({ stripe: z.boolean(), paypal: z.enum(['api', 'manual', 'off']), bank: z.boolean() })
        .describe(
          "How payouts may go: Stripe Connect, PayPal ('manual': paid by hand from the operator's account), bank (SEPA file from the operator's account)",
        ),
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
