// Where earnings are paid out: the person's Stripe account (Stripe Connect: onboarding at Stripe, its status),
// PayPal addresses and bank accounts, adding one (with the specification's messages for missing fields), and
// removing one. Only the ways this installation offers are offered (GET /api/config's payoutRails, decision 081).
import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { toast } from 'sonner';
import { BadgeCheck, ExternalLink, Landmark, Loader2, Plus, ShieldCheck, Trash2, Wallet } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { usePublicConfig } from '@/lib/public-config';
import { caretAfterFormat, formatIban } from './iban';
import { stripeAccountName } from './method-label';
import { payoutsApi, type PayoutMethod } from './types';

const methodName = (t: TFunction<string>, m: PayoutMethod) =>
  m.type === 'paypal' ? m.paypalEmail : m.type === 'stripe' ? stripeAccountName(t, m.stripeAccountLast4) : `IBAN •••• ${m.ibanLast4}`;

/** Sends the person to Stripe's onboarding (a fresh single-use link), coming back to this page. */
async function goToStripe(t: (k: string) => string) {
  try {
    const { url } = await payoutsApi.startStripe(`${window.location.pathname}${window.location.search.replace(/[?&]stripe=return\b/, '')}`);
    window.location.assign(url);
  } catch (err) {
    toast.error(t('toast.errorTitle'), { description: err instanceof ApiError && err.message ? err.message : t('toast.genericError') });
    throw err;
  }
}

function StripeButton({ label, variant = 'outline', testId }: { label: string; variant?: 'outline' | 'default'; testId: string }) {
  const { t } = useTranslation('payouts');
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant={variant}
      disabled={busy}
      data-testid={testId}
      onClick={() => {
        setBusy(true);
        goToStripe(t).catch(() => setBusy(false));
      }}
    >
      {busy ? <Loader2 className="animate-spin" aria-hidden /> : <ExternalLink aria-hidden />}
      {busy ? t('stripe.redirecting') : label}
    </Button>
  );
}

