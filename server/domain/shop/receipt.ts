// Receipts of purchases: the German invoice fields (seller from configuration, buyer, date, number, net,
// VAT, gross) for the printable page, the e-mail and the purchase history.
import { AppError } from '../../../core/errors.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db.ts';
import type { Lang } from '../../i18n.ts';
import { translator } from '../../i18n.ts';
import { formatEuro as euro, formatGoints } from '../../../core/money/format-money.ts';
import type { Receipt } from '../../../core/api/shop.ts';
export type { Receipt } from '../../../core/api/shop.ts';

type PurchaseRow = {
  id: string;
  packageId: string;
  goints: number;
  grossCents: number;
  netCents: number;
  vatCents: number;
  vatRateBp: number;
  status: string;
  receiptNumber: string | null;
  buyerName: string | null;
  buyerEmail: string | null;
  paidAt: Date | null;
  createdAt: Date;
  provider: string;
};

export function toReceipt(config: Pick<Config, 'seller'>, p: PurchaseRow): Receipt {
  if (!p.receiptNumber || !p.paidAt) throw new AppError('NOT_FOUND');
  return {
    id: p.id,
    number: p.receiptNumber,
    date: p.paidAt.toISOString(),
    seller: { name: config.seller.name, address: config.seller.address, vatId: config.seller.vatId },
    buyer: { name: p.buyerName ?? '', email: p.buyerEmail ?? '' },
    item: { packageId: p.packageId, goints: p.goints },
    netCents: p.netCents,
    vatCents: p.vatCents,
    vatRatePercent: p.vatRateBp / 100,
    grossCents: p.grossCents,
    provider: p.provider,
    test: p.provider === 'test',
  };
}

/** The receipt as lines of text (for the e-mail). */
export function receiptLines(config: Pick<Config, 'seller'>, p: PurchaseRow, lang: Lang): string[] {
  const r = toReceipt(config, p);
  const t = translator(lang);
  return [
    `${t('shop:receipt.number')}: ${r.number}`,
    `${t('shop:receipt.date')}: ${new Intl.DateTimeFormat(lang === 'de' ? 'de-DE' : 'en-GB', { dateStyle: 'medium', timeZone: 'Europe/Berlin' }).format(new Date(r.date))}`,
    `${t('shop:receipt.seller')}: ${r.seller.name}, ${r.seller.address}, ${t('shop:receipt.vatId')} ${r.seller.vatId}`,
    `${t('shop:receipt.buyer')}: ${r.buyer.name} <${r.buyer.email}>`,
    `${t(`shop:packages.${r.item.packageId}`)}: ${formatGoints(r.item.goints, lang)}`,
    `${t('shop:receipt.net')}: ${euro(r.netCents, lang)}`,
    `${t('shop:receipt.vat', { rate: r.vatRatePercent })}: ${euro(r.vatCents, lang)}`,
    `${t('shop:receipt.gross')}: ${euro(r.grossCents, lang)}`,
    ...(r.test ? [t('shop:receipt.testNotice') as string] : []),
  ];
}

export async function getReceipt(prisma: Db, config: Pick<Config, 'seller'>, userId: string, purchaseId: string): Promise<Receipt> {
  const p = await prisma.purchase.findUnique({ where: { id: purchaseId } });
  if (!p || p.userId !== userId) throw new AppError('NOT_FOUND');
  return toReceipt(config, p);
}

export interface PurchaseRowView {
  id: string;
  packageId: string;
  goints: number;
  grossCents: number;
  status: string;
  provider: string;
  receiptNumber: string | null;
  reversedGoints: number;
  owedGoints: number;
  createdAt: string;
  paidAt: string | null;
}

export async function listPurchases(prisma: Db, userId: string): Promise<PurchaseRowView[]> {
  const rows = await prisma.purchase.findMany({ where: { userId }, orderBy: { createdAt: 'desc' }, take: 100 });
  return rows.map((p) => ({
    id: p.id,
    packageId: p.packageId,
    goints: p.goints,
    grossCents: p.grossCents,
    status: p.status,
    provider: p.provider,
    receiptNumber: p.receiptNumber,
    reversedGoints: p.reversedGoints,
    owedGoints: p.owedGoints,
    createdAt: p.createdAt.toISOString(),
    paidAt: p.paidAt?.toISOString() ?? null,
  }));
}
