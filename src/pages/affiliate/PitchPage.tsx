// /affiliate/suchende and /affiliate/anbieter: whom to recommend akut to, with tiers and worked examples
// computed from the live plan and the live unlock price (labelled as examples; no income promises).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, ArrowRight, Info } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatEuro } from '@/components/market';
import { useAuth, usePageMeta } from '@/lib/auth';
import { formatBp, formatGoints } from './affiliate-api';
import { levelExamples, platformRevenueGoints } from './plan-examples';
import { useLivePlan } from './plan-table';

export function PitchPage({ audience }: { audience: 'seekers' | 'providers' }) {
  const { t, i18n } = useTranslation('affiliate');
  const lang = i18n.resolvedLanguage ?? 'de';
  usePageMeta(t(audience === 'seekers' ? 'meta.seekersTitle' : 'meta.providersTitle'), t(`pitch.${audience}.text`));
  const { user } = useAuth();
  const { plan, failed } = useLivePlan();
  const rows = plan ? levelExamples(plan, plan.unlockPriceGoints, plan.maxUnlocks).filter((r) => r.shareOfRevenueBp > 0) : [];
  const euro = (goints: number) => formatEuro(Math.floor(goints * 10), lang);
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-10 sm:py-14" data-testid={`affiliate-pitch-${audience}`}>
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to="/affiliate">
          <ArrowLeft />
          {t('pitch.back')}
        </Link>
      </Button>
      <div className="flex flex-col gap-3">
        <h1 className="text-4xl font-extrabold tracking-tight">{t(`pitch.${audience}.title`)}</h1>
        <p className="max-w-3xl text-lg text-muted-foreground">{t(`pitch.${audience}.text`)}</p>
      </div>
      {failed && <p className="text-muted-foreground">{t('landing.planError')}</p>}
      {!plan && !failed && <Skeleton className="h-80 w-full" />}
      {plan && (
        <>
          <Card>
            <CardHeader>
              <h2 className="text-lg font-semibold leading-tight">{t('pitch.howTitle')}</h2>
            </CardHeader>
            <CardContent className="flex flex-col gap-3 text-muted-foreground">
              <p>{t('pitch.how', { price: plan.unlockPriceGoints, max: plan.maxUnlocks, pool: formatBp(plan.poolBp, lang) })}</p>
              {rows[0] && (
                <p className="rounded-lg bg-muted p-3 text-sm text-foreground" data-testid="pitch-example">
                  {t('pitch.exampleOne', {
                    who: t(audience === 'seekers' ? 'pitch.whoSeekers' : 'pitch.whoProviders'),
                    revenue: formatGoints(platformRevenueGoints(plan.unlockPriceGoints, 1), lang),
                    amount: formatGoints(rows[0].one, lang),
                    euro: euro(rows[0].one),
                  })}
                </p>
              )}
            </CardContent>
          </Card>
          <section className="flex flex-col gap-3">
            <h2 className="text-2xl font-bold tracking-tight">{t('pitch.tiersTitle')}</h2>
            <p className="flex items-start gap-2 text-sm text-muted-foreground">
              <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t('pitch.examplesNote')}
            </p>
            {/* Scrolls sideways on a phone: reachable by keyboard (WCAG 2.1.1). */}
            <div className="overflow-x-auto rounded-xl border bg-card" role="region" aria-label={t('pitch.tiersTitle')} tabIndex={0}>
              <table className="w-full text-sm" data-testid="pitch-tiers">
                <thead className="bg-muted/60 text-left">
                  <tr>
                    <th className="px-3 py-2">{t('pitch.colLevel')}</th>
                    <th className="px-3 py-2">{t('pitch.colShare')}</th>
                    <th className="px-3 py-2 text-right">{t('pitch.colOne')}</th>
                    <th className="px-3 py-2 text-right">{t('pitch.colMax', { max: plan.maxUnlocks })}</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((r) => (
                    <tr key={r.level} className="border-t">
                      <td className="px-3 py-2 font-medium">{r.level}</td>
                      <td className="px-3 py-2 tabular-nums">{formatBp(r.shareOfRevenueBp, lang)}</td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {t('pitch.goints', { value: formatGoints(r.one, lang) })} <span className="text-muted-foreground">({euro(r.one)})</span>
                      </td>
                      <td className="px-3 py-2 text-right tabular-nums">
                        {t('pitch.goints', { value: formatGoints(r.max, lang) })} <span className="text-muted-foreground">({euro(r.max)})</span>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
        </>
      )}
      <div className="flex flex-col gap-3 sm:flex-row">
        <Button asChild variant="hero" size="lg">
          {user ? <Link to="/affiliate/dashboard">{t('landing.ctaDashboard')}</Link> : <Link to="/affiliate#signup">{t('landing.ctaStart')}</Link>}
        </Button>
        <Button asChild variant="outline" size="lg">
          <Link to={audience === 'seekers' ? '/affiliate/anbieter' : '/affiliate/suchende'}>
            {t(audience === 'seekers' ? 'landing.pitchProviders' : 'landing.pitchSeekers')}
            <ArrowRight />
          </Link>
        </Button>
      </div>
      <p className="text-xs text-muted-foreground">{t('landing.legalNote')}</p>
    </div>
  );
}

/** `/affiliate/suchende` and `/affiliate/anbieter`, as the router loads them (src/app/routes.tsx). */
export const SeekersPitchPage = () => <PitchPage audience="seekers" />;
export const ProvidersPitchPage = () => <PitchPage audience="providers" />;
