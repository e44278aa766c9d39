// The search form of a category (state fillingForm). 'Übernehmen' checks the fields and sends one form
// string as the person's message; with errors it shows them next to the fields and sends nothing.
import { useId, useRef, useState, type FormEvent } from 'react';
import { flushSync } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { useChatActions } from '../context.ts';
import {
  fieldLabel,
  fieldOptions,
  fieldPlaceholder,
  formFields,
  formOutput,
  initialValues,
  isFreeModel,
  isRequired,
  optionLabel,
  validateForm,
  type FieldWidth,
  type FormErrors,
  type FormField,
  type FormValues,
} from './category-forms.ts';
import { FieldShell, inputClass, NativeSelect, Textarea, WidgetCard } from './controls.tsx';
import { categoryLabel, type CategoryId } from './labels.ts';
import { todayIso, type IntakeView } from './view.ts';

const WIDTH: Record<FieldWidth, string> = {
  full: 'col-span-6',
  half: 'col-span-6 @sm:col-span-3',
  pair: 'col-span-3',
  narrow: 'col-span-2',
  wide: 'col-span-4',
};

export function CategoryForm({ category, view }: { category: CategoryId; view: IntakeView }) {
  const { t } = useTranslation('intake');
  const { send, busy, lang } = useChatActions();
  const formId = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<FormValues>(() => initialValues(view));
  const [errors, setErrors] = useState<FormErrors>({});
  const [tried, setTried] = useState(false);
  const today = todayIso();

  function change(key: string, value: string) {
    const next = { ...values, [key]: value };
    // Another brand has other models.
    if (key === 'brand') next.model = '';
    setValues(next);
    if (tried) setErrors(validateForm(category, next, todayIso()));
  }

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy) return;
    const found = validateForm(category, values, todayIso());
    // Rendered at once, so the first field marked invalid can take the focus.
    flushSync(() => {
      setTried(true);
      setErrors(found);
    });
    if (Object.keys(found).length) {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    send(formOutput(category, values, lang));
  }

  const errorText = (key: string) => {
    const e = errors[key];
    return e ? t(`errors.${e.key}`, e.params ?? {}) : null;
  };

  function control(field: FormField) {
    const id = `${formId}-${field.key}`;
    const error = errors[field.key] ?? (errors.location && (field.key === 'postcode' || field.key === 'place') ? errors.location : undefined);
    const errorId = field.key === 'postcode' || field.key === 'place' ? `${formId}-location-error` : `${id}-error`;
    const common = {
      id,
      'data-testid': `intake-field-${field.key}`,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? (errors[field.key] ? `${id}-error` : errorId) : undefined,
      'aria-required': isRequired(category, field) || undefined,
      value: values[field.key] ?? '',
    };
    const placeholder = fieldPlaceholder(category, field, lang, values);
    if (field.kind === 'carModel' && isFreeModel(values)) {
      return (
        <input
          {...common}
          type="text"
          maxLength={field.maxLength}
          placeholder={placeholder}
          className={inputClass}
          onChange={(e) => change(field.key, e.target.value)}
        />
      );
    }
    switch (field.kind) {
      case 'textarea':
        return <Textarea {...common} rows={2} maxLength={field.maxLength} placeholder={placeholder} onChange={(e) => change(field.key, e.target.value)} />;
      case 'date':
        return <input {...common} type="date" min={today} className={inputClass} onChange={(e) => change(field.key, e.target.value)} />;
      case 'carModel':
      case 'select':
      case 'carBrand': {
        const options = fieldOptions(field, values);
        const waiting = field.kind === 'carModel' && !options.length;
        return (
          <NativeSelect {...common} disabled={waiting} onChange={(e) => change(field.key, e.target.value)}>
            <option value="">{waiting ? placeholder : t('form.choose')}</option>
            {options.map((o) => (
              <option key={o} value={o}>
                {optionLabel(category, field, o, lang)}
              </option>
            ))}
          </NativeSelect>
        );
      }
      default:
        return (
          <input
            {...common}
            type="text"
            inputMode={field.kind === 'number' ? 'numeric' : field.inputMode}
            autoComplete={field.autoComplete ?? 'off'}
            maxLength={field.maxLength}
            placeholder={placeholder}
            className={cn(inputClass, field.common && field.key === 'budget' && 'pr-8')}
            onChange={(e) => change(field.key, e.target.value)}
          />
        );
    }
  }

  const label = categoryLabel(category, lang);
  return (
    <WidgetCard>
      <form ref={formRef} noValidate onSubmit={submit} data-testid="intake-form" data-category={category} aria-label={t('form.title', { category: label })}>
        <fieldset disabled={busy} className="min-w-0">
          <legend className="text-sm font-semibold">{t('form.title', { category: label })}</legend>
          <p className="mt-0.5 text-xs text-muted-foreground">{t('form.hint')}</p>
          <div className="mt-3 grid grid-cols-6 gap-x-2 gap-y-3">
            {formFields(category).map((field) => {
              const id = `${formId}-${field.key}`;
              const own = errorText(field.key);
              const isBudget = field.common && field.key === 'budget';
              return (
                <FieldShell
                  key={field.key}
                  id={id}
                  label={fieldLabel(category, field, lang)}
                  required={isRequired(category, field)}
                  error={own ?? (field.key === 'place' ? errorText('location') : null)}
                  errorId={own ? `${id}-error` : `${formId}-location-error`}
                  className={WIDTH[field.width]}
                >
                  {isBudget ? (
                    <div className="relative">
                      {control(field)}
                      <span aria-hidden="true" className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground">
                        €
                      </span>
                    </div>
                  ) : (
                    control(field)
                  )}
                </FieldShell>
              );
            })}
          </div>
          <div className="mt-4 flex justify-end">
            <Button type="submit" data-testid="intake-form-submit" className="h-9 w-full @sm:w-auto">
              {t('form.submit')}
            </Button>
          </div>
        </fieldset>
      </form>
    </WidgetCard>
  );
}
