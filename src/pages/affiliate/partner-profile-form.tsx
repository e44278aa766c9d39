// The partner profile form (dashboard tab 'Profil' and /affiliate/profile): required fields marked *,
// checked with the server's own schema before sending, the server's field errors shown at their field.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import { PARTNER_COUNTRIES, partnerProfileSchema } from '../../../core/affiliate/partner-profile-schema.ts';
import { affiliateApi, type PartnerProfileView } from './affiliate-api';

const FIELDS = ['firstName', 'lastName', 'email', 'phone', 'street', 'zip', 'city', 'country'] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;
const REQUIRED = new Set<Field>(['firstName', 'lastName', 'email', 'street', 'zip', 'city', 'country']);
const AUTOCOMPLETE: Record<Field, string> = {
  firstName: 'given-name',
  lastName: 'family-name',
  email: 'email',
  phone: 'tel',
  street: 'street-address',
  zip: 'postal-code',
  city: 'address-level2',
  country: 'country',
};

function errorKey(field: Field, value: string): string {
  if (REQUIRED.has(field) && !value.trim()) return 'required';
  return field === 'email' || field === 'zip' || field === 'phone' || field === 'country' ? `invalid.${field}` : 'required';
}

export function usePartnerProfile() {
  const [profile, setProfile] = useState<PartnerProfileView | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);
  const load = () => {
    setFailed(false);
    affiliateApi.profile().then(
      (r) => setProfile(r.profile),
      () => setFailed(true),
    );
  };
  useEffect(load, []);
  return { profile, setProfile, failed, reload: load };
}

export function PartnerProfileForm({
  profile,
  failed,
  reload,
  onSaved,
}: {
  profile: PartnerProfileView | null | undefined;
  failed: boolean;
  reload: () => void;
  onSaved: (p: PartnerProfileView) => void;
}) {
  const { t } = useTranslation('affiliate');
  const { user } = useAuth();
  const uid = useId();
  const [values, setValues] = useState<Values | null>(null);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (profile === undefined || values) return;
    const [first = '', ...rest] = (user?.name ?? '').split(' ');
    setValues(
      profile
        ? {
            firstName: profile.firstName,
            lastName: profile.lastName,
            email: profile.email,
            phone: profile.phone ?? '',
            street: profile.street,
            zip: profile.zip,
            city: profile.city,
            country: profile.country,
          }
        : { firstName: first, lastName: rest.join(' '), email: user?.email ?? '', phone: '', street: '', zip: '', city: '', country: 'DE' },
    );
  }, [profile, user, values]);

  if (failed)
    return (
      <div className="flex flex-col items-start gap-3">
        <p className="text-muted-foreground">{t('profile.loadError')}</p>
        <Button variant="outline" onClick={reload}>
          <RefreshCw aria-hidden />
          {t('dashboard.retry')}
        </Button>
      </div>
    );
  if (!values) return <Skeleton className="h-96 w-full" />;

  const set = (f: Field, v: string) => {
    setValues({ ...values, [f]: v });
    if (errors[f]) setErrors({ ...errors, [f]: undefined });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const parsed = partnerProfileSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) {
        const f = issue.path[0] as Field;
        found[f] ??= t(`profile.${errorKey(f, values[f])}`);
      }
      setErrors(found);
      document.getElementById(`${uid}-${FIELDS.find((f) => found[f])}`)?.focus();
      return;
    }
    setBusy(true);
    try {
      const saved = await affiliateApi.saveProfile(values);
      setErrors({});
      toast.success(t('profile.saved'));
      onSaved(saved.profile);
    } catch (err) {
      const fields: Partial<Record<Field, string>> = {};
      if (err instanceof ApiError) for (const f of err.fields) fields[f.path.replace(/^body\./, '') as Field] = f.message;
      if (Object.keys(fields).length) setErrors(fields);
      toast.error(t('profile.saveFailed'), { description: err instanceof ApiError && err.message ? err.message : undefined });
    } finally {
      setBusy(false);
    }
  };

  const field = (f: Field, wide = false) => (
    <div className={wide ? 'flex flex-col gap-2 sm:col-span-2' : 'flex flex-col gap-2'}>
      <Label htmlFor={`${uid}-${f}`}>
        {t(`profile.${f}`)}
        {REQUIRED.has(f) && (
          <span className="text-destructive" aria-hidden>
            {' '}
            *
          </span>
        )}
      </Label>
      {f === 'country' ? (
        <NativeSelect
          id={`${uid}-${f}`}
          name={f}
          required
          autoComplete={AUTOCOMPLETE[f]}
          value={values[f]}
          onChange={(e) => set(f, e.target.value)}
          aria-invalid={errors[f] ? true : undefined}
          aria-describedby={errors[f] ? `${uid}-${f}-error` : undefined}
        >
          <option value="">{t('profile.countryPlaceholder')}</option>
          {PARTNER_COUNTRIES.map((c) => (
            <option key={c} value={c}>
              {t(`profile.countries.${c}`)}
            </option>
          ))}
        </NativeSelect>
      ) : (
        <Input
          id={`${uid}-${f}`}
          name={f}
          type={f === 'email' ? 'email' : f === 'phone' ? 'tel' : 'text'}
          required={REQUIRED.has(f)}
          autoComplete={AUTOCOMPLETE[f]}
          value={values[f]}
          onChange={(e) => set(f, e.target.value)}
          aria-invalid={errors[f] ? true : undefined}
          aria-describedby={errors[f] ? `${uid}-${f}-error` : undefined}
        />
      )}
      {errors[f] && (
        <p id={`${uid}-${f}-error`} className="text-sm text-destructive">
          {errors[f]}
        </p>
      )}
    </div>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5" data-testid="partner-profile-form">
      <p className="text-sm text-muted-foreground">{t('profile.text')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {field('firstName')}
        {field('lastName')}
        {field('email')}
        {field('phone')}
        {field('street', true)}
        {field('zip')}
        {field('city')}
        {field('country')}
      </div>
      <Button type="submit" disabled={busy} className="w-fit">
        {busy && <Loader2 className="animate-spin" aria-hidden />}
        {t('profile.save')}
      </Button>
    </form>
  );
}
