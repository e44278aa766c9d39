// Where earnings are paid out: a PayPal address or a bank account. IBAN and BIC are checked with
// ibantools; the IBAN is stored encrypted (deps.money.box) with its last four digits for display.
import { electronicFormatIBAN, friendlyFormatIBAN, isValidBIC, isValidIBAN } from 'ibantools';
import { z } from 'zod';
import { AppError } from '../../../core/errors.ts';
import type { AppDeps } from '../../deps.ts';
import { translator, type Lang } from '../../i18n.ts';
import { tellOwnChange } from '../notifications/tell-own-change.ts';
import { payoutRailOpen, requirePayoutRail } from './payout-rails.ts';
import type { PayoutMethodView } from '../../../core/api/payouts.ts';
import type { payoutMethodInput } from '../../../core/contract/payouts.ts';
export type { PayoutMethodView } from '../../../core/api/payouts.ts';

export type PayoutMethodInput = z.infer<typeof payoutMethodInput>;

const emailSchema = z.email();

// The BIC must name a bank of the IBAN's country (or of a territory that banks under it): the sepa package
// refuses to build a file with a mismatch, which would stop every SEPA file that includes the payout.
const BIC_TERRITORIES: ReadonlyMap<string, string[]> = new Map(
  Object.entries({
    FI: ['AX'],
    FR: ['GF', 'GP', 'MQ', 'RE', 'PF', 'TF', 'YT', 'NC', 'BL', 'MF', 'PM', 'WF'],
    GB: ['IM', 'JE', 'GG'],
  } satisfies Record<string, string[]>),
);
function bicFitsIban(bic: string, iban: string): boolean {
  const bank = bic.slice(4, 6);
  const country = iban.slice(0, 2);
  return bank === country || (BIC_TERRITORIES.get(country)?.includes(bank) ?? false);
}

/** A payout method's fields, checked and normalised (IBAN in electronic form, BIC upper case). */
export type CheckedPayoutMethod =
  | { type: 'paypal'; email: string }
  | { type: 'bank'; iban: string; bic: string | null; accountHolder: string; bankName: string | null };

/** The checks of a new payout method, without storing it (both doors check before asking for a confirmation). */
export function checkPayoutMethod(input: PayoutMethodInput): CheckedPayoutMethod {
  if (input.type === 'paypal') {
    if (!input.email) throw new AppError('PAYPAL_EMAIL_REQUIRED');
    if (!emailSchema.safeParse(input.email).success)
      throw new AppError('VALIDATION_FAILED', { fields: [{ path: 'body.email', code: 'invalid_format', message: 'invalid e-mail' }] });
    return { type: 'paypal', email: input.email.toLowerCase() };
  }
  if (!input.iban || !input.accountHolder) throw new AppError('BANK_FIELDS_REQUIRED');
  const iban = electronicFormatIBAN(input.iban) ?? '';
  if (!isValidIBAN(iban)) throw new AppError('IBAN_INVALID');
  const bic = input.bic ? input.bic.replace(/\s+/g, '').toUpperCase() : null;
  if (bic && (!isValidBIC(bic) || !bicFitsIban(bic, iban))) throw new AppError('BIC_INVALID');
  return { type: 'bank', iban, bic, accountHolder: input.accountHolder, bankName: input.bankName || null };
}

export async function addPayoutMethod(deps: AppDeps, userId: string, input: PayoutMethodInput): Promise<PayoutMethodView> {
  const prisma = deps.db.prisma;
  requirePayoutRail(deps, input.type);
  const checked = checkPayoutMethod(input);
  if (checked.type === 'paypal') {
    const paypalEmail = checked.email;
    const row = await prisma.payoutMethod.create({
      data: { userId, type: 'paypal', paypalEmail, accountHash: payoutAccountHash(deps, 'paypal', paypalEmail) },
    });
    await tellOwnChange(deps, userId, 'payout.method.added', { methodId: row.id });
    return payoutMethodView(deps, row);
  }
  const { iban, bic } = checked;
  const row = await prisma.payoutMethod.create({
    data: {
      userId,
      type: 'bank',
      ibanEncrypted: deps.money.box.seal(iban),
      accountHash: payoutAccountHash(deps, 'bank', iban),
      ibanLast4: iban.slice(-4),
      ibanCountry: iban.slice(0, 2),
      ibanFingerprint: deps.money.box.fingerprint(iban),
      bic,
      accountHolder: checked.accountHolder,
      bankName: checked.bankName,
    },
  });
  await tellOwnChange(deps, userId, 'payout.method.added', { methodId: row.id });
  return payoutMethodView(deps, row);
}

