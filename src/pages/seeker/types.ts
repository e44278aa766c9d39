// Shapes of the seeker doors (server/http/seekers.ts, server/http/marketplace.schemas.ts) as the dashboard
// reads them: the server's own types (types only, nothing of the server is bundled).
import type { SeekerDashboard, SeekerRequestRow } from '../../../core/api/seeker.ts';
import type { SeekerOffer } from '../../../core/api/seeker.ts';

export type { SeekerDashboard, SeekerOffer };
export type SeekerRequest = SeekerRequestRow;

export interface SeekerOffers {
  top: SeekerOffer[];
  all: SeekerOffer[];
}

/** Deal states in which neither side may still confirm or cancel. */
export const DEAL_FINISHED = ['completed', 'cancelled'];
