// The way from each dashboard (seeker, provider, partner) to 'Datenschutz & Konto'.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { ROUTE_PATHS } from '../../../core/pages/route-table';

export function PrivacyAccountLink({ from }: { from: string }) {
  const { t } = useTranslation('account');
  return (
    <Link
      to={`${ROUTE_PATHS.accountPrivacy}?from=${encodeURIComponent(from)}`}
      className="inline-flex items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
      data-testid="privacy-account-link"
    >
      <ShieldCheck className="size-4" aria-hidden />
      {t('navLink')}
    </Link>
  );
}
