// Wallet and receipts (server/http/shop.ts), for server and client.
export interface Wallet {
  /** Goints to spend, paid and promotional together. */
  goints: number;
  /** The promotional part of them (welcome bonus, test checkout, goodwill): spent first, never cash. */
  promoGoints: number;
  earnings: { goints: number; cents: number };
  partnerEarnings: { goints: number; cents: number };
  movements: { id: string; at: string; kind: string; account: string; goints: number; balanceAfter: number; reference: string | null }[];
}

/** The receipt's type is its endpoint's response (core/contract/shop.ts). */
export type { Receipt } from '../contract/shop.ts';
