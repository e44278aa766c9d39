// Whether payouts leave from the operator's own accounts (SEPA files, PayPal paid by hand): a clear warning
// while they are on, because moving seekers' and partners' money that way needs a payment licence or a
// confirmed exemption (decision 081); a short note in the SEPA tab while they are off.
import { useTranslation } from 'react-i18next';
import { ShieldAlert } from 'lucide-react';
import { usePublicConfig } from '@/lib/public-config';

export function OwnAccountPayoutsNotice({ showOff = false }: { showOff?: boolean }) {
  const { t } = useTranslation('admin');
  const rails = usePublicConfig().config?.payoutRails;
  if (!rails) return null;
  const on = rails.bank || rails.paypal === 'manual';
  if (!on) {
    return showOff ? (
      <p className="rounded-lg border bg-muted px-4 py-3 text-sm" role="status" data-testid="own-account-payouts-off">
        {t('ownAccountPayouts.off')}
      </p>
    ) : null;
  }
  return (
    <div
      className="flex gap-3 rounded-lg border border-amber-400 bg-amber-50 px-4 py-3 text-sm text-amber-950"
      role="note"
      data-testid="own-account-payouts-warning"
    >
      <ShieldAlert className="mt-0.5 size-5 shrink-0 text-amber-700" aria-hidden />
      <div className="flex flex-col gap-1">
        <p className="font-semibold">{t('ownAccountPayouts.title')}</p>
        <p>{t('ownAccountPayouts.text')}</p>
        <p>{t(rails.stripe || rails.paypal === 'api' ? 'ownAccountPayouts.licensedOn' : 'ownAccountPayouts.licensedOff')}</p>
      </div>
    </div>
  );
}
