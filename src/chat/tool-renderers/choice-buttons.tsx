// The buttons of a tool's choices (server: ToolOutcome.choices): the candidates when the person's words named
// several (the payouts to approve, the offers to accept) or the actions a clarifying question offers. A click
// sends the button's words as the person's message, through the same endpoint and rules as typing them.
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { useChatActions } from '../context.ts';
import type { ToolOutput } from './types.ts';

export type ChoiceView = NonNullable<ToolOutput['choices']>[number];

export function ChoiceButtons({ choices, active }: { choices: readonly ChoiceView[]; active: boolean }) {
  const { t } = useTranslation('chat');
  const { send, busy } = useChatActions();
  if (!choices.length) return null;
  return (
    <div role="group" aria-label={t('options.label')} data-testid="chat-choices" className="mt-2 flex flex-col items-start gap-2">
      {choices.map((c) => (
        <Button
          key={c.label}
          type="button"
          size="sm"
          variant="outline"
          data-testid="chat-choice"
          disabled={!active || busy}
          onClick={() => send(c.label)}
          className="h-auto max-w-full justify-start whitespace-normal py-1.5 text-left"
        >
          {c.label}
        </Button>
      ))}
    </div>
  );
}
