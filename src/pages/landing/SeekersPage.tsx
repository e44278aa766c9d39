// /suchende: the pitch for seekers, the simulation (an example, labelled) and three comparisons against
// a search engine. The simulation's states live in machines/simulation.machine.ts; this page sends ticks.
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useMachine } from '@xstate/react';
import { ArrowRight, Car, Check, Palmtree, Play, RotateCcw, Search, SkipForward, Wrench, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { formatEuroWhole, formatNumber } from '@/components/market';
import { usePageMeta } from '@/lib/auth';
import { LiveFigures } from './public-sections';
import { SIMULATION, simulationAmounts, simulationMachine } from '../../../machines/simulation.machine.ts';

function prefersReducedMotion(): boolean {
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;
}

function Simulation() {
  const { t, i18n } = useTranslation('pitch');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [state, send] = useMachine(simulationMachine);
  const running = state.matches('running');
  useEffect(() => {
    if (!running) return;
    const timer = window.setInterval(() => send({ type: 'TICK' }), SIMULATION.intervalMs);
    return () => window.clearInterval(timer);
  }, [running, send]);
  const { count } = state.context;
  const { totalEur, seekerShareEur } = simulationAmounts(count);
  // Without motion the result appears at once; the counter never animates.
  const start = () => send({ type: prefersReducedMotion() ? 'SHOW_RESULT' : 'START' });
  const percent = (count / SIMULATION.target) * 100;
  const figures = [
    {
      key: 'dealers',
      label: t('seekers.simulation.dealersLabel'),
      value: formatNumber(count, lang),
      sub: t('seekers.simulation.ofDealers', { total: formatNumber(SIMULATION.dealers, lang) }),
    },
    { key: 'total', label: t('seekers.simulation.totalLabel'), value: formatEuroWhole(totalEur, lang), sub: null },
    { key: 'share', label: t('seekers.simulation.shareLabel'), value: formatEuroWhole(seekerShareEur, lang), sub: null },
  ];
  return (
    <Card className="border-primary/30" data-testid="simulation" data-state={String(state.value)}>
      <CardHeader className="gap-2">
        <span
          className="w-fit rounded-full border border-amber-300 bg-amber-50 px-3 py-1 text-xs font-semibold text-amber-900"
          data-testid="simulation-example"
        >
          {t('seekers.simulation.example')}
        </span>
        <h2 className="text-2xl font-semibold leading-tight">{t('seekers.simulation.title')}</h2>
        <p className="text-muted-foreground">{t('seekers.simulation.text')}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        <dl className="grid gap-3 sm:grid-cols-3">
          {figures.map((f) => (
            <div key={f.key} className="rounded-xl bg-muted/60 p-4">
              <dt className="text-sm text-muted-foreground">{f.label}</dt>
              <dd className="text-3xl font-extrabold tabular-nums text-primary" data-testid={`simulation-${f.key}`}>
                {f.value}
              </dd>
              {f.sub && <dd className="text-xs text-muted-foreground">{f.sub}</dd>}
            </div>
          ))}
        </dl>
        <div className="h-2 overflow-hidden rounded-full bg-muted" aria-hidden>
          <div className="h-full bg-gradient-to-r from-primary to-orange-500 motion-safe:transition-[width]" style={{ width: `${percent}%` }} />
        </div>
        <p className="min-h-6 text-sm font-medium" aria-live="polite" data-testid="simulation-status">
          {running && t('seekers.simulation.running')}
          {state.matches('finished') &&
            t('seekers.simulation.finished', {
              count: formatNumber(count, lang),
              total: formatNumber(SIMULATION.dealers, lang),
              amount: formatEuroWhole(totalEur, lang),
              share: formatEuroWhole(seekerShareEur, lang),
            })}
        </p>
        <div className="flex flex-wrap gap-2">
          {state.matches('idle') && (
            <Button variant="hero" onClick={start}>
              <Play />
              {t('seekers.simulation.start')}
            </Button>
          )}
          {running && (
            <Button variant="outline" onClick={() => send({ type: 'SHOW_RESULT' })}>
              <SkipForward />
              {t('seekers.simulation.skip')}
            </Button>
          )}
          {state.matches('finished') && (
            <Button variant="outline" onClick={() => send({ type: 'REPLAY' })}>
              <RotateCcw />
              {t('seekers.simulation.replay')}
            </Button>
          )}
        </div>
        <p className="text-xs text-muted-foreground">{t('seekers.simulation.note')}</p>
      </CardContent>
    </Card>
  );
}

const SCENARIOS = [
  { key: 'car', icon: Car },
  { key: 'holiday', icon: Palmtree },
  { key: 'trades', icon: Wrench },
] as const;

export function SeekersPage() {
  const { t } = useTranslation('pitch');
  usePageMeta(t('seekers.meta.title'), t('seekers.meta.description'));
  const scenarios = useMemo(
    () =>
      SCENARIOS.map((s) => ({
        ...s,
        title: t(`seekers.compare.${s.key}.title`),
        search: t(`seekers.compare.${s.key}.search`, { returnObjects: true }) as string[],
        akut: t(`seekers.compare.${s.key}.akut`, { returnObjects: true }) as string[],
      })),
    [t],
  );
  return (
    <>
      <section className="bg-gradient-to-b from-rose-50 via-orange-50/60 to-background">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-14 sm:py-20 lg:grid-cols-2">
          <div className="flex flex-col gap-6">
            <span className="w-fit rounded-full border border-primary/20 bg-card px-3 py-1 text-xs font-semibold text-primary">{t('seekers.hero.badge')}</span>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
              {t('seekers.hero.title')}{' '}
              <span className="bg-gradient-to-r from-primary to-orange-500 bg-clip-text text-transparent">{t('seekers.hero.titleAccent')}</span>
            </h1>
            <p className="max-w-xl text-lg text-muted-foreground">{t('seekers.hero.text')}</p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button asChild variant="hero" size="lg">
                <a href="/search">
                  {t('seekers.hero.cta')}
                  <ArrowRight />
                </a>
              </Button>
              <Button asChild variant="outline" size="lg">
                <a href="/#wie-es-funktioniert">{t('seekers.hero.how')}</a>
              </Button>
            </div>
          </div>
          <Simulation />
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
        <div className="mb-10 text-center">
          <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('seekers.compare.title')}</h2>
          <p className="mt-2 text-muted-foreground">{t('seekers.compare.subtitle')}</p>
        </div>
        <div className="grid gap-6 lg:grid-cols-3">
          {scenarios.map((s) => (
            <Card key={s.key} className="h-full" data-testid={`scenario-${s.key}`}>
              <CardHeader>
                <div className="flex items-center gap-3">
                  <span className="grid size-10 place-items-center rounded-full bg-primary/10 text-primary">
                    <s.icon className="size-5" aria-hidden />
                  </span>
                  <CardTitle>{s.title}</CardTitle>
                </div>
              </CardHeader>
              <CardContent className="flex flex-col gap-4">
                <div>
                  <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-muted-foreground">
                    <Search className="size-4" aria-hidden />
                    {t('seekers.compare.searchTitle')}
                  </h3>
                  <ul className="flex flex-col gap-2 text-sm text-muted-foreground">
                    {s.search.map((line) => (
                      <li key={line} className="flex gap-2">
                        <X className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                        {line}
                      </li>
                    ))}
                  </ul>
                </div>
                <div className="rounded-lg bg-primary/5 p-3">
                  <h3 className="mb-2 text-sm font-semibold text-primary">{t('seekers.compare.akutTitle')}</h3>
                  <ul className="flex flex-col gap-2 text-sm">
                    {s.akut.map((line) => (
                      <li key={line} className="flex gap-2">
                        <Check className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
                        {line}
                      </li>
                    ))}
                  </ul>
                </div>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <LiveFigures show={['offerSharePercent', 'medianResponseMinutes']} />

      <section className="mx-auto max-w-7xl px-4 pb-16">
        <Card className="bg-gradient-to-r from-primary to-orange-500 text-primary-foreground">
          <CardContent className="flex flex-col items-start gap-4 p-8 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-2xl font-bold">{t('seekers.cta.title')}</h2>
              <p className="mt-1 max-w-2xl opacity-90">{t('seekers.cta.text')}</p>
            </div>
            <Button asChild variant="secondary" size="lg">
              <a href="/search">{t('seekers.cta.button')}</a>
            </Button>
          </CardContent>
        </Card>
      </section>
    </>
  );
}
