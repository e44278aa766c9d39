// The offer form in the chat (state writingOffer): price, availability, description. 'Angebot senden'
// sends one string of 'Label: value;' pairs as the person's message ('Angebot: Anfrage: #a1b2c3; Preis: …;').
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useChatActions } from '../context.ts';
import { FieldShell, inputClass, Textarea, WidgetCard } from '../intake/controls.tsx';
import { cn } from '@/lib/utils';
import { parseEuroCents } from '../../../core/money/parse-money.ts';

const clean = (v: string) =>
  v
    .replace(/[;\n\r]+/g, ', ')
    .replace(/\s+/g, ' ')
    .trim();

/** Euros as typed ('450', '450,50', '1.200') or null (the shared parser, decision 049). */
export function readEuro(value: string): number | null {
  const cents = parseEuroCents(value);
  return cents ? cents / 100 : null;
}

/** Offer details the provider already typed in the message ('Angebot für #…: 180 €, morgen, inkl. Material'). */
export interface OfferPrefill {
  price?: string;
  verfuegbarkeit?: string;
  beschreibung?: string;
}

export function OfferFormWidget({ reference, prefill }: { reference: string; prefill?: OfferPrefill }) {
  const { t } = useTranslation('chatmarket');
  const { send, busy, lang } = useChatActions();
  const id = useId();
  const [price, setPrice] = useState(prefill?.price ?? '');
  const [availability, setAvailability] = useState(prefill?.verfuegbarkeit ?? '');
  const [description, setDescription] = useState(prefill?.beschreibung ?? '');
  const [tried, setTried] = useState(false);
  const errors = {
    price: readEuro(price) === null ? t('offerForm.errors.price') : null,
    availability: clean(availability).length < 2 ? t('offerForm.errors.availability') : null,
    description: clean(description).length < 10 ? t('offerForm.errors.description') : null,
  };
  const invalid = Object.values(errors).some(Boolean);

  function submit(e: FormEvent) {
    e.preventDefault();
    setTried(true);
    if (invalid || busy) return;
    const euros = readEuro(price)!;
    send(
      t('offerForm.output', {
        ref: reference,
        price: lang.startsWith('en') ? euros.toFixed(2) : euros.toFixed(2).replace('.', ','),
        availability: clean(availability),
        description: clean(description),
      }),
    );
  }

  const field = (key: keyof typeof errors) => ({
    'aria-invalid': tried && errors[key] ? true : undefined,
    'aria-describedby': tried && errors[key] ? `${id}-${key}-error` : undefined,
  });
  return (
    <WidgetCard data-testid="chat-offer-form">
      <form noValidate onSubmit={submit} className="flex flex-col gap-3">
        <p className="text-sm font-semibold">{t('offerForm.title', { ref: reference })}</p>
        <FieldShell id={`${id}-price`} label={t('offerForm.price')} required error={tried ? errors.price : null} errorId={`${id}-price-error`}>
          <input
            id={`${id}-price`}
            data-testid="chat-offer-price"
            inputMode="decimal"
            value={price}
            onChange={(e) => setPrice(e.target.value)}
            placeholder="450"
            className={cn(inputClass)}
            {...field('price')}
          />
        </FieldShell>
        <FieldShell
          id={`${id}-availability`}
          label={t('offerForm.availability')}
          required
          error={tried ? errors.availability : null}
          errorId={`${id}-availability-error`}
        >
          <input
            id={`${id}-availability`}
            data-testid="chat-offer-availability"
            maxLength={200}
            value={availability}
            onChange={(e) => setAvailability(e.target.value)}
            placeholder={t('offerForm.availabilityPlaceholder')}
            className={cn(inputClass)}
            {...field('availability')}
          />
        </FieldShell>
        <FieldShell
          id={`${id}-description`}
          label={t('offerForm.description')}
          required
          error={tried ? errors.description : null}
          errorId={`${id}-description-error`}
        >
          <Textarea
            id={`${id}-description`}
            data-testid="chat-offer-description"
            rows={3}
            maxLength={2000}
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            {...field('description')}
          />
        </FieldShell>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="outline" size="sm" disabled={busy} onClick={() => send(t('say.cancel'))}>
            {t('offerForm.cancel')}
          </Button>
          <Button type="submit" size="sm" disabled={busy} data-testid="chat-offer-send">
            {t('offerForm.send')}
          </Button>
        </div>
      </form>
    </WidgetCard>
  );
}
