// Quick answers to the intake's questions: urgency (asking.urgency), date (asking.date), budget
// (asking.budget). Each click sends its label (or the date) as the person's message.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { SendHorizontal } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';
import { useChatActions } from '../context.ts';
import { AnswerChip, inputClass, URGENCY_STYLES } from './controls.tsx';
import { toLang, URGENCIES } from './labels.ts';
import { ISO_DATE, isoToGerman, todayIso } from './view.ts';

export function UrgencyAnswers() {
  const { t } = useTranslation('intake');
  const { send, busy } = useChatActions();
  return (
    <div role="group" aria-label={t('quick.urgencyLabel')} data-testid="intake-answers" className="mt-3 flex flex-wrap gap-2">
      {URGENCIES.map((u) => (
        <AnswerChip key={u} data-testid={`intake-answer-${u}`} dot={URGENCY_STYLES[u]?.dot} disabled={busy} onClick={() => send(t(`urgency.${u}`))}>
          {t(`urgency.${u}`)}
        </AnswerChip>
      ))}
      <AnswerChip variant="quiet" data-testid="intake-answer-skip" disabled={busy} onClick={() => send(t('answers.skip'))}>
        {t('answers.skip')}
      </AnswerChip>
    </div>
  );
}

export function DateAnswers() {
  const { t } = useTranslation('intake');
  const { send, busy, lang } = useChatActions();
  const id = useId();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const today = todayIso();

  function submit(e: FormEvent) {
    e.preventDefault();
    if (busy || !ISO_DATE.test(value)) return;
    if (value < todayIso()) {
      setError(t('errors.datePast'));
      return;
    }
    setError(null);
    send(toLang(lang) === 'de' ? isoToGerman(value) : value);
  }

  return (
    <div data-testid="intake-answers" className="mt-3 flex w-[30rem] max-w-full flex-col gap-2">
      <form onSubmit={submit} className="flex flex-col gap-1">
        <Label htmlFor={id} className="text-xs font-medium text-foreground/80">
          {t('quick.dateLabel')}
        </Label>
        <div className="flex gap-2">
          <input
            id={id}
            type="date"
            data-testid="intake-answer-date-input"
            min={today}
            value={value}
            disabled={busy}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onChange={(e) => {
              setValue(e.target.value);
              setError(null);
            }}
            className={cn(inputClass, 'flex-1')}
          />
          <Button
            type="submit"
            data-testid="intake-answer-date-send"
            className="h-9 shrink-0 px-3"
            disabled={busy || !ISO_DATE.test(value)}
            aria-label={t('quick.dateSend')}
            title={t('quick.dateSend')}
          >
            <SendHorizontal aria-hidden="true" />
          </Button>
        </div>
        {error && (
          <p id={`${id}-error`} role="alert" className="text-xs text-destructive">
            {error}
          </p>
        )}
      </form>
      <div role="group" aria-label={t('quick.dateLabel')} className="flex flex-wrap gap-2">
        <AnswerChip data-testid="intake-answer-today" disabled={busy} onClick={() => send(t('answers.today'))}>
          {t('answers.today')}
        </AnswerChip>
        <AnswerChip data-testid="intake-answer-tomorrow" disabled={busy} onClick={() => send(t('answers.tomorrow'))}>
          {t('answers.tomorrow')}
        </AnswerChip>
        <AnswerChip variant="quiet" data-testid="intake-answer-noDate" disabled={busy} onClick={() => send(t('answers.noDate'))}>
          {t('answers.noDate')}
        </AnswerChip>
      </div>
    </div>
  );
}

export function BudgetAnswers() {
  const { t } = useTranslation('intake');
  const { send, busy } = useChatActions();
  return (
    <div role="group" aria-label={t('quick.budgetLabel')} data-testid="intake-answers" className="mt-3 flex flex-wrap gap-2">
      <AnswerChip variant="quiet" data-testid="intake-answer-budgetOpen" disabled={busy} onClick={() => send(t('answers.budgetOpen'))}>
        {t('answers.budgetOpen')}
      </AnswerChip>
    </div>
  );
}
