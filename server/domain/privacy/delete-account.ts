// A person deletes their own account (GDPR Art. 17, decision 046). First what would stop it (money in flight or
// owed, a deal waiting for confirmations), shown on the page and in the chat before anything happens; then, at
// once: open requests closed with refunds to their unlocking providers, open offers withdrawn, and in one
// transaction every personal field erased or replaced (name, e-mail, sign-in, sessions, chat history, request
// descriptions and contact, provider and partner profiles, payout addresses, buyer data on receipts, support
// messages, favourites, inquiries, review texts). Ledger entries, receipts, payouts and commissions stay under
// the pseudonymous account row until the 10-year retention of accounting records ends (purge-retained-records.ts).
import type { AppDeps } from '../../deps.ts';
import type { Db, DbTx } from '../../db.ts';
import { inTransaction } from '../../db/tx.ts';
import { AppError } from '../../../core/errors.ts';
import { account } from '../ledger/accounts.ts';
import { getBalances } from '../ledger/get-balance.ts';
import { MIN_PAYOUT_CENTS, milliToCents, toGoints } from '../../../core/money/money.ts';
import { transitionOffer } from '../offers/offer-transition.ts';
import { ENDABLE, endRequest } from '../requests/end-request.ts';
import type { DeletionBlocker, DeletionCheck, DeletionResult } from '../../../core/api/privacy.ts';
export type { DeletionBlocker, DeletionCheck, DeletionResult } from '../../../core/api/privacy.ts';

/** Accounting records of a deleted account are kept this long (§ 147 AO, § 257 HGB), then deleted. */
export const RETENTION_YEARS = 10;

export const PAYOUTS_IN_FLIGHT = ['requested', 'held', 'approved', 'processing'];
const DEALS_IN_PROGRESS = ['awaiting_both', 'awaiting_provider', 'awaiting_seeker'];

/** What the person types to confirm on the page (either language's word; case and spaces do not matter). */
export const DELETION_WORDS = ['LÖSCHEN', 'DELETE'];
export function isDeletionConfirmation(text: string): boolean {
  return DELETION_WORDS.includes(text.trim().toUpperCase());
}

export async function checkAccountDeletion(db: Db | DbTx, userId: string): Promise<DeletionCheck> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { role: true, deletedAt: true } });
  if (!user || user.deletedAt) throw new AppError('NOT_FOUND');
  const [payouts, deals, requests, offers, balances] = await Promise.all([
    db.payout.count({ where: { userId, status: { in: PAYOUTS_IN_FLIGHT } } }),
    db.deal.count({ where: { OR: [{ providerId: userId }, { seekerId: userId }], status: { in: DEALS_IN_PROGRESS } } }),
    db.request.findMany({ where: { userId, status: { in: ENDABLE } }, select: { id: true, unlockCount: true } }),
    db.offer.count({ where: { providerId: userId, status: 'versendet' } }),
    getBalances(db, [
      account.wallet(userId),
      account.walletPromo(userId),
      account.seekerEarnings(userId),
      account.partnerEarnings(userId),
      account.partnerPending(userId),
    ]),
  ]);
  const bal = (ref: ReturnType<typeof account.wallet>) => balances.get(`${ref.kind}:${ref.ownerId}`) ?? 0n;
  const earnings = bal(account.seekerEarnings(userId)) + bal(account.partnerEarnings(userId));
  const blockers: DeletionBlocker[] = [];
  if (user.role === 'admin') blockers.push('admin');
  if (payouts) blockers.push('payout_in_flight');
  if (milliToCents(earnings) >= MIN_PAYOUT_CENTS) blockers.push('earnings_payable');
  if (bal(account.partnerPending(userId)) > 0n) blockers.push('commissions_pending');
  if (deals) blockers.push('deal_in_progress');
  return {
    possible: blockers.length === 0,
    blockers,
    openRequests: requests.length,
    refundedUnlocks: requests.reduce((n, r) => n + r.unlockCount, 0),
    openOffers: offers,
    goints: toGoints(bal(account.wallet(userId)) + bal(account.walletPromo(userId))),
    earningsCents: milliToCents(earnings),
    retentionYears: RETENTION_YEARS,
  };
}

