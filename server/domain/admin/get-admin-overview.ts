import type { Db } from '../../db.ts';

/** The five counters of the admin overview, from real rows. An affiliate is a user who has referred someone. */
export async function getAdminOverview(prisma: Db) {
  const [users, requests, deals, transactions, affiliates] = await Promise.all([
    prisma.user.count(),
    prisma.request.count(),
    prisma.deal.count(),
    prisma.ledgerTransaction.count(),
    prisma.user.count({ where: { referrals: { some: {} } } }),
  ]);
  return { users, requests, deals, transactions, affiliates };
}
