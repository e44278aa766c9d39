// The confirm widget: an action the assistant proposed (spending money, changing settings) runs only when
// the person clicks Confirm here, through POST /api/chat/confirm, which the model cannot call. Flows may
// show facts above the buttons (details) and what the action produced once it ran (renderResult).
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { chatApi } from '../api.ts';
import { useChatActions } from '../context.ts';
import { cn } from '@/lib/utils';
import { errorText } from '../errors.ts';
import type { ConfirmationView, ToolOutput } from './types.ts';

export function ConfirmCard({
  toolName,
  confirmation,
  details,
  renderResult,
}: {
  toolName: string;
  confirmation: ConfirmationView;
  details?: ReactNode;
  renderResult?: (result: ToolOutput) => ReactNode;
}) {
  const { t } = useTranslation('chat');
  const { sessionId, lang } = useChatActions();
  const [status, setStatus] = useState(confirmation.status);
  const [result, setResult] = useState<ToolOutput | undefined>(confirmation.result);
  const [working, setWorking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function decide(decision: 'confirm' | 'cancel') {
    if (!sessionId) return;
    setWorking(true);
    setError(null);
    try {
      const res = await chatApi.confirm({ sessionId, confirmationId: confirmation.id, decision }, lang);
      setStatus(res.status);
      if (res.result) setResult(res.result as unknown as ToolOutput);
    } catch (err) {
      setError(errorText(err, t));
    } finally {
      setWorking(false);
    }
  }

  const summary = t(confirmation.summary.key, { tool: toolName, ...confirmation.summary.params });
  // A refusal when it ran (not enough Goints meanwhile, say) is told in the person's language.
  const refusal =
    status === 'failed' && result?.reason ? t(`offline.reason.${result.reason}`, { defaultValue: t('confirm.status.failed'), ...(result.data ?? {}) }) : null;
  return (
    <div data-testid="chat-confirm" data-status={status} className="mt-2 rounded-lg border border-border bg-background p-3 text-sm shadow-sm">
      <p className="font-semibold">{t('confirm.title')}</p>
      <p className="mt-1">{summary}</p>
      {details}
      {status === 'pending' ? (
        <>
          <p className="mt-1 text-xs text-muted-foreground">{t('confirm.hint')}</p>
          <div className="mt-3 flex gap-2">
            <Button type="button" size="sm" data-testid="chat-confirm-accept" disabled={working} onClick={() => void decide('confirm')}>
              {working ? t('confirm.working') : t('confirm.accept')}
            </Button>
            <Button type="button" size="sm" variant="outline" data-testid="chat-confirm-cancel" disabled={working} onClick={() => void decide('cancel')}>
              {t('confirm.cancel')}
            </Button>
          </div>
        </>
      ) : (
        <p role="status" className={cn('mt-2 text-xs font-medium', status === 'confirmed' ? 'text-primary' : 'text-muted-foreground')}>
          {refusal ?? t(`confirm.status.${status}`)}
        </p>
      )}
      {status === 'confirmed' && result?.accepted && renderResult?.(result)}
      {error && (
        <p role="alert" className="mt-2 text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
