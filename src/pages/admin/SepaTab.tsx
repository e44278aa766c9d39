// 'SEPA-Dateien': approved bank payouts are collected into one pain.001 file that the admin downloads and
// hands to the bank; marking the file sent and then paid completes its payouts. A transfer that came back
// is marked failed on its own, which returns the amount to the person.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CheckCheck, Download, FileStack, Landmark, Loader2, Send, Undo2 } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatEuro } from '@/components/market';
import { cn } from '@/lib/utils';
import { adminApi, errorText, type AdminPayout, type SepaBatch } from './admin-api';
import { AdminPayoutRow } from './admin-payout-row';
import { OwnAccountPayoutsNotice } from './own-account-payouts-notice';
import { ConfirmDialog, EmptyState, LoadFailedBanner, ReasonDialog } from './admin-dialogs';

const BATCH_TONE: Record<string, string> = {
  created: 'border-slate-300 bg-slate-50 text-slate-700',
  sent: 'border-amber-300 bg-amber-50 text-amber-900',
  paid: 'border-emerald-300 bg-emerald-50 text-emerald-800',
};

type Confirm = { kind: 'sent' | 'paid'; batch: SepaBatch } | null;

export function SepaTab() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [batches, setBatches] = useState<SepaBatch[] | null>(null);
  const [payouts, setPayouts] = useState<AdminPayout[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirm, setConfirm] = useState<Confirm>(null);
  const [returned, setReturned] = useState<AdminPayout | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [b, p] = await Promise.all([adminApi.batches(), adminApi.payouts()]);
      setBatches(b.batches);
      setPayouts(p.payouts);
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const ready = payouts?.filter((p) => p.status === 'approved' && p.method.type === 'bank' && !p.sepaBatchId) ?? null;
  const readyTotal = ready?.reduce((s, p) => s + p.amountCents, 0) ?? 0;

  const act = async (key: string, action: () => Promise<unknown>, success: string) => {
    setBusy(key);
    try {
      await action();
      toast.success(success);
      await load();
    } catch (e) {
      toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
      throw e;
    } finally {
      setBusy(null);
    }
  };

  const create = () =>
    void act('create', () => adminApi.createBatch(), t('sepa.toast.created', { count: ready?.length ?? 0, amount: formatEuro(readyTotal, lang) })).catch(
      () => {},
    );

  return (
    <div className="flex flex-col gap-6">
      {loadFailed && <LoadFailedBanner onRetry={() => void load()} />}
      <OwnAccountPayoutsNotice showOff />

      <Card>
        <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-3">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <Landmark className="size-5 text-primary" aria-hidden />
              {t('sepa.ready.title')}
            </h2>
            <Button onClick={create} disabled={busy !== null || !ready?.length} data-testid="sepa-create">
              {busy === 'create' ? <Loader2 className="animate-spin" aria-hidden /> : <FileStack aria-hidden />}
              {t('sepa.create')}
            </Button>
          </div>
          <CardDescription>
            {ready && ready.length > 0 ? t('sepa.ready.summary', { count: ready.length, amount: formatEuro(readyTotal, lang) }) : t('sepa.ready.text')}
          </CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          {!ready ? (
            <Skeleton className="h-20" />
          ) : ready.length === 0 ? (
            <EmptyState icon={<Landmark className="size-8 text-muted-foreground" aria-hidden />} text={t('sepa.ready.empty')} testId="sepa-ready-empty" />
          ) : (
            <ul className="divide-y rounded-lg border" data-testid="sepa-ready">
              {ready.map((p) => (
                <AdminPayoutRow key={p.id} payout={p} showStatus={false} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <section className="flex flex-col gap-3" aria-labelledby="sepa-batches-title">
        <div>
          <h2 id="sepa-batches-title" className="text-lg font-semibold">
            {t('sepa.batches.title')}
          </h2>
          <p className="text-sm text-muted-foreground">{t('sepa.batches.text')}</p>
        </div>
        {!batches ? (
          <Skeleton className="h-40" />
        ) : batches.length === 0 ? (
          <EmptyState icon={<FileStack className="size-8 text-muted-foreground" aria-hidden />} text={t('sepa.batches.empty')} />
        ) : (
          <ul className="flex flex-col gap-4">
            {batches.map((b) => {
              const members = payouts?.filter((p) => p.sepaBatchId === b.id) ?? [];
              return (
                <li key={b.id}>
                  <Card data-testid="sepa-batch" data-batch-id={b.id} data-status={b.status}>
                    <CardHeader className="gap-3 p-4 pb-3 sm:p-6 sm:pb-3">
                      <div className="flex flex-wrap items-start justify-between gap-3">
                        <div className="flex min-w-0 flex-col gap-1">
                          <div className="flex flex-wrap items-center gap-2">
                            <h3 className="font-mono text-sm font-semibold break-all">{b.messageId}</h3>
                            <Badge className={cn(BATCH_TONE[b.status] ?? BATCH_TONE.created)} data-testid="sepa-batch-status">
                              {t(`sepa.status.${b.status}`, { defaultValue: b.status })}
                            </Badge>
                          </div>
                          <p className="text-sm">
                            <span className="font-semibold tabular-nums">{formatEuro(b.totalCents, lang)}</span>
                            <span className="text-muted-foreground"> · {t('sepa.batches.count', { count: b.count })}</span>
                          </p>
                          <p className="text-xs text-muted-foreground">
                            {t('sepa.batches.created', { date: formatDateTime(b.createdAt, lang) })}
                            {b.sentAt && ` · ${t('sepa.batches.sent', { date: formatDateTime(b.sentAt, lang) })}`}
                            {b.paidAt && ` · ${t('sepa.batches.paid', { date: formatDateTime(b.paidAt, lang) })}`}
                          </p>
                        </div>
                        <div className="flex flex-wrap gap-2">
                          <Button asChild size="sm" variant="outline">
                            <a href={adminApi.batchFileUrl(b.id)} download={`${b.messageId}.xml`} data-testid="sepa-download">
                              <Download aria-hidden />
                              {t('sepa.download')}
                            </a>
                          </Button>
                          {b.status === 'created' && (
                            <Button size="sm" onClick={() => setConfirm({ kind: 'sent', batch: b })} disabled={busy !== null} data-testid="sepa-mark-sent">
                              <Send aria-hidden />
                              {t('sepa.markSent')}
                            </Button>
                          )}
                          {b.status === 'sent' && (
                            <Button size="sm" onClick={() => setConfirm({ kind: 'paid', batch: b })} disabled={busy !== null} data-testid="sepa-mark-paid">
                              <CheckCheck aria-hidden />
                              {t('sepa.markPaid')}
                            </Button>
                          )}
                        </div>
                      </div>
                    </CardHeader>
                    {members.length > 0 && (
                      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
                        <ul className="divide-y rounded-lg border" aria-label={t('sepa.batches.members')}>
                          {members.map((p) => (
                            <AdminPayoutRow
                              key={p.id}
                              payout={p}
                              actions={
                                p.status === 'processing' ? (
                                  <Button
                                    size="sm"
                                    variant="outline"
                                    className="text-destructive"
                                    onClick={() => setReturned(p)}
                                    disabled={busy !== null}
                                    data-testid="sepa-transfer-failed"
                                  >
                                    <Undo2 aria-hidden />
                                    {t('sepa.transferFailed')}
                                  </Button>
                                ) : undefined
                              }
                            />
                          ))}
                        </ul>
                      </CardContent>
                    )}
                  </Card>
                </li>
              );
            })}
          </ul>
        )}
      </section>

      <ConfirmDialog
        open={confirm !== null}
        title={t(confirm?.kind === 'paid' ? 'sepa.confirmPaid.title' : 'sepa.confirmSent.title')}
        description={t(confirm?.kind === 'paid' ? 'sepa.confirmPaid.text' : 'sepa.confirmSent.text', {
          count: confirm?.batch.count ?? 0,
          amount: confirm ? formatEuro(confirm.batch.totalCents, lang) : '',
        })}
        confirmLabel={t(confirm?.kind === 'paid' ? 'sepa.markPaid' : 'sepa.markSent')}
        onConfirm={() => {
          const b = confirm!.batch;
          return confirm!.kind === 'paid'
            ? act(b.id, () => adminApi.batchPaid(b.id), t('sepa.toast.paid'))
            : act(b.id, () => adminApi.batchSent(b.id), t('sepa.toast.sent'));
        }}
        onClose={() => setConfirm(null)}
      />
      <ReasonDialog
        open={returned !== null}
        title={t('sepa.returnedDialog.title')}
        description={t('sepa.returnedDialog.text', { amount: returned ? formatEuro(returned.amountCents, lang) : '', name: returned?.userName ?? '' })}
        label={t('payouts.reason')}
        submitLabel={t('sepa.transferFailed')}
        destructive
        onSubmit={(reason) => act(returned!.id, () => adminApi.transferFailed(returned!.id, reason), t('sepa.toast.transferFailed'))}
        onClose={() => setReturned(null)}
      />
    </div>
  );
}
