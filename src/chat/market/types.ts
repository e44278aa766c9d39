// The data of the marketplace tools' outputs: the server's types (server/chat/tools/output-types.ts), never a
// copy. Stored outputs are read defensively (list()).
export type {
  ChatMatchCard,
  ChatOffer,
  ChatDealToRate,
  ListMatchesData,
  ListOffersData,
  ShowBalanceData,
  BuyGointsData,
} from '../../../server/chat/tools/output-types.ts';

export const list = <T>(v: unknown): T[] => (Array.isArray(v) ? (v as T[]) : []);
