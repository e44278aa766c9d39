// The landing pages' live figures and testimonials (server/http/marketing.ts), for server and client.
import type { CategoryId } from '../categories/category-ids.ts';

export interface MarketingFigures {
  /** Completed deals (both sides confirmed), all time; null below the minimum. */
  successfulDeals: number | null;
  /**
   * Median minutes from a request's release to providers to its first offer, over the requests released in the
   * window that got an offer; null below the minimum.
   */
  medianResponseMinutes: number | null;
  /**
   * Percent (0-100, whole) of the requests that ended in the window (completed, closed or expired; rejected
   * ones never reached providers) and had at least one offer; null below the minimum.
   */
  offerSharePercent: number | null;
  /** The minimum number of cases behind every figure shown, and the window in days (for the small print). */
  minSample: number;
  windowDays: number;
}

export interface Testimonial {
  id: string;
  rating: number;
  testimonial: string;
  /** The seeker's first name when the seeker chose to show it, else null ('Anonym'). */
  customer: string | null;
  providerId: string;
  providerName: string;
  kategorie: CategoryId;
  createdAt: string;
}
