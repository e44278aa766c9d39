// Everything akut holds about one person (GDPR Art. 15 and 20), read in one place for the JSON and HTML
// download and the chat's link card: the account, requests, chat history, offers, deals, reviews, favourites,
// unlocks, purchases, ledger entries of the person's own accounts, payouts and payout methods (IBAN and PayPal
// address masked), referrals (the upline's code and how many people the person brought in, never who),
// partner data and support messages. Only rows that belong to the person; never another person's data.
import type { Db } from '../../db.ts';
import { toGointsExact } from '../../../core/money/money.ts';

export const EXPORT_FORMAT_VERSION = 1;

/** 'DE** **** **** **** **12 34': the country and the last four digits only. */
export function maskIban(country: string | null, last4: string | null): string | null {
  if (!last4) return null;
  return `${country ?? '**'}** **** **** **** **${last4.slice(0, 2)} ${last4.slice(2)}`;
}

/** 'j***@example.org'. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  if (at < 1) return '***';
  return `${email[0]}***${email.slice(at)}`;
}

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);

export async function exportPersonalData(prisma: Db, userId: string, now: Date = new Date()) {
  const user = await prisma.user.findUniqueOrThrow({
    where: { id: userId },
    select: {
      id: true,
      name: true,
      email: true,
      emailVerified: true,
      role: true,
      locale: true,
      twoFactorEnabled: true,
      referralCode: true,
      createdAt: true,
      updatedAt: true,
      referredBy: { select: { referralCode: true } },
      _count: { select: { referrals: true } },
    },
  });
  const [
    sessions,
    logins,
    requests,
    chatSessions,
    offers,
    deals,
    reviewsWritten,
    reviewsReceived,
    favorites,
    inquiries,
    unlocks,
    purchases,
    accounts,
    payouts,
    payoutMethods,
    providerProfile,
    partnerProfile,
    commissions,
    support,
    mails,
  ] = await Promise.all([
    prisma.session.findMany({
      where: { userId },
      select: { createdAt: true, expiresAt: true, ipAddress: true, userAgent: true },
      orderBy: { createdAt: 'asc' },
    }),
    prisma.account.findMany({ where: { userId }, select: { providerId: true, createdAt: true } }),
    prisma.request.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
    prisma.chatSession.findMany({
      where: { userId },
      orderBy: { createdAt: 'asc' },
      select: { id: true, locale: true, createdAt: true, messages: { orderBy: { seq: 'asc' }, select: { role: true, parts: true, createdAt: true } } },
    }),
    prisma.offer.findMany({
      where: { providerId: userId },
      orderBy: { createdAt: 'asc' },
      select: { id: true, requestId: true, priceCents: true, beschreibung: true, verfuegbarkeit: true, status: true, createdAt: true, acceptedAt: true },
    }),
    prisma.deal.findMany({ where: { OR: [{ providerId: userId }, { seekerId: userId }] }, orderBy: { createdAt: 'asc' } }),
    prisma.review.findMany({ where: { seekerId: userId }, orderBy: { createdAt: 'asc' } }),
    prisma.review.findMany({
      where: { providerId: userId },
      orderBy: { createdAt: 'asc' },
      select: { dealId: true, rating: true, testimonial: true, createdAt: true },
    }),
    prisma.favorite.findMany({ where: { userId }, select: { createdAt: true, provider: { select: { userId: true, firmenname: true } } } }),
    prisma.dealInquiry.findMany({ where: { inquirerId: userId }, select: { dealId: true, inquirerEmail: true, message: true, createdAt: true } }),
    prisma.unlock.findMany({
      where: { providerId: userId },
      orderBy: { createdAt: 'asc' },
      select: { requestId: true, price: true, promoPrice: true, status: true, createdAt: true, settledAt: true, refundedAt: true },
    }),
    prisma.purchase.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
    prisma.ledgerAccount.findMany({
      where: { ownerId: userId },
      orderBy: { kind: 'asc' },
      select: {
        kind: true,
        balance: true,
        entries: {
          orderBy: { createdAt: 'asc' },
          select: { amount: true, balanceAfter: true, createdAt: true, transaction: { select: { kind: true, reference: true } } },
        },
      },
    }),
    prisma.payout.findMany({
      where: { userId },
      orderBy: { requestedAt: 'asc' },
      select: { id: true, source: true, amountCents: true, status: true, requestedAt: true, paidAt: true, failedAt: true, method: true },
    }),
    prisma.payoutMethod.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } }),
    prisma.providerProfile.findUnique({
      where: { userId },
      include: {
        categories: { select: { category: true } },
        documents: { select: { kind: true, fileName: true, status: true, createdAt: true } },
        trader: true,
      },
    }),
    prisma.partnerProfile.findUnique({ where: { userId } }),
    prisma.commission.findMany({
      where: { partnerId: userId },
      orderBy: { createdAt: 'asc' },
      select: { level: true, amount: true, status: true, createdAt: true, availableAt: true },
    }),
    prisma.supportConversation.findUnique({
      where: { partnerId: userId },
      select: { subject: true, messages: { orderBy: { createdAt: 'asc' }, select: { senderId: true, subject: true, body: true, createdAt: true } } },
    }),
    prisma.mailOutbox.findMany({ where: { to: user.email }, orderBy: { createdAt: 'asc' }, select: { subject: true, template: true, createdAt: true } }),
  ]);

  const method = (m: (typeof payoutMethods)[number]) => ({
    type: m.type,
    paypalEmail: maskEmail(m.paypalEmail),
    iban: maskIban(m.ibanCountry, m.ibanLast4),
    accountHolder: m.accountHolder,
    bankName: m.bankName,
    verified: m.verified,
    createdAt: iso(m.createdAt),
    deletedAt: iso(m.deletedAt),
  });

  return {
    format: 'akut-personal-data',
    version: EXPORT_FORMAT_VERSION,
    exportedAt: now.toISOString(),
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      emailVerified: user.emailVerified,
      role: user.role,
      locale: user.locale,
      twoFactorEnabled: user.twoFactorEnabled,
      signInMethods: logins.map((l) => l.providerId),
      createdAt: iso(user.createdAt),
      updatedAt: iso(user.updatedAt),
      sessions: sessions.map((s) => ({ createdAt: iso(s.createdAt), expiresAt: iso(s.expiresAt), ipAddress: s.ipAddress, userAgent: s.userAgent })),
    },
    requests: requests.map((r) => ({
      id: r.id,
      status: r.status,
      kategorie: r.kategorie,
      firstName: r.firstName,
      beschreibung: r.beschreibung,
      postcode: r.postcode,
      ort: r.ort,
      budgetMin: r.budgetMin,
      budgetMax: r.budgetMax,
      dringlichkeit: r.dringlichkeit,
      date: iso(r.date),
      adminReason: r.adminReason,
      unlockCount: r.unlockCount,
      createdAt: iso(r.createdAt),
      closedAt: iso(r.closedAt),
    })),
    chat: chatSessions.map((s) => ({
      id: s.id,
      locale: s.locale,
      createdAt: iso(s.createdAt),
      messages: s.messages.map((m) => ({ role: m.role, parts: m.parts, createdAt: iso(m.createdAt) })),
    })),
    offers: offers.map((o) => ({ ...o, createdAt: iso(o.createdAt), acceptedAt: iso(o.acceptedAt) })),
    deals: deals.map((d) => ({
      id: d.id,
      role: d.providerId === userId ? 'provider' : 'seeker',
      requestId: d.requestId,
      valueCents: d.valueCents,
      status: d.status,
      createdAt: iso(d.createdAt),
      completedAt: iso(d.completedAt),
      cancelledAt: iso(d.cancelledAt),
      cancelReason: d.cancelledById === userId ? d.cancelReason : null,
      contactVisible: d.providerId === userId ? d.providerContactVisible : d.seekerContactVisible,
    })),
    reviews: {
      written: reviewsWritten.map((r) => ({
        dealId: r.dealId,
        rating: r.rating,
        testimonial: r.testimonial,
        showFirstName: r.showFirstName,
        createdAt: iso(r.createdAt),
      })),
      received: reviewsReceived.map((r) => ({ dealId: r.dealId, rating: r.rating, testimonial: r.testimonial, createdAt: iso(r.createdAt) })),
    },
    favorites: favorites.map((f) => ({ providerId: f.provider.userId, firmenname: f.provider.firmenname, createdAt: iso(f.createdAt) })),
    inquiries: inquiries.map((i) => ({ ...i, createdAt: iso(i.createdAt) })),
    unlocks: unlocks.map((u) => ({
      requestId: u.requestId,
      goints: toGointsExact(u.price),
      promoGoints: toGointsExact(u.promoPrice),
      status: u.status,
      createdAt: iso(u.createdAt),
      settledAt: iso(u.settledAt),
      refundedAt: iso(u.refundedAt),
    })),
    purchases: purchases.map((p) => ({
      packageId: p.packageId,
      goints: p.goints,
      grossCents: p.grossCents,
      status: p.status,
      receiptNumber: p.receiptNumber,
      buyerName: p.buyerName,
      buyerEmail: p.buyerEmail,
      buyerAddress: p.buyerAddress,
      paidAt: iso(p.paidAt),
      createdAt: iso(p.createdAt),
    })),
    ledger: accounts.map((a) => ({
      account: a.kind,
      balanceGoints: toGointsExact(a.balance),
      entries: a.entries.map((e) => ({
        date: iso(e.createdAt),
        kind: e.transaction.kind,
        reference: e.transaction.reference,
        amountGoints: toGointsExact(e.amount),
        balanceAfterGoints: toGointsExact(e.balanceAfter),
      })),
    })),
    payouts: payouts.map((p) => ({
      id: p.id,
      source: p.source,
      amountCents: p.amountCents,
      status: p.status,
      requestedAt: iso(p.requestedAt),
      paidAt: iso(p.paidAt),
      failedAt: iso(p.failedAt),
      method: method(p.method),
    })),
    payoutMethods: payoutMethods.map(method),
    referrals: { ownCode: user.referralCode, uplineCode: user.referredBy?.referralCode ?? null, referredPeople: user._count.referrals },
    provider: providerProfile
      ? {
          firmenname: providerProfile.firmenname,
          description: providerProfile.description,
          phone: providerProfile.phone,
          email: providerProfile.email,
          postcode: providerProfile.postcode,
          place: providerProfile.place,
          radiusKm: providerProfile.radiusKm,
          categories: providerProfile.categories.map((c) => c.category),
          verification: providerProfile.verification,
          documents: providerProfile.documents.map((d) => ({ ...d, createdAt: iso(d.createdAt) })),
          trader: providerProfile.trader
            ? {
                legalName: providerProfile.trader.legalName,
                street: providerProfile.trader.street,
                postcode: providerProfile.trader.postcode,
                city: providerProfile.trader.city,
                country: providerProfile.trader.country,
                registerKind: providerProfile.trader.registerKind,
                registerNumber: providerProfile.trader.registerNumber,
                vatId: providerProfile.trader.vatId,
                selfCertifiedAt: iso(providerProfile.trader.selfCertifiedAt),
              }
            : null,
          createdAt: iso(providerProfile.createdAt),
        }
      : null,
    partner: {
      profile: partnerProfile
        ? {
            firstName: partnerProfile.firstName,
            lastName: partnerProfile.lastName,
            email: partnerProfile.email,
            phone: partnerProfile.phone,
            street: partnerProfile.street,
            zip: partnerProfile.zip,
            city: partnerProfile.city,
            country: partnerProfile.country,
            rankingOptIn: partnerProfile.rankingOptIn,
          }
        : null,
      commissions: commissions.map((c) => ({
        level: c.level,
        goints: toGointsExact(c.amount),
        status: c.status,
        createdAt: iso(c.createdAt),
        availableAt: iso(c.availableAt),
      })),
    },
    support: (support?.messages ?? []).map((m) => ({
      from: m.senderId === userId ? 'you' : 'team',
      subject: m.subject,
      body: m.body,
      createdAt: iso(m.createdAt),
    })),
    mails: mails.map((m) => ({ ...m, createdAt: iso(m.createdAt) })),
  };
}

export type PersonalDataExport = Awaited<ReturnType<typeof exportPersonalData>>;
