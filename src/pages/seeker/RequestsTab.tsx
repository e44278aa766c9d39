// 'Meine Anfragen': active requests (draft, review, open) and, apart, the finished ones, each with its
// offers, unlocks, deal status and 'Anfrage schließen'.
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CalendarDays, FileSearch, Handshake, Inbox, MapPin, Unlock, Wallet, XCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatBudget, formatDate, UrgencyBadge } from '@/components/market';
import { api } from '@/lib/api';
import { cn } from '@/lib/utils';
import { errorText } from './error-text';
import { DEAL_FINISHED, type SeekerRequest } from './types';

export function RequestsTab({ requests, onChanged }: { requests: SeekerRequest[]; onChanged: () => Promise<void> }) {
  const { t } = useTranslation('seeker');
  const [closing, setClosing] = useState<SeekerRequest | null>(null);
  if (requests.length === 0) {
    return (
      <EmptyState icon={FileSearch} title={t('requests.emptyTitle')} text={t('requests.emptyText')} testId="requests-empty">
        <Button asChild variant="hero">
          <Link to="/search">{t('requests.emptyCta')}</Link>
        </Button>
      </EmptyState>
    );
  }
  const active = requests.filter((r) => r.active);
  const done = requests.filter((r) => !r.active);
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="requests-active" className="flex flex-col gap-3" data-testid="requests-active">
        <h2 id="requests-active" className="flex items-center gap-2 text-lg font-semibold">
          {t('requests.active')}
          <span className="rounded-full bg-primary/10 px-2 text-sm tabular-nums text-primary">{active.length}</span>
        </h2>
        {active.length === 0 ? (
          <p className="rounded-lg border border-dashed px-4 py-6 text-center text-sm text-muted-foreground">
            {t('requests.noActive')}{' '}
            <Link to="/search" className="font-medium text-primary underline-offset-4 hover:underline">
              {t('requests.emptyCta')}
            </Link>
          </p>
        ) : (
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {active.map((r) => (
              <li key={r.id}>
                <RequestCard request={r} onClose={() => setClosing(r)} />
              </li>
            ))}
          </ul>
        )}
      </section>
      {done.length > 0 && (
        <section aria-labelledby="requests-done" className="flex flex-col gap-3" data-testid="requests-done">
          <h2 id="requests-done" className="flex items-center gap-2 text-lg font-semibold">
            {t('requests.done')}
            <span className="rounded-full bg-muted px-2 text-sm tabular-nums text-muted-foreground">{done.length}</span>
          </h2>
          <ul className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            {done.map((r) => (
              <li key={r.id}>
                <RequestCard request={r} />
              </li>
            ))}
          </ul>
        </section>
      )}
      <CloseRequestDialog request={closing} onOpenChange={(o) => !o && setClosing(null)} onClosed={onChanged} />
    </div>
  );
}

const STATUS_STYLE: Record<string, string> = {
  draft: 'border-slate-200 bg-slate-50 text-slate-700',
  review: 'border-sky-200 bg-sky-50 text-sky-800',
  open: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  completed: 'border-emerald-200 bg-emerald-100 text-emerald-900',
};

