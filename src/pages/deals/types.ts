// Shapes of GET /api/successful-deals (server/http/deals.ts, successfulDealSchema): the server's own types
// (types only, nothing of the server is bundled).
export type { SuccessfulDeal, SuccessfulDeals } from '../../../core/api/deals.ts';
