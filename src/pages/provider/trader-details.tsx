// The provider's trader details (DSA Art. 30, decision 059): the fields, checked in the browser by the
// server's rules (server/domain/providers/trader-details.ts), inside the onboarding form and as a card of
// their own in the profile tab. Without them no offer can be sent; the seeker sees them with the contact.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2, Scale } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { api, ApiError } from '@/lib/api';
import { formatDate } from '@/components/market';
import type { TraderDetailsView } from '../../../core/providers/trader-details.ts';

import { REGISTER_KINDS, type RegisterKind } from '../../../core/providers/trader-details.ts';
export type TraderDetails = TraderDetailsView;

export interface TraderValues {
  legalName: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  registerKind: RegisterKind;
  registerNumber: string;
  vatId: string;
  selfCertified: boolean;
}
export type TraderField = keyof TraderValues;
export type TraderErrors = Partial<Record<TraderField, string>>;

export interface TraderInput {
  legalName: string;
  street: string;
  postcode: string;
  city: string;
  country: string;
  registerKind: RegisterKind;
  registerNumber: string;
  vatId?: string;
  selfCertified: true;
}

export const traderApi = {
  get: () => api<{ trader: TraderDetails | null }>('/api/provider/trader-details'),
  save: (body: TraderInput) => api<{ trader: TraderDetails }>('/api/provider/trader-details', { method: 'PUT', body }),
};

export function traderValues(t: TraderDetails | null, legalName = ''): TraderValues {
  return {
    legalName: t?.legalName ?? legalName,
    street: t?.street ?? '',
    postcode: t?.postcode ?? '',
    city: t?.city ?? '',
    country: t?.country ?? 'DE',
    registerKind: t?.registerKind ?? 'trade_licence',
    registerNumber: t?.registerNumber ?? '',
    vatId: t?.vatId ?? '',
    // The self-certification is given anew with every save.
    selfCertified: false,
  };
}

/** The server's rules in the browser; the messages are keys of provider.json (trader.errors.*). */
export function validateTrader(v: TraderValues): { errors: TraderErrors; input: TraderInput | null } {
  const errors: TraderErrors = {};
  const s = (x: string) => x.trim();
  if (s(v.legalName).length < 2 || s(v.legalName).length > 160) errors.legalName = 'legalName';
  if (s(v.street).length < 3 || s(v.street).length > 160) errors.street = 'street';
  if (!/^[0-9A-Za-z -]{3,10}$/.test(s(v.postcode))) errors.postcode = 'postcode';
  if (s(v.city).length < 2 || s(v.city).length > 120) errors.city = 'city';
  if (!/^[A-Za-z]{2}$/.test(s(v.country))) errors.country = 'country';
  if (v.registerKind !== 'none' && (s(v.registerNumber).length < 3 || s(v.registerNumber).length > 200)) errors.registerNumber = 'registerNumber';
  const vat = v.vatId.replace(/[\s.-]/g, '').toUpperCase();
  if (vat && !/^[A-Z]{2}[0-9A-Z+*]{2,13}$/.test(vat)) errors.vatId = 'vatId';
  if (!v.selfCertified) errors.selfCertified = 'selfCertified';
  if (Object.keys(errors).length) return { errors, input: null };
  return {
    errors,
    input: {
      legalName: s(v.legalName),
      street: s(v.street),
      postcode: s(v.postcode),
      city: s(v.city),
      country: s(v.country).toUpperCase(),
      registerKind: v.registerKind,
      registerNumber: v.registerKind === 'none' ? '' : s(v.registerNumber),
      ...(vat ? { vatId: vat } : {}),
      selfCertified: true,
    },
  };
}

/** The server's field errors (body.trader.vatId or body.vatId) as translated messages. */
export function traderErrorsOf(e: unknown, t: (key: string) => string): TraderErrors {
  const out: TraderErrors = {};
  if (!(e instanceof ApiError)) return out;
  for (const f of e.fields) {
    const name = f.path.replace(/^body\.(trader\.)?/, '').split('.')[0] as TraderField;
    if (name in traderValues(null)) out[name] = t(`trader.errors.${name}`);
  }
  return out;
}

