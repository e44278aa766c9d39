// The deal of an accepted offer, from the seeker's side: confirm it, wait for the provider, cancel it with a
// reason before completion, and rate it once completed.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CheckCircle2, Clock, Handshake, Mail, Phone, Star, XCircle } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { StarInput } from '@/components/market';
import { api } from '@/lib/api';
import { errorText } from './error-text';
import type { SeekerOffer } from './types';
import { TraderLines } from '@/components/market/trader-lines';
import type { TraderDetailsView } from '../../../core/providers/trader-details.ts';

const REASON_MIN = 3;
const TESTIMONIAL_MIN = 3;

export function DealPanel({ offer, onChanged }: { offer: SeekerOffer; onChanged: () => Promise<void> }) {
  const { t } = useTranslation('seeker');
  const deal = offer.deal;
  const [busy, setBusy] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const [reviewOpen, setReviewOpen] = useState(false);
  if (!deal || deal.status === 'cancelled') return null;
  const completed = deal.status === 'completed';

  const confirm = async () => {
    setBusy(true);
    try {
      const r = await api<{ completed: boolean }>(`/api/deals/${deal.id}/confirm`, { method: 'POST' });
      toast.success(r.completed ? t('deal.completedToast') : t('deal.confirmedToast'), {
        description: r.completed ? t('deal.completedToastText') : t('deal.confirmedToastText'),
      });
    } catch (e) {
      toast.error(t('market:error'), { description: errorText(e, t('errors.generic')) });
    } finally {
      setBusy(false);
      await onChanged();
    }
  };

  return (
    <div className="flex flex-col gap-3 rounded-lg border border-primary/20 bg-primary/5 p-3 sm:p-4" data-testid="deal-panel" data-deal-status={deal.status}>
      <p className="flex items-center gap-2 text-sm font-semibold">
        <Handshake className="size-4 text-primary" aria-hidden />
        {t('deal.title')}: <span data-testid="deal-status">{t(`market:dealStatus.${deal.status}`, { context: 'seeker', defaultValue: deal.status })}</span>
      </p>
      {!completed && (
        <>
          {!deal.seekerConfirmed ? (
            <p className="text-sm text-muted-foreground">{t('deal.confirmHint')}</p>
          ) : (
            <p className="flex items-center gap-2 text-sm font-medium" data-testid="deal-waiting">
              <Clock className="size-4 text-accent-foreground" aria-hidden />
              {t('market:dealStatus.awaiting_provider', { context: 'seeker' })}
            </p>
          )}
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {!deal.seekerConfirmed && (
              <Button onClick={() => void confirm()} disabled={busy} data-testid="confirm-deal">
                <CheckCircle2 aria-hidden />
                {t('deal.confirm')}
              </Button>
            )}
            <Button variant="outline" onClick={() => setCancelOpen(true)} disabled={busy} data-testid="cancel-deal">
              <XCircle aria-hidden />
              {t('deal.cancel')}
            </Button>
          </div>
        </>
      )}
      {completed && (
        <>
          {offer.contact && <ContactLines contact={offer.contact} />}
          {deal.reviewed ? (
            <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="deal-reviewed">
              <Star className="size-4 fill-amber-400 text-amber-400" aria-hidden />
              {t('deal.reviewed')}
            </p>
          ) : (
            <Button variant="accent" className="sm:w-fit" onClick={() => setReviewOpen(true)} data-testid="review-deal">
              <Star aria-hidden />
              {t('deal.review')}
            </Button>
          )}
        </>
      )}
      <CancelDealDialog open={cancelOpen} onOpenChange={setCancelOpen} dealId={deal.id} onDone={onChanged} />
      <ReviewDialog open={reviewOpen} onOpenChange={setReviewOpen} dealId={deal.id} company={offer.provider.firmenname} onDone={onChanged} />
    </div>
  );
}

export function ContactLines({ contact }: { contact: { phone: string; email: string; trader?: TraderDetailsView | null } }) {
  const { t } = useTranslation('seeker');
  return (
    <div className="flex flex-col gap-3">
      <ul className="flex flex-col gap-1.5 text-sm" data-testid="contact-unlocked" aria-label={t('contact.title')}>
        <li className="flex items-center gap-2">
          <Phone className="size-4 text-primary" aria-hidden />
          <span className="sr-only">{t('contact.phone')}:</span>
          <a href={`tel:${contact.phone.replace(/[^+\d]/g, '')}`} className="font-medium underline-offset-4 hover:underline">
            {contact.phone}
          </a>
        </li>
        <li className="flex min-w-0 items-center gap-2">
          <Mail className="size-4 shrink-0 text-primary" aria-hidden />
          <span className="sr-only">{t('contact.email')}:</span>
          <a href={`mailto:${contact.email}`} className="truncate font-medium underline-offset-4 hover:underline">
            {contact.email}
          </a>
        </li>
      </ul>
      {contact.trader !== undefined && <TraderLines trader={contact.trader} />}
    </div>
  );
}

