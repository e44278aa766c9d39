// The support chat's message as a partner sees it (server/http/support.ts); the admins' view adds the sender
// (core/contract/admin-support.ts). The partner's own endpoints are not on the contract yet.
import { z } from 'zod';

// Emptiness and length are the domain's rule (translated SUPPORT_MESSAGE_* errors), so the schema only asks for a string.
export const supportMessageBody = z.object({ body: z.string().max(20_000).describe('The message; not empty after trimming, at most 4000 characters') });

/** A partner's view: their own messages and the team's replies; which admin answered is not shown. */
export const partnerMessageSchema = z.object({
  id: z.string(),
  fromTeam: z.boolean().describe('A reply of the admin team (false: the partner wrote it)'),
  subject: z.string(),
  body: z.string(),
  createdAt: z.string(),
  readAt: z.string().nullable(),
});
