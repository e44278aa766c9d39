// Onboarding and profile edits: company, categories, service area, description, contact, preferences; at
// onboarding also the trader details (DSA Art. 30), saved with the profile.
import { useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Loader2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { CATEGORY_IDS, fieldErrorsOf, providerApi, type CategoryId, type ProviderProfile, type SavedProfile } from './provider-api';
import { RADIUS_MAX, RADIUS_MIN, validateProfile, type ProfileField, type ProfileValues } from './profile-validation';
import { TraderFields, traderErrorsOf, traderValues, validateTrader, type TraderErrors, type TraderField, type TraderValues } from './trader-details';

function initialValues(profile: ProviderProfile | null, email: string): ProfileValues {
  return {
    firmenname: profile?.firmenname ?? '',
    categories: profile?.categories ?? [],
    postcode: profile?.postcode ?? '',
    radiusKm: String(profile?.radiusKm ?? 25),
    description: profile?.description ?? '',
    phone: profile?.phone ?? '',
    email: profile?.email ?? email,
    acceptsMatches: profile?.acceptsMatches ?? true,
    minBudget: profile?.minBudget != null ? String(profile.minBudget) : '',
  };
}

const FIELD_ORDER: ProfileField[] = ['firmenname', 'categories', 'postcode', 'radiusKm', 'description', 'phone', 'email', 'minBudget'];

export function ProfileForm({
  profile,
  defaultEmail,
  submitLabel,
  onSaved,
  idPrefix = 'profile',
  withTrader = false,
}: {
  profile: ProviderProfile | null;
  defaultEmail: string;
  submitLabel: string;
  onSaved: (r: SavedProfile) => void;
  idPrefix?: string;
  /** Onboarding: the trader details are part of the form and saved with the profile. */
  withTrader?: boolean;
}) {
  const { t } = useTranslation('provider');
  const { t: ti } = useTranslation('intake');
  const [values, setValues] = useState(() => initialValues(profile, defaultEmail));
  // Messages already translated: the browser's own checks and the server's field errors alike.
  const [errors, setErrors] = useState<Partial<Record<ProfileField, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [trader, setTrader] = useState<TraderValues>(() => traderValues(null));
  const [traderErrors, setTraderErrors] = useState<TraderErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  const id = (f: string) => `${idPrefix}-${f}`;

  const set = <K extends ProfileField>(key: K, value: ProfileValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (e[key] ? { ...e, [key]: undefined } : e));
  };

  const focusFirstError = (errs: Partial<Record<ProfileField, string>>) => {
    const first = FIELD_ORDER.find((f) => errs[f]);
    if (!first) return;
    requestAnimationFrame(() => {
      const el = formRef.current?.querySelector<HTMLElement>(first === 'categories' ? `#${id('cat')}-${CATEGORY_IDS[0]}` : `#${id(first)}`);
      el?.focus();
    });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const { errors: keys, input } = validateProfile(values);
    const checkedTrader = withTrader ? validateTrader({ ...trader, legalName: trader.legalName || values.firmenname }) : null;
    const traderKeys = checkedTrader?.errors ?? {};
    setTraderErrors(Object.fromEntries(Object.entries(traderKeys).map(([f, k]) => [f, t(`trader.errors.${k}`)])));
    if (!input || (checkedTrader && !checkedTrader.input)) {
      const translated = Object.fromEntries(Object.entries(keys).map(([f, k]) => [f, t(`profile.errors.${k}`, { min: RADIUS_MIN, max: RADIUS_MAX })]));
      setErrors(translated);
      if (input) focusFirstTraderError(traderKeys);
      else focusFirstError(translated);
      return;
    }
    setBusy(true);
    try {
      const saved = await providerApi.saveProfile({ ...input, ...(checkedTrader?.input ? { trader: checkedTrader.input } : {}) });
      setErrors({});
      onSaved(saved);
    } catch (err) {
      const fields = fieldErrorsOf(err);
      const traderFields = traderErrorsOf(err, t);
      delete fields.trader;
      setTraderErrors(traderFields);
      if (Object.keys(fields).length) {
        setErrors(fields);
        focusFirstError(fields);
      } else if (Object.keys(traderFields).length) focusFirstTraderError(traderFields);
      else setFormError(err instanceof ApiError && err.message ? err.message : t('profile.saveError'));
    } finally {
      setBusy(false);
    }
  };

  const focusFirstTraderError = (errs: Partial<Record<TraderField, unknown>>) => {
    const first = (Object.keys(errs) as TraderField[])[0];
    if (first) requestAnimationFrame(() => formRef.current?.querySelector<HTMLElement>(`#${id('trader')}-${first}`)?.focus());
  };

  const toggleCategory = (c: CategoryId, on: boolean) =>
    set('categories', on ? [...values.categories.filter((x) => x !== c), c] : values.categories.filter((x) => x !== c));

  const field = (name: ProfileField, label: string, control: ReactNode, hint?: string) => (
    <div className="flex flex-col gap-2">
      <Label htmlFor={id(name)}>{label}</Label>
      {control}
      {hint && !errors[name] && (
        <p id={id(`${name}-hint`)} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      <FieldError id={id(`${name}-error`)} message={errors[name]} />
    </div>
  );
  const aria = (name: ProfileField, hint = false) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? id(`${name}-error`) : hint ? id(`${name}-hint`) : undefined,
  });

  return (
    <form ref={formRef} onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6" data-testid="provider-profile-form">
      <div className="grid gap-5 sm:grid-cols-2">
        <div className="sm:col-span-2">
          {field(
            'firmenname',
            t('profile.fields.firmenname'),
            <Input {...aria('firmenname')} autoComplete="organization" value={values.firmenname} onChange={(e) => set('firmenname', e.target.value)} />,
          )}
        </div>

        <fieldset
          className="flex flex-col gap-3 sm:col-span-2"
          aria-describedby={errors.categories ? id('categories-error') : id('categories-hint')}
          aria-invalid={errors.categories ? true : undefined}
        >
          <legend className="mb-1 text-sm font-medium">{t('profile.fields.categories')}</legend>
          <p id={id('categories-hint')} className="-mt-1 text-xs text-muted-foreground">
            {t('profile.hints.categories')}
          </p>
          <div className="grid grid-cols-1 gap-2 min-[360px]:grid-cols-2 lg:grid-cols-3">
            {CATEGORY_IDS.map((c) => {
              const checked = values.categories.includes(c);
              return (
                <label
                  key={c}
                  htmlFor={`${id('cat')}-${c}`}
                  className={cn(
                    'flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2.5 text-sm transition-colors hover:bg-muted',
                    checked && 'border-primary/50 bg-primary/5',
                  )}
                >
                  <Checkbox id={`${id('cat')}-${c}`} checked={checked} onCheckedChange={(v) => toggleCategory(c, v === true)} data-testid={`category-${c}`} />
                  {ti(`categories.${c}`)}
                </label>
              );
            })}
          </div>
          <FieldError id={id('categories-error')} message={errors.categories} />
        </fieldset>

        {field(
          'postcode',
          t('profile.fields.postcode'),
          <Input
            {...aria('postcode')}
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            value={values.postcode}
            onChange={(e) => set('postcode', e.target.value)}
          />,
        )}
        {field(
          'radiusKm',
          t('profile.fields.radiusKm'),
          <Input
            {...aria('radiusKm', true)}
            type="number"
            inputMode="numeric"
            min={RADIUS_MIN}
            max={RADIUS_MAX}
            step={1}
            value={values.radiusKm}
            onChange={(e) => set('radiusKm', e.target.value)}
          />,
          t('profile.hints.radiusKm', { min: RADIUS_MIN, max: RADIUS_MAX }),
        )}

        <div className="sm:col-span-2">
          {field(
            'description',
            t('profile.fields.description'),
            <Textarea
              {...aria('description', true)}
              rows={4}
              maxLength={2000}
              value={values.description}
              onChange={(e) => set('description', e.target.value)}
            />,
            t('profile.hints.description'),
          )}
        </div>

        {field(
          'phone',
          t('profile.fields.phone'),
          <Input {...aria('phone')} type="tel" autoComplete="tel" value={values.phone} onChange={(e) => set('phone', e.target.value)} />,
        )}
        {field(
          'email',
          t('profile.fields.email'),
          <Input {...aria('email')} type="email" autoComplete="email" value={values.email} onChange={(e) => set('email', e.target.value)} />,
        )}

        {field(
          'minBudget',
          t('profile.fields.minBudget'),
          <Input
            {...aria('minBudget', true)}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={values.minBudget}
            onChange={(e) => set('minBudget', e.target.value)}
          />,
          t('profile.hints.minBudget'),
        )}

        <div className="flex items-start gap-3 self-end rounded-md border px-3 py-3">
          <Switch
            id={id('acceptsMatches')}
            checked={values.acceptsMatches}
            onCheckedChange={(v) => set('acceptsMatches', v)}
            aria-describedby={id('acceptsMatches-hint')}
            className="mt-0.5"
          />
          <div className="flex flex-col gap-1">
            <Label htmlFor={id('acceptsMatches')}>{t('profile.fields.acceptsMatches')}</Label>
            <p id={id('acceptsMatches-hint')} className="text-xs text-muted-foreground">
              {t('profile.hints.acceptsMatches')}
            </p>
          </div>
        </div>
      </div>

      {withTrader && (
        <fieldset className="flex flex-col gap-4 border-t pt-6" data-testid="onboarding-trader">
          <legend className="sr-only">{t('trader.title')}</legend>
          <div className="flex flex-col gap-1">
            <h3 className="font-semibold" aria-hidden>
              {t('trader.title')}
            </h3>
            <p className="text-sm text-muted-foreground">{t('trader.text')}</p>
          </div>
          <TraderFields
            values={{ ...trader, legalName: trader.legalName || values.firmenname }}
            errors={traderErrors}
            idPrefix={idPrefix}
            onChange={(k, v) => {
              setTrader((x) => ({ ...x, [k]: v }));
              setTraderErrors((er) => (er[k] ? { ...er, [k]: undefined } : er));
            }}
          />
        </fieldset>
      )}

      {formError && <Alert variant="destructive">{formError}</Alert>}
      <div className="flex justify-end">
        <Button type="submit" variant="hero" size="lg" disabled={busy} className="w-full sm:w-auto" data-testid="profile-submit">
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}

export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm font-medium text-destructive" data-testid="field-error">
      {message}
    </p>
  );
}
