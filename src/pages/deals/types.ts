// Shapes of GET /api/successful-deals (server/http/deals.ts, successfulDealSchema): the server's own types
// (types only, nothing of the server is bundled).
export type { SuccessfulDeal, SuccessfulDeals } from '../../../server/domain/deals/successful-deals.ts';
