// Choice buttons (the welcome machine's options). A click sends the button's label as the person's
// message, through the same endpoint and rules as typing it.
import { useTranslation } from 'react-i18next';
import { useChatActions } from '../context.ts';
import { cn } from '@/lib/utils';

export function OptionButtons({ options, active }: { options: readonly string[]; active: boolean }) {
  const { t } = useTranslation('chat');
  const { send, busy } = useChatActions();
  if (!options.length) return null;
  return (
    <div role="group" aria-label={t('options.label')} className="mt-2 flex flex-wrap gap-2">
      {options.map((option) => (
        <button
          key={option}
          type="button"
          data-testid={`chat-option-${option}`}
          disabled={!active || busy}
          onClick={() => send(t(`options.${option}`))}
          className={cn(
            'rounded-full border border-primary/40 bg-background px-3 py-1.5 text-sm font-medium text-primary transition-colors',
            'hover:bg-primary hover:text-primary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
            'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-background disabled:hover:text-primary',
          )}
        >
          {t(`options.${option}`)}
        </button>
      ))}
    </div>
  );
}