function CancelDealDialog({
  open,
  onOpenChange,
  dealId,
  onDone,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  dealId: string;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation('seeker');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const valid = reason.trim().length >= REASON_MIN;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setBusy(true);
    try {
      await api(`/api/deals/${dealId}/cancel`, { method: 'POST', body: { reason: reason.trim() } });
      toast.success(t('deal.cancelledToast'));
      setReason('');
      onOpenChange(false);
    } catch (err) {
      toast.error(t('market:error'), { description: errorText(err, t('errors.generic')) });
    } finally {
      setBusy(false);
      await onDone();
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('market:close')} data-testid="cancel-deal-dialog">
        <form onSubmit={submit} className="flex flex-col gap-4">
          <DialogHeader>
            <DialogTitle>{t('deal.cancelTitle')}</DialogTitle>
            <DialogDescription>{t('deal.cancelText')}</DialogDescription>
          </DialogHeader>
          <div className="flex flex-col gap-2">
            <Label htmlFor="cancel-reason">{t('deal.cancelReason')}</Label>
            <Textarea
              id="cancel-reason"
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              maxLength={500}
              required
              minLength={REASON_MIN}
              aria-describedby="cancel-reason-hint"
            />
            <p id="cancel-reason-hint" className="text-xs text-muted-foreground">
              {t('deal.cancelReasonHint')}
            </p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {t('back')}
            </Button>
            <Button type="submit" variant="destructive" disabled={!valid || busy} data-testid="cancel-deal-confirm">
              {t('deal.cancelConfirm')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ReviewDialog({
  open,
  onOpenChange,
  dealId,
  company,
  onDone,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  dealId: string;
  company: string;
  onDone: () => Promise<void>;
}) {
  const { t } = useTranslation('seeker');
  const [rating, setRating] = useState(0);
  const [testimonial, setTestimonial] = useState('');
  const [showFirstName, setShowFirstName] = useState(false);
  const [contactVisible, setContactVisible] = useState(false);
  const [busy, setBusy] = useState(false);
  const valid = rating >= 1 && testimonial.trim().length >= TESTIMONIAL_MIN;
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!valid) return;
    setBusy(true);
    try {
      await api(`/api/deals/${dealId}/review`, { method: 'POST', body: { rating, testimonial: testimonial.trim(), showFirstName, contactVisible } });
      toast.success(t('review.sentToast'));
      onOpenChange(false);
      await onDone();
    } catch (err) {
      toast.error(t('market:error'), { description: errorText(err, t('errors.generic')) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('market:close')} data-testid="review-dialog">
        <form onSubmit={submit} className="flex flex-col gap-5">
          <DialogHeader>
            <DialogTitle>{t('review.title')}</DialogTitle>
            <DialogDescription>{t('review.text', { company })}</DialogDescription>
          </DialogHeader>
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-2 text-sm font-medium">{t('review.rating')}</legend>
            <StarInput name={`rating-${dealId}`} value={rating} onChange={setRating} disabled={busy} />
          </fieldset>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`testimonial-${dealId}`}>{t('review.testimonial')}</Label>
            <Textarea
              id={`testimonial-${dealId}`}
              value={testimonial}
              onChange={(e) => setTestimonial(e.target.value)}
              maxLength={1000}
              rows={4}
              placeholder={t('review.testimonialPlaceholder')}
              disabled={busy}
            />
          </div>
          <div className="flex flex-col gap-3">
            <div className="flex items-start gap-3">
              <Checkbox
                id={`show-name-${dealId}`}
                checked={showFirstName}
                onCheckedChange={(v) => setShowFirstName(v === true)}
                disabled={busy}
                className="mt-0.5"
              />
              <Label htmlFor={`show-name-${dealId}`} className="leading-snug font-normal">
                {t('review.showFirstName')}
              </Label>
            </div>
            <div className="flex items-start gap-3">
              <Checkbox
                id={`contact-${dealId}`}
                checked={contactVisible}
                onCheckedChange={(v) => setContactVisible(v === true)}
                disabled={busy}
                className="mt-0.5"
              />
              <Label htmlFor={`contact-${dealId}`} className="leading-snug font-normal">
                {t('review.contactVisible')}
              </Label>
            </div>
            <p className="text-xs text-muted-foreground">{t('review.publicHint')}</p>
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={!valid || busy} data-testid="review-submit">
              {t('review.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
