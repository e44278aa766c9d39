// The contact form's input, checked at the HTTP door (server/http/contact.ts).
import { z } from 'zod';
import { CONTACT_LIMITS, CONTACT_TOPICS } from '../../../core/support/contact-rules.ts';

export const contactMessageSchema = z
  .object({
    name: z.string().trim().min(CONTACT_LIMITS.nameMin).max(CONTACT_LIMITS.nameMax),
    email: z.string().trim().max(CONTACT_LIMITS.emailMax).pipe(z.email()),
    topic: z.enum(CONTACT_TOPICS),
    message: z.string().trim().min(CONTACT_LIMITS.messageMin).max(CONTACT_LIMITS.messageMax),
  })
  .strict();

export type ContactMessage = z.infer<typeof contactMessageSchema>;
