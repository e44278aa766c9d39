import { z } from 'zod';
import { defineRoute } from './route.ts';

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
    handler: ({ auth }) => ({ user: auth.user }),
  }),
];
