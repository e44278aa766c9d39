// One match in the provider's feed: a teaser until unlocked (no contact data exists in it), then the full
// request with the seeker's contact, the provider's offer and the deal on it.
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CalendarClock, CalendarDays, CheckCircle2, Loader2, Lock, Mail, MapPin, Navigation, User, Users, Wallet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { UrgencyBadge, formatBudget, formatDate, formatEuro, toUiLang } from '@/components/market';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { providerApi, type MatchCardData } from './provider-api';
import { UnlockDialog, type UnlockOutcome } from './unlock-dialog';
import { CancelDealDialog, OfferDialog } from './offer-dialogs';
import { ReportButton } from '@/components/report/report-button';

type DialogKind = 'unlock' | 'offer' | 'cancelDeal' | null;

const OFFER_STYLES: Record<string, string> = {
  versendet: 'border-sky-200 bg-sky-50 text-sky-800',
  angenommen: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  abgelehnt: 'border-red-200 bg-red-50 text-red-800',
};
const DEAL_STYLES: Record<string, string> = {
  completed: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  cancelled: 'border-red-200 bg-red-50 text-red-800',
};

export function MatchCard({
  card,
  onChanged,
  onDismissed,
  onBuyGoints,
}: {
  card: MatchCardData;
  onChanged: () => void;
  onDismissed: (matchId: string) => void;
  onBuyGoints: () => void;
}) {
  const { t, i18n } = useTranslation('provider');
  const { t: tm } = useTranslation('market');
  const { t: ti } = useTranslation('intake');
  const lang = toUiLang(i18n.resolvedLanguage);
  const [dialog, setDialog] = useState<DialogKind>(null);
  const [busy, setBusy] = useState<'dismiss' | 'withdraw' | 'confirm' | null>(null);
  const r = card.request;
  const titleId = `match-${card.id}-title`;
  const budget = formatBudget(r.budgetMin, r.budgetMax, lang) ?? tm('budgetOpen');
  const distance = card.distanceKm < 1 ? t('card.distanceNear') : t('card.distance', { km: Math.round(card.distanceKm) });

  const dealOpen = !!card.deal && card.deal.status !== 'completed' && card.deal.status !== 'cancelled';
  const hasActions = !card.unlocked || !card.offer || (card.offer.status === 'versendet' && !card.deal) || dealOpen;

  const act = async (kind: 'dismiss' | 'withdraw' | 'confirm', run: () => Promise<unknown>, success: () => void, failure: string) => {
    setBusy(kind);
    try {
      await run();
      success();
    } catch (e) {
      toast.error(t('common.errorTitle'), { description: e instanceof ApiError && e.message ? e.message : failure });
    } finally {
      setBusy(null);
    }
  };

  const dismiss = () =>
    act(
      'dismiss',
      () => providerApi.dismiss(card.id),
      () => {
        toast.success(t('card.toast.dismissed'));
        onDismissed(card.id);
      },
      t('card.toast.dismissFailed'),
    );

  const onUnlockDone = (outcome: UnlockOutcome) => {
    setDialog(null);
    if (outcome !== 'cancelled') onChanged();
  };

  return (
    <Card
      role="article"
      aria-labelledby={titleId}
      data-testid="match-card"
      data-unlocked={card.unlocked ? 'true' : 'false'}
      data-request-id={r.id}
      className={cn('flex flex-col overflow-hidden', card.unlocked && 'border-emerald-200')}
    >
      <div className="flex flex-1 flex-col gap-4 p-5 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge className="border-transparent bg-secondary text-secondary-foreground">{ti(`categories.${r.kategorie}`, { defaultValue: r.kategorie })}</Badge>
          <UrgencyBadge urgency={r.dringlichkeit} />
          {r.status !== 'open' && (
            <Badge className="border-border bg-muted text-muted-foreground">{tm(`requestStatus.${r.status}`, { defaultValue: r.status })}</Badge>
          )}
          <span className="ml-auto flex items-center gap-1 text-xs text-muted-foreground">
            <CalendarDays className="size-3.5" aria-hidden />
            <time dateTime={r.createdAt}>{formatDate(r.createdAt, lang)}</time>
          </span>
        </div>

        <div className="flex flex-col gap-2">
          <div className="flex items-start justify-between gap-2">
            <h2 id={titleId} className="text-lg font-semibold leading-snug">
              {r.title}
            </h2>
            <ReportButton
              contentType="request"
              contentId={r.id}
              title={ti(`categories.${r.kategorie}`, { defaultValue: r.kategorie })}
              compact
              className="-mt-1 -mr-2 shrink-0"
            />
          </div>
          {card.unlocked ? (
            <p className="whitespace-pre-line text-sm" data-testid="match-description">
              {card.request.description}
            </p>
          ) : (
            <p className="text-sm text-muted-foreground" data-testid="match-description">
              {card.request.descriptionPreview}
            </p>
          )}
        </div>

        <ul className="grid gap-x-4 gap-y-2 text-sm min-[420px]:grid-cols-2">
          <Meta icon={<MapPin />} label={t('card.place')} testId="match-place">
            {card.unlocked
              ? [card.request.postcode, card.request.place].filter(Boolean).join(' ') || t('card.placeUnknown')
              : [card.request.postcodeMasked, card.request.placeMasked].filter(Boolean).join(' · ') || t('card.placeUnknown')}
          </Meta>
          <Meta icon={<Wallet />} label={t('card.budget')} testId="match-budget">
            {budget}
          </Meta>
          <Meta icon={<Navigation />} label={t('card.distanceLabel')}>
            {distance}
          </Meta>
          <Meta icon={<Users />} label={t('card.unlockedLabel')} testId="match-unlocked-of">
            {t('card.unlockedOf', { x: r.unlocked, n: r.maxUnlocks })}
          </Meta>
          {r.date && (
            <Meta icon={<CalendarClock />} label={t('card.wishDate')}>
              {formatDate(r.date, lang)}
            </Meta>
          )}
        </ul>

        {card.unlocked ? (
          <div className="flex flex-col gap-2 rounded-lg border border-emerald-200 bg-emerald-50/70 p-4 text-sm" data-testid="match-contact">
            <p className="flex items-center gap-1.5 font-semibold text-emerald-800">{t('card.unlockedNote')}</p>
            {card.request.contactHidden && (
              <p className="text-xs text-muted-foreground" data-testid="match-contact-hidden">
                {t('card.contact.hidden')}
              </p>
            )}
            <dl className="grid gap-1.5">
              {card.request.contact.firstName && (
                <ContactRow icon={<User />} label={t('card.contact.firstName')}>
                  {card.request.contact.firstName}
                </ContactRow>
              )}
              {card.request.contact.name && (
                <ContactRow icon={<User />} label={t('card.contact.name')}>
                  {card.request.contact.name}
                </ContactRow>
              )}
              {card.request.contact.email && (
                <ContactRow icon={<Mail />} label={t('card.contact.email')}>
                  <a href={`mailto:${card.request.contact.email}`} className="break-all font-medium text-primary underline-offset-4 hover:underline">
                    {card.request.contact.email}
                  </a>
                </ContactRow>
              )}
            </dl>
          </div>
        ) : (
          <p className="flex items-center gap-2 rounded-lg border border-dashed px-3 py-2 text-xs text-muted-foreground">
            <Lock className="size-3.5 shrink-0" aria-hidden />
            {t('card.lockedHint')}
          </p>
        )}

        {card.offer && (
          <section className="flex flex-col gap-2 rounded-lg border p-4 text-sm" aria-label={t('card.offer.title')} data-testid="match-offer">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{t('card.offer.title')}</h3>
              <Badge className={OFFER_STYLES[card.offer.status] ?? 'border-border bg-muted text-muted-foreground'} data-testid="offer-status">
                {tm(`offerStatus.${card.offer.status}`, { defaultValue: card.offer.status })}
              </Badge>
            </div>
            <p className="text-xl font-bold tabular-nums" data-testid="offer-price">
              {formatEuro(card.offer.priceCents, lang)}
            </p>
            <p className="line-clamp-3 whitespace-pre-line">{card.offer.beschreibung}</p>
            <p className="text-muted-foreground">
              {t('card.offer.availability')}: {card.offer.verfuegbarkeit}
            </p>
          </section>
        )}

        {card.deal && (
          <section className="flex flex-col gap-2 rounded-lg border p-4 text-sm" aria-label={t('card.deal.title')} data-testid="match-deal">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h3 className="font-semibold">{t('card.deal.title')}</h3>
              <Badge className={DEAL_STYLES[card.deal.status] ?? 'border-amber-200 bg-amber-50 text-amber-900'} data-testid="deal-status">
                {tm(`dealStatus.${card.deal.status}`, { context: 'provider', defaultValue: card.deal.status })}
              </Badge>
            </div>
            {card.deal.status === 'completed' && (
              <p className="flex items-center gap-1.5 font-medium text-emerald-700">
                <CheckCircle2 className="size-4" aria-hidden />
                {t('card.deal.completedText')}
              </p>
            )}
            {(card.deal.status === 'awaiting_both' || card.deal.status === 'awaiting_provider') && (
              <p className="text-muted-foreground">{t('card.deal.pleaseConfirm')}</p>
            )}
          </section>
        )}
      </div>

      {hasActions && (
        <div className="flex flex-col-reverse gap-2 border-t bg-muted/30 p-4 sm:flex-row sm:flex-wrap sm:justify-end">
          {!card.unlocked && (
            <>
              <Button variant="outline" onClick={() => void dismiss()} disabled={busy !== null} data-testid="dismiss-match">
                {busy === 'dismiss' && <Loader2 className="animate-spin" aria-hidden />}
                {t('card.dismiss')}
              </Button>
              <Button variant="hero" onClick={() => setDialog('unlock')} data-testid="unlock-match">
                {t('card.unlock', { price: r.unlockPrice })}
              </Button>
            </>
          )}
          {card.unlocked && !card.offer && r.status === 'open' && (
            <Button variant="hero" onClick={() => setDialog('offer')} data-testid="create-offer">
              {t('card.createOffer')}
            </Button>
          )}
          {card.offer?.status === 'versendet' && !card.deal && (
            <Button
              variant="outline"
              disabled={busy !== null}
              data-testid="withdraw-offer"
              onClick={() =>
                void act(
                  'withdraw',
                  () => providerApi.withdrawOffer(card.offer!.id),
                  () => {
                    toast.success(t('card.toast.withdrawn'));
                    onChanged();
                  },
                  t('card.toast.withdrawFailed'),
                )
              }
            >
              {busy === 'withdraw' && <Loader2 className="animate-spin" aria-hidden />}
              {t('card.offer.withdraw')}
            </Button>
          )}
          {dealOpen && (
            <Button
              variant="outline"
              className="text-destructive hover:text-destructive"
              onClick={() => setDialog('cancelDeal')}
              disabled={busy !== null}
              data-testid="cancel-deal"
            >
              {t('card.deal.cancel')}
            </Button>
          )}
          {card.deal && (card.deal.status === 'awaiting_both' || card.deal.status === 'awaiting_provider') && (
            <Button
              variant="hero"
              disabled={busy !== null}
              data-testid="confirm-deal"
              onClick={() =>
                void act(
                  'confirm',
                  () => providerApi.confirmDeal(card.deal!.id),
                  () => {
                    toast.success(t('deal.toast.confirmed.title'), { description: t('deal.toast.confirmed.text') });
                    onChanged();
                  },
                  t('deal.toast.failed'),
                )
              }
            >
              {busy === 'confirm' && <Loader2 className="animate-spin" aria-hidden />}
              {t('card.deal.confirm')}
            </Button>
          )}
          {card.unlocked && !card.offer && r.status !== 'open' && <p className="text-sm text-muted-foreground">{t('card.noOfferPossible')}</p>}
        </div>
      )}

      {dialog === 'unlock' && <UnlockDialog requestId={r.id} title={r.title} onDone={onUnlockDone} onBuyGoints={onBuyGoints} />}
      {dialog === 'offer' && (
        <OfferDialog
          requestId={r.id}
          title={r.title}
          onClose={() => setDialog(null)}
          onCreated={() => {
            setDialog(null);
            onChanged();
          }}
        />
      )}
      {dialog === 'cancelDeal' && card.deal && (
        <CancelDealDialog
          dealId={card.deal.id}
          onClose={() => setDialog(null)}
          onCancelled={() => {
            setDialog(null);
            onChanged();
          }}
        />
      )}
    </Card>
  );
}

function Meta({ icon, label, children, testId }: { icon: ReactNode; label: string; children: ReactNode; testId?: string }) {
  return (
    <li className="flex min-w-0 items-start gap-2">
      <span className="mt-0.5 text-muted-foreground [&_svg]:size-4" aria-hidden>
        {icon}
      </span>
      <span className="min-w-0">
        <span className="sr-only">{label}: </span>
        <span data-testid={testId} className="break-words">
          {children}
        </span>
      </span>
    </li>
  );
}

function ContactRow({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-start gap-2">
      <dt className="flex shrink-0 items-center gap-1.5 text-emerald-900/80 [&_svg]:size-4">
        <span aria-hidden>{icon}</span>
        {label}:
      </dt>
      <dd className="min-w-0">{children}</dd>
    </div>
  );
}
