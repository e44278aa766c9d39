// Account deletion: what blocks it and what it did (server/http/privacy.ts): the responses of its endpoints
// (core/contract/privacy.ts).
import type { z } from 'zod';
import type { DELETION_BLOCKERS, deletionCheckSchema, deletionResultSchema } from '../contract/privacy.ts';

export type DeletionBlocker = (typeof DELETION_BLOCKERS)[number];
export type DeletionCheck = z.output<typeof deletionCheckSchema>;
export type DeletionResult = z.output<typeof deletionResultSchema>;
