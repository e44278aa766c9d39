// Wallet and receipts (server/http/shop.ts), for server and client.
import type { z } from 'zod';
import type { walletSchema } from '../contract/payouts.ts';
/** The wallet is its endpoint's response (core/contract/payouts.ts). */
export type Wallet = z.output<typeof walletSchema>;

/** The receipt's type is its endpoint's response (core/contract/shop.ts). */
export type { Receipt } from '../contract/shop.ts';
