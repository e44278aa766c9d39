// '/shop/test-checkout/:id': the built-in checkout used when no payment provider is configured. It says
// plainly that it is a test without real money; paying runs the same fulfilment as a paid Stripe session.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CircleCheck, CircleX, FlaskConical, Loader2, Receipt as ReceiptIcon, SearchX } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { GointsAmount, formatEuro, formatNumber } from '@/components/market';
import { announcePurchasePaid, shopApi, type Purchase } from '@/components/shop/purchases';
import { ApiError } from '@/lib/api';
import { call } from '@/lib/contract-client';
import { shopContract } from '../../../core/contract/shop.ts';
import { usePageMeta, type Me } from '@/lib/auth';
import { ProviderGate, ShopPageSkeleton } from './provider-gate';

type Phase = 'loading' | 'notFound' | 'loadError' | 'open' | 'paid' | 'alreadyPaid' | 'cancelled' | 'closed';

export function TestCheckoutPage() {
  const { t } = useTranslation('shop');
  usePageMeta(t('checkout.meta'));
  return <ProviderGate>{(user) => <TestCheckout user={user} />}</ProviderGate>;
}

function TestCheckout({ user }: { user: Me }) {
  const { t, i18n } = useTranslation('shop');
  const lang = i18n.resolvedLanguage ?? 'de';
  const { id = '' } = useParams();
  const [purchase, setPurchase] = useState<Purchase | null>(null);
  const [requests, setRequests] = useState<number | null>(null);
  const [phase, setPhase] = useState<Phase>('loading');
  const [busy, setBusy] = useState<'pay' | 'cancel' | null>(null);
  // Opened by the shop dialog in a new window: this window can simply be closed afterwards.
  const [inPopup] = useState(() => typeof window !== 'undefined' && window.opener !== null && window.opener !== window);

  // Only an unpaid purchase of the test checkout can be paid here (a Stripe purchase is paid at Stripe).
  const phaseOf = (p: Purchase): Phase =>
    p.provider !== 'test' ? 'notFound' : p.status === 'created' ? 'open' : p.status === 'paid' ? 'alreadyPaid' : 'closed';

  const load = useCallback(async () => {
    try {
      const p = await shopApi.purchase(id);
      setPurchase(p);
      setPhase(phaseOf(p));
      call(shopContract.packages).then(
        (c) => setRequests(c.packages.find((x) => x.id === p.packageId)?.requests ?? null),
        () => setRequests(null),
      );
    } catch (e) {
      setPhase(e instanceof ApiError && (e.status === 404 || e.status === 403 || e.status === 400) ? 'notFound' : 'loadError');
    }
  }, [id]);

  useEffect(() => void load(), [load]);

  const pay = async () => {
    if (busy) return;
    setBusy('pay');
    try {
      await shopApi.payTest(id);
      const p = await shopApi.purchase(id);
      setPurchase(p);
      setPhase(p.status === 'paid' ? 'paid' : phaseOf(p));
      announcePurchasePaid(id);
    } catch (e) {
      if (e instanceof ApiError && e.code === 'CONFLICT') await load();
      else toast.error(t('toast.error.title'), { description: t('checkout.payFailed') });
    } finally {
      setBusy(null);
    }
  };

  const cancel = async () => {
    if (busy) return;
    setBusy('cancel');
    try {
      await shopApi.cancelTest(id);
      setPhase('cancelled');
    } catch {
      toast.error(t('toast.error.title'), { description: t('checkout.cancelFailed') });
    } finally {
      setBusy(null);
    }
  };

  if (phase === 'loading') return <ShopPageSkeleton />;

  const banner = (
    <div
      role="note"
      data-testid="test-checkout-banner"
      className="flex items-start gap-4 rounded-xl border-2 border-dashed border-amber-400 bg-amber-50 p-4 text-amber-950 sm:p-5"
    >
      <span className="grid size-11 shrink-0 place-items-center rounded-full bg-amber-400 text-amber-950">
        <FlaskConical className="size-6" aria-hidden />
      </span>
      <div className="flex flex-col gap-1">
        <p className="text-lg font-extrabold tracking-wide uppercase sm:text-xl">{t('checkout.banner.title')}</p>
        <p className="text-sm">{t('checkout.banner.text')}</p>
      </div>
    </div>
  );

  const closeHint = inPopup && (
    <div className="flex flex-col items-center gap-2 rounded-lg bg-muted/70 p-4 text-center text-sm" data-testid="checkout-close-hint">
      <p>{t('checkout.closeHint')}</p>
      <Button variant="outline" size="sm" onClick={() => window.close()}>
        {t('checkout.closeWindow')}
      </Button>
    </div>
  );

  let body;
  if (phase === 'notFound' || phase === 'loadError' || !purchase) {
    body = (
      <Outcome
        icon={<SearchX className="size-12 text-muted-foreground" aria-hidden />}
        title={t(phase === 'loadError' ? 'checkout.loadError.title' : 'checkout.notFound.title')}
        text={t(phase === 'loadError' ? 'checkout.loadError.text' : 'checkout.notFound.text')}
        testId="checkout-not-found"
      >
        {phase === 'loadError' && (
          <Button variant="outline" onClick={() => void load()}>
            {t('pages.retry')}
          </Button>
        )}
        <DashboardLink />
      </Outcome>
    );
  } else if (phase === 'paid' || phase === 'alreadyPaid') {
    body = (
      <Outcome
        icon={<CircleCheck className="size-14 text-emerald-600" aria-hidden />}
        title={t(phase === 'paid' ? 'checkout.paid.title' : 'checkout.alreadyPaid.title')}
        text={t(phase === 'paid' ? 'checkout.paid.text' : 'checkout.alreadyPaid.text')}
        testId="checkout-paid"
      >
        <p className="flex items-center gap-2 text-2xl font-bold text-emerald-700" data-testid="checkout-credited">
          +<GointsAmount value={purchase.goints} size="lg" />
        </p>
        <div className="flex w-full flex-col gap-2 sm:w-auto sm:flex-row">
          <Button asChild variant="hero">
            <Link to={`/quittung/${purchase.id}`} data-testid="checkout-receipt-link">
              <ReceiptIcon aria-hidden />
              {t('pages.showReceipt')}
            </Link>
          </Button>
          <DashboardLink />
        </div>
        {closeHint}
      </Outcome>
    );
  } else if (phase === 'cancelled' || phase === 'closed') {
    body = (
      <Outcome
        icon={<CircleX className="size-14 text-muted-foreground" aria-hidden />}
        title={t(phase === 'cancelled' ? 'checkout.cancelled.title' : 'checkout.closed.title')}
        text={t('checkout.cancelled.text')}
        testId="checkout-cancelled"
      >
        <DashboardLink />
        {closeHint}
      </Outcome>
    );
  } else {
    body = (
      <Card>
        <CardHeader className="pb-4">
          <h2 className="text-lg font-semibold">{t('checkout.orderTitle')}</h2>
          <CardDescription>{t('checkout.orderText')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-5">
          <dl className="divide-y rounded-lg border text-sm">
            <Row label={t('checkout.package')}>
              <span className="font-semibold" data-testid="checkout-package">
                {t(`packages.${purchase.packageId}`, { defaultValue: purchase.packageId })}
              </span>
            </Row>
            <Row label="Goints">
              <GointsAmount value={purchase.goints} testId="checkout-goints" />
            </Row>
            {requests !== null && <Row label={t('checkout.covers')}>{t('requests', { count: requests })}</Row>}
            <Row label={t('checkout.buyer')}>
              <span className="text-right break-all">
                {user.name}
                <span className="block text-muted-foreground">{user.email}</span>
              </span>
            </Row>
          </dl>
          <div className="flex items-end justify-between gap-4 rounded-lg bg-muted/60 px-4 py-3">
            <div>
              <p className="font-semibold">{t('checkout.total')}</p>
              <p className="text-xs text-muted-foreground">{t('vatIncluded')}</p>
            </div>
            <p className="text-2xl font-bold tabular-nums" data-testid="checkout-price">
              {formatEuro(purchase.grossCents, lang)}
            </p>
          </div>
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={() => void cancel()} disabled={busy !== null} data-testid="test-checkout-cancel">
              {busy === 'cancel' && <Loader2 className="animate-spin" aria-hidden />}
              {t('checkout.cancel')}
            </Button>
            <Button
              variant="hero"
              size="lg"
              onClick={() => void pay()}
              disabled={busy !== null}
              aria-busy={busy === 'pay' || undefined}
              data-testid="test-checkout-pay"
            >
              {busy === 'pay' && <Loader2 className="animate-spin" aria-hidden />}
              {t('checkout.pay')}
            </Button>
          </div>
          <p className="text-center text-xs text-muted-foreground">{t('checkout.payNote', { amount: formatNumber(purchase.goints, lang) })}</p>
        </CardContent>
      </Card>
    );
  }

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('checkout.title')}</h1>
        <p className="text-muted-foreground">{t('checkout.subtitle')}</p>
      </div>
      {banner}
      {body}
    </div>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex items-start justify-between gap-4 px-4 py-3">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="text-right">{children}</dd>
    </div>
  );
}

export function Outcome({ icon, title, text, testId, children }: { icon: ReactNode; title: string; text: string; testId?: string; children?: ReactNode }) {
  return (
    <Card data-testid={testId} aria-live="polite">
      <CardContent className="flex flex-col items-center gap-4 p-6 text-center sm:p-10">
        {icon}
        <h2 className="text-2xl font-bold">{title}</h2>
        <p className="max-w-md text-muted-foreground">{text}</p>
        {children}
      </CardContent>
    </Card>
  );
}

export function DashboardLink() {
  const { t } = useTranslation('shop');
  return (
    <Button asChild variant="outline">
      <Link to="/anbieter/dashboard">{t('receipt.back')}</Link>
    </Button>
  );
}