export async function deleteAccount(deps: AppDeps, userId: string, now: Date = new Date()): Promise<DeletionResult> {
  const prisma = deps.db.prisma;
  const check = await checkAccountDeletion(prisma, userId);
  if (!check.possible) throw new AppError('ACCOUNT_DELETION_BLOCKED', { params: { blockers: check.blockers.join(',') } });

  // Open requests end as if the seeker closed them: every unlocking provider is refunded at once.
  let closedRequests = 0;
  let refundedUnlocks = 0;
  const open = await prisma.request.findMany({ where: { userId, status: { in: ENDABLE }, acceptedOfferId: null }, select: { id: true } });
  for (const r of open) {
    const ended = await endRequest(deps, r.id, 'closed', { userId });
    if (ended.ended) closedRequests++;
    refundedUnlocks += ended.refunded.length;
  }

  const withdrawnOffers = await inTransaction(prisma, async (tx) => {
    // The user's row lock: a second deletion (or an admin's change) waits and then finds the account deleted.
    const locked = await tx.$queryRaw<{ deletedAt: Date | null }[]>`SELECT "deletedAt" FROM "user" WHERE id = ${userId} FOR UPDATE`;
    if (!locked.length || locked[0]!.deletedAt) throw new AppError('NOT_FOUND');
    // Checked again under the lock: a payout or deal that started meanwhile stops the deletion.
    const again = await checkAccountDeletion(tx, userId);
    if (!again.possible) throw new AppError('ACCOUNT_DELETION_BLOCKED', { params: { blockers: again.blockers.join(',') } });

    const offers = await tx.offer.findMany({ where: { providerId: userId, status: 'versendet' }, select: { id: true } });
    for (const o of offers) await transitionOffer(tx, o.id, { type: 'OFFER_WITHDRAWN' }, 'CONFLICT');
    await pseudonymise(tx, userId, now);
    return offers.length;
  });
  deps.sessionCache?.forget({ userId });
  deps.logger.info({ userId }, 'account deleted');
  return { deleted: true, closedRequests, refundedUnlocks, withdrawnOffers };
}

async function pseudonymise(tx: DbTx, userId: string, now: Date): Promise<void> {
  const before = await tx.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  // Sign-in, sessions and everything said in the chat go at once.
  await tx.session.deleteMany({ where: { userId } });
  await tx.account.deleteMany({ where: { userId } });
  await tx.twoFactor.deleteMany({ where: { userId } });
  await tx.verification.deleteMany({ where: { identifier: { contains: before.email, mode: 'insensitive' } } });
  await tx.chatSession.deleteMany({ where: { userId } });
  await tx.mailOutbox.deleteMany({ where: { to: before.email } });

  // Requests stay as anonymous records (category, budget, status, dates) for the deals and ledger entries that
  // refer to them; what the person wrote and where they live is blanked.
  await tx.request.updateMany({
    where: { userId },
    data: { beschreibung: '', beschreibungOeffentlich: '', firstName: null, postcode: null, ort: null, lat: null, lon: null, date: null, sessionId: null },
  });
  await tx.match.deleteMany({ where: { providerId: userId, status: { in: ['offen', 'kein_interesse'] } } });
  await tx.offer.updateMany({ where: { providerId: userId }, data: { beschreibung: '', verfuegbarkeit: '' } });
  // Reviews the person wrote stay as anonymous star ratings (the provider keeps the rating, not the text).
  await tx.review.updateMany({ where: { seekerId: userId }, data: { testimonial: '', showFirstName: false } });
  await tx.deal.updateMany({ where: { seekerId: userId }, data: { seekerContactVisible: false } });
  await tx.deal.updateMany({ where: { providerId: userId }, data: { providerContactVisible: false } });
  await tx.dealInquiry.deleteMany({ where: { inquirerId: userId } });
  // Reports the person sent stay as the moderation record (decision 059), without who sent them.
  await tx.contentReport.updateMany({ where: { reporterId: userId }, data: { reporterId: null, reporterName: null, reporterEmail: null } });
  await tx.favorite.deleteMany({ where: { userId } });
  // The provider profile (with its categories, documents and the favourites pointing at it) and the partner profile.
  await tx.providerProfile.deleteMany({ where: { userId } });
  await tx.partnerProfile.deleteMany({ where: { userId } });
  await tx.supportConversation.deleteMany({ where: { partnerId: userId } });
  await tx.supportMessage.deleteMany({ where: { senderId: userId } });
  await tx.academyProgress.deleteMany({ where: { userId } });
  await tx.partnerInvite.deleteMany({ where: { partnerId: userId } });
  // Payout records are accounting records: kept, but the addresses they went to are erased.
  await tx.payoutMethod.updateMany({
    where: { userId },
    data: {
      paypalEmail: null,
      ibanEncrypted: null,
      ibanFingerprint: null,
      accountHash: null,
      bic: null,
      accountHolder: null,
      bankName: null,
      deletedAt: now,
    },
  });
  // Receipts are kept (amounts, numbers, dates), without the buyer's name, e-mail and address.
  await tx.purchase.updateMany({ where: { userId }, data: { buyerName: null, buyerEmail: null, buyerAddress: null } });
  await tx.user.update({
    where: { id: userId },
    data: {
      name: 'Gelöschtes Konto',
      email: `deleted-${userId}@deleted.invalid`,
      emailVerified: false,
      image: null,
      twoFactorEnabled: false,
      referralCode: null,
      signupNetwork: null,
      deletedAt: now,
    },
  });
}
