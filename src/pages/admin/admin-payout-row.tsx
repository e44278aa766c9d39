// One payout as the admins see it: who, how much, where to, since when, where it stands, and the actions
// that fit its status.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BadgeCheck, Landmark, Wallet } from 'lucide-react';
import { formatDateTime, formatEuro } from '@/components/market';
import { AdminPayoutStatusBadge, payoutMethodText } from '@/components/payouts';
import type { AdminPayout } from './admin-api';

export function AdminPayoutRow({ payout: p, actions, showStatus = true }: { payout: AdminPayout; actions?: ReactNode; showStatus?: boolean }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  return (
    <li className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:gap-4" data-testid="admin-payout" data-payout-id={p.id} data-email={p.userEmail}>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
          <span className="text-lg font-bold tabular-nums">{formatEuro(p.amountCents, lang)}</span>
          {showStatus && <AdminPayoutStatusBadge status={p.status} />}
          <span className="text-xs text-muted-foreground">{t(`payouts.source.${p.source}`, { defaultValue: p.source })}</span>
        </div>
        <p className="text-sm break-words">
          <span className="font-medium">{p.userName}</span> <span className="text-muted-foreground">{p.userEmail}</span>
        </p>
        <p className="flex items-start gap-2 text-sm text-muted-foreground">
          {p.method.type === 'paypal' ? <Wallet className="mt-0.5 size-4 shrink-0" aria-hidden /> : <Landmark className="mt-0.5 size-4 shrink-0" aria-hidden />}
          <span className="min-w-0 break-words" data-testid="admin-payout-method">
            {/* A Stripe account has no holder of its own here (Stripe keeps the bank details). */}
            {p.method.type === 'bank' ? [p.method.accountHolder, p.method.label].filter(Boolean).join(' · ') : payoutMethodText(t, p.method)}
            {p.method.verified && (
              <span className="ml-2 inline-flex items-center gap-1 whitespace-nowrap text-emerald-700">
                <BadgeCheck className="size-3.5" aria-hidden />
                {t('payouts.verified')}
              </span>
            )}
          </span>
        </p>
        <p className="text-xs text-muted-foreground">
          {t('payouts.requestedAt', { date: formatDateTime(p.requestedAt, lang) })}
          {p.status === 'paid' && p.paidAt && (
            <span data-testid="admin-payout-paid-at">{` · ${t('payouts.paidAt', { date: formatDateTime(p.paidAt, lang) })}`}</span>
          )}
          {p.method.type === 'bank' && p.status === 'approved' && ` · ${t(p.sepaBatchId ? 'payouts.inBatch' : 'payouts.awaitingBatch')}`}
          {p.holdReasons.length > 0 && (
            <span className="mt-1 block text-amber-800" data-testid="payout-hold-reasons">
              {t('payouts.hold.title')}: {p.holdReasons.map((r) => t(`payouts.hold.reasons.${r}`)).join('; ')}
            </span>
          )}
          {p.stripeReversedCents > 0 && (
            <span className="block text-foreground" data-testid="payout-reversed">
              {t('payouts.stripeReversed', { amount: formatEuro(p.stripeReversedCents, lang) })}
            </span>
          )}
          {p.failureReason && (
            <span className="block text-foreground">
              {t('payouts.reason')}: {p.failureReason}
            </span>
          )}
        </p>
      </div>
      {actions && <div className="flex shrink-0 flex-wrap gap-2">{actions}</div>}
    </li>
  );
}
