// The confirm widget: an action the assistant proposed (spending money, changing settings) runs only when
// the person clicks Confirm here, through POST /api/chat/confirm, which the model cannot call.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { chatApi } from '../api.ts';
import { useChatActions } from '../context.ts';
import { cx } from '../cx.ts';
import { errorText } from '../errors.ts';
import type { ConfirmationView } from './types.ts';

export function ConfirmCard({ toolName, confirmation }: { toolName: string; confirmation: ConfirmationView }) {
  const { t } = useTranslation('chat');
  const { sessionId, lang } = useChatActions();
  const [status, setStatus] = useState(confirmation.status);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function decide(decision: 'confirm' | 'cancel') {
    if (!sessionId) return;
    setWorking(true);
    setError(null);
    try {
      const res = await chatApi.confirm({ sessionId, confirmationId: confirmation.id, decision }, lang);
      setStatus(res.status);
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setWorking(false);
    }
  }

  const summary = t(confirmation.summary.key, { tool: toolName, ...confirmation.summary.params });
  return (
    <div data-testid="chat-confirm" data-status={status} className="mt-2 rounded-lg border border-border bg-background p-3 text-sm shadow-sm">
      <p className="font-semibold">{t('confirm.title')}</p>
      <p className="mt-1">{summary}</p>
      {status === 'pending' ? (
        <>
          <p className="mt-1 text-xs text-muted-foreground">{t('confirm.hint')}</p>
          <div className="mt-3 flex gap-2">
            <button
              type="button"
              data-testid="chat-confirm-accept"
              disabled={working}
              onClick={() => void decide('confirm')}
              className="rounded-md bg-primary px-3 py-1.5 font-medium text-primary-foreground hover:bg-primary/90 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
            >
              {working ? t('confirm.working') : t('confirm.accept')}
            </button>
            <button
              type="button"
              data-testid="chat-confirm-cancel"
              disabled={working}
              onClick={() => void decide('cancel')}
              className="rounded-md border border-border px-3 py-1.5 font-medium hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
            >
              {t('confirm.cancel')}
            </button>
          </div>
        </>
      ) : (
        <p role="status" className={cx('mt-2 text-xs font-medium', status === 'confirmed' ? 'text-primary' : 'text-muted-foreground')}>
          {t(`confirm.status.${status}`)}
        </p>
      )}
      {error && (
        <p role="alert" className="mt-2 text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
