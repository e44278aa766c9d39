// The seeker's best offers in the chat (tool listOffers): rank, company, rating, price, availability,
// with 'Angebot annehmen' and 'Deal bestätigen' buttons that send the words a person could type, and the
// rating form for completed deals.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Label } from '@/components/ui/label';
import { formatEuro, ProviderBadge, StarInput, Stars } from '@/components/market';
import { useChatActions } from '../context.ts';
import { Textarea, WidgetCard } from '../intake/controls.tsx';
import type { ChatDealToRate, ChatOffer } from './types.ts';

export function OffersWidget({ offers, toRate }: { offers: ChatOffer[]; toRate: ChatDealToRate[] }) {
  return (
    <div className="flex flex-col">
      {offers.map((o) => (
        <OfferCard key={o.id} o={o} />
      ))}
      {toRate.map((d) => (
        <ReviewForm key={d.id} deal={d} />
      ))}
    </div>
  );
}

function OfferCard({ o }: { o: ChatOffer }) {
  const { t } = useTranslation('chatmarket');
  const { send, busy, lang } = useChatActions();
  return (
    <WidgetCard data-testid="chat-offer" data-ref={o.ref}>
      <div className="flex items-start justify-between gap-2">
        <p className="font-semibold">
          {o.rank !== null && <span className="mr-1 text-muted-foreground">#{o.rank}</span>}
          <a href={`/anbieter/${o.provider.id}`} className="hover:underline">
            {o.provider.firmenname}
          </a>
        </p>
        <p className="shrink-0 font-bold tabular-nums">{formatEuro(o.priceCents, lang)}</p>
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
        <Stars value={o.provider.ratingAvg} />
        <span>{t('reviews', { count: o.provider.ratingCount })}</span>
        <ProviderBadge badge={o.provider.badge} />
      </div>
      <p className="mt-2 text-sm">{o.beschreibung}</p>
      <p className="mt-1 text-xs">
        <span className="text-muted-foreground">{t('availability')}:</span> {o.verfuegbarkeit}
      </p>
      <p className="mt-1 text-xs text-muted-foreground">
        #{o.ref} · {t(`offerStatus.${o.status}`, { defaultValue: o.status })}
        {o.deal && <> · {t(`dealStatus.${o.deal.status}`, { context: 'seeker', defaultValue: o.deal.status })}</>}
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {o.status === 'versendet' && (
          <Button size="sm" disabled={busy} data-testid="chat-accept-offer" onClick={() => send(t('say.accept', { ref: o.ref }))}>
            {t('acceptButton')}
          </Button>
        )}
        {o.deal && o.dealRef && !o.deal.seekerConfirmed && (o.deal.status === 'awaiting_both' || o.deal.status === 'awaiting_seeker') && (
          <Button size="sm" disabled={busy} data-testid="chat-confirm-deal" onClick={() => send(t('say.confirmDeal', { ref: o.dealRef }))}>
            {t('confirmDealButton')}
          </Button>
        )}
      </div>
    </WidgetCard>
  );
}

const clean = (v: string) =>
  v
    .replace(/[;\n\r]+/g, ', ')
    .replace(/\s+/g, ' ')
    .trim();

/** The rating form of a completed deal; what the seeker already said in words fills it (stars, text). */
export function ReviewForm({ deal, prefill }: { deal: ChatDealToRate; prefill?: { stars: number | null; text: string } }) {
  const { t } = useTranslation('chatmarket');
  const { send, busy, lang } = useChatActions();
  const id = useId();
  const [rating, setRating] = useState(prefill?.stars ?? 0);
  const [text, setText] = useState(prefill?.text ?? '');
  const [showName, setShowName] = useState(false);
  const [contact, setContact] = useState(false);
  const [tried, setTried] = useState(false);
  const invalid = rating < 1 || clean(text).length < 3;

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (invalid || busy) return;
    send(t('reviewForm.output', { ref: deal.ref, stars: rating, text: clean(text), showName: t(showName ? 'yes' : 'no'), contact: t(contact ? 'yes' : 'no') }));
  }

  return (
    <WidgetCard data-testid="chat-review-form">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm font-semibold">{t('reviewForm.title', { company: deal.counterpart, price: formatEuro(deal.valueCents, lang) })}</p>
        <StarInput value={rating} onChange={setRating} name={`${id}-stars`} disabled={busy} />
        <div className="flex flex-col gap-1">
          <Label htmlFor={`${id}-text`} className="text-xs">
            {t('reviewForm.text')}
          </Label>
          <Textarea
            id={`${id}-text`}
            data-testid="chat-review-text"
            rows={2}
            maxLength={1000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            aria-invalid={tried && invalid ? true : undefined}
          />
        </div>
        <label className="flex items-center gap-2 text-xs">
          <Checkbox checked={showName} onCheckedChange={(v) => setShowName(v === true)} />
          {t('reviewForm.showName')}
        </label>
        <label className="flex items-center gap-2 text-xs">
          <Checkbox checked={contact} onCheckedChange={(v) => setContact(v === true)} />
          {t('reviewForm.contact')}
        </label>
        {tried && invalid && (
          <p role="alert" className="text-xs text-destructive">
            {t('reviewForm.error')}
          </p>
        )}
        <Button type="submit" size="sm" className="self-end" disabled={busy} data-testid="chat-review-send">
          {t('reviewForm.send')}
        </Button>
      </form>
    </WidgetCard>
  );
}
