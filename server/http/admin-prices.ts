// Admin doors to the price list (tab 'preise'): list, create, change, delete. Thin: parse, call the domain
// command (which validates, writes the audit entry and the change in one transaction). Decision 032.
import { defineRoute } from './route.ts';
import { adminPricesContract } from '../../core/contract/admin-prices.ts';
import { listPriceEntries, getCurrentPrices } from '../domain/prices/list-price-entries.ts';
import { createPriceEntry } from '../domain/prices/create-price-entry.ts';
import { updatePriceEntry } from '../domain/prices/update-price-entry.ts';
import { deletePriceEntry } from '../domain/prices/delete-price-entry.ts';
import { DEFAULT_BASE_PRICE_CENTS, DEFAULT_COMMISSION_RATE_BP, PRICE_LIMITS } from '../domain/prices/price-list.ts';

const admin = { roles: ['admin'] } as const;

export const adminPriceRoutes = [
  defineRoute({
    ...adminPricesContract.list,
    summary: 'The price list: entries, the default for categories without one, and each category’s unlock price now',
    tags: ['admin'],
    access: admin,
    handler: async ({ deps }) => {
      const [entries, current] = await Promise.all([listPriceEntries(deps.db.prisma), getCurrentPrices(deps.db.prisma)]);
      const { minCents, maxCents, stepCents, minRateBp, maxRateBp } = PRICE_LIMITS;
      return {
        entries,
        defaults: { basePriceCents: DEFAULT_BASE_PRICE_CENTS, commissionRateBp: DEFAULT_COMMISSION_RATE_BP },
        limits: { minCents, maxCents, stepCents, minRateBp, maxRateBp },
        categories: current.categories,
      };
    },
  }),
  defineRoute({
    ...adminPricesContract.create,
    summary: 'Adds a price-list entry (one per category and service type); applies to the next unlocks',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, body }) => createPriceEntry(deps.db.prisma, auth.user.id, body, 'dashboard'),
  }),
  defineRoute({
    ...adminPricesContract.update,
    summary: 'Changes a price-list entry; unlocks already paid keep their price and rate',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params, body }) => updatePriceEntry(deps.db.prisma, auth.user.id, params.id, body, 'dashboard'),
  }),
  defineRoute({
    ...adminPricesContract.remove,
    summary: 'Removes a price-list entry (its category falls back to the default)',
    tags: ['admin'],
    access: admin,
    handler: ({ deps, auth, params }) => deletePriceEntry(deps.db.prisma, auth.user.id, params.id, 'dashboard'),
  }),
];
