// '/shop/danke?purchase=…': where Stripe sends the buyer after paying. The Goints come only with the
// payment provider's confirmed event, so the page shows the purchase's status until then: it asks every
// two seconds and listens for the live 'purchase.completed'.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CircleCheck, CircleX, Loader2, Receipt as ReceiptIcon, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { GointsAmount } from '@/components/market';
import { PurchaseStatusBadge, isPending, shopApi, type Purchase } from '@/components/shop/purchases';
import { ApiError } from '@/lib/api';
import { usePageMeta } from '@/lib/auth';
import { useLiveEvents } from '@/lib/live';
import { ProviderGate, ShopPageSkeleton } from './provider-gate';
import { DashboardLink, Outcome } from './TestCheckoutPage';

const POLL_MS = 2000;
const SLOW_AFTER_MS = 30_000;

export function ThankYouPage() {
  const { t } = useTranslation('shop');
  usePageMeta(t('thanks.meta'));
  return <ProviderGate>{() => <ThankYou />}</ProviderGate>;
}

function ThankYou() {
  const { t } = useTranslation('shop');
  const [params] = useSearchParams();
  const id = params.get('purchase') ?? '';
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [missing, setMissing] = useState(!id);
  const [slow, setSlow] = useState(false);
  const started = useRef(Date.now());

  const load = useCallback(async () => {
    if (!id) return;
    try {
      setPurchase(await shopApi.purchase(id));
    } catch (e) {
      // A network hiccup while polling is not an answer: the next poll asks again.
      if (e instanceof ApiError && e.status >= 400 && e.status < 500) setMissing(true);
    }
  }, [id]);

  useEffect(() => void load(), [load]);

  const pending = purchase ? isPending(purchase.status) : !missing;
  useEffect(() => {
    if (!pending || missing) return;
    const timer = window.setInterval(() => {
      void load();
      if (Date.now() - started.current > SLOW_AFTER_MS) setSlow(true);
    }, POLL_MS);
    return () => window.clearInterval(timer);
  }, [pending, missing, load]);

  useLiveEvents(['purchase.completed'], (e) => {
    const payload = e.payload as { purchaseId?: string } | undefined;
    if (!payload?.purchaseId || payload.purchaseId === id) void load();
  });

  let body;
  if (missing) {
    body = (
      <Outcome
        icon={<SearchX className="size-12 text-muted-foreground" aria-hidden />}
        title={t('checkout.notFound.title')}
        text={t('checkout.notFound.text')}
        testId="thanks-not-found"
      >
        <DashboardLink />
      </Outcome>
    );
  } else if (!purchase) {
    return <ShopPageSkeleton />;
  } else if (isPending(purchase.status)) {
    body = (
      <Outcome
        icon={<Loader2 className="size-12 animate-spin text-primary" aria-hidden />}
        title={t('thanks.pending.title')}
        text={t('thanks.pending.text')}
        testId="thanks-pending"
      >
        <GointsAmount value={purchase.goints} size="md" className="text-lg text-muted-foreground" />
        {slow && <p className="max-w-md rounded-lg bg-muted/70 p-3 text-sm">{t('thanks.pending.slow')}</p>}
      </Outcome>
    );
  } else if (purchase.status === 'paid') {
    body = (
      <Outcome
        icon={<CircleCheck className="size-14 text-emerald-600" aria-hidden />}
        title={t('thanks.paid.title')}
        text={t('thanks.paid.text')}
        testId="thanks-paid"
      >
        <p className="flex items-center gap-2 text-2xl font-bold text-emerald-700" data-testid="thanks-credited">
          +<GointsAmount value={purchase.goints} size="lg" />
        </p>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button asChild variant="hero">
            <Link to={`/quittung/${purchase.id}`}>
              <ReceiptIcon aria-hidden />
              {t('pages.showReceipt')}
            </Link>
          </Button>
          <DashboardLink />
        </div>
      </Outcome>
    );
  } else {
    body = (
      <Outcome
        icon={<CircleX className="size-14 text-muted-foreground" aria-hidden />}
        title={t(`thanks.other.${purchase.status === 'failed' || purchase.status === 'expired' ? 'unpaid' : 'changed'}`)}
        text={t(purchase.status === 'failed' || purchase.status === 'expired' ? 'checkout.cancelled.text' : 'thanks.other.changedText')}
        testId="thanks-other"
      >
        <PurchaseStatusBadge status={purchase.status} />
        <DashboardLink />
      </Outcome>
    );
  }

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-bold tracking-tight">{t('thanks.title')}</h1>
      {body}
    </div>
  );
}
