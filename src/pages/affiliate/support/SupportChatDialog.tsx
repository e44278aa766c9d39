// The partner's support chat with the admin team: a 500 × 600 modal (nearly full screen on a phone), live
// over ws both ways; the partner only ever sees their own conversation (GET /api/support/messages).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { MessageCircle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { SupportComposer, SupportThread, type SupportMessage } from '@/components/support/support-chat';
import { api, ApiError } from '@/lib/api';
import { useLiveEvents } from '@/lib/live';
import type { OwnSupportConversation } from '../../../../core/api/support.ts';

const LIVE = ['support.message', 'support.read'] as const;

export function SupportChatDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { open, onOpenChange } = props;
  const { t } = useTranslation('support');
  const [messages, setMessages] = useState<SupportMessage[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const r = await api<OwnSupportConversation>('/api/support/messages');
      setMessages(r.messages);
      setFailed(false);
    } catch {
      setFailed(true);
      toast.error(t('loadError'));
    }
  }, [t]);

  useEffect(() => {
    if (open) void load();
  }, [open, load]);

  // A reply (or this partner's message from another tab) arrives: show it now, then reload, which marks it read.
  useLiveEvents(
    LIVE,
    (e) => {
      const m = (e.payload as { message?: SupportMessage } | null)?.message;
      if (e.type === 'support.message' && m) setMessages((list) => (list && !list.some((x) => x.id === m.id) ? [...list, m] : list));
      void load();
    },
    open,
  );

  const send = async (text: string) => {
    try {
      const m = await api<SupportMessage>('/api/support/messages', { method: 'POST', body: { body: text } });
      setMessages((list) => (list?.some((x) => x.id === m.id) ? list : [...(list ?? []), m]));
      toast.success(t('sent'));
      return true;
    } catch (e) {
      toast.error(t('sendError'), { description: e instanceof ApiError && e.message ? e.message : undefined });
      return false;
    }
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel={t('close')}
        className="flex h-[calc(100dvh-1rem)] max-h-none w-[calc(100%-1rem)] max-w-none flex-col gap-3 overflow-hidden p-4 sm:h-[600px] sm:w-[500px] sm:max-w-[500px] sm:p-6"
        data-testid="support-dialog"
      >
        <DialogHeader>
          <DialogTitle className="flex items-center gap-2">
            <MessageCircle className="size-5 text-primary" aria-hidden />
            {t('title')}
          </DialogTitle>
          <DialogDescription>
            <span className="font-medium text-foreground">{t('subject')}</span> · {t('promise')}
          </DialogDescription>
        </DialogHeader>
        <div className="min-h-0 flex-1 overflow-y-auto rounded-lg border bg-background p-3">
          {failed && !messages ? (
            <div className="flex h-full flex-col items-center justify-center gap-3 text-center" role="alert">
              <p className="text-sm text-muted-foreground">{t('loadError')}</p>
              <Button variant="outline" size="sm" onClick={() => void load()}>
                <RefreshCw aria-hidden />
                {t('retry')}
              </Button>
            </div>
          ) : !messages ? (
            <div className="flex flex-col gap-3">
              <Skeleton className="h-10 w-2/3" />
              <Skeleton className="h-10 w-1/2 self-end" />
            </div>
          ) : messages.length === 0 ? (
            <p className="flex h-full items-center justify-center px-4 text-center text-sm text-muted-foreground">{t('empty')}</p>
          ) : (
            <SupportThread messages={messages} mine={(m) => !m.fromTeam} labelOf={(m) => (m.fromTeam ? t('team') : t('you'))} testId="support-thread" />
          )}
        </div>
        <SupportComposer onSend={send} placeholder={t('placeholder')} testId="support-input" />
      </DialogContent>
    </Dialog>
  );
}
