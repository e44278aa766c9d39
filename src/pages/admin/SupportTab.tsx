// 'Support': the admin team's shared inbox of partner messages, live, with unread counts; any admin opens a
// conversation (which marks it read for the whole team) and replies.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ArrowLeft, Inbox, MessageCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { SupportComposer, SupportThread } from '@/components/support/support-chat';
import { formatDateTime } from '@/components/market/format';
import { ApiError } from '@/lib/api';
import { call } from '@/lib/contract-client';
import { useLiveEvents, type LiveEvent } from '@/lib/live';
import { cn } from '@/lib/utils';
import type { SupportConversationDetail } from '../../../core/api/support.ts';
import type { AdminMessageView } from '../../../core/api/support.ts';
import { adminSupportContract, type SupportInbox } from '../../../core/contract/admin-support.ts';
import { EmptyState, LoadFailed } from './admin-dialogs';

const LIVE = ['support.message', 'support.read'] as const;

/** The team's unread partner messages, live (the tab's badge). */
export function useSupportUnread(): number {
  const [unread, setUnread] = useState(0);
  const load = useCallback(() => {
    call(adminSupportContract.conversations).then(
      (r) => setUnread(r.unreadTotal),
      () => {},
    );
  }, []);
  useEffect(load, [load]);
  useLiveEvents(LIVE, load);
  return unread;
}

export function SupportTab() {
  const { t, i18n } = useTranslation('support');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [inbox, setInbox] = useState<SupportInbox | null>(null);
  const [failed, setFailed] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const [detail, setDetail] = useState<SupportConversationDetail | null>(null);

  const loadInbox = useCallback(async () => {
    try {
      setInbox(await call(adminSupportContract.conversations));
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  const loadDetail = useCallback(
    async (id: string) => {
      try {
        const d = await call(adminSupportContract.conversation, { params: { id } });
        setDetail((cur) => (cur && cur.id !== id ? cur : d));
      } catch {
        toast.error(t('loadError'));
      }
    },
    [t],
  );
  useEffect(() => void loadInbox(), [loadInbox]);
  useEffect(() => {
    setDetail(null);
    if (openId) void loadDetail(openId);
  }, [openId, loadDetail]);

  useLiveEvents(LIVE, (e: LiveEvent) => {
    void loadInbox();
    const p = (e.payload ?? {}) as { conversationId?: string; message?: AdminMessageView; by?: string };
    if (!openId || p.conversationId !== openId) return;
    if (e.type === 'support.message' && p.message) {
      const m = p.message;
      setDetail((d) => (d && d.id === openId && !d.messages.some((x) => x.id === m.id) ? { ...d, messages: [...d.messages, m] } : d));
    }
    // A partner's new message in the open conversation counts as read (reloading marks it); the partner's
    // read marks show on the team's replies.
    if ((e.type === 'support.message' && p.message && !p.message.fromTeam) || (e.type === 'support.read' && p.by === 'partner')) void loadDetail(openId);
  });

  const reply = async (text: string) => {
    if (!detail) return false;
    try {
      const m = await call(adminSupportContract.reply, { params: { id: detail.id }, body: { body: text } });
      setDetail((d) => (d && d.id === detail.id && !d.messages.some((x) => x.id === m.id) ? { ...d, messages: [...d.messages, m] } : d));
      toast.success(m.mailed ? t('admin.mailed') : t('admin.replySent'));
      void loadInbox();
      return true;
    } catch (e) {
      toast.error(t('sendError'), { description: e instanceof ApiError && e.message ? e.message : undefined });
      return false;
    }
  };

  if (failed && !inbox) return <LoadFailed onRetry={() => void loadInbox()} />;
  if (!inbox) return <Skeleton className="h-64 w-full" />;

  return (
    <Card className="overflow-hidden p-0">
      <CardHeader className="border-b p-4 sm:p-6">
        <CardTitle as="h2" className="flex items-center gap-2">
          <Inbox className="size-5 text-primary" aria-hidden />
          {t('admin.title')}
          {inbox.unreadTotal > 0 && <Badge data-testid="support-unread-total">{t('admin.unread', { count: inbox.unreadTotal })}</Badge>}
        </CardTitle>
        <CardDescription>{t('admin.description')}</CardDescription>
      </CardHeader>
      {inbox.conversations.length === 0 ? (
        <div className="p-4 sm:p-6">
          <EmptyState icon={<MessageCircle className="size-8 text-muted-foreground" aria-hidden />} text={t('admin.empty')} testId="support-inbox-empty" />
        </div>
      ) : (
        <div className="grid min-h-[28rem] grid-cols-[minmax(0,1fr)] md:grid-cols-[minmax(0,18rem)_minmax(0,1fr)]">
          <nav aria-label={t('admin.conversations')} className={cn('border-b md:border-r md:border-b-0', openId && 'hidden md:block')}>
            <ul className="flex flex-col" data-testid="support-conversations">
              {inbox.conversations.map((c) => (
                <li key={c.id}>
                  <button
                    type="button"
                    onClick={() => setOpenId(c.id)}
                    aria-current={openId === c.id ? 'true' : undefined}
                    className={cn(
                      'flex w-full flex-col gap-1 border-b px-4 py-3 text-left hover:bg-muted focus-visible:bg-muted focus-visible:outline-none',
                      openId === c.id && 'bg-muted',
                    )}
                    data-testid="support-conversation"
                    data-partner-email={c.partner.email}
                  >
                    <span className="flex items-center justify-between gap-2">
                      <span className={cn('truncate text-sm', c.unread > 0 ? 'font-semibold' : 'font-medium')}>{c.partner.name}</span>
                      {c.unread > 0 && (
                        <Badge className="shrink-0" data-testid="support-unread">
                          {t('admin.unread', { count: c.unread })}
                        </Badge>
                      )}
                    </span>
                    <span className="truncate text-xs text-muted-foreground">{c.partner.email}</span>
                    {c.lastMessage && <span className="line-clamp-2 text-xs text-muted-foreground">{c.lastMessage.body}</span>}
                    <span className="text-xs text-muted-foreground">{formatDateTime(c.lastMessageAt, lang)}</span>
                  </button>
                </li>
              ))}
            </ul>
          </nav>
          <section className={cn('flex min-h-[28rem] min-w-0 flex-col', !openId && 'hidden md:flex')}>
            {!openId ? (
              <p className="m-auto p-6 text-sm text-muted-foreground">{t('admin.choose')}</p>
            ) : !detail ? (
              <Skeleton className="m-4 h-40" />
            ) : (
              <>
                <div className="flex items-center gap-2 border-b px-4 py-3">
                  <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('admin.back')} onClick={() => setOpenId(null)}>
                    <ArrowLeft aria-hidden />
                  </Button>
                  <div className="min-w-0">
                    <p className="truncate font-semibold" data-testid="support-open-partner">
                      {detail.partner.name}
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      {detail.subject} · {detail.partner.email}
                    </p>
                  </div>
                </div>
                <div className="max-h-[28rem] min-h-0 flex-1 overflow-y-auto p-4">
                  <SupportThread
                    messages={detail.messages}
                    mine={(m) => m.fromTeam}
                    labelOf={(m) => (m.fromTeam ? `${t('team')} (${(m as AdminMessageView).senderName})` : detail.partner.name)}
                    testId="support-admin-thread"
                  />
                </div>
                <div className="border-t p-4">
                  <SupportComposer onSend={reply} placeholder={t('admin.replyPlaceholder', { name: detail.partner.name })} testId="support-reply" />
                </div>
              </>
            )}
          </section>
        </div>
      )}
    </Card>
  );
}
