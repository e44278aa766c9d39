// The contact form's door: parse, rate-limit (bucket 'contact', RATE_LIMIT_CONTACT), send to the operator.
import { z } from 'zod';
import { defineRoute } from './route.ts';
import { contactMessageSchema } from '../domain/support/contact.schemas.ts';
import { sendContactMessage } from '../domain/support/send-contact-message.ts';

export const contactRoutes = [
  defineRoute({
    method: 'post',
    path: '/api/contact',
    summary: "A message from the contact form to the operator's address (rate-limited per IP)",
    tags: ['support'],
    access: 'public',
    rateLimit: 'contact',
    body: contactMessageSchema,
    response: z.object({ ok: z.literal(true) }),
    handler: async ({ deps, body, lang }) => {
      await sendContactMessage(deps, body, lang);
      return { ok: true as const };
    },
  }),
];
