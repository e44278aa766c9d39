// An admin's reason for releasing, rejecting or closing a request (the seeker is told it): the limits the
// command checks and the input both doors read.
import { z } from 'zod';

export const ADMIN_REASON_MIN = 3;
export const ADMIN_REASON_MAX = 500;
/** An admin's reason as a door receives it: trimmed, empty means none. */
export const adminReasonInput = z
  .string()
  .trim()
  .max(ADMIN_REASON_MAX)
  .transform((s) => s || undefined)
  .optional();
