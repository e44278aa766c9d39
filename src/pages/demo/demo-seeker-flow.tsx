// The seeker's side of the demo (decision 041): the request as providers see it, demo offers arriving,
// accepting one, the provider's and then the seeker's confirmation. Client state only.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Clock, Lock, MapPin, PartyPopper } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { ProviderBadge, Stars, formatEuro, formatEuroWhole, toUiLang } from '@/components/market';
import { DEMO_OFFERS, demoProvider, demoSeekerShareCents, maskPostcode, type DemoOffer } from '@/demo/data';
import type { CategoryId } from '@/chat/intake/labels';
import { DemoTag } from './demo-banner';

export interface DemoNeed {
  description: string;
  category?: CategoryId;
  postcode?: string;
}

/** The request as a provider's teaser shows it: no contact, the place masked, the text cut. */
export function DemoTeaser({ need }: { need: DemoNeed }) {
  const { t } = useTranslation('demo');
  const { t: ti } = useTranslation('intake');
  const text = need.description.length > 80 ? `${need.description.slice(0, 80)}...` : need.description;
  return (
    <Card data-testid="demo-teaser">
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {t('seeker.teaserTitle')}
        </CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-2 text-sm">
        {need.category && <span className="w-fit rounded-full bg-muted px-2 py-0.5 text-xs font-medium">{ti(`categories.${need.category}`)}</span>}
        <p>{text}</p>
        {need.postcode && (
          <p className="flex items-center gap-1 text-muted-foreground">
            <MapPin className="size-4" aria-hidden />
            {maskPostcode(need.postcode)}
          </p>
        )}
        <p className="flex items-center gap-2 text-muted-foreground">
          <Lock className="size-4" aria-hidden />
          {t('seeker.teaserNote')}
        </p>
      </CardContent>
    </Card>
  );
}

type Stage = { kind: 'choosing' } | { kind: 'accepted'; offer: DemoOffer } | { kind: 'done'; offer: DemoOffer };

export function DemoOffers({ onRestart }: { onRestart: () => void }) {
  const { t, i18n } = useTranslation('demo');
  const lang = toUiLang(i18n.resolvedLanguage);
  const [stage, setStage] = useState<Stage>({ kind: 'choosing' });
  const [asking, setAsking] = useState<DemoOffer | null>(null);
  const providerName = (o: DemoOffer) => demoProvider(o.providerId).name;

  if (stage.kind !== 'choosing') {
    const name = providerName(stage.offer);
    return (
      <section aria-labelledby="demo-deal-title" className="flex flex-col gap-3" data-testid="demo-deal">
        <h2 id="demo-deal-title" className="text-xl font-bold">
          {stage.kind === 'done' ? t('seeker.done') : t('seeker.accepted', { name })}
        </h2>
        {stage.kind === 'accepted' ? (
          <>
            <Alert>{t('seeker.providerConfirmed', { name })}</Alert>
            <Button className="w-fit" onClick={() => setStage({ kind: 'done', offer: stage.offer })}>
              {t('seeker.confirmDeal')}
            </Button>
          </>
        ) : (
          <>
            <Alert variant="success" className="flex items-start gap-2">
              <PartyPopper className="mt-0.5 size-4 shrink-0" aria-hidden />
              {t('seeker.doneText', { amount: formatEuro(demoSeekerShareCents(DEMO_OFFERS.length), lang) })}
            </Alert>
            <div className="flex flex-col gap-2 sm:flex-row">
              <Button variant="outline" onClick={onRestart}>
                {t('seeker.restart')}
              </Button>
              <Button asChild variant="hero">
                <a href="/auth?mode=seeker">{t('seeker.ctaButton')}</a>
              </Button>
            </div>
          </>
        )}
      </section>
    );
  }

  return (
    <section aria-labelledby="demo-offers-title" className="flex flex-col gap-3">
      <h2 id="demo-offers-title" className="text-xl font-bold">
        {t('seeker.offersTitle')}
      </h2>
      <p role="status" className="text-sm text-muted-foreground">
        {t('seeker.offersArrived', { count: DEMO_OFFERS.length })}
      </p>
      <ul className="flex flex-col gap-3">
        {DEMO_OFFERS.map((o) => {
          const p = demoProvider(o.providerId);
          return (
            <li key={o.id}>
              <Card data-testid={`demo-offer-${o.id}`}>
                <CardContent className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
                  <div className="flex min-w-0 flex-col gap-1">
                    <p className="flex flex-wrap items-center gap-2 font-semibold">
                      {p.name} <ProviderBadge badge={p.badge} />
                    </p>
                    <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                      <Stars value={p.rating} /> {t('providers.reviews', { count: p.reviews })}
                    </p>
                    <p className="text-sm">{t(`data.offers.${o.id}.description`)}</p>
                    <p className="flex items-center gap-1 text-sm text-muted-foreground">
                      <Clock className="size-4" aria-hidden />
                      {t('seeker.availability')}: {t(`data.offers.${o.id}.availability`)}
                    </p>
                  </div>
                  <div className="flex shrink-0 flex-col gap-2 sm:items-end">
                    <p className="text-xl font-extrabold">
                      <span className="sr-only">{t('seeker.price')}: </span>
                      {formatEuroWhole(o.price, lang)}
                    </p>
                    <Button onClick={() => setAsking(o)}>{t('seeker.accept')}</Button>
                  </div>
                </CardContent>
              </Card>
            </li>
          );
        })}
      </ul>
      <Dialog open={!!asking} onOpenChange={(o) => !o && setAsking(null)}>
        <DialogContent closeLabel={t('close')}>
          {asking && (
            <>
              <DialogHeader>
                <DialogTitle className="flex flex-wrap items-center gap-2">
                  {t('seeker.acceptTitle', { name: providerName(asking) })} <DemoTag />
                </DialogTitle>
                <DialogDescription>{t('seeker.acceptText', { price: formatEuroWhole(asking.price, lang) })}</DialogDescription>
              </DialogHeader>
              <DialogFooter>
                <Button variant="outline" onClick={() => setAsking(null)}>
                  {t('seeker.cancel')}
                </Button>
                <Button
                  onClick={() => {
                    setStage({ kind: 'accepted', offer: asking });
                    setAsking(null);
                  }}
                >
                  <CheckCircle2 aria-hidden />
                  {t('seeker.acceptConfirm')}
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </section>
  );
}
