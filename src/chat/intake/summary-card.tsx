// The summary card (state reviewing): every field of the request; 'Bearbeiten' turns it into a form whose
// changes go out as one form string; 'Anfrage absenden' confirms the pending confirmation through
// POST /api/chat/confirm (no chat message) and then shows the stored request.
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LoaderCircle, Pencil } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { ChatApiError, chatApi } from '../api.ts';
import { useChatActions } from '../context.ts';
import { errorText } from '../errors.ts';
import type { ConfirmationView, ToolOutput } from '../tool-renderers/types.ts';
import type { FormErrors } from './category-forms.ts';
import { FieldShell, inputClass, NativeSelect, OTHER_URGENCY_STYLE, Textarea, URGENCY_STYLES, WidgetCard } from './controls.tsx';
import { INTAKE_CATEGORIES, URGENCIES } from './labels.ts';
import { SubmittedView } from './submitted-view.tsx';
import { editedView, editValuesOf, sameSummary, summaryEditOutput, validateSummary, type SummaryEditValues } from './summary-edit.ts';
import { formatBudget, formatDate, formatLocation, readView, todayIso, type IntakeView } from './view.ts';

type Status = ConfirmationView['status'];

export function SummaryCard({ output, isLatest }: { output: ToolOutput; isLatest: boolean }) {
  const { t } = useTranslation('intake');
  const { t: tChat } = useTranslation('chat');
  const { send, busy, sessionId, lang } = useChatActions();
  const confirmation = output.confirmation;
  // What this card's click decided; until then what the stored part says.
  const [decided, setDecided] = useState<{ status: Status; result: ToolOutput | null } | null>(null);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const view = readView(output.data);
  const status: Status | null = decided?.status ?? confirmation?.status ?? null;
  const result = decided ? decided.result : (confirmation?.result ?? null);

  if (status === 'confirmed') return <SubmittedView view={readView((result ?? output).data)} />;

  const reasonText = (r: ToolOutput | null) => {
    const reason = r?.reason;
    const failed = t('summary.status.failed');
    if (!reason) return failed;
    return `${failed} ${tChat(`offline.reason.${reason}`, { defaultValue: tChat('offline.reason.default'), question: '', postcode: '', date: '' })}`.trim();
  };

  async function confirm() {
    if (busy || working) return;
    // A summary without a pending confirmation (a refused edit, say): asking in words gets one.
    if (!confirmation || !sessionId) {
      send(t('summary.confirm'));
      return;
    }
    setWorking(true);
    setError(null);
    try {
      const res = await chatApi.confirm({ sessionId, confirmationId: confirmation.id, decision: 'confirm' }, lang);
      const r = (res.result as ToolOutput | null) ?? null;
      setDecided({ status: res.status, result: r });
      if (res.status === 'failed') setError(reasonText(r));
    } catch (err) {
      // An expired confirmation cannot be retried: say so where the button was.
      if (err instanceof ChatApiError && err.code === 'CHAT_CONFIRMATION_EXPIRED') setDecided({ status: 'expired', result: null });
      else setError(errorText(err, tChat));
    } finally {
      setWorking(false);
    }
  }

  const active = isLatest && status !== 'failed';
  const canConfirm = active && (status === 'pending' || status === null);
  const note = status === 'cancelled' || status === 'expired' ? t(`summary.status.${status}`) : status === 'failed' && !error ? reasonText(result) : null;

  return (
    <WidgetCard data-testid="intake-summary" data-status={status ?? undefined} data-version={view.version}>
      <p className="text-sm font-semibold">{t('summary.title')}</p>
      {editing && active ? (
        <SummaryEdit view={view} onDone={() => setEditing(false)} />
      ) : (
        <>
          <SummaryFields view={view} />
          {view.teaser && <TeaserPreview teaser={view.teaser} />}
          {note && (
            <p role="status" className="mt-3 text-xs text-muted-foreground">
              {note}
            </p>
          )}
          {active && (
            <div className="mt-3 flex flex-col gap-2">
              <div className="flex flex-col-reverse gap-2 @sm:flex-row @sm:justify-end">
                <Button
                  type="button"
                  variant="outline"
                  className="h-9"
                  data-testid="intake-summary-edit"
                  disabled={busy || working}
                  onClick={() => setEditing(true)}
                >
                  <Pencil aria-hidden="true" />
                  {t('summary.edit')}
                </Button>
                {canConfirm && (
                  <Button
                    type="button"
                    className="h-9"
                    data-testid="intake-summary-confirm"
                    disabled={busy || working}
                    aria-busy={working || undefined}
                    onClick={() => void confirm()}
                  >
                    {working && <LoaderCircle aria-hidden="true" className="animate-spin" />}
                    {working ? t('summary.confirming') : t('summary.confirm')}
                  </Button>
                )}
              </div>
              {canConfirm && confirmation && <p className="text-center text-xs text-muted-foreground @sm:text-right">{t('summary.confirmHint')}</p>}
            </div>
          )}
        </>
      )}
      {error && (
        <p role="alert" data-testid="intake-summary-error" className="mt-2 text-xs text-destructive">
          {error}
        </p>
      )}
    </WidgetCard>
  );
}

