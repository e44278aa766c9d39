// /anbieter: the pitch for providers with the live unlock price and packages (GET /api/shop/packages),
// the refund rule, and sign-up.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Eye, Handshake, RotateCcw, Send, Unlock } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { GointsAmount, formatEuro } from '@/components/market';
import type { ShopCatalog } from '@/components/shop/goints-shop-dialog';
import { call } from '@/lib/contract-client';
import { shopContract } from '../../../core/contract/shop.ts';
import { usePageMeta } from '@/lib/auth';
import { useInitialData } from '@/lib/page-meta';
import { cn } from '@/lib/utils';
import { LiveFigures } from './public-sections';

/** The shop's catalogue (GET /api/shop/packages) without the checkout in use. */
type Prices = Omit<ShopCatalog, 'checkout'>;

function usePrices() {
  // The server renders the page with the prices (decision 037); the client asks again on mount.
  const [prices, setPrices] = useState<Prices | null>(useInitialData<Prices>('prices') ?? null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    setFailed(false);
    call(shopContract.packages).then(setPrices, () => setFailed(true));
  }, []);
  useEffect(load, [load]);
  return { prices, failed, retry: load };
}

function PriceSection() {
  const { t, i18n } = useTranslation('pitch');
  const { t: tShop } = useTranslation('shop');
  const lang = i18n.resolvedLanguage ?? 'de';
  const { t: tIntake } = useTranslation('intake');
  const { prices, failed, retry } = usePrices();
  const varies = !!prices && prices.unlockPriceMaxGoints > prices.unlockPriceGoints;
  return (
    <section id="preise" className="scroll-mt-20 bg-muted/40">
      <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-16 sm:py-20">
        <div className="text-center">
          <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('providers.prices.title')}</h2>
          <p className="mt-2 text-sm text-muted-foreground">{t('providers.prices.live')}</p>
        </div>
        {failed ? (
          <Alert variant="destructive" className="mx-auto flex max-w-xl flex-col items-start gap-2">
            {t('providers.prices.error')}
            <Button size="sm" variant="outline" onClick={retry}>
              {t('providers.prices.retry')}
            </Button>
          </Alert>
        ) : !prices ? (
          <div className="grid gap-4 md:grid-cols-4" aria-busy="true" aria-label={t('providers.prices.loading')}>
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-44" />
            ))}
          </div>
        ) : (
          <>
            <Card className="mx-auto w-full max-w-xl border-primary/40 ring-1 ring-primary/20" data-testid="unlock-price">
              <CardContent className="flex flex-col items-center gap-2 p-6 text-center">
                <p className="text-sm font-medium text-muted-foreground">{t('providers.prices.unlock')}</p>
                <p className="flex items-center gap-2">
                  {varies && <span className="text-lg font-semibold text-muted-foreground">{t('providers.prices.from')}</span>}
                  <GointsAmount value={prices.unlockPriceGoints} size="lg" className="text-3xl font-extrabold" />
                </p>
                <p className="text-lg font-semibold">
                  {t(varies ? 'providers.prices.unlockValueFrom' : 'providers.prices.unlockValue', {
                    goints: prices.unlockPriceGoints,
                    euro: formatEuro((prices.unlockPriceGoints * 100) / prices.gointsPerEur, lang),
                  })}
                </p>
                {varies && (
                  <ul className="mt-1 flex flex-wrap justify-center gap-x-4 gap-y-1 text-sm text-muted-foreground" data-testid="unlock-prices-by-category">
                    {prices.unlockPrices
                      .filter((c) => c.goints !== prices.unlockPriceGoints)
                      .map((c) => (
                        <li key={c.kategorie}>
                          {t('providers.prices.categoryPrice', {
                            category: tIntake(`categories.${c.kategorie}`, { defaultValue: c.kategorie }),
                            goints: c.goints,
                          })}
                        </li>
                      ))}
                  </ul>
                )}
                <p className="text-xs text-muted-foreground">{t('providers.prices.rate', { rate: prices.gointsPerEur })}</p>
              </CardContent>
            </Card>
            <div>
              <h3 className="mb-4 text-center text-xl font-bold">{t('providers.prices.packagesTitle')}</h3>
              <ul className="grid gap-4 md:grid-cols-3" data-testid="packages">
                {prices.packages.map((p) => (
                  <li key={p.id}>
                    <Card className={cn('relative h-full', p.popular && 'border-primary ring-1 ring-primary/30')} data-testid={`package-${p.id}`}>
                      {p.popular && (
                        <span className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary px-3 py-0.5 text-xs font-semibold text-primary-foreground">
                          {t('providers.prices.popular')}
                        </span>
                      )}
                      <CardHeader>
                        <CardTitle>{tShop(`packages.${p.id}`)}</CardTitle>
                      </CardHeader>
                      <CardContent className="flex flex-col gap-2">
                        <GointsAmount value={p.goints} size="md" className="text-xl font-bold" />
                        <p className="text-2xl font-extrabold">{formatEuro(p.priceCents, lang)}</p>
                        <p className="text-sm text-muted-foreground">
                          {p.requestsMin < p.requests
                            ? t('providers.prices.requestsRange', { min: p.requestsMin, max: p.requests })
                            : t('providers.prices.requests', { count: p.requests })}
                        </p>
                        {p.savingsCents > 0 && (
                          <p className="text-sm font-medium text-emerald-700">
                            {t('providers.prices.savings', { amount: formatEuro(p.savingsCents, lang), percent: p.savingsPercent })}
                          </p>
                        )}
                      </CardContent>
                    </Card>
                  </li>
                ))}
              </ul>
              <p className="mt-3 text-center text-xs text-muted-foreground">{t('providers.prices.vat')}</p>
            </div>
          </>
        )}
        <p className="mx-auto max-w-2xl text-center text-sm text-muted-foreground">{t('providers.prices.bonus')}</p>
      </div>
    </section>
  );
}

