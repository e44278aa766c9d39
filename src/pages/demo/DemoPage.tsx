// /demo: akut with fictional data (decision 041). Five demo providers (favourite heart, profile, message),
// a sidebar of three demo deals, the way into the provider and seeker demos, the sample figures labelled
// as examples, and sign-up. Server-rendered like the other public pages; nothing here calls the API.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ArrowRight, Briefcase, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageMeta } from '@/lib/auth';
import { DEMO_DEALS, DEMO_PROVIDERS, DEMO_START_GOINTS, type DemoProvider } from '@/demo/data';
import { DemoBanner } from './demo-banner';
import { DemoDealCard } from './demo-deal-card';
import { DemoFigures } from './demo-figures';
import { DemoProviderCard } from './demo-provider-card';

export function DemoPage() {
  const { t } = useTranslation('demo');
  usePageMeta(t('page.meta.title'), t('page.meta.description'));
  const [favourites, setFavourites] = useState<ReadonlySet<DemoProvider['id']>>(new Set());
  const toggle = (id: DemoProvider['id']) =>
    setFavourites((prev) => {
      const next = new Set(prev);
      if (!next.delete(id)) next.add(id);
      return next;
    });
  return (
    <>
      <DemoBanner overviewLink={false} />
      <section className="bg-gradient-to-b from-rose-50 via-orange-50/60 to-background">
        <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-12 sm:py-16">
          <div className="max-w-3xl">
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">{t('page.title')}</h1>
            <p className="mt-3 text-lg text-muted-foreground">{t('page.subtitle')}</p>
          </div>
          <div className="grid gap-6 md:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle as="h2" className="flex items-center gap-2">
                  <Search className="size-5 text-primary" aria-hidden />
                  {t('page.seekerTitle')}
                </CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                <p className="text-muted-foreground">{t('page.seekerText')}</p>
                <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                  <Button asChild variant="hero">
                    <a href="/suchende-dashboard?demo=true">
                      {t('page.seekerForm')}
                      <ArrowRight />
                    </a>
                  </Button>
                  <Button asChild variant="outline">
                    <a href="/search?demo=true">{t('page.seekerChat')}</a>
                  </Button>
                </div>
              </CardContent>
            </Card>
            <Card>
              <CardHeader>
                <CardTitle as="h2" className="flex items-center gap-2">
                  <Briefcase className="size-5 text-primary" aria-hidden />
                  {t('page.providerTitle')}
                </CardTitle>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                <p className="text-muted-foreground">{t('page.providerText', { goints: DEMO_START_GOINTS })}</p>
                <Button asChild variant="hero" className="w-fit">
                  <a href="/anbieter/dashboard?demo=true">
                    {t('page.providerCta')}
                    <ArrowRight />
                  </a>
                </Button>
              </CardContent>
            </Card>
          </div>
          <DemoFigures />
        </div>
      </section>

      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 lg:grid-cols-[1fr_22rem]">
        <section aria-labelledby="demo-providers-title">
          <h2 id="demo-providers-title" className="mb-2 text-2xl font-bold">
            {t('page.providersTitle')}
          </h2>
          <p className="mb-4 text-sm text-muted-foreground" aria-live="polite" data-testid="demo-favourites">
            {favourites.size > 0 ? t('providers.favourites', { count: favourites.size }) : '\u00a0'}
          </p>
          <ul className="grid gap-4 md:grid-cols-2">
            {DEMO_PROVIDERS.map((p) => (
              <li key={p.id}>
                <DemoProviderCard provider={p} favourite={favourites.has(p.id)} onToggleFavourite={() => toggle(p.id)} />
              </li>
            ))}
          </ul>
        </section>
        <aside aria-labelledby="demo-deals-title" className="flex flex-col gap-3" data-testid="demo-deals-sidebar">
          <h2 id="demo-deals-title" className="text-2xl font-bold">
            {t('page.dealsTitle')}
          </h2>
          <ul className="flex flex-col gap-3">
            {DEMO_DEALS.slice(0, 3).map((d) => (
              <li key={d.id}>
                <DemoDealCard deal={d} compact />
              </li>
            ))}
          </ul>
          <a href="/erfolgreiche-deals?demo=true" className="text-sm font-medium text-primary underline underline-offset-2">
            {t('page.allDeals')}
          </a>
        </aside>
      </div>

      <section className="mx-auto max-w-7xl px-4 pb-16">
        <Card className="bg-gradient-to-r from-primary to-orange-500 text-primary-foreground">
          <CardContent className="flex flex-col items-start gap-4 p-8 lg:flex-row lg:items-center lg:justify-between">
            <div>
              <h2 className="text-2xl font-bold">{t('page.ctaTitle')}</h2>
              <p className="mt-1 max-w-2xl opacity-90">{t('page.ctaText')}</p>
            </div>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button asChild variant="secondary" size="lg">
                <a href="/auth?mode=provider">{t('page.registerProvider')}</a>
              </Button>
              <Button asChild variant="outline" size="lg" className="text-foreground">
                <a href="/auth?mode=seeker">{t('page.registerSeeker')}</a>
              </Button>
            </div>
          </CardContent>
        </Card>
      </section>
    </>
  );
}
