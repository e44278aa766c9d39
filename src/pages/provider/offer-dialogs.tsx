// The provider's dialogs on an unlocked request: creating an offer and cancelling a deal with a reason.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { fieldErrorsOf, providerApi } from './provider-api';
import { formatEuroWhole } from '@/components/market/format';
import { MAX_OFFER_EUROS } from '../../../core/offers/offers.schemas.ts';
import { FieldError } from './profile-form';
import { parseEuroCents } from '../../../core/money/parse-money.ts';

/** '450', '450,50', '1.200,00', '1200.5' → euros, or null when it is not a positive amount (the shared parser, decision 049). */
export function parseEuro(text: string): number | null {
  const cents = parseEuroCents(text);
  return cents ? cents / 100 : null;
}

type OfferField = 'price' | 'beschreibung' | 'verfuegbarkeit';

export function OfferDialog({ requestId, title, onClose, onCreated }: { requestId: string; title: string; onClose: () => void; onCreated: () => void }) {
  const { t, i18n } = useTranslation('provider');
  const [price, setPrice] = useState('');
  const [beschreibung, setBeschreibung] = useState('');
  const [verfuegbarkeit, setVerfuegbarkeit] = useState('');
  const [errors, setErrors] = useState<Partial<Record<OfferField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const errs: Partial<Record<OfferField, string>> = {};
    const euros = parseEuro(price);
    if (euros === null) errs.price = t('offer.errors.price');
    else if (euros > MAX_OFFER_EUROS) errs.price = t('offer.errors.priceTooHigh', { max: formatEuroWhole(MAX_OFFER_EUROS, i18n.language) });
    if (beschreibung.trim().length < 10) errs.beschreibung = t('offer.errors.beschreibung');
    else if (beschreibung.trim().length > 2000) errs.beschreibung = t('offer.errors.beschreibungLong');
    if (verfuegbarkeit.trim().length < 2) errs.verfuegbarkeit = t('offer.errors.verfuegbarkeit');
    else if (verfuegbarkeit.trim().length > 200) errs.verfuegbarkeit = t('offer.errors.verfuegbarkeitLong');
    setErrors(errs);
    if (Object.keys(errs).length || euros === null) return;
    setBusy(true);
    try {
      await providerApi.createOffer({ requestId, price: euros, beschreibung: beschreibung.trim(), verfuegbarkeit: verfuegbarkeit.trim() });
      toast.success(t('offer.toast.created.title'), { description: t('offer.toast.created.text') });
      onCreated();
    } catch (err) {
      const fields = fieldErrorsOf(err);
      if (Object.keys(fields).length) setErrors(fields);
      else setFormError(err instanceof ApiError && err.message ? err.message : t('offer.toast.failed'));
    } finally {
      setBusy(false);
    }
  };

  const invalid = (f: OfferField) => ({ 'aria-invalid': errors[f] ? true : undefined, 'aria-describedby': errors[f] ? `offer-${f}-error` : undefined });

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent closeLabel={t('common.close')} data-testid="offer-dialog">
        <DialogHeader>
          <DialogTitle>{t('offer.title')}</DialogTitle>
          <DialogDescription>{title}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="offer-price">{t('offer.fields.price')}</Label>
            <div className="relative">
              <Input
                id="offer-price"
                inputMode="decimal"
                autoComplete="off"
                className="pr-8"
                value={price}
                onChange={(e) => setPrice(e.target.value)}
                {...invalid('price')}
              />
              <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
                €
              </span>
            </div>
            <FieldError id="offer-price-error" message={errors.price} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="offer-beschreibung">{t('offer.fields.beschreibung')}</Label>
            <Textarea
              id="offer-beschreibung"
              rows={4}
              maxLength={2000}
              placeholder={t('offer.placeholders.beschreibung')}
              value={beschreibung}
              onChange={(e) => setBeschreibung(e.target.value)}
              {...invalid('beschreibung')}
            />
            <FieldError id="offer-beschreibung-error" message={errors.beschreibung} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="offer-verfuegbarkeit">{t('offer.fields.verfuegbarkeit')}</Label>
            <Input
              id="offer-verfuegbarkeit"
              maxLength={200}
              placeholder={t('offer.placeholders.verfuegbarkeit')}
              value={verfuegbarkeit}
              onChange={(e) => setVerfuegbarkeit(e.target.value)}
              {...invalid('verfuegbarkeit')}
            />
            <FieldError id="offer-verfuegbarkeit-error" message={errors.verfuegbarkeit} />
          </div>
          {formError && <Alert variant="destructive">{formError}</Alert>}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" variant="hero" disabled={busy} data-testid="offer-submit">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('offer.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

export function CancelDealDialog({ dealId, onClose, onCancelled }: { dealId: string; onClose: () => void; onCancelled: () => void }) {
  const { t } = useTranslation('provider');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const r = reason.trim();
    if (r.length < 3 || r.length > 500) {
      setError(t('deal.cancelDialog.reasonError'));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await providerApi.cancelDeal(dealId, r);
      toast.success(t('deal.toast.cancelled'));
      onCancelled();
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t('deal.toast.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && !busy && onClose()}>
      <DialogContent closeLabel={t('common.close')} data-testid="cancel-deal-dialog">
        <DialogHeader>
          <DialogTitle>{t('deal.cancelDialog.title')}</DialogTitle>
          <DialogDescription>{t('deal.cancelDialog.text')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor="cancel-reason">{t('deal.cancelDialog.reason')}</Label>
            <Textarea
              id="cancel-reason"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? 'cancel-reason-error' : undefined}
            />
            <FieldError id="cancel-reason-error" message={error ?? undefined} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose} disabled={busy}>
              {t('deal.cancelDialog.keep')}
            </Button>
            <Button type="submit" variant="destructive" disabled={busy} data-testid="cancel-deal-submit">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('deal.cancelDialog.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