/**
 * How a payout method is shown in lists, cards and mails: the IBAN masked to its last four digits, a Stripe
 * account in the reader's language from the one key the screens use too (payouts:stripe.account, 'Stripe-Konto
 * •••• 1234'). Without a language (the chat's tools, which do not pass theirs yet) a Stripe account reads
 * 'Stripe •••• 1234'.
 */
export function payoutMethodLabel(
  m: { type: string; paypalEmail: string | null; ibanLast4: string | null; stripeAccountId?: string | null },
  lang?: Lang,
): string {
  if (m.type === 'stripe') {
    const last4 = stripeAccountLast4(m.stripeAccountId ?? null) ?? '';
    return lang ? translator(lang)('payouts:stripe.account', { last4 }) : `Stripe •••• ${last4}`;
  }
  return m.type === 'paypal' ? `PayPal ${m.paypalEmail ?? ''}` : `IBAN •••• ${m.ibanLast4 ?? ''}`;
}

/** The last four characters of a Stripe account's id: all akut shows of it. */
export function stripeAccountLast4(stripeAccountId: string | null): string | null {
  return stripeAccountId ? stripeAccountId.slice(-4) : null;
}

/** The same bank account or PayPal address on two users gives the same hash (the payout fraud hold). */
export function payoutAccountHash(deps: Pick<AppDeps, 'money'>, type: 'paypal' | 'bank', normalised: string): string {
  return deps.money.box.fingerprint(`${type}:${normalised}`);
}

type Row = {
  id: string;
  type: string;
  paypalEmail: string | null;
  ibanEncrypted: string | null;
  ibanLast4: string | null;
  bic: string | null;
  accountHolder: string | null;
  bankName: string | null;
  stripeAccountId: string | null;
  stripeStatus: string | null;
  stripeStatusReason: string | null;
  verified: boolean;
  createdAt: Date;
};

export function payoutMethodView(deps: AppDeps, r: Row): PayoutMethodView {
  return {
    id: r.id,
    type: r.type as PayoutMethodView['type'],
    paypalEmail: r.paypalEmail,
    iban: r.ibanEncrypted ? friendlyFormatIBAN(deps.money.box.open(r.ibanEncrypted)) : null,
    ibanLast4: r.ibanLast4,
    bic: r.bic,
    accountHolder: r.accountHolder,
    bankName: r.bankName,
    stripeAccountLast4: stripeAccountLast4(r.stripeAccountId),
    stripeStatus: (r.stripeStatus as PayoutMethodView['stripeStatus']) ?? null,
    stripeStatusReason: r.stripeStatusReason,
    available: payoutRailOpen(deps, r.type),
    verified: r.verified,
    createdAt: r.createdAt.toISOString(),
  };
}

export async function listPayoutMethods(deps: AppDeps, userId: string): Promise<PayoutMethodView[]> {
  const rows = await deps.db.prisma.payoutMethod.findMany({ where: { userId, deletedAt: null }, orderBy: { createdAt: 'desc' } });
  return rows.map((r) => payoutMethodView(deps, r));
}

export async function removePayoutMethod(deps: AppDeps, userId: string, id: string): Promise<void> {
  const done = await deps.db.prisma.payoutMethod.updateMany({ where: { id, userId, deletedAt: null }, data: { deletedAt: new Date() } });
  if (done.count !== 1) throw new AppError('NOT_FOUND');
  await tellOwnChange(deps, userId, 'payout.method.removed', { methodId: id });
}

/** The decrypted IBAN for a SEPA file (admins only, through the batch). */
export function openIban(deps: AppDeps, sealed: string | null): string | null {
  return sealed ? deps.money.box.open(sealed) : null;
}
