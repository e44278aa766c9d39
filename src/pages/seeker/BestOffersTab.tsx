// 'Beste Angebote': the top 10 as the server ranks them (provider rating, then price fit, then response
// time), with 'Angebot annehmen', 'Details anzeigen' and, once accepted, the deal's steps.
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CalendarClock, Check, ExternalLink, Eye, Inbox, Timer } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatBudget, formatDate, formatDateTime, formatEuro, formatMinutes, ProviderBadge, Stars, UrgencyBadge } from '@/components/market';
import { api } from '@/lib/api';
import { cn } from '@/lib/utils';
import { errorText } from './error-text';
import { EmptyState } from './RequestsTab';
import { DealPanel } from './DealPanel';
import { DEAL_FINISHED, type SeekerOffer, type SeekerOffers, type SeekerRequest } from './types';
import { ReportButton } from '@/components/report/report-button';

/** Requests on which a deal is running: no other offer of theirs can be accepted meanwhile. */
function busyRequestIds(all: SeekerOffer[]): Set<string> {
  return new Set(all.filter((o) => o.deal && !DEAL_FINISHED.includes(o.deal.status)).map((o) => o.requestId));
}

export function BestOffersTab({ offers, requests, onChanged }: { offers: SeekerOffers; requests: SeekerRequest[]; onChanged: () => Promise<void> }) {
  const { t } = useTranslation('seeker');
  const [accepting, setAccepting] = useState<SeekerOffer | null>(null);
  const [details, setDetails] = useState<SeekerOffer | null>(null);
  if (offers.top.length === 0) return <EmptyState icon={Inbox} title={t('offers.emptyTitle')} text={t('offers.emptyText')} testId="offers-empty" />;
  const busy = busyRequestIds(offers.all);
  return (
    <>
      <p className="mb-4 text-sm text-muted-foreground">{t('offers.bestIntro')}</p>
      <ol className="flex flex-col gap-4" data-testid="best-offers">
        {offers.top.map((o) => (
          <li key={o.id}>
            <OfferCard
              offer={o}
              canAccept={o.status === 'versendet' && o.request.status === 'open' && !busy.has(o.requestId)}
              blocked={o.status === 'versendet' && busy.has(o.requestId)}
              onAccept={() => setAccepting(o)}
              onDetails={() => setDetails(o)}
              onChanged={onChanged}
            />
          </li>
        ))}
      </ol>
      <AcceptDialog offer={accepting} onOpenChange={(o) => !o && setAccepting(null)} onAccepted={onChanged} />
      <OfferDetailsDialog
        offer={details}
        request={details ? (requests.find((r) => r.id === details.requestId) ?? null) : null}
        onOpenChange={(o) => !o && setDetails(null)}
      />
    </>
  );
}

