import { useTranslation } from 'react-i18next';
import { ArrowRight, BadgeCheck, Check, Handshake, MessageSquareText, Unlock, X } from 'lucide-react';
import { buttonClass } from '@/components/ui/button-variants';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { usePageMeta } from '@/lib/auth';
import { DemoDialogButton } from './demo-dialog';
import { LiveFigures, Testimonials } from './public-sections';

export function LandingPage() {
  const { t } = useTranslation('landing');
  usePageMeta(t('meta.title'), t('meta.description'));
  const steps = [
    { icon: MessageSquareText, title: t('how.step1Title'), text: t('how.step1Text') },
    { icon: Unlock, title: t('how.step2Title'), text: t('how.step2Text') },
    { icon: Handshake, title: t('how.step3Title'), text: t('how.step3Text') },
  ];
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-rose-50 via-orange-50/60 to-background">
        <div className="mx-auto grid max-w-7xl items-center gap-10 px-4 py-16 sm:py-24 lg:grid-cols-2">
          <div className="flex flex-col gap-6">
            <span className="w-fit rounded-full border border-primary/20 bg-card px-3 py-1 text-xs font-semibold text-primary">{t('hero.badge')}</span>
            <h1 className="text-4xl font-extrabold tracking-tight sm:text-5xl lg:text-6xl">
              {t('hero.title')} <span className="bg-gradient-to-r from-primary to-orange-500 bg-clip-text text-transparent">{t('hero.titleAccent')}</span>
            </h1>
            <p className="max-w-xl text-lg text-muted-foreground">{t('hero.text')}</p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <a href="/search" className={buttonClass({ variant: 'hero', size: 'lg' })}>
                {t('hero.seekerCta')}
                <ArrowRight />
              </a>
              <a href="/auth?mode=provider" className={buttonClass({ variant: 'outline', size: 'lg' })}>
                {t('hero.providerCta')}
              </a>
              <DemoDialogButton />
            </div>
            <ul className="flex flex-col gap-2 text-sm text-muted-foreground sm:flex-row sm:flex-wrap sm:gap-x-6">
              {(['free', 'noSetup', 'refund'] as const).map((k) => (
                <li key={k} className="flex items-center gap-2">
                  <BadgeCheck className="size-4 text-primary" aria-hidden />
                  {t(`hero.${k}`)}
                </li>
              ))}
            </ul>
          </div>
          <div className="relative mx-auto w-full max-w-md" aria-hidden>
            <div className="absolute -inset-6 rounded-[2rem] bg-gradient-to-tr from-primary/20 to-orange-300/30 blur-2xl" />
            <Card className="relative">
              <CardContent className="flex flex-col gap-3 p-6">
                <div className="w-4/5 rounded-2xl rounded-bl-sm bg-muted px-4 py-3 text-sm">{t('how.step1Text')}</div>
                <div className="ml-auto w-3/4 rounded-2xl rounded-br-sm bg-primary px-4 py-3 text-sm text-primary-foreground">{t('hero.title')}</div>
                <div className="w-4/5 rounded-2xl rounded-bl-sm bg-muted px-4 py-3 text-sm">{t('hero.titleAccent')}</div>
              </CardContent>
            </Card>
          </div>
        </div>
      </section>

      <LiveFigures />

      <section id="wie-es-funktioniert" className="mx-auto max-w-7xl scroll-mt-20 px-4 py-16 sm:py-20">
        <div className="mb-10 text-center">
          <h2 className="text-3xl font-bold tracking-tight sm:text-4xl">{t('how.title')}</h2>
          <p className="mt-2 text-muted-foreground">{t('how.subtitle')}</p>
        </div>
        <ol className="grid gap-6 md:grid-cols-3">
          {steps.map((s, i) => (
            <li key={s.title}>
              <Card className="h-full">
                <CardHeader>
                  <div className="flex items-center gap-3">
                    <span className="grid size-10 place-items-center rounded-full bg-primary text-lg font-bold text-primary-foreground">{i + 1}</span>
                    <s.icon className="size-6 text-primary" aria-hidden />
                  </div>
                  <CardTitle className="mt-2">{s.title}</CardTitle>
                </CardHeader>
                <CardContent className="text-muted-foreground">{s.text}</CardContent>
              </Card>
            </li>
          ))}
        </ol>
      </section>

      <Testimonials />

      <section className="bg-muted/40">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:py-20">
          <h2 className="mb-10 text-center text-3xl font-bold tracking-tight sm:text-4xl">{t('compare.title')}</h2>
          <div className="grid gap-6 md:grid-cols-2">
            <Card>
              <CardHeader>
                <CardTitle>{t('compare.oldTitle')}</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-3">
                  {(['old1', 'old2', 'old3'] as const).map((k) => (
                    <li key={k} className="flex gap-3 text-muted-foreground">
                      <X className="mt-0.5 size-5 shrink-0 text-destructive" aria-hidden />
                      {t(`compare.${k}`)}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
            <Card className="border-primary/40 ring-1 ring-primary/20">
              <CardHeader>
                <CardTitle className="text-primary">{t('compare.newTitle')}</CardTitle>
              </CardHeader>
              <CardContent>
                <ul className="flex flex-col gap-3">
                  {(['new1', 'new2', 'new3'] as const).map((k) => (
                    <li key={k} className="flex gap-3">
                      <Check className="mt-0.5 size-5 shrink-0 text-emerald-600" aria-hidden />
                      {t(`compare.${k}`)}
                    </li>
                  ))}
                </ul>
              </CardContent>
            </Card>
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-16">
        <Card className="bg-gradient-to-r from-primary to-orange-500 text-primary-foreground">
          <CardContent className="flex flex-col items-start gap-4 p-8 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-2xl font-bold">{t('providers.title')}</h2>
              <p className="mt-1 max-w-2xl opacity-90">{t('providers.text')}</p>
            </div>
            <a href="/auth?mode=provider" className={buttonClass({ variant: 'secondary', size: 'lg' })}>
              {t('providers.cta')}
            </a>
          </CardContent>
        </Card>
      </section>
    </>
  );
}
