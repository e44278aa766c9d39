// /anbieter/dashboard?demo=true: the provider flow with fictional requests and demo Goints held in the
// browser (decision 041): teasers, unlock for 50 of 500 demo Goints, the contact after the unlock, an offer.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Lock, Mail, MapPin, Phone, RotateCcw, User } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { GointsAmount, UrgencyBadge, formatBudget, formatEuroWhole, toUiLang } from '@/components/market';
import { usePageMeta } from '@/lib/auth';
import { DEMO_REQUESTS, DEMO_START_GOINTS, DEMO_UNLOCK_GOINTS, maskPostcode, type DemoRequest } from '@/demo/data';
import { DemoBanner, DemoTag } from './demo-banner';

type RequestId = DemoRequest['id'];

function initialUnlocked(): ReadonlySet<RequestId> {
  return new Set(DEMO_REQUESTS.filter((r) => r.unlocked).map((r) => r.id));
}

function OfferDialog({ request, onClose, onSent }: { request: DemoRequest; onClose: () => void; onSent: (price: number) => void }) {
  const { t } = useTranslation('demo');
  const [price, setPrice] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState<{ price?: boolean; text?: boolean }>({});
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = Number(price.replace(',', '.'));
    const next = { price: !Number.isInteger(n) || n < 1 || n > 1_000_000, text: !text.trim() };
    setErrors(next);
    if (next.price || next.text) return;
    onSent(n);
  };
  const id = `demo-offer-${request.id}`;
  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('close')}>
        <DialogHeader>
          <DialogTitle className="flex flex-wrap items-center gap-2">
            {t('provider.offerTitle', { name: t(`data.requests.${request.id}.name`) })} <DemoTag />
          </DialogTitle>
          <DialogDescription>{t('banner.text')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3">
          <Label htmlFor={`${id}-price`}>{t('provider.offerPrice')}</Label>
          <Input
            id={`${id}-price`}
            inputMode="numeric"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            aria-invalid={errors.price || undefined}
            aria-describedby={errors.price ? `${id}-price-error` : undefined}
          />
          {errors.price && (
            <p id={`${id}-price-error`} role="alert" className="text-sm text-destructive">
              {t('provider.priceInvalid')}
            </p>
          )}
          <Label htmlFor={`${id}-text`}>{t('provider.offerText')}</Label>
          <Textarea
            id={`${id}-text`}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t('provider.offerTextPlaceholder')}
            maxLength={2000}
            aria-invalid={errors.text || undefined}
            aria-describedby={errors.text ? `${id}-text-error` : undefined}
          />
          {errors.text && (
            <p id={`${id}-text-error`} role="alert" className="text-sm text-destructive">
              {t('provider.textEmpty')}
            </p>
          )}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              {t('provider.cancel')}
            </Button>
            <Button type="submit">{t('provider.offerSubmit')}</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DemoMatchCard({
  request,
  unlocked,
  offer,
  onUnlock,
  onOffer,
}: {
  request: DemoRequest;
  unlocked: boolean;
  offer: number | undefined;
  onUnlock: () => void;
  onOffer: () => void;
}) {
  const { t, i18n } = useTranslation('demo');
  const { t: ti } = useTranslation('intake');
  const lang = toUiLang(i18n.resolvedLanguage);
  const description = t(`data.requests.${request.id}.description`);
  const titleId = `demo-request-${request.id}`;
  return (
    <Card aria-labelledby={titleId} data-testid={`demo-request-${request.id}`} className="h-full">
      <CardContent className="flex h-full flex-col gap-3 p-5">
        <div className="flex flex-wrap items-center gap-2">
          <span className="rounded-full bg-muted px-2 py-0.5 text-xs font-medium">{ti(`categories.${request.category}`)}</span>
          <UrgencyBadge urgency={request.urgency} />
        </div>
        <h2 id={titleId} className="text-lg font-semibold">
          {t(`data.requests.${request.id}.title`)}
        </h2>
        <p className="text-sm">{unlocked ? description : `${description.slice(0, 80)}...`}</p>
        <p className="flex items-center gap-1 text-sm text-muted-foreground">
          <MapPin className="size-4" aria-hidden />
          {unlocked ? `${request.postcode} ${t(`data.requests.${request.id}.place`)}` : maskPostcode(request.postcode)}
        </p>
        <p className="text-sm">
          <span className="text-muted-foreground">{t('provider.budget')}:</span> {formatBudget(request.budgetMin, request.budgetMax, lang)}
        </p>
        {unlocked ? (
          <div className="flex flex-col gap-1 rounded-lg border border-emerald-200 bg-emerald-50 p-3 text-sm" data-testid="demo-contact">
            <p className="font-semibold text-emerald-800">{t('provider.unlocked')}</p>
            <p className="sr-only">{t('provider.contact')}</p>
            <p className="flex items-center gap-2">
              <User className="size-4" aria-hidden />
              {t(`data.requests.${request.id}.name`)}
            </p>
            <p className="flex items-center gap-2">
              <Phone className="size-4" aria-hidden />
              {request.phone}
            </p>
            <p className="flex min-w-0 items-center gap-2">
              <Mail className="size-4 shrink-0" aria-hidden />
              <span className="truncate">{request.email}</span>
            </p>
          </div>
        ) : (
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Lock className="size-4" aria-hidden />
            {t('provider.contact')}: •••
          </p>
        )}
        <div className="mt-auto pt-2">
          {!unlocked ? (
            <Button className="w-full" onClick={onUnlock}>
              {t('provider.unlock', { goints: DEMO_UNLOCK_GOINTS })}
            </Button>
          ) : offer === undefined ? (
            <Button className="w-full" onClick={onOffer}>
              {t('provider.makeOffer')}
            </Button>
          ) : (
            <p role="status" className="flex items-center gap-2 rounded-lg border border-sky-200 bg-sky-50 p-2 text-sm font-medium text-sky-800">
              <CheckCircle2 className="size-4" aria-hidden />
              {t('provider.offerSent', { price: formatEuroWhole(offer, lang) })}
            </p>
          )}
        </div>
      </CardContent>
    </Card>
  );
}

