import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

// The specification's colours: sehr_dringend red, dringend orange, normal yellow, niedrig green, other grey.
const STYLES: Record<string, string> = {
  sehr_dringend: 'border-red-200 bg-red-100 text-red-800',
  dringend: 'border-orange-200 bg-orange-100 text-orange-800',
  normal: 'border-yellow-200 bg-yellow-100 text-yellow-800',
  niedrig: 'border-green-200 bg-green-100 text-green-800',
};

export function UrgencyBadge({ urgency, className }: { urgency: string; className?: string }) {
  const { t } = useTranslation('market');
  return (
    <span
      data-testid="urgency-badge"
      data-urgency={urgency}
      className={cn(
        'inline-flex items-center rounded-full border px-2.5 py-0.5 text-xs font-semibold',
        STYLES[urgency] ?? 'border-gray-200 bg-gray-100 text-gray-700',
        className,
      )}
    >
      {t(`urgency.${urgency}`, { defaultValue: urgency })}
    </span>
  );
}
