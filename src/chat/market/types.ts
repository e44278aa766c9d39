// The data of the marketplace tools' outputs: the server's types (core/chat/output-types.ts), never a
// copy. Stored outputs are read defensively (list()).
export type {
  ChatMatchCard,
  ChatOffer,
  ChatDealToRate,
  ListMatchesData,
  ListOffersData,
  ShowBalanceData,
  BuyGointsData,
} from '../../../core/chat/output-types.ts';

export const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
