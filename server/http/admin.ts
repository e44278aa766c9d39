import { z } from 'zod';
import { defineRoute } from './route.ts';
import { getAdminOverview } from '../domain/admin/get-admin-overview.ts';
import { listOutbox } from '../domain/admin/list-outbox.ts';

const admin = { roles: ['admin'] } as const;

export const adminRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/admin/overview',
    summary: 'Admin overview counters: users, requests, deals, transactions, affiliates',
    tags: ['admin'],
    access: admin,
    response: z.object({ users: z.number().int(), requests: z.number().int(), deals: z.number().int(), transactions: z.number().int(), affiliates: z.number().int() }),
    handler: ({ deps }) => getAdminOverview(deps.db.prisma),
  }),
  defineRoute({
    method: 'get',
    path: '/api/admin/outbox',
    summary: 'E-mails kept in the outbox (and sent ones), newest first',
    tags: ['admin'],
    access: admin,
    query: z.object({ to: z.string().email().optional(), limit: z.coerce.number().int().min(1).max(200).default(50) }),
    response: z.object({
      mails: z.array(
        z.object({ id: z.string(), to: z.string(), subject: z.string(), text: z.string(), html: z.string(), template: z.string(), locale: z.string(), status: z.string(), createdAt: z.string() }),
      ),
    }),
    handler: async ({ deps, query }) => ({ mails: await listOutbox(deps.db.prisma, query) }),
  }),
];
