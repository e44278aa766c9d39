// The affiliate fraud rules (issue 10): a commission that matches one is held for an admin instead of
// becoming payable. They read only what the database has: names, e-mail addresses, payout methods (PayPal
// address, keyed fingerprint of the IBAN), sign-up times and the deal's two uplines.
import type { DbTx } from '../../db.ts';
import { isSharedMailDomain, mailboxOf } from '../users/email-identity.ts';

export type FraudCode = 'SAME_PERSON' | 'SAME_EMAIL_PATTERN' | 'SAME_PAYOUT_ACCOUNT' | 'SHARED_PAYOUT_ACCOUNT' | 'SIGNUP_BURST' | 'SAME_PARTNER_BOTH_SIDES';
export interface FraudFlag {
  code: FraudCode;
  detail?: string;
}

/** At least this many people signed up through one partner within the burst window around a referred user. */
export const SIGNUP_BURST_COUNT = 10;
export const SIGNUP_BURST_WINDOW_MS = 60 * 60_000;

/** Two addresses of one mailbox, or of one own (not public) domain. */
export function emailPatternMatch(a: string, b: string): string | null {
  const x = mailboxOf(a);
  const y = mailboxOf(b);
  if (!x.domain || !y.domain) return null;
  if (x.domain === y.domain && x.local === y.local) return 'same mailbox';
  if (x.domain === y.domain && !isSharedMailDomain(x.domain)) return `@${x.domain}`;
  return null;
}

const normName = (n: string) => n.toLowerCase().normalize('NFKC').replace(/\s+/g, ' ').trim();

export interface PersonFacts {
  id: string;
  name: string;
  email: string;
  createdAt: Date;
  referredById: string | null;
  paypal: Set<string>;
  ibans: Set<string>;
}

export async function loadPeople(tx: DbTx, ids: readonly string[]): Promise<Map<string, PersonFacts>> {
  const unique = [...new Set(ids)];
  const [users, methods] = await Promise.all([
    tx.user.findMany({ where: { id: { in: unique } }, select: { id: true, name: true, email: true, createdAt: true, referredById: true } }),
    tx.payoutMethod.findMany({ where: { userId: { in: unique }, deletedAt: null }, select: { userId: true, paypalEmail: true, ibanFingerprint: true } }),
  ]);
  const out = new Map<string, PersonFacts>();
  for (const u of users) out.set(u.id, { ...u, paypal: new Set(), ibans: new Set() });
  for (const m of methods) {
    const p = out.get(m.userId);
    if (m.paypalEmail) p?.paypal.add(m.paypalEmail.toLowerCase());
    if (m.ibanFingerprint) p?.ibans.add(m.ibanFingerprint);
  }
  return out;
}

const overlaps = (a: Set<string>, b: Set<string>) => [...a].some((v) => b.has(v));

/** Rules about the partner and the referred person of one commission. */
export async function checkFraud(
  tx: DbTx,
  people: Map<string, PersonFacts>,
  c: { partnerId: string; referredUserId: string; level: number; partnerOnBothSides: boolean },
): Promise<FraudFlag[]> {
  const flags: FraudFlag[] = [];
  const partner = people.get(c.partnerId);
  const referred = people.get(c.referredUserId);
  if (!partner || !referred) return flags;
  if (normName(partner.name).length >= 3 && normName(partner.name) === normName(referred.name)) flags.push({ code: 'SAME_PERSON' });
  const pattern = emailPatternMatch(partner.email, referred.email);
  if (pattern) flags.push({ code: 'SAME_EMAIL_PATTERN', detail: pattern });
  if (overlaps(partner.paypal, referred.paypal) || overlaps(partner.ibans, referred.ibans)) flags.push({ code: 'SAME_PAYOUT_ACCOUNT' });
  if (partner.paypal.size || partner.ibans.size) {
    // The partner's PayPal address or bank account is also another partner's (someone who brought people in).
    const shared = await tx.payoutMethod.count({
      where: {
        userId: { not: partner.id },
        deletedAt: null,
        user: { referrals: { some: {} } },
        OR: [
          ...(partner.paypal.size ? [{ paypalEmail: { in: [...partner.paypal] } }] : []),
          ...(partner.ibans.size ? [{ ibanFingerprint: { in: [...partner.ibans] } }] : []),
        ],
      },
    });
    if (shared > 0) flags.push({ code: 'SHARED_PAYOUT_ACCOUNT' });
  }
  if (c.level === 1) {
    const around = await tx.user.count({
      where: {
        referredById: partner.id,
        createdAt: {
          gte: new Date(referred.createdAt.getTime() - SIGNUP_BURST_WINDOW_MS),
          lte: new Date(referred.createdAt.getTime() + SIGNUP_BURST_WINDOW_MS),
        },
      },
    });
    if (around >= SIGNUP_BURST_COUNT) flags.push({ code: 'SIGNUP_BURST', detail: String(around) });
  }
  // The deal's provider and seeker were both brought in by this partner: the unlock (and its deal) may be staged.
  if (c.partnerOnBothSides) flags.push({ code: 'SAME_PARTNER_BOTH_SIDES' });
  return flags;
}
