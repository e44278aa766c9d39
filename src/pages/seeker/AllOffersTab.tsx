// 'Alle Angebote': every offer with its status. The provider's contact stays locked until the deal is
// completed (accepted and confirmed by both); the server sends it only then.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CalendarClock, Inbox, Lock } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { formatDate, formatEuro, ProviderBadge, Stars } from '@/components/market';
import { EmptyState } from './RequestsTab';
import { ContactLines } from './DealPanel';
import type { SeekerOffer, SeekerRequest } from './types';
import { ReportButton } from '@/components/report/report-button';

const OFFER_STATUS_STYLE: Record<string, string> = {
  versendet: 'border-sky-200 bg-sky-50 text-sky-800',
  angenommen: 'border-emerald-200 bg-emerald-50 text-emerald-800',
};

export function AllOffersTab({ offers, requests }: { offers: SeekerOffer[]; requests: SeekerRequest[] }) {
  const { t } = useTranslation('seeker');
  if (offers.length === 0) return <EmptyState icon={Inbox} title={t('offers.emptyTitle')} text={t('offers.emptyText')} testId="all-offers-empty" />;
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2" data-testid="all-offers">
      {offers.map((o) => (
        <li key={o.id}>
          <OfferRow offer={o} request={requests.find((r) => r.id === o.requestId) ?? null} />
        </li>
      ))}
    </ul>
  );
}

function OfferRow({ offer: o, request }: { offer: SeekerOffer; request: SeekerRequest | null }) {
  const { t, i18n } = useTranslation('seeker');
  const lang = i18n.resolvedLanguage ?? 'de';
  return (
    <Card className="h-full" data-testid="all-offer-card" data-offer-id={o.id}>
      <CardContent className="flex h-full flex-col gap-3 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex min-w-0 flex-wrap items-center gap-2">
              <Link to={`/anbieter/${o.provider.id}`} className="leading-snug font-semibold break-words underline-offset-4 hover:underline">
                {o.provider.firmenname}
              </Link>
              <ProviderBadge badge={o.provider.badge} />
            </div>
            <div className="flex items-center gap-2 text-xs text-muted-foreground">
              <Stars value={o.provider.ratingAvg} />
              <span>({t('offers.reviews', { count: o.provider.ratingCount })})</span>
            </div>
          </div>
          <p className="shrink-0 text-lg font-bold tabular-nums text-primary">{formatEuro(o.priceCents, lang)}</p>
        </div>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          <Badge className={OFFER_STATUS_STYLE[o.status] ?? 'border-gray-200 bg-gray-100 text-gray-700'} data-testid="all-offer-status">
            {t(`market:offerStatus.${o.status}`, { defaultValue: o.status })}
          </Badge>
          {o.deal && (
            <Badge className="border-primary/20 bg-primary/5 text-primary" data-testid="all-offer-deal">
              {t('deal.title')}: {t(`market:dealStatus.${o.deal.status}`, { context: 'seeker', defaultValue: o.deal.status })}
            </Badge>
          )}
          <span className="text-muted-foreground">
            {t('offers.forRequest', {
              category: t(`intake:categories.${o.request.kategorie}`, { defaultValue: o.request.kategorie }),
              place: o.request.place ?? '–',
            })}
            {request ? ` · ${formatDate(request.createdAt, lang)}` : ''}
          </span>
        </div>
        {o.textHidden ? (
          <p className="text-sm text-muted-foreground italic" data-testid="offer-text-hidden">
            {t('offers.textHidden')}
          </p>
        ) : (
          <div className="flex items-start justify-between gap-2">
            <p className="line-clamp-3 whitespace-pre-line text-sm">{o.beschreibung}</p>
            <ReportButton contentType="offer" contentId={o.id} title={o.provider.firmenname} compact className="-mt-1 shrink-0" />
          </div>
        )}
        <p className="flex items-center gap-1.5 text-sm">
          <CalendarClock className="size-4 text-primary" aria-hidden />
          <span className="text-muted-foreground">{t('offers.availability')}:</span> {o.verfuegbarkeit}
        </p>
        <div className="mt-auto border-t pt-3">
          {o.contact ? (
            <div className="flex flex-col gap-2">
              <p className="text-sm font-semibold">{t('contact.title')}</p>
              <ContactLines contact={o.contact} />
            </div>
          ) : (
            <div className="flex items-start gap-3 rounded-lg bg-muted/70 p-3" data-testid="contact-locked">
              <span className="grid size-8 shrink-0 place-items-center rounded-full bg-card text-muted-foreground shadow-sm">
                <Lock className="size-4" aria-hidden />
              </span>
              <div className="flex flex-col gap-0.5">
                <p className="text-sm font-semibold">{t('contact.lockedTitle')}</p>
                <p className="text-xs text-muted-foreground">{t('contact.lockedText')}</p>
              </div>
            </div>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
