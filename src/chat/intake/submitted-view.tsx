// After the confirmation (state submitted): the closing text, where the request stands, and for an
// anonymous or unverified seeker the invitation to register.
import { useTranslation } from 'react-i18next';
import { CircleCheck, Clock, Send, UserPlus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import { WidgetCard } from './controls.tsx';
import type { IntakeView } from './view.ts';

/** Registration as a seeker, with the first name the chat already asked for (decision 036). */
export function registerHref(firstName: string | null): string {
  return `/auth?mode=searcher&view=register${firstName ? `&name=${encodeURIComponent(firstName)}` : ''}`;
}

export function SubmittedView({ view }: { view: IntakeView }) {
  const { t } = useTranslation('intake');
  const status = view.requestStatus ?? (view.needsRegistration ? 'draft' : undefined);
  return (
    <WidgetCard data-testid="intake-submitted" data-status={status}>
      <p className="flex items-center gap-2 text-sm font-semibold">
        <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-green-600" />
        {t('submitted.title')}
      </p>
      {/* The script's closing (the invitation to register); a released request is told by the status line alone. */}
      {view.say && (status === 'draft' || !status) && <p className="mt-2 text-sm whitespace-pre-wrap">{view.say}</p>}
      {status && (
        <p
          role="status"
          data-testid="intake-submitted-status"
          className={cn(
            'mt-3 flex items-start gap-2 rounded-md border px-2.5 py-2 text-xs leading-snug',
            status === 'open'
              ? 'border-green-200 bg-green-50 text-green-800'
              : status === 'review'
                ? 'border-sky-200 bg-sky-50 text-sky-900'
                : 'border-amber-200 bg-amber-50 text-amber-900',
          )}
        >
          {status === 'open' ? (
            <Send aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          ) : (
            <Clock aria-hidden="true" className="mt-px size-3.5 shrink-0" />
          )}
          <span>{t(`submitted.status.${status}`)}</span>
        </p>
      )}
      {view.needsRegistration && (
        <div className="mt-3 flex flex-col gap-1.5">
          <Button asChild variant="hero" className="w-full @sm:w-auto @sm:self-start">
            <a href={registerHref(view.firstName)} data-testid="intake-register-link">
              <UserPlus aria-hidden="true" />
              {t('submitted.register')}
            </a>
          </Button>
          <p className="text-xs text-muted-foreground">{t('submitted.registerHint')}</p>
        </div>
      )}
    </WidgetCard>
  );
}
