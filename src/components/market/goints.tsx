import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';
import { formatNumber } from './format';

const SIZES = { xs: 'size-3.5', sm: 'size-4', md: 'size-5', lg: 'size-7', xl: 'size-10' } as const;

/** The Goints coin. */
export function GointsCoin({ size = 'sm', className }: { size?: keyof typeof SIZES; className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden className={cn(SIZES[size], 'shrink-0', className)}>
      <circle cx="12" cy="12" r="11" fill="#f59e0b" />
      <circle cx="12" cy="12" r="8.5" fill="#fbbf24" stroke="#d97706" strokeWidth="1" />
      {/* The G as a stroke, not as text, so the coin adds no letter to the page's text. */}
      <path d="M15.6 9.4A4.4 4.4 0 1 0 16.4 13h-3.6" fill="none" stroke="#92400e" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** '150 Goints' with the coin. */
export function GointsAmount({ value, size = 'sm', className, testId }: { value: number; size?: keyof typeof SIZES; className?: string; testId?: string }) {
  const { i18n } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-1.5 font-semibold tabular-nums', className)} data-testid={testId}>
      <GointsCoin size={size} />
      <span>{formatNumber(value, i18n.resolvedLanguage ?? 'de')} Goints</span>
    </span>
  );
}
