// The whole payout area for one source of earnings: request a payout, the payout methods, the history.
// The seeker dashboard shows it for deal earnings; a partner dashboard will show it for commissions.
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { formatEuro } from '@/components/market';
import { PayoutHistory } from './payout-history';
import { PayoutMethodsCard } from './payout-methods';
import { PayoutRequestCard } from './payout-request-card';
import { usePayoutData } from './use-payout-data';
import type { PayoutSource } from './types';

export function PayoutsPanel({ source, onChanged }: { source: PayoutSource; onChanged?: () => void }) {
  const { t, i18n } = useTranslation('payouts');
  const data = usePayoutData((e, payouts) => {
    // The history shows it too; a short word when it was paid out or came back.
    const { payoutId: id, reversedCents } = (e.payload ?? {}) as { payoutId?: string; reversedCents?: number };
    const payout = payouts?.find((p) => p.id === id);
    if (payout) {
      const lang = i18n.resolvedLanguage ?? 'de';
      const amount = formatEuro(payout.amountCents, lang);
      // Paid after Stripe took part of the transfer back: what reached the bank.
      if (e.type === 'payout.paid' && payout.stripeReversedCents > 0)
        toast.success(
          t('toast.live.paidPart', {
            paid: formatEuro(payout.amountCents - payout.stripeReversedCents, lang),
            amount,
            reversed: formatEuro(payout.stripeReversedCents, lang),
          }),
        );
      else if (e.type === 'payout.paid') toast.success(t('toast.live.paid', { amount }));
      if (e.type === 'payout.failed' || e.type === 'payout.rejected')
        toast.error(t(`toast.live.${e.type === 'payout.failed' ? 'failed' : 'rejected'}`, { amount }));
      // What this reversal took back (the event names it; the payout's record holds the sum of all of them).
      if (e.type === 'payout.reversed')
        toast.info(t('toast.live.reversed', { amount, reversed: formatEuro(reversedCents ?? payout.stripeReversedCents, lang) }));
    }
    if (e.type.startsWith('payout.')) onChanged?.();
  });
  const changed = () => {
    void data.reload();
    onChanged?.();
  };

  return (
    <div className="flex flex-col gap-6" data-testid="payouts-panel">
      {data.failed && !data.wallet && (
        <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
          <span>{t('loadError')}</span>
          <Button variant="outline" size="sm" onClick={() => void data.reload()}>
            <RefreshCw aria-hidden />
            {t('retry')}
          </Button>
        </Alert>
      )}
      <div className="grid items-start gap-6 lg:grid-cols-2">
        <PayoutRequestCard source={source} wallet={data.wallet} methods={data.methods} onRequested={changed} />
        <PayoutMethodsCard methods={data.methods} onChanged={changed} />
      </div>
      <PayoutHistory payouts={data.payouts?.filter((p) => p.source === source) ?? null} />
    </div>
  );
}