function OfferCard({
  offer: o,
  canAccept,
  blocked,
  onAccept,
  onDetails,
  onChanged,
}: {
  offer: SeekerOffer;
  canAccept: boolean;
  blocked: boolean;
  onAccept: () => void;
  onDetails: () => void;
  onChanged: () => Promise<void>;
}) {
  const { t, i18n } = useTranslation('seeker');
  const lang = i18n.resolvedLanguage ?? 'de';
  const accepted = o.status === 'angenommen';
  return (
    <Card className={cn('overflow-hidden', accepted && 'border-primary/40 ring-1 ring-primary/20')} data-testid="offer-card" data-offer-id={o.id}>
      <CardContent className="flex flex-col gap-4 p-4 sm:p-5">
        <div className="flex gap-3 sm:gap-4">
          <span
            className={cn(
              'grid size-10 shrink-0 place-items-center rounded-full text-base font-bold tabular-nums sm:size-12 sm:text-lg',
              o.rank === 1 ? 'bg-gradient-to-br from-primary to-orange-500 text-primary-foreground' : 'bg-muted text-foreground',
            )}
          >
            <span className="sr-only">{t('offers.rank', { rank: o.rank })}</span>
            <span aria-hidden data-testid="offer-rank">
              {o.rank}
            </span>
          </span>
          <div className="flex min-w-0 flex-1 flex-col gap-1.5">
            <div className="flex flex-col gap-1 sm:flex-row sm:items-start sm:justify-between sm:gap-4">
              <div className="flex min-w-0 flex-wrap items-center gap-2">
                <Link
                  to={`/anbieter/${o.provider.id}`}
                  className="text-base leading-snug font-semibold break-words underline-offset-4 hover:underline sm:text-lg"
                  data-testid="offer-company"
                >
                  {o.provider.firmenname}
                </Link>
                <ProviderBadge badge={o.provider.badge} />
              </div>
              <p className="shrink-0 text-xl font-bold tabular-nums text-primary sm:text-2xl" data-testid="offer-price">
                {formatEuro(o.priceCents, lang)}
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-muted-foreground">
              <Stars value={o.provider.ratingAvg} />
              {o.provider.ratingAvg !== null && (
                <span className="font-medium text-foreground tabular-nums">
                  {o.provider.ratingAvg.toLocaleString(lang === 'en' ? 'en-GB' : 'de-DE', { maximumFractionDigits: 1 })}
                </span>
              )}
              <span data-testid="offer-reviews">({t('offers.reviews', { count: o.provider.ratingCount })})</span>
            </div>
            <p className="text-xs text-muted-foreground">
              {t('offers.forRequest', {
                category: t(`intake:categories.${o.request.kategorie}`, { defaultValue: o.request.kategorie }),
                place: o.request.place ?? '–',
              })}
            </p>
          </div>
        </div>
        {o.textHidden ? (
          <p className="text-sm text-muted-foreground italic" data-testid="offer-text-hidden">
            {t('offers.textHidden')}
          </p>
        ) : (
          <div className="flex items-start justify-between gap-2">
            <p className="whitespace-pre-line text-sm">{o.beschreibung}</p>
            <ReportButton contentType="offer" contentId={o.id} title={o.provider.firmenname} compact className="-mt-1 shrink-0" />
          </div>
        )}
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="inline-flex items-center gap-1.5 rounded-md bg-muted px-2.5 py-1">
            <CalendarClock className="size-4 text-primary" aria-hidden />
            <span className="text-muted-foreground">{t('offers.availability')}:</span>
            <span className="font-medium" data-testid="offer-availability">
              {o.verfuegbarkeit}
            </span>
          </span>
          {accepted && (
            <Badge className="border-emerald-200 bg-emerald-50 text-emerald-800" data-testid="offer-status">
              {t('market:offerStatus.angenommen')}
            </Badge>
          )}
        </div>
        {o.deal && o.deal.status !== 'cancelled' && <DealPanel offer={o} onChanged={onChanged} />}
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          {canAccept && (
            <Button variant="hero" onClick={onAccept} data-testid="accept-offer">
              <Check aria-hidden />
              {t('offers.accept')}
            </Button>
          )}
          <Button variant="outline" onClick={onDetails} data-testid="offer-details">
            <Eye aria-hidden />
            {t('offers.details')}
          </Button>
          {blocked && <p className="text-xs text-muted-foreground sm:ml-2">{t('offers.blocked')}</p>}
        </div>
      </CardContent>
    </Card>
  );
}