function SummaryFields({ view }: { view: IntakeView }) {
  const { t } = useTranslation('intake');
  const { lang } = useChatActions();
  const notSet = <span className="text-muted-foreground">{t('summary.notSet')}</span>;
  const urgencyStyle = (view.urgency && URGENCY_STYLES[view.urgency]) || OTHER_URGENCY_STYLE;
  const rows: [string, ReactNode][] = [
    ['category', view.category ? t(`categories.${view.category}`) : notSet],
    ['description', view.description ?? notSet],
    ['location', formatLocation(view) ?? notSet],
    ['budget', formatBudget(view, lang)],
    [
      'urgency',
      <Badge key="u" className={cn('gap-1.5 font-medium', urgencyStyle.badge)}>
        <span aria-hidden="true" className={cn('size-2 rounded-full', urgencyStyle.dot)} />
        {view.urgency ? t(`urgency.${view.urgency}`) : t('summary.notSet')}
      </Badge>,
    ],
    ['date', view.date ? formatDate(view.date, lang) : t('summary.noDate')],
  ];
  return (
    <dl className="mt-2 grid grid-cols-[minmax(0,auto)_minmax(0,1fr)] gap-x-3 gap-y-2 text-sm">
      {rows.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="pt-px text-xs font-medium text-muted-foreground">{t(`summary.labels.${key}`)}</dt>
          <dd data-testid={`intake-summary-${key}`} className="min-w-0 break-words whitespace-pre-wrap">
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

// What providers see before they unlock: the server's teaser, never redacted again here.
function TeaserPreview({ teaser }: { teaser: string }) {
  const { t } = useTranslation('intake');
  const titleId = useId();
  return (
    <section data-testid="intake-summary-teaser" aria-labelledby={titleId} className="mt-3 rounded-md border border-dashed bg-muted/40 p-2.5">
      <p id={titleId} className="text-xs font-medium text-muted-foreground">
        {t('summary.teaser.title')}
      </p>
      <p className="mt-1 text-sm break-words whitespace-pre-wrap">{teaser}</p>
      <p className="mt-1 text-xs text-muted-foreground">{t('summary.teaser.hint')}</p>
    </section>
  );
}

const EDIT_WIDTH = {
  full: 'col-span-6',
  half: 'col-span-6 @sm:col-span-3',
  pair: 'col-span-3',
  narrow: 'col-span-2',
  wide: 'col-span-4',
} as const;

function SummaryEdit({ view, onDone }: { view: IntakeView; onDone: () => void }) {
  const { t } = useTranslation('intake');
  const { send, busy, lang } = useChatActions();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<SummaryEditValues>(() => editValuesOf(view));
  const [errors, setErrors] = useState<FormErrors>({});
  const [tried, setTried] = useState(false);

  function change<K extends keyof SummaryEditValues>(key: K, value: SummaryEditValues[K]) {
    const next = { ...values, [key]: value };
    setValues(next);
    if (tried) setErrors(validateSummary(next, todayIso()));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = validateSummary(values, todayIso());
    // Rendered at once, so the first field marked invalid can take the focus.
    flushSync(() => {
      setTried(true);
      setErrors(found);
    });
    if (Object.keys(found).length) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    const edited = editedView(values);
    if (!sameSummary(edited, view)) send(summaryEditOutput(edited, lang));
    onDone();
  }

  const id = (key: string) => `${formId}-${key}`;
  const err = (key: string) => (errors[key] ? t(`errors.${errors[key]!.key}`, errors[key]!.params ?? {}) : null);
  const invalid = (key: string, also?: boolean) => ({
    'aria-invalid': errors[key] || also ? true : undefined,
    'aria-describedby': errors[key] ? `${id(key)}-error` : also ? `${id('location')}-error` : undefined,
  });
  const locationMissing = Boolean(errors.location);

  return (
    <form ref={formRef} noValidate onSubmit={submit} data-testid="intake-summary-form" className="mt-2">
      <fieldset disabled={busy} className="grid min-w-0 grid-cols-6 gap-x-2 gap-y-3">
        <FieldShell
          id={id('category')}
          label={t('fields.category.label')}
          error={err('category')}
          errorId={`${id('category')}-error`}
          className={EDIT_WIDTH.full}
        >
          <NativeSelect
            id={id('category')}
            data-testid="intake-edit-category"
            value={values.category}
            onChange={(e) => change('category', e.target.value)}
            {...invalid('category')}
          >
            <option value="" disabled>
              {t('categoryPicker.placeholder')}
            </option>
            {INTAKE_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`categories.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </FieldShell>
        <FieldShell
          id={id('description')}
          label={t('fields.description.label')}
          error={err('description')}
          errorId={`${id('description')}-error`}
          className={EDIT_WIDTH.full}
        >
          <Textarea
            id={id('description')}
            data-testid="intake-edit-description"
            rows={4}
            maxLength={1800}
            value={values.description}
            onChange={(e) => change('description', e.target.value)}
            {...invalid('description')}
          />
        </FieldShell>
        <FieldShell
          id={id('postcode')}
          label={t('fields.postcode.label')}
          error={err('postcode')}
          errorId={`${id('postcode')}-error`}
          className={EDIT_WIDTH.narrow}
        >
          <input
            id={id('postcode')}
            data-testid="intake-edit-postcode"
            type="text"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={5}
            className={inputClass}
            value={values.postcode}
            onChange={(e) => change('postcode', e.target.value)}
            {...invalid('postcode', locationMissing)}
          />
        </FieldShell>
        <FieldShell
          id={id('place')}
          label={t('fields.place.label')}
          error={err('place') ?? err('location')}
          errorId={errors.place ? `${id('place')}-error` : `${id('location')}-error`}
          className={EDIT_WIDTH.wide}
        >
          <input
            id={id('place')}
            data-testid="intake-edit-place"
            type="text"
            autoComplete="address-level2"
            maxLength={80}
            className={inputClass}
            value={values.place}
            onChange={(e) => change('place', e.target.value)}
            {...invalid('place', locationMissing)}
          />
        </FieldShell>
        <FieldShell
          id={id('budgetMin')}
          label={t('summary.budgetMin')}
          error={err('budgetMin')}
          errorId={`${id('budgetMin')}-error`}
          className={EDIT_WIDTH.pair}
        >
          <input
            id={id('budgetMin')}
            data-testid="intake-edit-budgetMin"
            type="text"
            inputMode="numeric"
            maxLength={9}
            className={inputClass}
            disabled={values.budgetOpen}
            value={values.budgetOpen ? '' : values.budgetMin}
            onChange={(e) => change('budgetMin', e.target.value)}
            {...invalid('budgetMin')}
          />
        </FieldShell>
        <FieldShell
          id={id('budgetMax')}
          label={t('summary.budgetMax')}
          error={err('budgetMax')}
          errorId={`${id('budgetMax')}-error`}
          className={EDIT_WIDTH.pair}
        >
          <input
            id={id('budgetMax')}
            data-testid="intake-edit-budgetMax"
            type="text"
            inputMode="numeric"
            maxLength={9}
            className={inputClass}
            disabled={values.budgetOpen}
            value={values.budgetOpen ? '' : values.budgetMax}
            onChange={(e) => change('budgetMax', e.target.value)}
            {...invalid('budgetMax')}
          />
        </FieldShell>
        <label className="col-span-6 -mt-1 flex cursor-pointer items-center gap-2 text-xs">
          <input
            type="checkbox"
            data-testid="intake-edit-budgetOpen"
            className="size-4 accent-primary"
            checked={values.budgetOpen}
            onChange={(e) => change('budgetOpen', e.target.checked)}
          />
          {t('summary.budgetOpenCheckbox')}
        </label>
        <FieldShell id={id('urgency')} label={t('fields.urgency.label')} className={EDIT_WIDTH.half}>
          <NativeSelect id={id('urgency')} data-testid="intake-edit-urgency" value={values.urgency} onChange={(e) => change('urgency', e.target.value)}>
            <option value="">{t('form.choose')}</option>
            {URGENCIES.map((u) => (
              <option key={u} value={u}>
                {t(`urgency.${u}`)}
              </option>
            ))}
          </NativeSelect>
        </FieldShell>
        <FieldShell id={id('date')} label={t('fields.date.label')} error={err('date')} errorId={`${id('date')}-error`} className={EDIT_WIDTH.half}>
          <input
            id={id('date')}
            data-testid="intake-edit-date"
            type="date"
            min={todayIso()}
            className={inputClass}
            value={values.date}
            onChange={(e) => change('date', e.target.value)}
            {...invalid('date')}
          />
        </FieldShell>
        <div className="col-span-6 mt-1 flex flex-col-reverse gap-2 @sm:flex-row @sm:justify-end">
          <Button type="button" variant="outline" className="h-9" data-testid="intake-summary-cancel" onClick={onDone}>
            {t('summary.cancelEdit')}
          </Button>
          <Button type="submit" className="h-9" data-testid="intake-summary-save">
            {t('summary.save')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