export function DemoProviderDashboardPage() {
  const { t } = useTranslation('demo');
  usePageMeta(t('provider.meta.title'), t('provider.meta.description'), '/demo');
  const [balance, setBalance] = useState(DEMO_START_GOINTS);
  const [unlocked, setUnlocked] = useState(initialUnlocked);
  const [offers, setOffers] = useState<Partial<Record<RequestId, number>>>({});
  const [offering, setOffering] = useState<DemoRequest | null>(null);
  const [notice, setNotice] = useState<{ kind: 'ok' | 'error'; text: string } | null>(null);

  const unlock = (r: DemoRequest) => {
    if (balance < DEMO_UNLOCK_GOINTS) {
      setNotice({ kind: 'error', text: `${t('provider.insufficientTitle')}: ${t('provider.insufficientText', { goints: DEMO_UNLOCK_GOINTS })}` });
      return;
    }
    setBalance((b) => b - DEMO_UNLOCK_GOINTS);
    setUnlocked((prev) => new Set(prev).add(r.id));
    setNotice({ kind: 'ok', text: t('provider.unlockedToast', { goints: DEMO_UNLOCK_GOINTS }) });
  };
  const reset = () => {
    setBalance(DEMO_START_GOINTS);
    setUnlocked(initialUnlocked());
    setOffers({});
    setNotice(null);
  };

  return (
    <>
      <DemoBanner />
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="flex flex-wrap items-center gap-2 text-3xl font-bold tracking-tight">
              {t('provider.title')} <DemoTag />
            </h1>
            <p className="mt-1 text-muted-foreground">{t('provider.subtitle')}</p>
          </div>
          <div className="flex flex-wrap items-center gap-3">
            <Card>
              <CardContent className="flex flex-col gap-0.5 px-4 py-2">
                <span className="text-xs text-muted-foreground">{t('provider.balance')}</span>
                <GointsAmount value={balance} size="md" className="whitespace-nowrap text-lg" testId="demo-balance" />
              </CardContent>
            </Card>
            <Button variant="outline" onClick={reset}>
              <RotateCcw aria-hidden />
              {t('provider.reset')}
            </Button>
          </div>
        </div>
        <div aria-live="polite">
          {notice && (
            <Alert variant={notice.kind === 'error' ? 'destructive' : 'success'} data-testid="demo-notice">
              {notice.text}
            </Alert>
          )}
        </div>
        <ul className="grid gap-4 md:grid-cols-2">
          {DEMO_REQUESTS.map((r) => (
            <li key={r.id}>
              <DemoMatchCard request={r} unlocked={unlocked.has(r.id)} offer={offers[r.id]} onUnlock={() => unlock(r)} onOffer={() => setOffering(r)} />
            </li>
          ))}
        </ul>
        <Card className="bg-gradient-to-r from-primary to-orange-500 text-primary-foreground">
          <CardContent className="flex flex-col items-start gap-4 p-6 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-xl font-bold">{t('provider.ctaTitle')}</h2>
              <p className="mt-1 opacity-90">{t('provider.ctaText')}</p>
            </div>
            <Button asChild variant="secondary" size="lg">
              <a href="/auth?mode=provider">{t('provider.ctaButton')}</a>
            </Button>
          </CardContent>
        </Card>
      </div>
      {offering && (
        <OfferDialog
          request={offering}
          onClose={() => setOffering(null)}
          onSent={(price) => {
            setOffers((prev) => ({ ...prev, [offering.id]: price }));
            setOffering(null);
            setNotice({ kind: 'ok', text: t('provider.offerSentToast') });
          }}
        />
      )}
    </>
  );
}
