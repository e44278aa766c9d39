// 'Zurückgehaltene Provisionen': commissions a fraud rule held back (one partner on both sides of a deal, a
// shared payout account, one e-mail domain, a burst of sign-ups) wait here for an admin, who releases one (it
// counts again, payable when its refund window has passed) or voids it (booked back to platform revenue),
// always with a reason; both are audited (`commission.release`, `commission.void`). The partner meanwhile reads
// 'zurückgehalten – wird geprüft' in the dashboard.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Ban, CheckCircle2, ShieldAlert } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatEuro, formatNumber } from '@/components/market';
import { adminApi, errorText, type HeldCommission } from './admin-api';
import { EmptyState, LoadFailed, ReasonDialog } from './admin-dialogs';

type Decision = { kind: 'release' | 'void'; commission: HeldCommission } | null;

export function HeldCommissionsTab() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [items, setItems] = useState<HeldCommission[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [decision, setDecision] = useState<Decision>(null);

  const load = useCallback(async () => {
    try {
      setItems((await adminApi.heldCommissions()).commissions);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const goints = (c: HeldCommission) => t('held.amount', { goints: formatNumber(c.amount.goints, lang), euro: formatEuro(c.amount.cents, lang) });

  const decide = async (reason: string) => {
    if (!decision) return;
    const { kind, commission: c } = decision;
    try {
      await adminApi.decideCommission(c.id, kind, reason);
      toast.success(t(kind === 'release' ? 'held.toast.released' : 'held.toast.voided', { name: c.partnerName, amount: goints(c) }));
      await load();
    } catch (e) {
      toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
      // The list may have moved meanwhile (another admin decided it).
      void load();
      throw e;
    }
  };

  return (
    <Card>
      <CardHeader className="p-4 pb-3 sm:p-6 sm:pb-3">
        <h2 className="flex items-center gap-2 text-lg font-semibold">
          <ShieldAlert className="size-5 text-primary" aria-hidden />
          {t('held.title')}
        </h2>
        <CardDescription>{t('held.text')}</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        {failed ? (
          <LoadFailed onRetry={() => void load()} />
        ) : !items ? (
          <Skeleton className="h-40" />
        ) : items.length === 0 ? (
          <EmptyState icon={<CheckCircle2 className="size-8 text-muted-foreground" aria-hidden />} text={t('held.empty')} testId="held-empty" />
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="held-list">
            {items.map((c) => (
              <li
                key={c.id}
                className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4"
                data-testid="held-commission"
                data-commission-id={c.id}
                data-partner={c.partnerEmail}
              >
                <div className="flex min-w-0 flex-1 flex-col gap-1">
                  <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
                    <span className="text-lg font-bold tabular-nums">{goints(c)}</span>
                    <span className="text-xs text-muted-foreground">{t('held.level', { level: c.level })}</span>
                  </div>
                  <p className="text-sm break-words">
                    <span className="text-muted-foreground">{t('held.partner')}: </span>
                    <span className="font-medium">{c.partnerName}</span> <span className="text-muted-foreground">{c.partnerEmail}</span>
                  </p>
                  <p className="text-sm break-words">
                    <span className="text-muted-foreground">{t('held.referred')}: </span>
                    {c.referred ? (
                      <>
                        <span className="font-medium">{c.referred.name}</span> <span className="text-muted-foreground">{c.referred.email}</span>
                      </>
                    ) : (
                      <span className="text-muted-foreground">{t('held.accountGone')}</span>
                    )}
                  </p>
                  <ul className="mt-1 flex flex-col gap-0.5 text-sm text-amber-900" aria-label={t('held.flagsLabel')} data-testid="held-flags">
                    {c.flags.map((f) => (
                      <li key={f.code}>• {t(`held.flags.${f.code}`, { detail: f.detail ?? '', defaultValue: t('held.flags.other') })}</li>
                    ))}
                  </ul>
                  <p className="text-xs text-muted-foreground">{t('held.booked', { date: formatDateTime(c.createdAt, lang), deal: c.dealId.slice(0, 6) })}</p>
                </div>
                <div className="flex shrink-0 flex-wrap gap-2">
                  <Button onClick={() => setDecision({ kind: 'release', commission: c })} data-testid="held-release">
                    <CheckCircle2 aria-hidden />
                    {t('held.release')}
                  </Button>
                  <Button variant="outline" onClick={() => setDecision({ kind: 'void', commission: c })} data-testid="held-void">
                    <Ban aria-hidden />
                    {t('held.void')}
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <ReasonDialog
        open={decision !== null}
        title={t(decision?.kind === 'void' ? 'held.voidDialog.title' : 'held.releaseDialog.title')}
        description={
          decision
            ? t(decision.kind === 'void' ? 'held.voidDialog.text' : 'held.releaseDialog.text', {
                name: decision.commission.partnerName,
                amount: goints(decision.commission),
              })
            : ''
        }
        label={t('held.reasonLabel')}
        submitLabel={t(decision?.kind === 'void' ? 'held.void' : 'held.release')}
        minLength={3}
        maxLength={500}
        destructive={decision?.kind === 'void'}
        onSubmit={decide}
        onClose={() => setDecision(null)}
      />
    </Card>
  );
}
