// Asking for a payout: the earnings available in euros, the amount (everything by default), the method,
// and one idempotency key per intent, so a retried submission never pays out twice.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Banknote, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatEuro, formatNumber } from '@/components/market';
import { ApiError } from '@/lib/api';
import { MIN_PAYOUT_CENTS } from '../../../core/money/money.ts';
import { amountInputValue, parseEuroInput } from './amount';
import { stripeAccountName } from './method-label';
import { newIdempotencyKey } from './idempotency-key';
import { availableCents, payoutsApi, usableMethod, type PayoutMethod, type PayoutSource, type Wallet } from './types';

// Errors whose own message tells the person what to do; anything else gets the specification's text.
const OWN_MESSAGE = new Set([
  'INSUFFICIENT_EARNINGS',
  'PAYOUT_BELOW_MINIMUM',
  'PAYOUT_METHOD_REQUIRED',
  'PAYOUT_METHOD_UNAVAILABLE',
  'STRIPE_ONBOARDING_INCOMPLETE',
  'VALIDATION_FAILED',
]);

export function PayoutRequestCard({
  source,
  wallet,
  methods: allMethods,
  onRequested,
}: {
  source: PayoutSource;
  wallet: Wallet | null;
  methods: PayoutMethod[] | null;
  onRequested: () => void;
}) {
  const { t, i18n } = useTranslation('payouts');
  const lang = i18n.resolvedLanguage ?? 'de';
  const uid = useId();
  // Only methods a payout can go to now (a Stripe account still in onboarding is not one).
  const methods = allMethods ? allMethods.filter(usableMethod) : null;
  const available = wallet ? availableCents(wallet, source) : null;
  const [amount, setAmount] = useState('');
  const [touched, setTouched] = useState(false);
  const [methodId, setMethodId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [busy, setBusy] = useState(false);
  // The key of the submission in flight or last failed, with what it asked for.
  const intent = useRef<{ key: string; fingerprint: string } | null>(null);

  // Everything by default, until the person types another amount.
  useEffect(() => {
    if (!touched && available !== null) setAmount(available > 0 ? amountInputValue(available, lang) : '');
  }, [available, touched, lang]);

  useEffect(() => {
    if (methods && !methods.some((m) => m.id === methodId)) setMethodId(methods[0]?.id ?? '');
  }, [methods, methodId]);

  const belowMinimum = available !== null && available < MIN_PAYOUT_CENTS;
  const noMethod = methods !== null && methods.length === 0;
  const disabled = busy || available === null || belowMinimum || noMethod || !methodId;
  const min = formatEuro(MIN_PAYOUT_CENTS, lang);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (disabled || available === null) return;
    const cents = parseEuroInput(amount);
    if (cents === null || cents <= 0) return setError(t('request.errors.invalid'));
    if (cents < MIN_PAYOUT_CENTS) return setError(t('request.errors.min', { min }));
    if (cents > available) return setError(t('request.errors.max', { max: formatEuro(available, lang) }));
    const method = methods?.find((m) => m.id === methodId);
    if (!method) return;
    const fingerprint = `${source}:${methodId}:${cents}`;
    if (intent.current?.fingerprint !== fingerprint) intent.current = { key: newIdempotencyKey(), fingerprint };
    setBusy(true);
    try {
      await payoutsApi.request({ amountCents: cents, methodId, source, idempotencyKey: intent.current.key });
      intent.current = null;
      setTouched(false);
      const kind = method.type;
      toast.success(t(`toast.requested.${kind}.title`), {
        description: t(`toast.requested.${kind}.text`, { amount: formatEuro(cents, lang) }),
        duration: 5000,
      });
      onRequested();
    } catch (err) {
      const own = err instanceof ApiError && OWN_MESSAGE.has(err.code) && err.message;
      // A definite refusal will not change by sending it again: the next click is a new intent.
      if (err instanceof ApiError && err.status >= 400 && err.status < 500) intent.current = null;
      toast.error(t('toast.payoutFailed.title'), { description: own || t('toast.payoutFailed.text') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card data-testid="payout-request">
      <CardHeader className="p-4 pb-4 sm:p-6 sm:pb-4">
        <h2 className="text-lg font-semibold leading-tight">{t('request.title')}</h2>
        <CardDescription>{t('request.text', { min })}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5">
          <div className="flex items-center gap-4 rounded-xl bg-gradient-to-br from-emerald-50 to-emerald-100/60 p-4 ring-1 ring-emerald-200">
            <span className="grid size-11 shrink-0 place-items-center rounded-full bg-emerald-600 text-white">
              <Banknote className="size-6" aria-hidden />
            </span>
            <div className="flex flex-col">
              <span className="text-sm font-medium text-emerald-900">{t('request.available')}</span>
              {available === null || !wallet ? (
                <Skeleton className="h-8 w-28" />
              ) : (
                <>
                  <span className="text-2xl font-bold tabular-nums text-emerald-950" data-testid="payout-available">
                    {formatEuro(available, lang)}
                  </span>
                  <span className="text-xs text-emerald-900/80">
                    {t('request.availableGoints', {
                      goints: formatNumber(source === 'partner_earnings' ? wallet.partnerEarnings.goints : wallet.earnings.goints, lang),
                    })}
                  </span>
                </>
              )}
            </div>
          </div>

          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${uid}-amount`}>{t('request.amount')}</Label>
              <div className="relative">
                <Input
                  id={`${uid}-amount`}
                  inputMode="decimal"
                  autoComplete="off"
                  placeholder={amountInputValue(0, lang)}
                  value={amount}
                  disabled={belowMinimum || available === null}
                  onChange={(e) => {
                    setAmount(e.target.value);
                    setTouched(true);
                    setError(undefined);
                  }}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${uid}-amount-error` : undefined}
                  className="pr-8 text-base tabular-nums"
                  data-testid="payout-amount"
                />
                <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
                  €
                </span>
              </div>
              {error && (
                <p id={`${uid}-amount-error`} className="text-sm text-destructive">
                  {error}
                </p>
              )}
            </div>
            <div className="flex flex-col gap-2">
              <Label htmlFor={`${uid}-method`}>{t('request.method')}</Label>
              <NativeSelect
                id={`${uid}-method`}
                value={methodId}
                onChange={(e) => setMethodId(e.target.value)}
                disabled={!methods?.length}
                data-testid="payout-method-select"
              >
                {!methods?.length && <option value="">{t('request.noMethodOption')}</option>}
                {methods?.map((m) => (
                  <option key={m.id} value={m.id}>
                    {m.type === 'paypal'
                      ? `PayPal · ${m.paypalEmail}`
                      : m.type === 'stripe'
                        ? stripeAccountName(t, m.stripeAccountLast4)
                        : `${t('methods.types.bank')} · IBAN •••• ${m.ibanLast4}`}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>

          {belowMinimum && (
            <p className="rounded-lg bg-muted/70 px-3 py-2 text-sm text-muted-foreground" data-testid="payout-below-minimum">
              {t('request.belowMinimum', { min })}
            </p>
          )}
          {!belowMinimum && noMethod && (
            <p className="rounded-lg bg-muted/70 px-3 py-2 text-sm text-muted-foreground" data-testid="payout-no-method">
              {allMethods?.length ? t('request.noUsableMethod') : t('request.noMethod')}
            </p>
          )}

          <Button
            type="submit"
            variant="hero"
            size="lg"
            disabled={disabled}
            aria-busy={busy || undefined}
            data-testid="payout-submit"
            className="sm:self-start"
          >
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {t('request.submit')}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
