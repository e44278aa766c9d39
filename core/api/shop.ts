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

export interface Receipt {
  id: string;
  number: string;
  date: string;
  seller: { name: string; address: string; vatId: string };
  buyer: { name: string; email: string };
  item: { packageId: string; goints: number };
  netCents: number;
  vatCents: number;
  vatRatePercent: number;
  grossCents: number;
  provider: string;
  test: boolean;
}
