// The report form (DSA Art. 16): the ground (illegal, or against the terms), the kind of problem, the
// explanation, optionally a name and an e-mail address (a signed-in reporter is reached through the
// account), and the statement of good faith. In a dialog next to the content, and on /melden from a link.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CheckCircle2, Loader2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { api, ApiError } from '@/lib/api';
import { useAuth } from '@/lib/auth';
import {
  EXPLANATION_MAX,
  EXPLANATION_MIN,
  REPORT_CATEGORIES,
  REPORT_GROUNDS,
  type ReportCategory,
  type ReportContentType,
  type ReportGround,
} from './report-types';

type Field = 'ground' | 'explanation' | 'email' | 'goodFaith';
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/;

export function ReportDialog({
  open,
  onOpenChange,
  contentType,
  contentId,
  title,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
  contentType: ReportContentType;
  contentId: string;
  title: string;
}) {
  const { t } = useTranslation('common');
  const [done, setDone] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => {
        if (!o) setDone(false);
        onOpenChange(o);
      }}
    >
      <DialogContent closeLabel={t('report.close')} className="max-h-[92dvh] overflow-y-auto" data-testid="report-dialog">
        <DialogHeader>
          <DialogTitle>{t('report.title')}</DialogTitle>
          <DialogDescription>{t('report.text', { content: t(`report.content.${contentType}`, { title }) })}</DialogDescription>
        </DialogHeader>
        {done ? (
          <ReportDone onClose={() => onOpenChange(false)} />
        ) : (
          <ReportForm contentType={contentType} contentId={contentId} onDone={() => setDone(true)} onCancel={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

export function ReportDone({ onClose }: { onClose?: () => void }) {
  const { t } = useTranslation('common');
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center" role="status" data-testid="report-done">
      <CheckCircle2 className="size-10 text-emerald-600" aria-hidden />
      <p className="font-semibold">{t('report.done.title')}</p>
      <p className="text-sm text-muted-foreground">{t('report.done.text')}</p>
      {onClose && (
        <Button variant="outline" onClick={onClose}>
          {t('report.close')}
        </Button>
      )}
    </div>
  );
}

export function ReportForm({
  contentType,
  contentId,
  onDone,
  onCancel,
}: {
  contentType: ReportContentType;
  contentId: string;
  onDone: () => void;
  onCancel?: () => void;
}) {
  const { t } = useTranslation(['common', 'reports']);
  const { user } = useAuth();
  const uid = useId();
  const id = (f: string) => `${uid}-${f}`;
  const [ground, setGround] = useState<ReportGround | ''>('');
  const [category, setCategory] = useState<ReportCategory>('fraud');
  const [explanation, setExplanation] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [goodFaith, setGoodFaith] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const clear = (f: Field) => setErrors((e) => (e[f] ? { ...e, [f]: undefined } : e));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setFormError(null);
    const errs: Partial<Record<Field, string>> = {};
    if (!ground) errs.ground = t('report.errors.ground');
    if (explanation.trim().length < EXPLANATION_MIN) errs.explanation = t('report.errors.explanation', { min: EXPLANATION_MIN });
    if (email.trim() && !EMAIL.test(email.trim())) errs.email = t('report.errors.email');
    if (!goodFaith) errs.goodFaith = t('report.errors.goodFaith');
    setErrors(errs);
    if (Object.keys(errs).length) {
      const first = (['ground', 'explanation', 'email', 'goodFaith'] as Field[]).find((f) => errs[f]);
      requestAnimationFrame(() => document.getElementById(id(first === 'ground' ? 'ground-illegal' : first!))?.focus());
      return;
    }
    setBusy(true);
    try {
      await api('/api/reports', {
        method: 'POST',
        body: {
          contentType,
          contentId,
          ground,
          category,
          explanation: explanation.trim(),
          ...(name.trim() ? { name: name.trim() } : {}),
          ...(email.trim() ? { email: email.trim() } : {}),
          goodFaith: true,
        },
      });
      toast.success(t('report.toast.sent'));
      onDone();
    } catch (err) {
      setFormError(err instanceof ApiError && err.message ? err.message : t('report.errors.failed'));
    } finally {
      setBusy(false);
    }
  };

  const hint = (f: string) => id(`${f}-hint`);
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-5" data-testid="report-form">
      <fieldset className="flex flex-col gap-2" aria-describedby={errors.ground ? id('ground-error') : undefined}>
        <legend className="mb-1 text-sm font-medium">{t('report.fields.ground')}</legend>
        {REPORT_GROUNDS.map((g) => (
          <label
            key={g}
            htmlFor={id(`ground-${g}`)}
            className="flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2.5 text-sm has-[:checked]:border-primary/60 has-[:checked]:bg-primary/5"
          >
            <input
              type="radio"
              id={id(`ground-${g}`)}
              name={id('ground')}
              value={g}
              checked={ground === g}
              onChange={() => {
                setGround(g);
                clear('ground');
              }}
              className="mt-1 size-4 accent-[var(--color-primary)]"
              data-testid={`report-ground-${g}`}
            />
            <span className="flex flex-col">
              <span className="font-medium">{t(`report.grounds.${g}.label`)}</span>
              <span className="text-xs text-muted-foreground">{t(`report.grounds.${g}.hint`)}</span>
            </span>
          </label>
        ))}
        {errors.ground && (
          <p id={id('ground-error')} className="text-sm font-medium text-destructive">
            {errors.ground}
          </p>
        )}
      </fieldset>

      <div className="flex flex-col gap-2">
        <Label htmlFor={id('category')}>{t('report.fields.category')}</Label>
        <NativeSelect id={id('category')} value={category} onChange={(e) => setCategory(e.target.value as ReportCategory)} data-testid="report-category">
          {REPORT_CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`reports:category.${c}`)}
            </option>
          ))}
        </NativeSelect>
      </div>

      <div className="flex flex-col gap-2">
        <Label htmlFor={id('explanation')}>{t('report.fields.explanation')}</Label>
        <Textarea
          id={id('explanation')}
          rows={4}
          maxLength={EXPLANATION_MAX}
          value={explanation}
          onChange={(e) => {
            setExplanation(e.target.value);
            clear('explanation');
          }}
          aria-invalid={errors.explanation ? true : undefined}
          aria-describedby={errors.explanation ? id('explanation-error') : hint('explanation')}
          data-testid="report-explanation"
        />
        {errors.explanation ? (
          <p id={id('explanation-error')} className="text-sm font-medium text-destructive">
            {errors.explanation}
          </p>
        ) : (
          <p id={hint('explanation')} className="text-xs text-muted-foreground">
            {t('report.hints.explanation', { min: EXPLANATION_MIN })}
          </p>
        )}
      </div>

      {user ? (
        <p className="text-xs text-muted-foreground">{t('report.hints.signedIn', { email: user.email })}</p>
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor={id('name')}>
              {t('report.fields.name')} <span className="font-normal text-muted-foreground">({t('report.optional')})</span>
            </Label>
            <Input id={id('name')} autoComplete="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={120} />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={id('email')}>
              {t('report.fields.email')} <span className="font-normal text-muted-foreground">({t('report.optional')})</span>
            </Label>
            <Input
              id={id('email')}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                clear('email');
              }}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? id('email-error') : hint('email')}
              data-testid="report-email"
            />
            {errors.email ? (
              <p id={id('email-error')} className="text-sm font-medium text-destructive">
                {errors.email}
              </p>
            ) : (
              <p id={hint('email')} className="text-xs text-muted-foreground">
                {t('report.hints.email')}
              </p>
            )}
          </div>
        </div>
      )}

      <div className="flex flex-col gap-2">
        <div className="flex items-start gap-3 rounded-md border px-3 py-3">
          <Checkbox
            id={id('goodFaith')}
            checked={goodFaith}
            onCheckedChange={(v) => {
              setGoodFaith(v === true);
              clear('goodFaith');
            }}
            aria-invalid={errors.goodFaith ? true : undefined}
            aria-describedby={errors.goodFaith ? id('goodFaith-error') : undefined}
            className="mt-0.5"
            data-testid="report-good-faith"
          />
          <Label htmlFor={id('goodFaith')} className="leading-snug font-normal">
            {t('report.fields.goodFaith')}
          </Label>
        </div>
        {errors.goodFaith && (
          <p id={id('goodFaith-error')} className="text-sm font-medium text-destructive">
            {errors.goodFaith}
          </p>
        )}
      </div>

      {formError && <Alert variant="destructive">{formError}</Alert>}
      <p className="text-xs text-muted-foreground">{t('report.hints.privacy')}</p>
      <DialogFooter className="gap-2">
        {onCancel && (
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('report.cancel')}
          </Button>
        )}
        <Button type="submit" disabled={busy} data-testid="report-submit">
          {busy && <Loader2 className="animate-spin" aria-hidden />}
          {t('report.submit')}
        </Button>
      </DialogFooter>
    </form>
  );
}
