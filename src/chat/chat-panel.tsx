// The chat surface: inline on /search (height from the parent) or in the floating panel.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UIMessage } from 'ai';
import { useTranslation } from 'react-i18next';
import { chatApi, sessionStore } from './api.ts';
import { Conversation } from './conversation.tsx';
import { cn } from '@/lib/utils';
import { errorText } from './errors.ts';
import { registerWelcomeRenderers } from './tool-renderers/welcome.tsx';
import { registerIntakeRenderers } from './intake/index.ts';
import { registerLazyMarketRenderers } from './market/lazy-register.ts';
import { registerLazyAffiliateRenderers } from './affiliate/lazy-register.ts';
import { registerLazyAccountRenderers } from './account/lazy-register.ts';
import { registerPrivacyRenderers } from './tool-renderers/privacy.tsx';

registerWelcomeRenderers();
registerIntakeRenderers();
registerLazyMarketRenderers();
registerLazyAffiliateRenderers();
registerLazyAccountRenderers();
registerPrivacyRenderers();

export interface ChatPanelProps {
  variant: 'inline' | 'floating';
  onClose?: () => void;
}

type Loaded = { sessionId: string | null; machine: string | null; messages: UIMessage[]; fresh: boolean; notice: string | null; key: number };

/**
 * Restores the stored session's history, or opens a new session (whose greeting the server sends);
 * a session that is gone is replaced by a new one.
 */
function useStoredConversation(lang: string) {
  const { t } = useTranslation('chat');
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const langRef = useRef(lang);
  langRef.current = lang;

  const open = useCallback(
    async (resumeId: string | null, notice: string | null) => {
      try {
        const s = resumeId ? await chatApi.resumeSession(resumeId, langRef.current) : await chatApi.createSession(langRef.current);
        if (s.id !== resumeId) sessionStore.set(s.id);
        setLoaded((l) => ({ sessionId: s.id, machine: s.machine, messages: s.messages, fresh: !s.resumed, notice, key: (l?.key ?? 0) + 1 }));
      } catch (err) {
        setLoaded((l) => ({ sessionId: null, machine: null, messages: [], fresh: false, notice: errorText(err, t), key: (l?.key ?? 0) + 1 }));
      }
    },
    [t],
  );

  useEffect(() => {
    void open(sessionStore.get(), null);
    // The history is loaded once per mount; the language only changes how new replies are written.
  }, []);

  const reset = useCallback(() => {
    sessionStore.clear();
    void open(null, t('error.sessionReset'));
  }, [open, t]);
  return [loaded, reset] as const;
}

export function ChatPanel({ variant, onClose }: ChatPanelProps) {
  const { t, i18n } = useTranslation('chat');
  const lang = i18n.resolvedLanguage ?? i18n.language ?? 'de';
  const [loaded, reset] = useStoredConversation(lang);
  const name = t('persona.name');

  return (
    <section
      data-testid="chat-panel"
      data-variant={variant}
      aria-label={t('title', { name })}
      className={cn(
        'flex min-h-0 flex-col overflow-hidden bg-card text-card-foreground',
        variant === 'inline' ? 'h-full rounded-xl border border-border' : 'h-full rounded-xl border border-border shadow-2xl',
      )}
    >
      <header className="flex items-start gap-3 border-b border-border px-4 py-3">
        <div aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-bold text-primary-foreground">
          {name.slice(0, 1)}
        </div>
        <div className="min-w-0 flex-1">
          <h2 className="text-sm font-semibold">{t('title', { name })}</h2>
          <p data-testid="chat-ai-notice" className="text-xs text-muted-foreground">
            {t('aiNotice', { name })}
          </p>
        </div>
        {onClose && (
          <button
            type="button"
            data-testid="chat-close"
            aria-label={t('close')}
            onClick={onClose}
            className="-mr-1 rounded-md p-1.5 text-muted-foreground hover:bg-muted hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M18 6 6 18M6 6l12 12" />
            </svg>
          </button>
        )}
      </header>
      {loaded ? (
        <Conversation
          key={loaded.key}
          initialSessionId={loaded.sessionId}
          initialMessages={loaded.messages}
          machine={loaded.machine ?? undefined}
          fresh={loaded.fresh}
          initialNotice={loaded.notice}
          autoFocus={variant === 'floating'}
          onReset={reset}
        />
      ) : (
        <p role="status" data-testid="chat-loading" className="flex flex-1 items-center justify-center p-6 text-sm text-muted-foreground">
          {t('loading')}
        </p>
      )}
    </section>
  );
}
