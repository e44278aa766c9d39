// /affiliate: the partner programme. Hero, four benefits, the live plan, #signup with the personal code and
// link (signed in) or 'Anmeldung erforderlich' (signed out), the four-step marketing plan, the tools and the
// calls to action.
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowRight, BadgeCheck, Copy, Gift, Layers, Link2, LineChart, LogIn, QrCode, ShieldCheck, Ticket, UserRound, Mail } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth, usePageMeta } from '@/lib/auth';
import { affiliateApi, type PartnerOverview } from './affiliate-api';
import { PlanTable, useLivePlan } from './plan-table';
import { useCopy } from './use-copy';

export function AffiliatePage() {
  const { t } = useTranslation('affiliate');
  usePageMeta(t('meta.title'), t('meta.description'));
  const { user } = useAuth();
  const live = useLivePlan();
  const benefits = [
    { key: 'free', icon: Gift },
    { key: 'real', icon: ShieldCheck },
    { key: 'levels', icon: Layers },
    { key: 'transparent', icon: LineChart },
  ] as const;
  const steps = [
    { key: '1', icon: UserRound },
    { key: '2', icon: Link2 },
    { key: '3', icon: Mail },
    { key: '4', icon: LineChart },
  ] as const;
  const tools = [
    { key: 'link', icon: Link2 },
    { key: 'code', icon: Ticket },
    { key: 'copyCode', icon: Copy },
    { key: 'copyLink', icon: QrCode },
  ] as const;
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-rose-50 via-orange-50/60 to-background">
        <div className="mx-auto flex max-w-5xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24">
          <span className="w-fit rounded-full border border-primary/20 bg-card px-3 py-1 text-xs font-semibold text-primary">{t('landing.badge')}</span>
          <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl">
            {t('landing.title')} <span className="bg-gradient-to-r from-primary to-orange-500 bg-clip-text text-transparent">{t('landing.titleAccent')}</span>
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">{t('landing.text')}</p>
          <div className="flex flex-col gap-3 sm:flex-row">
            <Button asChild variant="hero" size="lg">
              {user ? (
                <Link to="/affiliate/dashboard">
                  {t('landing.ctaDashboard')}
                  <ArrowRight />
                </Link>
              ) : (
                <a href="#signup">
                  {t('landing.ctaStart')}
                  <ArrowRight />
                </a>
              )}
            </Button>
            <Button asChild variant="outline" size="lg">
              <a href="#plan">{t('landing.ctaLearnMore')}</a>
            </Button>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <h2 className="mb-8 text-center text-3xl font-bold tracking-tight">{t('landing.benefitsTitle')}</h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {benefits.map((b) => (
            <li key={b.key}>
              <Card className="h-full">
                <CardHeader>
                  <b.icon className="size-7 text-primary" aria-hidden />
                  <CardTitle className="mt-2 text-lg">{t(`landing.benefits.${b.key}.title`)}</CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-muted-foreground">{t(`landing.benefits.${b.key}.text`)}</CardContent>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section id="plan" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-12 sm:py-16">
        <h2 className="mb-6 text-3xl font-bold tracking-tight">{t('landing.planTitle')}</h2>
        <PlanTable plan={live.plan} failed={live.failed} />
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Button asChild variant="outline">
            <Link to="/affiliate/suchende">{t('landing.pitchSeekers')}</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to="/affiliate/anbieter">{t('landing.pitchProviders')}</Link>
          </Button>
        </div>
      </section>

      <section id="signup" className="scroll-mt-20 bg-muted/40">
        <div className="mx-auto max-w-3xl px-4 py-12 sm:py-16">
          <h2 className="mb-6 text-3xl font-bold tracking-tight">{t('landing.signupTitle')}</h2>
          {user ? <PersonalCode /> : <SignInRequired />}
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-12 sm:py-16">
        <h2 className="mb-8 text-3xl font-bold tracking-tight">{t('landing.stepsTitle')}</h2>
        <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((s) => (
            <li key={s.key}>
              <Card className="h-full">
                <CardHeader>
                  <div className="flex items-center gap-3">
                    <span className="grid size-9 place-items-center rounded-full bg-primary font-bold text-primary-foreground">{s.key}</span>
                    <s.icon className="size-5 text-primary" aria-hidden />
                  </div>
                  <CardTitle className="mt-2 text-lg">{t(`landing.steps.${s.key}.title`)}</CardTitle>
                </CardHeader>
                <CardContent className="text-sm text-muted-foreground">{t(`landing.steps.${s.key}.text`)}</CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <section className="mx-auto max-w-7xl px-4 pb-12 sm:pb-16">
        <h2 className="mb-8 text-3xl font-bold tracking-tight">{t('landing.toolsTitle')}</h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {tools.map((s) => (
            <li key={s.key} className="flex gap-3 rounded-xl border bg-card p-4">
              <s.icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
              <div>
                <p className="font-semibold">{t(`landing.tools.${s.key}.title`)}</p>
                <p className="text-sm text-muted-foreground">{t(`landing.tools.${s.key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section className="mx-auto max-w-3xl px-4 pb-16 text-center">
        <h2 className="text-3xl font-bold tracking-tight">{t('landing.closingTitle')}</h2>
        <p className="mt-2 text-muted-foreground">{t('landing.closingText')}</p>
        <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
          <Button asChild variant="hero" size="lg">
            {user ? (
              <Link to="/affiliate/dashboard">{t('landing.ctaDashboard')}</Link>
            ) : (
              <a href="/auth?next=%2Faffiliate%2Fdashboard">{t('landing.ctaStart')}</a>
            )}
          </Button>
        </div>
        <p className="mt-8 flex items-start gap-2 text-left text-xs text-muted-foreground">
          <BadgeCheck className="size-4 shrink-0" aria-hidden />
          {t('landing.legalNote')}
        </p>
      </section>
    </>
  );
}

function SignInRequired() {
  const { t } = useTranslation('affiliate');
  return (
    <Card data-testid="affiliate-signin-required">
      <CardHeader>
        <CardTitle>{t('landing.signupRequired')}</CardTitle>
        <CardDescription>{t('landing.signupRequiredText')}</CardDescription>
      </CardHeader>
      <CardContent>
        <Button asChild>
          <a href="/auth?next=%2Faffiliate%23signup">
            <LogIn />
            {t('landing.signupCta')}
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}

function PersonalCode() {
  const { t } = useTranslation('affiliate');
  const copy = useCopy();
  const [me, setMe] = useState<PartnerOverview | null>(null);
  useEffect(() => {
    affiliateApi.me().then(setMe, () => setMe(null));
  }, []);
  if (!me) return <Skeleton className="h-48 w-full" />;
  return (
    <Card data-testid="affiliate-personal-code">
      <CardContent className="flex flex-col gap-4 p-6">
        <div className="flex flex-col gap-2">
          <Label htmlFor="aff-code">{t('landing.codeLabel')}</Label>
          <div className="flex gap-2">
            <Input id="aff-code" readOnly value={me.code} className="font-mono font-semibold" data-testid="affiliate-code" />
            <Button variant="outline" onClick={() => void copy(me.code, 'code')}>
              <Copy />
              {t('landing.copyCode')}
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-2">
          <Label htmlFor="aff-link">{t('landing.linkLabel')}</Label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input id="aff-link" readOnly value={me.link} className="font-mono text-sm" data-testid="affiliate-link" />
            <Button variant="outline" onClick={() => void copy(me.link, 'link')}>
              <Copy />
              {t('landing.copyLink')}
            </Button>
          </div>
        </div>
        <Button asChild variant="hero" className="w-fit">
          <Link to="/affiliate/dashboard">
            {t('landing.ctaDashboard')}
            <ArrowRight />
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
