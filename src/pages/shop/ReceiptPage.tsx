// '/quittung/:id': the receipt of a paid purchase with the German invoice fields (seller with address and
// VAT ID, buyer, date, number, item, net, VAT with its rate, gross). Prints on A4 without the site around it.
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, FlaskConical, Printer, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatDate, formatEuro, formatNumber } from '@/components/market';
import { shopApi, type Receipt } from '@/components/shop/purchases';
import { ApiError } from '@/lib/api';
import { usePageMeta } from '@/lib/auth';
import { ProviderGate, ShopPageSkeleton } from './provider-gate';
import { DashboardLink, Outcome } from './TestCheckoutPage';

// Only while the receipt is on screen: A4 margins, white paper, no toasts (the layout's header, footer
// and chat button carry print:hidden).
const PRINT_CSS = `@media print {
  @page { size: A4; margin: 18mm 16mm 18mm 16mm; }
  html, body { background: #fff !important; }
  [data-sonner-toaster] { display: none !important; }
}`;

export function ReceiptPage() {
  const { t } = useTranslation('shop');
  usePageMeta(t('receipt.meta'));
  return <ProviderGate>{() => <ReceiptView />}</ProviderGate>;
}

function ReceiptView() {
  const { t, i18n } = useTranslation('shop');
  const lang = i18n.resolvedLanguage ?? 'de';
  const { id = '' } = useParams();
  const [receipt, setReceipt] = useState<Receipt | null>(null);
  const [state, setState] = useState<'loading' | 'ready' | 'notFound' | 'error'>('loading');

  const load = useCallback(() => {
    setState('loading');
    shopApi.receipt(id).then(
      (r) => {
        setReceipt(r);
        setState('ready');
      },
      (e: unknown) => setState(e instanceof ApiError && e.status >= 400 && e.status < 500 ? 'notFound' : 'error'),
    );
  }, [id]);
  useEffect(() => load(), [load]);

  if (state === 'loading') return <ShopPageSkeleton />;
  if (state !== 'ready' || !receipt) {
    return (
      <div className="mx-auto max-w-2xl px-4 py-8 sm:py-12">
        <Outcome
          icon={<SearchX className="size-12 text-muted-foreground" aria-hidden />}
          title={t('receipt.title')}
          text={t(state === 'error' ? 'receipt.loadError' : 'receipt.notFound')}
          testId="receipt-not-found"
        >
          {state === 'error' && (
            <Button variant="outline" onClick={load}>
              {t('pages.retry')}
            </Button>
          )}
          <DashboardLink />
        </Outcome>
      </div>
    );
  }

  const r = receipt;
  const euro = (cents: number) => formatEuro(cents, lang);
  const rate = new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 2 }).format(r.vatRatePercent);
  const packageName = t(`packages.${r.item.packageId}`, { defaultValue: r.item.packageId });
  const addressLines = r.seller.address.split(/\s*[,\n]\s*/).filter(Boolean);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8 sm:py-12 print:max-w-none print:p-0">
      <style>{PRINT_CSS}</style>
      <div className="flex flex-wrap items-center justify-between gap-2 print:hidden">
        <Button asChild variant="ghost" className="-ml-3">
          <Link to="/anbieter/dashboard?tab=purchases">
            <ArrowLeft aria-hidden />
            {t('receipt.back')}
          </Link>
        </Button>
        <Button onClick={() => window.print()} data-testid="receipt-print">
          <Printer aria-hidden />
          {t('receipt.print')}
        </Button>
      </div>

      <article
        className="flex flex-col gap-8 rounded-xl border bg-card p-5 text-sm shadow-sm sm:p-10 print:rounded-none print:border-0 print:p-0 print:text-[10.5pt] print:shadow-none"
        data-testid="receipt"
        aria-labelledby="receipt-title"
      >
        <div className="flex flex-col-reverse gap-6 sm:flex-row sm:items-start sm:justify-between print:flex-row print:items-start print:justify-between">
          <div className="flex flex-col gap-0.5" data-testid="receipt-seller">
            <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t('receipt.seller')}</p>
            <p className="text-base font-semibold">{r.seller.name}</p>
            {addressLines.map((line) => (
              <p key={line}>{line}</p>
            ))}
            <p>
              {t('receipt.vatId')} {r.seller.vatId}
            </p>
          </div>
          <div className="flex flex-col gap-2 sm:items-end sm:text-right print:items-end print:text-right">
            <h1 id="receipt-title" className="text-3xl font-bold tracking-tight">
              {t('receipt.title')}
            </h1>
            <dl className="grid grid-cols-[auto_auto] gap-x-4 gap-y-1 sm:justify-end print:justify-end">
              <dt className="text-muted-foreground">{t('receipt.number')}</dt>
              <dd className="font-semibold tabular-nums" data-testid="receipt-number">
                {r.number}
              </dd>
              <dt className="text-muted-foreground">{t('receipt.date')}</dt>
              <dd className="tabular-nums" data-testid="receipt-date">
                {formatDate(r.date, lang)}
              </dd>
            </dl>
          </div>
        </div>

        {r.test && (
          <p
            className="flex items-center gap-2 rounded-lg border-2 border-dashed border-amber-400 bg-amber-50 px-4 py-3 font-semibold text-amber-950 print:bg-transparent"
            data-testid="receipt-test-notice"
          >
            <FlaskConical className="size-5 shrink-0" aria-hidden />
            {t('receipt.testNotice')}
          </p>
        )}

        <div className="flex flex-col gap-0.5" data-testid="receipt-buyer">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t('receipt.buyer')}</p>
          <p className="text-base font-semibold">{r.buyer.name}</p>
          <p className="break-all">{r.buyer.email}</p>
        </div>

        <div>
          <table className="w-full border-collapse text-left">
            <caption className="sr-only">{t('receipt.item')}</caption>
            <thead>
              <tr className="border-b-2 border-foreground/80 text-xs tracking-wide uppercase">
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t('receipt.pos')}
                </th>
                <th scope="col" className="py-2 pr-3 font-semibold">
                  {t('receipt.description')}
                </th>
                <th scope="col" className="hidden py-2 pr-3 text-right font-semibold sm:table-cell print:table-cell">
                  {t('receipt.quantity')}
                </th>
                <th scope="col" className="py-2 text-right font-semibold">
                  {t('receipt.netAmount')}
                </th>
              </tr>
            </thead>
            <tbody>
              <tr className="border-b align-top" data-testid="receipt-item">
                <td className="py-3 pr-3 tabular-nums">1</td>
                <td className="py-3 pr-3">
                  <p className="font-medium">{packageName}</p>
                  <p className="text-muted-foreground">{t('receipt.itemText', { goints: formatNumber(r.item.goints, lang) })}</p>
                </td>
                <td className="hidden py-3 pr-3 text-right tabular-nums sm:table-cell print:table-cell">1</td>
                <td className="py-3 text-right whitespace-nowrap tabular-nums">{euro(r.netCents)}</td>
              </tr>
            </tbody>
          </table>
        </div>

        <dl className="ml-auto flex w-full max-w-xs flex-col gap-2 tabular-nums" data-testid="receipt-totals">
          <div className="flex justify-between gap-6">
            <dt>{t('receipt.net')}</dt>
            <dd data-testid="receipt-net">{euro(r.netCents)}</dd>
          </div>
          <div className="flex justify-between gap-6">
            <dt>{t('receipt.vat', { rate })}</dt>
            <dd data-testid="receipt-vat">{euro(r.vatCents)}</dd>
          </div>
          <div className="flex justify-between gap-6 border-t-2 border-foreground/80 pt-2 text-base font-bold">
            <dt>{t('receipt.gross')}</dt>
            <dd data-testid="receipt-gross">{euro(r.grossCents)}</dd>
          </div>
        </dl>

        <div className="flex flex-col gap-1">
          <p data-testid="receipt-paid">
            {t('receipt.paidVia', { date: formatDate(r.date, lang), method: t(`receipt.providers.${r.provider}`, { defaultValue: r.provider }) })}
          </p>
          <p className="font-medium">{t('receipt.thanks')}</p>
        </div>

        <p className="border-t pt-4 text-xs text-muted-foreground">
          {[r.seller.name, r.seller.address, `${t('receipt.vatId')} ${r.seller.vatId}`].join(' · ')}
        </p>
      </article>
    </div>
  );
}