export function ProvidersPage() {
  const { t } = useTranslation('pitch');
  usePageMeta(t('providers.meta.title'), t('providers.meta.description'));
  const steps = [
    { icon: Eye, key: 's1' },
    { icon: Unlock, key: 's2' },
    { icon: Send, key: 's3' },
    { icon: Handshake, key: 's4' },
  ] as const;
  return (
    <>
      <section className="bg-gradient-to-b from-rose-50 via-orange-50/60 to-background">
        <div className="mx-auto flex max-w-4xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24">
          <span className="rounded-full border border-primary/20 bg-card px-3 py-1 text-xs font-semibold text-primary">{t('providers.hero.badge')}</span>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t('providers.hero.title')}</h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{t('providers.hero.text')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="hero" size="lg">
              <a href="/auth?mode=provider">
                {t('providers.hero.cta')}
                <ArrowRight />
              </a>
            </Button>
            <Button asChild variant="outline" size="lg">
              <a href="/anbieter/dashboard">{t('providers.hero.login')}</a>
            </Button>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
        <h2 className="mb-10 text-center text-3xl font-bold tracking-tight sm:text-4xl">{t('providers.steps.title')}</h2>
        <ol className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((s, i) => (
            <li key={s.key}>
              <Card className="h-full">
                <CardHeader>
                  <div className="flex items-center gap-3">
                    <span className="grid size-10 place-items-center rounded-full bg-primary text-lg font-bold text-primary-foreground">{i + 1}</span>
                    <s.icon className="size-6 text-primary" aria-hidden />
                  </div>
                  <CardTitle className="mt-2">{t(`providers.steps.${s.key}Title`)}</CardTitle>
                </CardHeader>
                <CardContent className="text-muted-foreground">{t(`providers.steps.${s.key}Text`)}</CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <LiveFigures />

      <PriceSection />

      <section className="mx-auto max-w-7xl px-4 py-16">
        <Card className="border-emerald-300 bg-emerald-50/60" data-testid="refund-rule">
          <CardContent className="flex flex-col gap-3 p-6 sm:flex-row sm:items-center sm:gap-6">
            <RotateCcw className="size-10 shrink-0 text-emerald-700" aria-hidden />
            <div>
              <h2 className="text-xl font-bold">{t('providers.refund.title')}</h2>
              <p className="mt-1 text-muted-foreground">{t('providers.refund.text')}</p>
            </div>
          </CardContent>
        </Card>
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-16">
        <Card className="bg-gradient-to-r from-primary to-orange-500 text-primary-foreground">
          <CardContent className="flex flex-col items-start gap-4 p-8 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-2xl font-bold">{t('providers.cta.title')}</h2>
              <p className="mt-1 max-w-2xl opacity-90">{t('providers.cta.text')}</p>
            </div>
            <Button asChild variant="secondary" size="lg">
              <a href="/auth?mode=provider">{t('providers.cta.button')}</a>
            </Button>
          </CardContent>
        </Card>
      </section>
    </>
  );
}
