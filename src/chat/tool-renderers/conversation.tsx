// Widgets of the conversation's own tools: the buttons of a clarifying question or of candidates to pick
// from (any tool's `choices`), the help of this role with an example to click for each action, a new
// conversation, the way to the contact form, and the card to write to the support team.
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { api } from '@/lib/api';
import { cn } from '@/lib/utils';
import type { HelpData } from '../../../core/chat/output-types.ts';
import { useChatActions } from '../context.ts';
import { WidgetCard } from '../intake/controls.tsx';
import { chip } from './choice-buttons.tsx';
import { ConfirmCard } from './confirm-card.tsx';
import { registerToolRenderer, type ToolRendererProps } from './registry.tsx';

function HelpCard({ output, isLatest }: ToolRendererProps) {
  const { t } = useTranslation('chat');
  const { send, busy } = useChatActions();
  const data = output?.data as HelpData | undefined;
  if (!data?.groups.length) return null;
  return (
    <WidgetCard data-testid="chat-help">
      <h3 className="text-sm font-semibold">{t('help.title')}</h3>
      <div className="mt-2 flex flex-col gap-3">
        {data.groups.map((g) => (
          <section key={g.id} aria-label={g.title}>
            <h4 className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{g.title}</h4>
            <ul className="mt-1.5 flex flex-wrap gap-1.5">
              {g.actions.map((a) => (
                <li key={a.intent}>
                  <button
                    type="button"
                    data-testid={`chat-help-${a.intent}`}
                    title={a.label}
                    disabled={!isLatest || busy}
                    onClick={() => send(a.example)}
                    className={cn(chip, 'px-2.5 py-1 text-xs')}
                  >
                    {a.example}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </WidgetCard>
  );
}

function NewConversation({ output, isLatest }: ToolRendererProps) {
  const { t } = useTranslation('chat');
  const { newConversation, busy } = useChatActions();
  if (!output?.accepted) return null;
  return (
    <div className="mt-2">
      <Button size="sm" data-testid="chat-new-from-reply" disabled={!isLatest || busy} onClick={newConversation}>
        {t('newChat')}
      </Button>
    </div>
  );
}

function ContactCard({ output }: ToolRendererProps) {
  const { t } = useTranslation('chat');
  const href = typeof output?.data?.href === 'string' ? output.data.href : '/kontakt';
  return (
    <div className="mt-2">
      <a
        href={href}
        data-testid="chat-contact-link"
        className="inline-flex items-center rounded-md bg-primary px-3 py-1.5 text-sm font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        {t('contact.open')}
      </a>
    </div>
  );
}

/** The support card: the person writes what it is about; it goes to the same door as the support dialog. */
function SupportCompose({ isLatest }: { isLatest: boolean }) {
  const { t } = useTranslation('chat');
  const id = useId();
  const [text, setText] = useState('');
  const [state, setState] = useState<'idle' | 'sending' | 'sent' | 'error'>('idle');
  const [error, setError] = useState('');
  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!text.trim() || state === 'sending') return;
    setState('sending');
    try {
      await api('/api/support/messages', { method: 'POST', body: { body: text.trim() } });
      setState('sent');
    } catch (err) {
      setError(err instanceof Error ? err.message : t('error.generic'));
      setState('error');
    }
  }
  if (state === 'sent')
    return (
      <p role="status" data-testid="chat-support-sent" className="mt-2 text-sm text-muted-foreground">
        {t('support.sent')}
      </p>
    );
  return (
    <WidgetCard data-testid="chat-support-compose">
      <form onSubmit={submit} className="flex flex-col gap-2">
        <Label htmlFor={`${id}-body`} className="text-xs">
          {t('support.label')}
        </Label>
        <Textarea id={`${id}-body`} rows={3} maxLength={2000} value={text} onChange={(e) => setText(e.target.value)} disabled={!isLatest} />
        {state === 'error' && (
          <p role="alert" className="text-xs text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" size="sm" className="self-end" disabled={!isLatest || !text.trim() || state === 'sending'} data-testid="chat-support-send">
          {t('support.send')}
        </Button>
      </form>
    </WidgetCard>
  );
}

function WriteSupport({ toolName, output, isLatest }: ToolRendererProps) {
  if (output?.confirmation) return <ConfirmCard toolName={toolName} confirmation={output.confirmation} />;
  if (output?.reason === 'SUPPORT_WRITE_FIRST') return <SupportCompose isLatest={isLatest} />;
  return null;
}

export function registerConversationRenderers() {
  registerToolRenderer('showHelp', HelpCard);
  registerToolRenderer('startNewConversation', NewConversation);
  registerToolRenderer('showContactForm', ContactCard);
  registerToolRenderer('writeSupportMessage', WriteSupport);
}
