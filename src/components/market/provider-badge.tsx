import { useTranslation } from 'react-i18next';
import { BadgeCheck, Trophy } from 'lucide-react';
import { cn } from '@/lib/utils';

export function ProviderBadge({ badge, className }: { badge: 'verifiziert' | 'top_bewertet' | null; className?: string }) {
  const { t } = useTranslation('market');
  if (!badge) return null;
  const Icon = badge === 'verifiziert' ? BadgeCheck : Trophy;
  return (
    <span
      data-testid="provider-badge"
      className={cn(
        'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-semibold',
        badge === 'verifiziert' ? 'border-sky-200 bg-sky-50 text-sky-800' : 'border-amber-200 bg-amber-50 text-amber-800',
        className,
      )}
    >
      <Icon className="size-3.5" aria-hidden />
      {t(`badge.${badge}`)}
    </span>
  );
}
