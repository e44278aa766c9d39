// The buttons of a tool's choices (server: ToolOutcome.choices): the candidates when the person's words named
// several (the payouts to approve, the offers to accept) or the actions a clarifying question offers. A click
// sends the button's words as the person's message, through the same endpoint and rules as typing them.
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { useChatActions } from '../context.ts';
import type { ToolOutput } from './types.ts';

export type ChoiceView = NonNullable<ToolOutput['choices']>[number];

/** The look of a choice: a chip, like the help's examples. */
export const chip = cn(
  'rounded-full border border-primary/40 bg-background px-3 py-1.5 text-left text-sm font-medium text-primary transition-colors',
  'hover:bg-primary hover:text-primary-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
  'disabled:cursor-not-allowed disabled:opacity-50 disabled:hover:bg-background disabled:hover:text-primary',
);

export function ChoiceButtons({ choices, active }: { choices: readonly ChoiceView[]; active: boolean }) {
  const { t } = useTranslation('chat');
  const { send, busy } = useChatActions();
  if (!choices.length) return null;
  return (
    <div role="group" aria-label={t('options.label')} data-testid="chat-choices" className="mt-2 flex flex-wrap gap-2">
      {choices.map((c) => (
        <button key={c.label} type="button" data-testid="chat-choice" disabled={!active || busy} onClick={() => send(c.label)} className={chip}>
          {c.label}
        </button>
      ))}
    </div>
  );
}
