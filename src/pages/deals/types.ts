// Shapes of GET /api/successful-deals (server/http/deals.ts, successfulDealSchema).
export interface SuccessfulDeal {
  id: string;
  kategorie: string;
  providerId: string;
  providerName: string;
  /** The seeker's first name when shown, else null ('Anonym'). */
  customer: string | null;
  rating: number | null;
  testimonial: string | null;
  valueCents: number;
  location: string | null;
  completedAt: string;
  contactVisible: boolean;
}

export interface SuccessfulDeals {
  deals: SuccessfulDeal[];
  summary: { count: number; volumeCents: number; locations: number };
  /** All completed deals, whatever the filter: tells 'none yet' from 'none matching'. */
  total: number;
}
