// The unlock dialog, driven by machines/unlock.machine.ts: price, balance and 'x von N freigeschaltet',
// then the provider's confirmation at that price; each end of the flow becomes the spec's toast. When the
// price changed since the quote, nothing is charged and the dialog asks again at the new price.
import { useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { toast } from 'sonner';
import { Loader2, LockOpen } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { GointsAmount } from '@/components/market';
import { unlockMachineWith, type UnlockState } from '../../../machines/unlock.machine.ts';
import { providerApi } from './provider-api';

export type UnlockOutcome = 'unlocked' | 'soldOut' | 'unavailable' | 'cancelled';

export function UnlockDialog({
  requestId,
  title,
  onDone,
  onBuyGoints,
}: {
  requestId: string;
  title: string;
  onDone: (outcome: UnlockOutcome) => void;
  onBuyGoints: () => void;
}) {
  const { t } = useTranslation('provider');
  // ApiError carries the server's code, so the machine's guards see INSUFFICIENT_GOINTS, REQUEST_SOLD_OUT, ...
  const machine = useMemo(() => unlockMachineWith({ quote: providerApi.quote, unlock: providerApi.unlock }), []);
  const [snapshot, send] = useMachine(machine, { input: { requestId } });
  const state = snapshot.value as UnlockState;
  const { quote, priceChangedFrom } = snapshot.context;
  const announced = useRef<string | null>(null);
  const done = useRef(onDone);
  done.current = onDone;

  useEffect(() => {
    if (announced.current === state) return;
    announced.current = state;
    switch (state) {
      case 'unlocked':
        toast.success(t('unlock.toast.success.title'), { description: t('unlock.toast.success.text') });
        done.current('unlocked');
        break;
      case 'insufficientGoints':
        toast.error(t('unlock.toast.insufficient.title'), { description: t('unlock.toast.insufficient.text', { price: snapshot.context.quote?.price ?? 0 }) });
        break;
      case 'failed':
      case 'quoteFailed':
        toast.error(t('unlock.toast.failed.title'), { description: t('unlock.toast.failed.text') });
        break;
      case 'soldOut':
        toast.error(t('unlock.toast.soldOut.title'), { description: t('unlock.toast.soldOut.text') });
        done.current('soldOut');
        break;
      case 'unavailable': {
        // Open but with a deal pending: sold again if that deal is cancelled.
        const key = snapshot.context.quote?.reason === 'inDeal' || snapshot.context.error === 'REQUEST_DEAL_PENDING' ? 'dealPending' : 'unavailable';
        toast.error(t(`unlock.toast.${key}.title`), { description: t(`unlock.toast.${key}.text`) });
        done.current('unavailable');
        break;
      }
      case 'cancelled':
        done.current('cancelled');
        break;
    }
  }, [state, t, snapshot.context]);

  const busy = state === 'loadingQuote' || state === 'checkingQuote' || state === 'unlocking';
  const cancel = () => {
    if (state === 'unlocking') return;
    if (snapshot.can({ type: 'CANCEL' })) send({ type: 'CANCEL' });
    else done.current('cancelled');
  };

  return (
    <Dialog open onOpenChange={(open) => !open && cancel()}>
      <DialogContent closeLabel={t('common.close')} data-testid="unlock-dialog" data-state-value={state}>
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <LockOpen className="size-5 text-primary" aria-hidden />
            {state === 'insufficientGoints' ? t('unlock.toast.insufficient.title') : t('unlock.title')}
          </DialogTitle>
          <DialogDescription>{title}</DialogDescription>
        </DialogHeader>

        {quote ? (
          <dl className="grid grid-cols-2 gap-x-4 gap-y-3 rounded-lg border bg-muted/40 p-4 text-sm">
            <dt className="text-muted-foreground">{t('unlock.price')}</dt>
            <dd className="text-right" data-testid="unlock-price">
              <GointsAmount value={quote.price} />
            </dd>
            <dt className="text-muted-foreground">{t('unlock.balance')}</dt>
            <dd className="text-right" data-testid="unlock-balance">
              <GointsAmount value={quote.balance} />
            </dd>
            <dt className="text-muted-foreground">{t('unlock.after')}</dt>
            <dd className="text-right">
              <GointsAmount value={Math.max(0, quote.balance - quote.price)} className={quote.balance < quote.price ? 'text-destructive' : undefined} />
            </dd>
            <dt className="text-muted-foreground">{t('unlock.progressLabel')}</dt>
            <dd className="text-right font-medium" data-testid="unlock-progress">
              {t('card.unlockedOf', { x: quote.unlocked, n: quote.max })}
            </dd>
          </dl>
        ) : state === 'quoteFailed' ? null : (
          <div className="flex flex-col gap-2" aria-busy="true" aria-label={t('unlock.loading')}>
            <Skeleton className="h-5" />
            <Skeleton className="h-5" />
            <Skeleton className="h-5 w-2/3" />
          </div>
        )}

        {priceChangedFrom !== null && quote && (state === 'awaitingConfirmation' || state === 'insufficientGoints') && (
          <Alert data-testid="unlock-price-changed">{t('unlock.priceChanged', { price: quote.price, confirmed: priceChangedFrom })}</Alert>
        )}
        {state === 'awaitingConfirmation' && <p className="text-sm text-muted-foreground">{t('unlock.explain')}</p>}
        {state === 'insufficientGoints' && (
          <Alert variant="destructive" data-testid="unlock-insufficient">
            {t('unlock.toast.insufficient.text', { price: quote?.price ?? 0 })}
          </Alert>
        )}
        {(state === 'failed' || state === 'quoteFailed') && <Alert variant="destructive">{t('unlock.toast.failed.text')}</Alert>}

        <DialogFooter>
          <Button variant="outline" onClick={cancel} disabled={state === 'unlocking'}>
            {t('common.cancel')}
          </Button>
          {state === 'insufficientGoints' ? (
            <>
              <Button variant="outline" onClick={() => send({ type: 'RETRY' })}>
                {t('unlock.checkAgain')}
              </Button>
              <Button
                variant="hero"
                data-testid="unlock-buy-goints"
                onClick={() => {
                  onBuyGoints();
                  cancel();
                }}
              >
                {t('dashboard.buyGoints')}
              </Button>
            </>
          ) : state === 'failed' || state === 'quoteFailed' ? (
            <Button onClick={() => send({ type: 'RETRY' })}>{t('common.retry')}</Button>
          ) : (
            <Button variant="hero" disabled={state !== 'awaitingConfirmation'} onClick={() => send({ type: 'CONFIRM' })} data-testid="unlock-confirm">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('unlock.confirm', { price: quote?.price ?? '…' })}
            </Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
