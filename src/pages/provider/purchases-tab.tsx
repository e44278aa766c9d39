// The provider's purchases of Goints ('Käufe'): date, package, Goints, price, status and the receipt of
// paid ones. Refetched when a purchase is paid (live event or the test checkout's window).
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Receipt as ReceiptIcon, RefreshCw, ShoppingBag } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { GointsAmount, formatDate, formatEuro, formatNumber } from '@/components/market';
import { PurchaseStatusBadge, shopApi, usePurchaseAnnouncements, type Purchase } from '@/components/shop/purchases';
import { useLiveEvents } from '@/lib/live';

const COLS = 'md:grid md:grid-cols-[8rem_minmax(0,1fr)_9rem_7rem_10rem_9rem] md:items-center md:gap-4';

export function PurchasesTab({ onBuy }: { onBuy: () => void }) {
  const { t, i18n } = useTranslation('provider');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [purchases, setPurchases] = useState<Purchase[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(() => {
    shopApi.purchases().then(
      (r) => {
        setPurchases(r.purchases);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, []);
  useEffect(() => load(), [load]);
  useLiveEvents(['purchase.completed'], load);
  usePurchaseAnnouncements(load);

  if (!purchases) {
    return failed ? (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-16 text-center">
        <p className="text-muted-foreground">{t('purchases.loadError')}</p>
        <Button variant="outline" onClick={load}>
          <RefreshCw aria-hidden />
          {t('common.retry')}
        </Button>
      </div>
    ) : (
      <div className="flex flex-col gap-3" aria-busy="true">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-16" />
        ))}
      </div>
    );
  }

  if (purchases.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-16 text-center" data-testid="purchases-empty">
        <ShoppingBag className="size-10 text-muted-foreground" aria-hidden />
        <p className="text-lg font-medium">{t('purchases.empty')}</p>
        <p className="max-w-md text-sm text-muted-foreground">{t('purchases.emptyHint')}</p>
        <Button variant="hero" onClick={onBuy}>
          {t('dashboard.buyGoints')}
        </Button>
      </div>
    );
  }

  return (
    <section aria-labelledby="purchases-title" className="flex flex-col gap-3">
      <div className="flex flex-col gap-1">
        <h2 id="purchases-title" className="text-lg font-semibold">
          {t('purchases.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('purchases.text')}</p>
      </div>
      <div className="overflow-hidden rounded-xl border bg-card">
        <div className={`hidden border-b bg-muted/50 px-4 py-2 text-xs font-medium text-muted-foreground ${COLS}`} aria-hidden>
          <span>{t('purchases.cols.date')}</span>
          <span>{t('purchases.cols.package')}</span>
          <span>{t('purchases.cols.goints')}</span>
          <span className="text-right">{t('purchases.cols.price')}</span>
          <span>{t('purchases.cols.status')}</span>
          <span className="text-right">{t('purchases.cols.receipt')}</span>
        </div>
        <ul className="divide-y" data-testid="purchase-list">
          {purchases.map((p) => (
            <li key={p.id} className={`flex flex-col gap-2 px-4 py-3 text-sm ${COLS}`} data-testid="purchase-row" data-purchase-id={p.id}>
              <div className="flex items-center justify-between gap-2 md:block">
                <span className="tabular-nums text-muted-foreground md:text-foreground">
                  <span className="sr-only">{t('purchases.cols.date')}: </span>
                  {formatDate(p.createdAt, lang)}
                </span>
                <span className="md:hidden">
                  <PurchaseStatusBadge status={p.status} />
                </span>
              </div>
              <div className="min-w-0">
                <p className="font-semibold">{t(`shop:packages.${p.packageId}`, { defaultValue: p.packageId })}</p>
                {(p.reversedGoints > 0 || p.owedGoints > 0) && (
                  <p className="text-xs text-muted-foreground">
                    {p.reversedGoints > 0 && t('purchases.reversed', { goints: formatNumber(p.reversedGoints, lang) })}
                    {p.reversedGoints > 0 && p.owedGoints > 0 && ' · '}
                    {p.owedGoints > 0 && t('purchases.owed', { goints: formatNumber(p.owedGoints, lang) })}
                  </p>
                )}
              </div>
              <div className="flex items-center justify-between gap-2 md:contents">
                <GointsAmount value={p.goints} />
                <span className="font-semibold tabular-nums md:text-right">
                  <span className="sr-only">{t('purchases.cols.price')}: </span>
                  {formatEuro(p.grossCents, lang)}
                </span>
              </div>
              <span className="hidden md:block">
                <PurchaseStatusBadge status={p.status} />
              </span>
              <span className="md:text-right">
                {p.receiptNumber ? (
                  <Button asChild variant="link" className="h-auto p-0">
                    <Link to={`/quittung/${p.id}`} data-testid="purchase-receipt-link">
                      <ReceiptIcon aria-hidden />
                      {t('purchases.receipt')}
                    </Link>
                  </Button>
                ) : p.provider === 'test' && p.status === 'created' ? (
                  <Button asChild variant="link" className="h-auto p-0">
                    <Link to={`/shop/test-checkout/${p.id}`} data-testid="purchase-continue-link">
                      {t('purchases.continue')}
                    </Link>
                  </Button>
                ) : (
                  <span className="hidden text-muted-foreground md:inline" aria-label={t('purchases.noReceipt')}>
                    –
                  </span>
                )}
              </span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
