// The person's payouts, newest first: amount, method, when requested, and where each stands
// ('In Bearbeitung', 'Ausgezahlt' with the date, 'Abgelehnt' or 'Fehlgeschlagen' with the reason).
import { useTranslation } from 'react-i18next';
import { History } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatEuro } from '@/components/market';
import { displayStatus } from '../../../machines/payout.machine.ts';
import { payoutMethodText } from './method-label';
import { PayoutStatusBadge } from './payout-status';
import type { Payout } from './types';

const COLS = 'md:grid md:grid-cols-[7rem_7rem_minmax(0,1fr)_9rem_minmax(0,1.2fr)] md:items-center md:gap-4';

export function PayoutHistory({ payouts }: { payouts: Payout[] | null }) {
  const { t, i18n } = useTranslation('payouts');
  const lang = i18n.resolvedLanguage ?? 'de';
  return (
    <Card data-testid="payout-history">
      <CardHeader className="p-4 pb-4 sm:p-6 sm:pb-4">
        <h2 className="text-lg font-semibold leading-tight">{t('history.title')}</h2>
        <CardDescription>{t('history.text')}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {!payouts ? (
          <Skeleton className="h-24" />
        ) : payouts.length === 0 ? (
          <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed px-4 py-8 text-center" data-testid="payout-history-empty">
            <History className="size-8 text-muted-foreground" aria-hidden />
            <p className="text-sm text-muted-foreground">{t('history.empty')}</p>
          </div>
        ) : (
          <div className="overflow-hidden rounded-lg border">
            <div className={`hidden border-b bg-muted/50 px-4 py-2 text-xs font-medium text-muted-foreground ${COLS}`} aria-hidden>
              <span>{t('history.cols.requested')}</span>
              <span className="text-right">{t('history.cols.amount')}</span>
              <span>{t('history.cols.method')}</span>
              <span>{t('history.cols.status')}</span>
              <span>{t('history.cols.details')}</span>
            </div>
            <ul className="divide-y">
              {payouts.map((p) => {
                const shown = displayStatus(p.status);
                return (
                  <li key={p.id} className={`flex flex-col gap-1.5 px-4 py-3 text-sm ${COLS}`} data-testid="payout-row" data-payout-id={p.id}>
                    <span className="text-muted-foreground tabular-nums md:text-foreground">
                      <span className="md:sr-only">{t('history.cols.requested')}: </span>
                      {formatDate(p.requestedAt, lang)}
                    </span>
                    <span
                      className="order-first text-base font-bold tabular-nums md:order-none md:text-right md:text-sm md:font-semibold"
                      data-testid="payout-amount-cell"
                    >
                      <span className="sr-only">{t('history.cols.amount')}: </span>
                      {formatEuro(p.amountCents, lang)}
                    </span>
                    <span className="min-w-0 truncate" title={payoutMethodText(t, p.method)} data-testid="payout-row-method">
                      <span className="sr-only">{t('history.cols.method')}: </span>
                      {payoutMethodText(t, p.method)}
                    </span>
                    <span>
                      <PayoutStatusBadge status={p.status} />
                    </span>
                    <span className="text-muted-foreground" data-testid="payout-details">
                      {shown === 'processed' && p.processedAt && t('history.paidOn', { date: formatDate(p.processedAt, lang) })}
                      {shown === 'pending' && t(`history.pending.${p.status}`, { defaultValue: '' })}
                      {p.stripeReversedCents > 0 && (
                        <span className="block text-foreground" data-testid="payout-reversed">
                          {t('history.stripeReversed', { amount: formatEuro(p.stripeReversedCents, lang) })}
                        </span>
                      )}
                      {(shown === 'rejected' || shown === 'failed') && (
                        <>
                          {p.processedAt && `${formatDate(p.processedAt, lang)} · `}
                          {t('history.returned')}
                          {p.failureReason && (
                            <span className="block text-foreground">
                              {t('history.reason')}: {p.failureReason}
                            </span>
                          )}
                        </>
                      )}
                    </span>
                  </li>
                );
              })}
            </ul>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
