// Schemas several endpoints share.
import { z } from 'zod';

/** A path's ':id' of a row (UUID). */
export const idParams = z.object({ id: z.uuid() });
/** What a door answers that has nothing else to say. */
export const okResponse = z.object({ ok: z.literal(true) });