function AcceptDialog({ offer, onOpenChange, onAccepted }: { offer: SeekerOffer | null; onOpenChange: (o: boolean) => void; onAccepted: () => Promise<void> }) {
  const { t, i18n } = useTranslation('seeker');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [busy, setBusy] = useState(false);
  const accept = async () => {
    if (!offer) return;
    setBusy(true);
    try {
      await api(`/api/seeker/offers/${offer.id}/accept`, { method: 'POST' });
      toast.success(t('offers.acceptedToast'), { description: t('offers.acceptedToastText') });
      onOpenChange(false);
    } catch (e) {
      toast.error(t('market:error'), { description: errorText(e, t('errors.generic')) });
      onOpenChange(false);
    } finally {
      setBusy(false);
      await onAccepted();
    }
  };
  return (
    <Dialog open={offer !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('market:close')} data-testid="accept-dialog">
        <DialogHeader>
          <DialogTitle>{t('offers.acceptTitle')}</DialogTitle>
          <DialogDescription>
            {offer ? t('offers.acceptText', { company: offer.provider.firmenname, price: formatEuro(offer.priceCents, lang) }) : ''}
          </DialogDescription>
        </DialogHeader>
        <ul className="flex flex-col gap-2 text-sm">
          {(['acceptStep1', 'acceptStep2', 'acceptStep3'] as const).map((k) => (
            <li key={k} className="flex gap-2">
              <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden />
              {t(`offers.${k}`)}
            </li>
          ))}
        </ul>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant="hero" onClick={() => void accept()} disabled={busy} data-testid="accept-offer-confirm">
            {t('offers.accept')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

function OfferDetailsDialog({
  offer,
  request,
  onOpenChange,
}: {
  offer: SeekerOffer | null;
  request: SeekerRequest | null;
  onOpenChange: (o: boolean) => void;
}) {
  const { t, i18n } = useTranslation('seeker');
  const lang = i18n.resolvedLanguage ?? 'de';
  return (
    <Dialog open={offer !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('market:close')} className="sm:max-w-2xl" data-testid="offer-details-dialog">
        {offer && (
          <>
            <DialogHeader>
              <DialogTitle className="flex flex-wrap items-center gap-2">
                {offer.provider.firmenname}
                <ProviderBadge badge={offer.provider.badge} />
              </DialogTitle>
              <DialogDescription>{t('details.subtitle', { date: formatDateTime(offer.createdAt, lang) })}</DialogDescription>
            </DialogHeader>

            <section aria-labelledby="details-offer" className="flex flex-col gap-2">
              <h3 id="details-offer" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                {t('details.offer')}
              </h3>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
                <dt className="text-muted-foreground">{t('details.price')}</dt>
                <dd className="font-semibold text-primary">{formatEuro(offer.priceCents, lang)}</dd>
                <dt className="text-muted-foreground">{t('offers.availability')}</dt>
                <dd>{offer.verfuegbarkeit}</dd>
                <dt className="text-muted-foreground">{t('details.status')}</dt>
                <dd>{t(`market:offerStatus.${offer.status}`, { defaultValue: offer.status })}</dd>
              </dl>
              <p className="whitespace-pre-line rounded-md bg-muted px-3 py-2 text-sm">{offer.beschreibung}</p>
            </section>

            <section aria-labelledby="details-request" className="flex flex-col gap-2">
              <h3 id="details-request" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                {t('details.request')}
              </h3>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <span className="font-medium">{t(`intake:categories.${offer.request.kategorie}`, { defaultValue: offer.request.kategorie })}</span>
                {request && <UrgencyBadge urgency={request.dringlichkeit} />}
                <span className="text-muted-foreground">{t(`market:requestStatus.${offer.request.status}`, { defaultValue: offer.request.status })}</span>
              </div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
                <dt className="text-muted-foreground">{t('requests.place')}</dt>
                <dd>{[request?.postcode, offer.request.place].filter(Boolean).join(' ') || t('requests.noPlace')}</dd>
                <dt className="text-muted-foreground">{t('requests.budget')}</dt>
                <dd>{formatBudget(offer.request.budgetMin, offer.request.budgetMax, lang) ?? t('market:budgetOpen')}</dd>
                {request && (
                  <>
                    <dt className="text-muted-foreground">{t('requests.created')}</dt>
                    <dd>{formatDate(request.createdAt, lang)}</dd>
                  </>
                )}
                {request?.date && (
                  <>
                    <dt className="text-muted-foreground">{t('requests.date')}</dt>
                    <dd>{formatDate(request.date, lang)}</dd>
                  </>
                )}
              </dl>
              {request && <p className="whitespace-pre-line text-sm text-muted-foreground">{request.beschreibung}</p>}
            </section>

            <section aria-labelledby="details-provider" className="flex flex-col gap-2">
              <h3 id="details-provider" className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">
                {t('details.provider')}
              </h3>
              <div className="flex flex-wrap items-center gap-2 text-sm">
                <Stars value={offer.provider.ratingAvg} />
                <span className="text-muted-foreground">({t('offers.reviews', { count: offer.provider.ratingCount })})</span>
              </div>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 text-sm">
                <dt className="flex items-center gap-1.5 text-muted-foreground">
                  <Timer className="size-4" aria-hidden />
                  {t('details.responseTime')}
                </dt>
                <dd data-testid="details-response">{offer.responseMinutes !== null ? formatMinutes(offer.responseMinutes, lang) : t('details.unknown')}</dd>
                <dt className="flex items-center gap-1.5 text-muted-foreground">
                  <Timer className="size-4" aria-hidden />
                  {t('details.medianResponse')}
                </dt>
                <dd data-testid="details-median">
                  {offer.provider.medianResponseMinutes !== null ? formatMinutes(offer.provider.medianResponseMinutes, lang) : t('details.unknown')}
                </dd>
              </dl>
            </section>

            <DialogFooter>
              <Button asChild variant="outline">
                <Link to={`/anbieter/${offer.provider.id}`} data-testid="details-provider-link">
                  <ExternalLink aria-hidden />
                  {t('details.providerPage')}
                </Link>
              </Button>
              <Button onClick={() => onOpenChange(false)}>{t('market:close')}</Button>
            </DialogFooter>
          </>
        )}
      </DialogContent>
    </Dialog>
  );
}