function RequestCard({ request: r, onClose }: { request: SeekerRequest; onClose?: () => void }) {
  const { t, i18n } = useTranslation('seeker');
  const lang = i18n.resolvedLanguage ?? 'de';
  const dealRunning = r.dealStatus !== null && !DEAL_FINISHED.includes(r.dealStatus);
  const budget = formatBudget(r.budgetMin, r.budgetMax, lang) ?? t('market:budgetOpen');
  return (
    <Card className={cn('h-full', !r.active && 'bg-muted/30')} data-testid="request-card" data-request-id={r.id}>
      <CardContent className="flex h-full flex-col gap-3 p-4 sm:p-5">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h3 className="text-base font-semibold">{t(`intake:categories.${r.kategorie}`, { defaultValue: r.kategorie })}</h3>
          <div className="flex flex-wrap items-center gap-1.5">
            <UrgencyBadge urgency={r.dringlichkeit} />
            <Badge className={STATUS_STYLE[r.status] ?? 'border-gray-200 bg-gray-100 text-gray-700'} data-testid="request-status">
              {t(`market:requestStatus.${r.status}`, { defaultValue: r.status })}
            </Badge>
          </div>
        </div>
        <dl className="grid grid-cols-1 gap-x-4 gap-y-1 text-sm text-muted-foreground sm:grid-cols-2">
          <div className="flex items-center gap-1.5">
            <dt>
              <CalendarDays className="size-4" aria-hidden />
              <span className="sr-only">{t('requests.created')}</span>
            </dt>
            <dd>{formatDate(r.createdAt, lang)}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <MapPin className="size-4" aria-hidden />
              <span className="sr-only">{t('requests.place')}</span>
            </dt>
            <dd>{[r.postcode, r.ort].filter(Boolean).join(' ') || t('requests.noPlace')}</dd>
          </div>
          <div className="flex items-center gap-1.5">
            <dt>
              <Wallet className="size-4" aria-hidden />
              <span className="sr-only">{t('requests.budget')}</span>
            </dt>
            <dd data-testid="request-budget">{budget}</dd>
          </div>
          {r.date && (
            <div className="flex items-center gap-1.5">
              <dt>{t('requests.date')}:</dt>
              <dd>{formatDate(r.date, lang)}</dd>
            </div>
          )}
        </dl>
        <p className="line-clamp-4 whitespace-pre-line text-sm">{r.beschreibung}</p>
        <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-2 border-t pt-3 text-sm">
          <span className="inline-flex items-center gap-1.5" data-testid="request-offers">
            <Inbox className="size-4 text-primary" aria-hidden />
            {t('requests.offers', { count: r.offers })}
          </span>
          <span className="inline-flex items-center gap-1.5" data-testid="request-unlocked">
            <Unlock className="size-4 text-primary" aria-hidden />
            {t('requests.unlocked', { n: r.unlocked, max: r.maxUnlocks })}
          </span>
          {r.dealStatus && (
            <span className="inline-flex items-center gap-1.5" data-testid="request-deal">
              <Handshake className="size-4 text-primary" aria-hidden />
              {t('requests.deal')}: {t(`market:dealStatus.${r.dealStatus}`, { context: 'seeker', defaultValue: r.dealStatus })}
            </span>
          )}
          {onClose && r.active && !dealRunning && (
            <Button variant="outline" size="sm" className="ml-auto text-destructive hover:text-destructive" onClick={onClose} data-testid="close-request">
              <XCircle aria-hidden />
              {t('requests.close')}
            </Button>
          )}
        </div>
        {r.status === 'draft' && <p className="text-xs text-muted-foreground">{t('requests.draftHint')}</p>}
        {r.status === 'review' && <p className="text-xs text-muted-foreground">{t('requests.reviewHint')}</p>}
        {r.adminReason && (
          <p className="text-sm text-muted-foreground" data-testid="request-admin-reason">
            {t('requests.adminReason', { reason: r.adminReason })}
          </p>
        )}
        {r.active && dealRunning && <p className="text-xs text-muted-foreground">{t('requests.dealRunningHint')}</p>}
      </CardContent>
    </Card>
  );
}

function CloseRequestDialog({
  request,
  onOpenChange,
  onClosed,
}: {
  request: SeekerRequest | null;
  onOpenChange: (open: boolean) => void;
  onClosed: () => Promise<void>;
}) {
  const { t } = useTranslation('seeker');
  const [busy, setBusy] = useState(false);
  const close = async () => {
    if (!request) return;
    setBusy(true);
    try {
      const r = await api<{ status: 'closed'; refunded: number }>(`/api/seeker/requests/${request.id}/close`, { method: 'POST' });
      toast.success(t('requests.closedToast'), { description: r.refunded > 0 ? t('requests.closedRefunded', { count: r.refunded }) : undefined });
      onOpenChange(false);
      await onClosed();
    } catch (e) {
      toast.error(t('market:error'), { description: errorText(e, t('errors.REQUEST_NOT_CLOSABLE')) });
      onOpenChange(false);
      await onClosed();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={request !== null} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('market:close')} data-testid="close-request-dialog">
        <DialogHeader>
          <DialogTitle>{t('requests.closeTitle')}</DialogTitle>
          <DialogDescription>{t('requests.closeText')}</DialogDescription>
        </DialogHeader>
        {request && (
          <p className="rounded-md bg-muted px-3 py-2 text-sm">
            <span className="font-medium">{t(`intake:categories.${request.kategorie}`, { defaultValue: request.kategorie })}</span>
            {request.ort ? ` · ${request.ort}` : ''}
            {request.unlocked > 0 && <span className="mt-1 block text-muted-foreground">{t('requests.closeRefundCount', { count: request.unlocked })}</span>}
          </p>
        )}
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)} disabled={busy}>
            {t('cancel')}
          </Button>
          <Button variant="destructive" onClick={() => void close()} disabled={busy} data-testid="close-request-confirm">
            {t('requests.closeConfirm')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

export function EmptyState({
  icon: Icon,
  title,
  text,
  testId,
  children,
}: {
  icon: typeof Inbox;
  title: string;
  text: string;
  testId: string;
  children?: ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-card px-6 py-12 text-center" data-testid={testId}>
      <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
        <Icon className="size-6" aria-hidden />
      </span>
      <h2 className="text-lg font-semibold">{title}</h2>
      <p className="max-w-md text-sm text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
