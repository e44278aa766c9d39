// 'Auszahlungen': the approval queue (approve, or reject with a reason), approved PayPal payouts (recorded
// by hand without the PayPal API, or their status fetched from PayPal with it), and every payout by status.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, CircleX, Inbox, RefreshCw, Wallet, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatEuro } from '@/components/market';
import { adminApi, errorText, PAYOUT_STATUSES, type AdminPayout, type AdminPayoutStatus } from './admin-api';
import { AdminPayoutRow } from './admin-payout-row';
import { OwnAccountPayoutsNotice } from './own-account-payouts-notice';
import { usePublicConfig } from '@/lib/public-config';
import { EmptyState, LoadFailedBanner, ReasonDialog } from './admin-dialogs';

type Pending = { kind: 'reject' | 'failed'; payout: AdminPayout } | null;

export function PayoutsTab() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [queue, setQueue] = useState<AdminPayout[] | null>(null);
  const [paypal, setPaypal] = useState<AdminPayout[] | null>(null);
  const rails = usePublicConfig().config?.payoutRails;
  const [paypalMode, setPaypalMode] = useState<'api' | 'manual'>('manual');
  const [filter, setFilter] = useState<AdminPayoutStatus | ''>('');
  const [all, setAll] = useState<AdminPayout[] | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Pending>(null);
  const [loadFailed, setLoadFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      const [requested, held, approved, processing] = await Promise.all([
        adminApi.payouts('requested'),
        adminApi.payouts('held'),
        adminApi.payouts('approved'),
        adminApi.payouts('processing'),
      ]);
      // Held payouts (both sides of a deal look like one person) first: they need a decision.
      setQueue([...held.payouts, ...requested.payouts]);
      setPaypalMode(requested.paypal);
      setPaypal([...approved.payouts, ...processing.payouts].filter((p) => p.method.type === 'paypal'));
      setLoadFailed(false);
    } catch {
      setLoadFailed(true);
    }
  }, []);

  const loadAll = useCallback(async () => {
    try {
      setAll((await adminApi.payouts(filter || undefined)).payouts);
    } catch {
      setLoadFailed(true);
    }
  }, [filter]);

  useEffect(() => void load(), [load]);
  useEffect(() => void loadAll(), [loadAll]);

  const refresh = () => Promise.all([load(), loadAll()]);

  /** Runs an admin action with its toasts; throws after the error toast so a dialog stays open. */
  const act = async (key: string, action: () => Promise<unknown>, success: string) => {
    setBusy(key);
    try {
      await action();
      toast.success(success);
      await refresh();
    } catch (e) {
      toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
      throw e;
    } finally {
      setBusy(null);
    }
  };
  const quiet = (p: Promise<unknown>) => void p.catch(() => {});

  const sync = async () => {
    setBusy('sync');
    try {
      const r = await adminApi.syncPayPal();
      toast.success(t('payouts.paypal.synced', { paid: r.paid, failed: r.failed, retried: r.retried }));
      await refresh();
    } catch (e) {
      toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
    } finally {
      setBusy(null);
    }
  };

  const sum = (ps: AdminPayout[]) =>
    formatEuro(
      ps.reduce((s, p) => s + p.amountCents, 0),
      lang,
    );

  return (
    <div className="flex flex-col gap-6">
      {loadFailed && <LoadFailedBanner onRetry={() => void refresh()} />}
      <OwnAccountPayoutsNotice />

      <Card>
        <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              {t('payouts.queue.title')}
              {queue && queue.length > 0 && <Badge className="border-primary/30 bg-primary/10 text-primary">{queue.length}</Badge>}
            </h2>
            {queue && queue.length > 0 && <span className="text-sm text-muted-foreground">{t('payouts.total', { amount: sum(queue) })}</span>}
          </div>
          <CardDescription>{t('payouts.queue.text')}</CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          {!queue ? (
            <Skeleton className="h-24" />
          ) : queue.length === 0 ? (
            <EmptyState icon={<Inbox className="size-8 text-muted-foreground" aria-hidden />} text={t('payouts.queue.empty')} testId="payout-queue-empty" />
          ) : (
            <ul className="divide-y rounded-lg border" data-testid="payout-queue">
              {queue.map((p) => (
                <AdminPayoutRow
                  key={p.id}
                  payout={p}
                  showStatus={p.status === 'held'}
                  actions={
                    <>
                      <Button
                        size="sm"
                        onClick={() => quiet(act(p.id, () => adminApi.approvePayout(p.id), t('payouts.toast.approved')))}
                        disabled={busy !== null}
                        data-testid="payout-approve"
                      >
                        <Check aria-hidden />
                        {t('payouts.approve')}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline"
                        className="text-destructive"
                        onClick={() => setDialog({ kind: 'reject', payout: p })}
                        disabled={busy !== null}
                        data-testid="payout-reject"
                      >
                        <X aria-hidden />
                        {t('payouts.reject')}
                      </Button>
                    </>
                  }
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <Wallet className="size-5 text-primary" aria-hidden />
              {t('payouts.paypal.title')}
            </h2>
            {paypalMode === 'api' && (
              <Button size="sm" variant="outline" onClick={() => void sync()} disabled={busy !== null} data-testid="paypal-sync">
                <RefreshCw className={busy === 'sync' ? 'animate-spin' : undefined} aria-hidden />
                {t('payouts.paypal.sync')}
              </Button>
            )}
          </div>
          <CardDescription>
            {t(paypalMode === 'api' ? 'payouts.paypal.apiText' : rails && rails.paypal === 'off' ? 'payouts.paypal.offText' : 'payouts.paypal.manualText')}
          </CardDescription>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          {!paypal ? (
            <Skeleton className="h-20" />
          ) : paypal.length === 0 ? (
            <EmptyState icon={<Wallet className="size-8 text-muted-foreground" aria-hidden />} text={t('payouts.paypal.empty')} />
          ) : (
            <ul className="divide-y rounded-lg border" data-testid="paypal-payouts">
              {paypal.map((p) => (
                <AdminPayoutRow
                  key={p.id}
                  payout={p}
                  actions={
                    paypalMode === 'manual' && p.status === 'approved' ? (
                      <>
                        <Button
                          size="sm"
                          onClick={() => quiet(act(p.id, () => adminApi.completePayout(p.id, 'paid'), t('payouts.toast.paid')))}
                          disabled={busy !== null}
                          data-testid="paypal-mark-paid"
                        >
                          <Check aria-hidden />
                          {t('payouts.paypal.markPaid')}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          className="text-destructive"
                          onClick={() => setDialog({ kind: 'failed', payout: p })}
                          disabled={busy !== null}
                          data-testid="paypal-mark-failed"
                        >
                          <CircleX aria-hidden />
                          {t('payouts.paypal.markFailed')}
                        </Button>
                      </>
                    ) : undefined
                  }
                />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-3">
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div className="flex flex-col gap-1.5">
              <h2 className="text-lg font-semibold">{t('payouts.all.title')}</h2>
              <CardDescription>{t('payouts.all.text')}</CardDescription>
            </div>
            <div className="flex flex-col gap-1.5 sm:w-56">
              <Label htmlFor="payout-filter">{t('payouts.all.filter')}</Label>
              <NativeSelect id="payout-filter" value={filter} onChange={(e) => setFilter(e.target.value as AdminPayoutStatus | '')} data-testid="payout-filter">
                <option value="">{t('payouts.all.any')}</option>
                {PAYOUT_STATUSES.map((s) => (
                  <option key={s} value={s}>
                    {t(`payouts:adminStatus.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
        </CardHeader>
        <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
          {!all ? (
            <Skeleton className="h-24" />
          ) : all.length === 0 ? (
            <EmptyState icon={<Inbox className="size-8 text-muted-foreground" aria-hidden />} text={t('payouts.all.empty')} />
          ) : (
            <ul className="divide-y rounded-lg border" data-testid="payout-all">
              {all.map((p) => (
                <AdminPayoutRow key={p.id} payout={p} />
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <ReasonDialog
        open={dialog !== null}
        title={t(dialog?.kind === 'failed' ? 'payouts.failedDialog.title' : 'payouts.rejectDialog.title')}
        description={t(dialog?.kind === 'failed' ? 'payouts.failedDialog.text' : 'payouts.rejectDialog.text', {
          amount: dialog ? formatEuro(dialog.payout.amountCents, lang) : '',
          name: dialog?.payout.userName ?? '',
        })}
        label={t('payouts.reason')}
        submitLabel={t(dialog?.kind === 'failed' ? 'payouts.paypal.markFailed' : 'payouts.reject')}
        destructive
        onSubmit={(reason) => {
          const p = dialog!.payout;
          return dialog!.kind === 'failed'
            ? act(p.id, () => adminApi.completePayout(p.id, 'failed', reason), t('payouts.toast.failed'))
            : act(p.id, () => adminApi.rejectPayout(p.id, reason), t('payouts.toast.rejected'));
        }}
        onClose={() => setDialog(null)}
      />
    </div>
  );
}
