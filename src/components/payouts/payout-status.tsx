// A payout's status as the specification shows it: 'In Bearbeitung', 'Ausgezahlt', 'Abgelehnt', and
// 'Fehlgeschlagen' for a transfer PayPal or the bank refused (machines/payout.machine.ts decides the mapping).
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/utils';
import { displayStatus } from '../../../machines/payout.machine.ts';

const TONE = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  processed: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  rejected: 'border-slate-300 bg-slate-100 text-slate-700',
  failed: 'border-red-300 bg-red-50 text-red-800',
} as const;

export function PayoutStatusBadge({ status, className }: { status: string; className?: string }) {
  const { t } = useTranslation('payouts');
  const shown = displayStatus(status);
  return (
    <Badge className={cn(TONE[shown], className)} data-testid="payout-status" data-status={status}>
      {t(`status.${shown}`)}
    </Badge>
  );
}

/** The admins see every step of the machine, not only the four the person sees. */
export function AdminPayoutStatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('payouts');
  return (
    <Badge className={TONE[displayStatus(status)]} data-testid="admin-payout-status" data-status={status}>
      {t(`adminStatus.${status}`, { defaultValue: status })}
    </Badge>
  );
}