export function PayoutMethodsCard({ methods, onChanged }: { methods: PayoutMethod[] | null; onChanged: () => void }) {
  const { t } = useTranslation('payouts');
  const [adding, setAdding] = useState<'paypal' | 'bank' | null>(null);
  const [removing, setRemoving] = useState<PayoutMethod | null>(null);
  const rails = usePublicConfig().config?.payoutRails;
  const hasStripe = methods?.some((m) => m.type === 'stripe') ?? false;

  // Back from Stripe's onboarding: read the account once, so the status is current before Stripe's event arrives.
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    if (params.get('stripe') !== 'return') return;
    params.delete('stripe');
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${params.size ? `?${params}` : ''}${window.location.hash}`);
    payoutsApi.refreshStripe().then(
      () => {
        toast.success(t('stripe.returned'));
        onChanged();
      },
      () => {},
    );
    // Once per page load.
  }, []);

  return (
    <Card data-testid="payout-methods">
      <CardHeader className="p-4 pb-4 sm:p-6 sm:pb-4">
        <h2 className="text-lg font-semibold leading-tight">{t('methods.title')}</h2>
        <CardDescription>{t('methods.text')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 p-4 pt-0 sm:p-6 sm:pt-0">
        {!methods ? (
          <Skeleton className="h-20" />
        ) : methods.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground" data-testid="payout-methods-empty">
            {t('methods.empty')}
          </p>
        ) : (
          <ul className="flex flex-col gap-3">
            {methods.map((m) => (
              <li key={m.id} className="flex items-start gap-3 rounded-lg border p-3 sm:p-4" data-testid="payout-method" data-method-type={m.type}>
                <span className="grid size-9 shrink-0 place-items-center rounded-full bg-muted text-primary sm:size-10">
                  {m.type === 'paypal' ? (
                    <Wallet className="size-5" aria-hidden />
                  ) : m.type === 'stripe' ? (
                    <ShieldCheck className="size-5" aria-hidden />
                  ) : (
                    <Landmark className="size-5" aria-hidden />
                  )}
                </span>
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <p className="font-semibold">{t(`methods.types.${m.type}`)}</p>
                    {m.type === 'stripe' ? null : m.verified ? (
                      <Badge className="gap-1 border-emerald-300 bg-emerald-50 text-emerald-800" data-testid="payout-method-verified">
                        <BadgeCheck className="size-3.5" aria-hidden />
                        {t('methods.verified')}
                      </Badge>
                    ) : (
                      <span className="text-xs text-muted-foreground">{t('methods.notVerified')}</span>
                    )}
                  </div>
                  {!m.available && (
                    <p className="text-sm text-amber-800" data-testid="payout-method-unavailable">
                      {t('methods.unavailable')}
                    </p>
                  )}
                  {m.type === 'stripe' ? (
                    <StripeStatus method={m} />
                  ) : m.type === 'paypal' ? (
                    <p className="break-all text-sm">{m.paypalEmail}</p>
                  ) : (
                    <dl className="grid gap-x-3 text-sm sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-y-0.5 [&>dd]:mb-1.5 sm:[&>dd]:mb-0 [&>dt]:text-xs sm:[&>dt]:text-sm">
                      <dt className="text-muted-foreground">{t('bank.holder')}</dt>
                      <dd className="break-words">{m.accountHolder}</dd>
                      <dt className="text-muted-foreground">IBAN</dt>
                      <dd className="font-mono tracking-wide break-words" data-testid="payout-method-iban">
                        {m.iban ?? `•••• ${m.ibanLast4 ?? ''}`}
                      </dd>
                      {m.bic && (
                        <>
                          <dt className="text-muted-foreground">BIC</dt>
                          <dd className="font-mono">{m.bic}</dd>
                        </>
                      )}
                      {m.bankName && (
                        <>
                          <dt className="text-muted-foreground">{t('bank.bankName')}</dt>
                          <dd className="break-words">{m.bankName}</dd>
                        </>
                      )}
                    </dl>
                  )}
                </div>
                <Button
                  variant="ghost"
                  size="icon"
                  className="-mt-1 -mr-1 shrink-0 text-muted-foreground hover:text-destructive"
                  onClick={() => setRemoving(m)}
                  data-testid="remove-method"
                  aria-label={t('methods.remove', { method: methodName(t, m) })}
                >
                  <Trash2 aria-hidden />
                </Button>
              </li>
            ))}
          </ul>
        )}
        {rails?.stripe && !hasStripe && (
          <div className="flex flex-col gap-3 rounded-lg border border-primary/30 bg-primary/5 p-3 sm:p-4" data-testid="stripe-offer">
            <p className="text-sm">{t('stripe.intro')}</p>
            <StripeButton label={t('methods.addStripe')} variant="default" testId="add-stripe" />
          </div>
        )}
        {(rails?.paypal !== 'off' || rails?.bank) && (
          <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
            {rails && rails.paypal !== 'off' && (
              <Button variant="outline" onClick={() => setAdding('paypal')} data-testid="add-paypal">
                <Plus aria-hidden />
                {t('methods.addPaypal')}
              </Button>
            )}
            {rails?.bank && (
              <Button variant="outline" onClick={() => setAdding('bank')} data-testid="add-bank">
                <Plus aria-hidden />
                {t('methods.addBank')}
              </Button>
            )}
          </div>
        )}
      </CardContent>
      <AddPayPalDialog open={adding === 'paypal'} onOpenChange={(o) => setAdding(o ? 'paypal' : null)} onAdded={onChanged} />
      <AddBankDialog open={adding === 'bank'} onOpenChange={(o) => setAdding(o ? 'bank' : null)} onAdded={onChanged} />
      <RemoveMethodDialog method={removing} onClose={() => setRemoving(null)} onRemoved={onChanged} />
    </Card>
  );
}

function StripeStatus({ method }: { method: PayoutMethod }) {
  const { t } = useTranslation('payouts');
  const status = method.stripeStatus ?? 'onboarding';
  return (
    <div className="flex flex-col gap-2">
      <p className="text-sm text-muted-foreground">{stripeAccountName(t, method.stripeAccountLast4)}</p>
      {status === 'enabled' ? (
        <Badge className="w-fit gap-1 border-emerald-300 bg-emerald-50 text-emerald-800" data-testid="stripe-status" data-status={status}>
          <BadgeCheck className="size-3.5" aria-hidden />
          {t('stripe.status.enabled')}
        </Badge>
      ) : (
        <p className={status === 'pending' ? 'text-sm' : 'text-sm text-amber-800'} data-testid="stripe-status" data-status={status}>
          {t(`stripe.status.${status}`)}
        </p>
      )}
      {method.available && (status === 'onboarding' || status === 'restricted') && (
        <StripeButton label={t(status === 'onboarding' ? 'stripe.continue' : 'stripe.update')} testId="continue-stripe" />
      )}
    </div>
  );
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-destructive">
      {message}
    </p>
  );
}

function AddPayPalDialog({ open, onOpenChange, onAdded }: { open: boolean; onOpenChange: (o: boolean) => void; onAdded: () => void }) {
  const { t } = useTranslation('payouts');
  const uid = useId();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);

  const close = (o: boolean) => {
    if (!o) {
      setEmail('');
      setError(undefined);
    }
    onOpenChange(o);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const value = email.trim();
    if (!value) {
      setError(t('paypal.required'));
      toast.error(t('toast.errorTitle'), { description: t('paypal.required') });
      return;
    }
    setBusy(true);
    try {
      await payoutsApi.addMethod({ type: 'paypal', email: value });
      toast.success(t('toast.paypalAdded'));
      onAdded();
      close(false);
    } catch (err) {
      const message =
        err instanceof ApiError && err.code === 'VALIDATION_FAILED'
          ? t('paypal.invalid')
          : err instanceof ApiError && err.message
            ? err.message
            : t('toast.genericError');
      setError(message);
      toast.error(t('toast.errorTitle'), { description: message });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={t('close')} data-testid="add-paypal-dialog">
        <DialogHeader>
          <DialogTitle>{t('paypal.title')}</DialogTitle>
          <DialogDescription>{t('paypal.text')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-email`}>{t('paypal.email')}</Label>
            <Input
              id={`${uid}-email`}
              type="email"
              autoComplete="email"
              inputMode="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setError(undefined);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${uid}-email-error` : undefined}
              placeholder={t('paypal.placeholder')}
            />
            <FieldError id={`${uid}-email-error`} message={error} />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="add-paypal-submit">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('paypal.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type BankField = 'iban' | 'accountHolder' | 'bic' | 'bankName';

function AddBankDialog({ open, onOpenChange, onAdded }: { open: boolean; onOpenChange: (o: boolean) => void; onAdded: () => void }) {
  const { t } = useTranslation('payouts');
  const uid = useId();
  const empty = { iban: '', accountHolder: '', bic: '', bankName: '' };
  const [values, setValues] = useState<Record<BankField, string>>(empty);
  const [errors, setErrors] = useState<Partial<Record<BankField, string>>>({});
  const [busy, setBusy] = useState(false);
  const caret = useRef<number | null>(null);

  // After the IBAN was regrouped, put the caret back behind the character it followed.
  useLayoutEffect(() => {
    const input = document.getElementById(`${uid}-iban`);
    if (caret.current === null || !(input instanceof HTMLInputElement) || document.activeElement !== input) return;
    input.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [values.iban, uid]);

  const set = (field: BankField, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const close = (o: boolean) => {
    if (!o) {
      setValues(empty);
      setErrors({});
    }
    onOpenChange(o);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const iban = values.iban.replace(/\s+/g, '');
    const accountHolder = values.accountHolder.trim();
    if (!iban || !accountHolder) {
      setErrors({ ...(iban ? {} : { iban: t('bank.required') }), ...(accountHolder ? {} : { accountHolder: t('bank.required') }) });
      toast.error(t('toast.errorTitle'), { description: t('bank.requiredAll') });
      return;
    }
    setBusy(true);
    try {
      await payoutsApi.addMethod({
        type: 'bank',
        iban,
        accountHolder,
        ...(values.bic.trim() ? { bic: values.bic.trim() } : {}),
        ...(values.bankName.trim() ? { bankName: values.bankName.trim() } : {}),
      });
      toast.success(t('toast.bankAdded'));
      onAdded();
      close(false);
    } catch (err) {
      const code = err instanceof ApiError ? err.code : '';
      const message = err instanceof ApiError && err.message ? err.message : t('toast.genericError');
      if (code === 'IBAN_INVALID') setErrors({ iban: message });
      else if (code === 'BIC_INVALID') setErrors({ bic: message });
      else if (code === 'BANK_FIELDS_REQUIRED') setErrors({ iban: t('bank.required'), accountHolder: t('bank.required') });
      toast.error(t('toast.errorTitle'), { description: code === 'BANK_FIELDS_REQUIRED' ? t('bank.requiredAll') : message });
    } finally {
      setBusy(false);
    }
  };

  const field = (
    name: BankField,
    props: {
      label: string;
      required?: boolean;
      autoComplete?: string;
      placeholder?: string;
      mono?: boolean;
      onChange?: (e: ChangeEvent<HTMLInputElement>) => void;
    },
  ) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={`${uid}-${name}`}>
        {props.label}
        {props.required ? (
          <span className="text-destructive" aria-hidden>
            {' '}
            *
          </span>
        ) : (
          <span className="font-normal text-muted-foreground"> ({t('bank.optional')})</span>
        )}
      </Label>
      <Input
        id={`${uid}-${name}`}
        value={values[name]}
        onChange={props.onChange ?? ((e) => set(name, e.target.value))}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        spellCheck={false}
        aria-required={props.required || undefined}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${uid}-${name}-error` : undefined}
        className={props.mono ? 'font-mono tracking-wide' : undefined}
      />
      <FieldError id={`${uid}-${name}-error`} message={errors[name]} />
    </div>
  );

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent closeLabel={t('close')} data-testid="add-bank-dialog">
        <DialogHeader>
          <DialogTitle>{t('bank.title')}</DialogTitle>
          <DialogDescription>{t('bank.text')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          {field('accountHolder', { label: t('bank.holder'), required: true, autoComplete: 'name' })}
          {field('iban', {
            label: 'IBAN',
            required: true,
            mono: true,
            placeholder: 'DE00 0000 0000 0000 0000 00',
            onChange: (e) => {
              const formatted = formatIban(e.target.value);
              caret.current = caretAfterFormat(e.target.value, e.target.selectionStart ?? e.target.value.length, formatted);
              set('iban', formatted);
            },
          })}
          <div className="grid gap-4 sm:grid-cols-2">
            {field('bic', { label: 'BIC', mono: true, placeholder: 'COBADEFFXXX' })}
            {field('bankName', { label: t('bank.bankName'), autoComplete: 'organization' })}
          </div>
          <p className="text-xs text-muted-foreground">{t('bank.privacy')}</p>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => close(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="add-bank-submit">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('bank.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RemoveMethodDialog({ method, onClose, onRemoved }: { method: PayoutMethod | null; onClose: () => void; onRemoved: () => void }) {
  const { t } = useTranslation('payouts');
  const [busy, setBusy] = useState(false);
  const remove = async () => {
    if (!method) return;
    setBusy(true);
    try {
      await payoutsApi.removeMethod(method.id);
      toast.success(t('toast.methodRemoved'));
      onRemoved();
      onClose();
    } catch (err) {
      toast.error(t('toast.errorTitle'), { description: err instanceof ApiError && err.message ? err.message : t('toast.genericError') });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={method !== null} onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('close')} data-testid="remove-method-dialog">
        <DialogHeader>
          <DialogTitle>{t('methods.removeTitle')}</DialogTitle>
          <DialogDescription>{t('methods.removeText', { method: method ? methodName(t, method) : '' })}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            {t('cancel')}
          </Button>
          <Button variant="destructive" onClick={() => void remove()} disabled={busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {t('methods.removeConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
