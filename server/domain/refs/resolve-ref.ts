// Short references ('#a1b2c3', the first six characters of an id, or the whole id) as the chat's cards show
// them and its buttons send, resolved to ids, always scoped to what the caller may name: a provider names the
// requests matched to them, a seeker the offers on their requests, either side of a deal that deal.
import type { Db } from '../../db.ts';

/** '#A1B2C3' → 'a1b2c3'. */
export const cleanRef = (ref: string) => ref.replace(/^#/, '').toLowerCase();

/** The request of one of the provider's matches that this reference names, or null. */
export async function resolveRequestRef(prisma: Db, providerId: string, ref: string): Promise<string | null> {
  const r = cleanRef(ref);
  const match = await prisma.match.findFirst({ where: { providerId, requestId: { startsWith: r.slice(0, 36) } }, select: { requestId: true } });
  return match?.requestId ?? null;
}

/** The offer on one of the seeker's requests that this reference names, or null. */
export async function resolveOfferRef(prisma: Db, seekerId: string, ref: string): Promise<string | null> {
  const offer = await prisma.offer.findFirst({ where: { id: { startsWith: cleanRef(ref) }, request: { userId: seekerId } }, select: { id: true } });
  return offer?.id ?? null;
}

/** The deal this reference names when the user is its provider or its seeker, or null. */
export async function resolveDealRef(prisma: Db, userId: string, ref: string): Promise<string | null> {
  const deal = await prisma.deal.findFirst({
    where: { id: { startsWith: cleanRef(ref) }, OR: [{ providerId: userId }, { seekerId: userId }] },
    select: { id: true },
  });
  return deal?.id ?? null;
}

/** For admins: the requests whose id starts with this reference, at most two (two: the reference is ambiguous). */
export function findRequestsByRef(prisma: Db, ref: string) {
  return prisma.request.findMany({
    where: { id: { startsWith: cleanRef(ref) } },
    take: 2,
    select: { id: true, status: true, kategorie: true, ort: true, unlockCount: true, acceptedOfferId: true, user: { select: { name: true, locale: true } } },
  });
}

/** For admins: the payout this reference names when exactly one matches, or null. */
export async function findPayoutByRef(prisma: Db, ref: string) {
  const rows = await prisma.payout.findMany({
    where: { id: { startsWith: cleanRef(ref) } },
    take: 2,
    include: { user: { select: { email: true, name: true } }, method: true },
  });
  return rows.length === 1 ? rows[0]! : null;
}

/** What an admin's reference can name (the things admins act on by reference in the chat). */
export const ADMIN_REF_KINDS = ['request', 'payout', 'commission', 'document', 'report'] as const;
export type AdminRefKind = (typeof ADMIN_REF_KINDS)[number];

/**
 * For admins: the kinds of thing this reference names ('approve #2b7d4e' may be a request under review or a
 * payout; the chat takes the one that exists). Empty when it names nothing.
 */
export async function adminRefKinds(prisma: Db, ref: string): Promise<AdminRefKind[]> {
  const where = { id: { startsWith: cleanRef(ref) } };
  const select = { id: true } as const;
  const [request, payout, commission, document, report] = await Promise.all([
    prisma.request.findFirst({ where, select }),
    prisma.payout.findFirst({ where, select }),
    prisma.commission.findFirst({ where, select }),
    prisma.verificationDocument.findFirst({ where, select }),
    prisma.contentReport.findFirst({ where, select }),
  ]);
  const found: Record<AdminRefKind, unknown> = { request, payout, commission, document, report };
  return ADMIN_REF_KINDS.filter((k) => found[k]);
}
