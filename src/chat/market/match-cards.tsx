// The provider's matches in the chat (tool listMatches; the unlocked request after unlockRequest and
// startOffer): teaser cards until unlocked, then details with the seeker's contact. Buttons send the
// same words a person could type ('Anfrage #a1b2c3 freischalten').
import { useTranslation } from 'react-i18next';
import { CheckCircle2, Lock, Mail, MapPin } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { formatBudget, formatEuro, UrgencyBadge } from '@/components/market';
import { useChatActions } from '../context.ts';
import { WidgetCard } from '../intake/controls.tsx';
import { categoryLabel } from '../intake/labels.ts';
import type { ChatMatchCard, ListMatchesData } from './types.ts';

export function MatchCardView({ m, actions = true }: { m: ChatMatchCard; actions?: boolean }) {
  const { t } = useTranslation('chatmarket');
  const { send, busy, lang } = useChatActions();
  const r = m.request;
  // The details once unlocked (the seeker's contact among them), the teaser before.
  const details = m.unlocked ? m.request : null;
  const teaser = m.unlocked ? null : m.request;
  const budget = formatBudget(r.budgetMin, r.budgetMax, lang) ?? t('budgetOpen');
  return (
    <WidgetCard data-testid="chat-match" data-unlocked={m.unlocked} data-ref={m.ref}>
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">{r.title}</p>
        <UrgencyBadge urgency={r.dringlichkeit} className="shrink-0" />
      </div>
      <p className="mt-0.5 text-xs text-muted-foreground">
        #{m.ref} · {t('unlockedOf', { count: r.unlocked, max: r.maxUnlocks })}
      </p>
      <p className="mt-2 text-sm">{details ? details.description : teaser?.descriptionPreview}</p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        <dt className="text-muted-foreground">{t('place')}</dt>
        <dd className="flex items-center gap-1">
          <MapPin className="size-3" aria-hidden />
          {(details ? [details.postcode, details.place] : [teaser?.postcodeMasked, teaser?.placeMasked]).filter(Boolean).join(' ')}
          <span className="text-muted-foreground">({t('distance', { km: Math.round(m.distanceKm) })})</span>
        </dd>
        <dt className="text-muted-foreground">{t('budget')}</dt>
        <dd>{budget}</dd>
      </dl>
      {details ? (
        <div className="mt-2 rounded-md bg-muted/60 p-2 text-xs">
          <p className="flex items-center gap-1 font-medium text-green-700">
            <CheckCircle2 className="size-3.5" aria-hidden />
            {t('unlockedNote')}
          </p>
          {details.contact && (
            <p className="mt-1 flex flex-wrap items-center gap-x-2">
              <span>{details.contact.firstName ?? details.contact.name}</span>
              {details.contact.email && (
                <a className="inline-flex items-center gap-1 text-primary hover:underline" href={`mailto:${details.contact.email}`}>
                  <Mail className="size-3" aria-hidden />
                  {details.contact.email}
                </a>
              )}
            </p>
          )}
        </div>
      ) : (
        <p className="mt-2 flex items-center gap-1 text-xs text-muted-foreground">
          <Lock className="size-3" aria-hidden />
          {t('lockedNote')}
        </p>
      )}
      {m.offer && (
        <p className="mt-2 text-xs">
          {t('yourOffer', { price: formatEuro(m.offer.priceCents, lang) })} · {t(`offerStatus.${m.offer.status}`, { defaultValue: m.offer.status })}
          {m.deal && <> · {t(`dealStatus.${m.deal.status}`, { context: 'provider', defaultValue: m.deal.status })}</>}
        </p>
      )}
      {actions && (
        <div className="mt-3 flex flex-wrap gap-2">
          {!m.unlocked && (
            <Button size="sm" disabled={busy} data-testid="chat-unlock" onClick={() => send(t('say.unlock', { ref: m.ref }))}>
              {t('unlockButton', { price: m.request.unlockPrice ?? 50 })}
            </Button>
          )}
          {m.unlocked && !m.offer && (
            <Button size="sm" disabled={busy} data-testid="chat-start-offer" onClick={() => send(t('say.startOffer', { ref: m.ref }))}>
              {t('offerButton')}
            </Button>
          )}
          {m.deal && m.dealRef && (m.deal.status === 'awaiting_both' || m.deal.status === 'awaiting_provider') && (
            <Button size="sm" disabled={busy} data-testid="chat-confirm-deal" onClick={() => send(t('say.confirmDeal', { ref: m.dealRef }))}>
              {t('confirmDealButton')}
            </Button>
          )}
        </div>
      )}
    </WidgetCard>
  );
}

export function MatchList({ matches, more, filter }: { matches: ChatMatchCard[]; more: boolean; filter?: ListMatchesData['filter'] }) {
  const { t } = useTranslation('chatmarket');
  const { lang } = useChatActions();
  // The filter the list was asked with ('nur dringende', a category), so a short list is not taken for all.
  const filtered = [filter?.category ? categoryLabel(filter.category, lang) : null, filter?.urgentOnly ? t('urgentOnly') : null].filter(Boolean).join(' · ');
  return (
    <div className="flex flex-col">
      {filtered && (
        <p data-testid="chat-match-filter" className="mt-3 text-xs text-muted-foreground">
          {t('filtered', { filter: filtered })}
        </p>
      )}
      {matches.map((m) => (
        <MatchCardView key={m.id} m={m} />
      ))}
      <a href="/anbieter/dashboard" className="mt-2 text-xs font-medium text-primary hover:underline">
        {more ? t('moreInDashboard') : t('toDashboard')}
      </a>
    </div>
  );
}
