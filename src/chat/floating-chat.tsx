// The floating chat: an open button fixed bottom-right, and the panel above it, closable (also with Esc).
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The chat (AI SDK, widgets, voice) loads when the person opens it, not with every page.
const ChatPanel = lazy(async () => ({ default: (await import('./chat-panel.tsx')).ChatPanel }));

export function FloatingChat() {
  // The open button's words are in the first bundle (common); the chat's own namespace loads with the chat.
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  // Closed by the person (Esc, the close button): the focus goes back to the open button (WCAG 2.4.3).
  const button = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);
  const close = () => {
    returnFocus.current = true;
    setOpen(false);
  };
  useEffect(() => {
    if (open || !returnFocus.current) return;
    returnFocus.current = false;
    button.current?.focus();
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && close();
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [open]);

  // The keyboard's focus never stays under the open button (WCAG 2.4.11): the browser scrolls a focused element
  // only when it is out of view, and one that is in view under the fixed button is not. Brought into view again, it
  // lands above the button (the page's scroll padding, index.css; decision 089). Only focus the person can see
  // (keyboard, a text field), so a click on the part of a control beside the button does not move the page.
  useEffect(() => {
    if (open) return;
    const onFocus = (e: FocusEvent) => {
      const el = e.target;
      const b = button.current;
      if (!(el instanceof Element) || !b || b.contains(el) || !el.matches(':focus-visible')) return;
      const r = el.getBoundingClientRect();
      const k = b.getBoundingClientRect();
      if (r.left < k.right && k.left < r.right && r.top < k.bottom && k.top < r.bottom)
        el.scrollIntoView({ block: 'nearest', inline: 'nearest', behavior: 'instant' });
    };
    document.addEventListener('focusin', onFocus);
    return () => document.removeEventListener('focusin', onFocus);
  }, [open]);

  if (open) {
    return (
      <div data-testid="chat-floating" className="fixed right-4 bottom-4 z-50 h-[min(600px,calc(100dvh-2rem))] w-[min(400px,calc(100vw-2rem))]">
        <Suspense
          fallback={<div className="h-full w-full animate-pulse rounded-2xl border bg-card shadow-2xl" role="status" aria-label={t('chatLauncher.open')} />}
        >
          <ChatPanel variant="floating" onClose={close} />
        </Suspense>
      </div>
    );
  }
  return (
    <button
      ref={button}
      type="button"
      data-testid="chat-open"
      onClick={() => setOpen(true)}
      className="fixed right-4 bottom-4 z-50 flex items-center gap-2 rounded-full bg-primary px-4 py-3 text-sm font-semibold text-primary-foreground shadow-lg hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
    >
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className="size-5"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        <path d="M21 15a2 2 0 0 1-2 2H7l-4 4V5a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2z" />
      </svg>
      {t('chatLauncher.open')}
    </button>
  );
}
