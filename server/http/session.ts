import { z } from 'zod';
import { defineRoute } from './route.ts';
import { findHomePath } from '../domain/users/find-home-path.ts';

export const meResponse = z.object({
  user: z
    .object({
      id: z.string(),
      email: z.string(),
      name: z.string(),
      role: z.enum(['seeker', 'provider', 'admin']),
      locale: z.enum(['de', 'en']),
      emailVerified: z.boolean(),
      twoFactorEnabled: z.boolean(),
      /** Where the account lands after signing in: its dashboard (decided here, not by the browser). */
      home: z.string(),
    })
    .nullable(),
});

export const sessionRoutes = [
  defineRoute({
    method: 'get',
    path: '/api/me',
    summary: 'The signed-in user with role, or null',
    tags: ['session'],
    access: 'public',
    response: meResponse,
    handler: async ({ auth, deps }) => ({ user: auth.user ? { ...auth.user, home: await findHomePath(deps.db.prisma, auth.user) } : null }),
  }),
];
