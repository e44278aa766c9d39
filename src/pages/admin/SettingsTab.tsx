// 'Einstellungen': the marketplace settings the admins may change; the server validates them and its
// field errors are shown next to the fields.
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2, Save } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { SETTING_LIMITS } from '../../../core/settings/limits.ts';
import { adminApi, errorText, SETTING_KEYS, type SettingKey, type Settings } from './admin-api';
import { LoadFailed } from './admin-dialogs';

const slug = (key: SettingKey) => key.replace('marketplace.', '');

export function SettingsTab() {
  const { t } = useTranslation('admin');
  const [saved, setSaved] = useState<Settings | null>(null);
  const [values, setValues] = useState<Record<SettingKey, string> | null>(null);
  const [errors, setErrors] = useState<Partial<Record<SettingKey, string>>>({});
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);

  const show = (s: Settings) => {
    setSaved(s);
    setValues(Object.fromEntries(SETTING_KEYS.map((k) => [k, String(s[k])])) as Record<SettingKey, string>);
  };
  const load = () =>
    adminApi.settings().then(
      (s) => {
        show(s);
        setFailed(false);
      },
      () => setFailed(true),
    );
  useEffect(() => void load(), []);

  /** A field error of the server in words, with the allowed range (the same limits the server checks). */
  const fieldMessage = (key: SettingKey, code: string, message: string) => {
    if (code === 'too_small' || code === 'too_big') return t('settings.errors.range', SETTING_LIMITS[key]);
    if (code === 'invalid_type') return t('settings.errors.integer');
    return message || t('errors:field.invalid_value');
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!values || !saved) return;
    const patch: Partial<Settings> = {};
    const local: Partial<Record<SettingKey, string>> = {};
    for (const k of SETTING_KEYS) {
      const raw = values[k].trim();
      const { min, max } = SETTING_LIMITS[k];
      if (!/^-?\d+$/.test(raw)) local[k] = t('settings.errors.integer');
      else if (Number(raw) < min || Number(raw) > max) local[k] = t('settings.errors.range', { min, max });
      else if (Number(raw) !== saved[k]) patch[k] = Number(raw);
    }
    setErrors(local);
    if (Object.keys(local).length) return;
    if (!Object.keys(patch).length) {
      toast.info(t('settings.toast.unchanged'));
      return;
    }
    setBusy(true);
    try {
      show(await adminApi.saveSettings(patch));
      toast.success(t('settings.toast.saved'));
    } catch (err) {
      if (err instanceof ApiError && err.fields.length) {
        const next: Partial<Record<SettingKey, string>> = {};
        for (const f of err.fields) {
          const key = SETTING_KEYS.find((k) => f.path === `body.${k}` || f.path.endsWith(k));
          if (key) next[key] = fieldMessage(key, f.code, f.message);
        }
        setErrors(next);
      }
      toast.error(t('toast.errorTitle'), { description: errorText(err, t('settings.toast.failed')) });
    } finally {
      setBusy(false);
    }
  };

  if (!values) {
    return failed ? <LoadFailed onRetry={() => void load()} /> : <Skeleton className="h-80 max-w-3xl" />;
  }

  return (
    <Card className="max-w-3xl">
      <CardHeader>
        <h2 className="text-lg font-semibold leading-tight">{t('settings.title')}</h2>
        <CardDescription>{t('settings.text')}</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-6">
          <div className="grid gap-6 sm:grid-cols-2">
            {SETTING_KEYS.map((k) => (
              <div key={k} className="flex flex-col gap-2">
                <Label htmlFor={`setting-${slug(k)}`}>{t(`settings.fields.${slug(k)}.label`)}</Label>
                <div className="relative">
                  <Input
                    id={`setting-${slug(k)}`}
                    inputMode="numeric"
                    value={values[k]}
                    onChange={(e) => {
                      setValues((v) => (v ? { ...v, [k]: e.target.value } : v));
                      setErrors((er) => ({ ...er, [k]: undefined }));
                    }}
                    aria-invalid={errors[k] ? true : undefined}
                    aria-describedby={`setting-${slug(k)}-hint${errors[k] ? ` setting-${slug(k)}-error` : ''}`}
                    className="pr-16 tabular-nums"
                    data-testid={`setting-${slug(k)}`}
                  />
                  <span className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground" aria-hidden>
                    {t(`settings.fields.${slug(k)}.unit`)}
                  </span>
                </div>
                <p id={`setting-${slug(k)}-hint`} className="text-xs text-muted-foreground">
                  {t(`settings.fields.${slug(k)}.hint`)} {t('settings.allowed', SETTING_LIMITS[k])}
                </p>
                {errors[k] && (
                  <p id={`setting-${slug(k)}-error`} className="text-sm text-destructive" data-testid="setting-error">
                    {errors[k]}
                  </p>
                )}
              </div>
            ))}
          </div>
          <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-xs text-muted-foreground">{t('settings.appliesTo')}</p>
            <Button type="submit" disabled={busy} data-testid="settings-save">
              {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
              {t('settings.save')}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