export function TraderFields({
  values,
  errors,
  onChange,
  idPrefix,
}: {
  values: TraderValues;
  errors: TraderErrors;
  onChange: <K extends TraderField>(key: K, value: TraderValues[K]) => void;
  idPrefix: string;
}) {
  const { t } = useTranslation('provider');
  const id = (f: string) => `${idPrefix}-trader-${f}`;
  const aria = (f: TraderField, hint = false) => ({
    id: id(f),
    'aria-invalid': errors[f] ? true : undefined,
    'aria-describedby': errors[f] ? id(`${f}-error`) : hint ? id(`${f}-hint`) : undefined,
  });
  const text = (f: TraderField, opts: { autoComplete?: string; hint?: boolean; className?: string; optional?: boolean } = {}) => (
    <div className={`flex flex-col gap-2 ${opts.className ?? ''}`}>
      <Label htmlFor={id(f)}>
        {t(`trader.fields.${f}`)}
        {opts.optional && <span className="font-normal text-muted-foreground"> ({t('trader.optional')})</span>}
      </Label>
      <Input
        {...aria(f, opts.hint)}
        autoComplete={opts.autoComplete}
        value={values[f] as string}
        onChange={(e) => onChange(f, e.target.value as never)}
        data-testid={`trader-${f}`}
      />
      {opts.hint && !errors[f] && (
        <p id={id(`${f}-hint`)} className="text-xs text-muted-foreground">
          {t(`trader.hints.${f}`)}
        </p>
      )}
      <TraderError id={id(`${f}-error`)} message={errors[f]} />
    </div>
  );
  return (
    <div className="grid gap-5 sm:grid-cols-2" data-testid="trader-fields">
      {text('legalName', { autoComplete: 'organization', hint: true, className: 'sm:col-span-2' })}
      {text('street', { autoComplete: 'street-address', className: 'sm:col-span-2' })}
      {text('postcode', { autoComplete: 'postal-code' })}
      {text('city', { autoComplete: 'address-level2' })}
      <div className="flex flex-col gap-2">
        <Label htmlFor={id('registerKind')}>{t('trader.fields.registerKind')}</Label>
        <NativeSelect
          id={id('registerKind')}
          value={values.registerKind}
          onChange={(e) => onChange('registerKind', e.target.value as RegisterKind)}
          data-testid="trader-registerKind"
        >
          {REGISTER_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`trader.kinds.${k}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {text('country', { autoComplete: 'country', hint: true })}
      {values.registerKind !== 'none' && text('registerNumber', { hint: true, className: 'sm:col-span-2' })}
      {text('vatId', { hint: true, optional: true, className: 'sm:col-span-2' })}
      <div className="flex flex-col gap-2 sm:col-span-2">
        <div className="flex items-start gap-3 rounded-md border px-3 py-3">
          <Checkbox
            id={id('selfCertified')}
            checked={values.selfCertified}
            onCheckedChange={(v) => onChange('selfCertified', v === true)}
            aria-invalid={errors.selfCertified ? true : undefined}
            aria-describedby={errors.selfCertified ? id('selfCertified-error') : undefined}
            className="mt-0.5"
            data-testid="trader-selfCertified"
          />
          <Label htmlFor={id('selfCertified')} className="leading-snug font-normal">
            {t('trader.fields.selfCertified')}
          </Label>
        </div>
        <TraderError id={id('selfCertified-error')} message={errors.selfCertified} />
      </div>
    </div>
  );
}

function TraderError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive" data-testid="field-error">
      {message}
    </p>
  );
}

/** The profile tab's card: the details on file (or none yet), edited and saved on their own. */
export function TraderDetailsCard({ legalName, onSaved }: { legalName: string; onSaved?: (t: TraderDetails) => void }) {
  const { t, i18n } = useTranslation('provider');
  const [loaded, setLoaded] = useState<TraderDetails | null | undefined>(undefined);
  const [values, setValues] = useState<TraderValues>(() => traderValues(null, legalName));
  const [errors, setErrors] = useState<TraderErrors>({});
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    traderApi.get().then(
      (r) => {
        setLoaded(r.trader);
        setValues(traderValues(r.trader, legalName));
      },
      () => setFailed(true),
    );
  }, [legalName]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const { errors: keys, input } = validateTrader(values);
    if (!input) {
      setErrors(Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, t(`trader.errors.${k}`)])));
      return;
    }
    setBusy(true);
    try {
      const r = await traderApi.save(input);
      setLoaded(r.trader);
      setValues(traderValues(r.trader));
      setErrors({});
      toast.success(t('trader.toast.saved'));
      onSaved?.(r.trader);
    } catch (err) {
      const fields = traderErrorsOf(err, t);
      setErrors(fields);
      toast.error(t('trader.toast.failed'), { description: err instanceof ApiError && err.message ? err.message : undefined });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card id="trader-details" data-testid="trader-card" data-on-file={loaded ? 'true' : 'false'}>
      <CardHeader>
        <h2 className="flex items-center gap-2 text-lg font-semibold leading-tight">
          <Scale className="size-5 text-primary" aria-hidden />
          {t('trader.title')}
        </h2>
        <CardDescription>{t('trader.text')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        {loaded === undefined ? (
          failed ? (
            <Alert variant="destructive">{t('trader.loadError')}</Alert>
          ) : (
            <Skeleton className="h-48" />
          )
        ) : (
          <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5">
            {loaded ? (
              <p className="text-sm text-muted-foreground" data-testid="trader-on-file">
                {t('trader.onFile', { date: formatDate(loaded.selfCertifiedAt, i18n.resolvedLanguage ?? 'de') })}
              </p>
            ) : (
              <Alert className="border-amber-300 bg-amber-50 text-amber-950" data-testid="trader-missing">
                {t('trader.missing')}
              </Alert>
            )}
            <TraderFields
              values={values}
              errors={errors}
              idPrefix="profile"
              onChange={(k, v) => {
                setValues((x) => ({ ...x, [k]: v }));
                setErrors((er) => (er[k] ? { ...er, [k]: undefined } : er));
              }}
            />
            <div className="flex justify-end">
              <Button type="submit" disabled={busy} className="w-full sm:w-auto" data-testid="trader-submit">
                {busy && <Loader2 className="animate-spin" aria-hidden />}
                {t('trader.save')}
              </Button>
            </div>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
