import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import { cn } from '@/lib/utils';

/** A rating out of five, read by screen readers as text. */
export function Stars({ value, size = 'sm', className }: { value: number | null; size?: 'sm' | 'md'; className?: string }) {
  const { t, i18n } = useTranslation('market');
  const v = value ?? 0;
  // In the page's language, not the runtime's default locale (the server's may differ from the browser's).
  const locale = i18n.resolvedLanguage === 'en' ? 'en-GB' : 'de-DE';
  return (
    <span
      role="img"
      aria-label={value === null ? t('rating.none') : t('rating.value', { value: v.toLocaleString(locale, { maximumFractionDigits: 1 }) })}
      className={cn('inline-flex items-center gap-0.5', className)}
    >
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden
          className={cn(size === 'sm' ? 'size-3.5' : 'size-5', i <= Math.round(v) ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/40')}
        />
      ))}
    </span>
  );
}

/** Picks 1-5 stars (radio buttons underneath, so keyboards and screen readers work). */
export function StarInput({ value, onChange, name, disabled }: { value: number; onChange: (v: number) => void; name: string; disabled?: boolean }) {
  const { t } = useTranslation('market');
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <div role="radiogroup" aria-label={t('rating.label')} className="flex items-center gap-1" onMouseLeave={() => setHover(0)}>
      {[1, 2, 3, 4, 5].map((i) => (
        <label
          key={i}
          className={cn('cursor-pointer rounded p-0.5 focus-within:ring-2 focus-within:ring-ring', disabled && 'cursor-not-allowed opacity-50')}
          onMouseEnter={() => setHover(i)}
        >
          <input
            type="radio"
            name={name}
            value={i}
            checked={value === i}
            disabled={disabled}
            onChange={() => onChange(i)}
            className="sr-only"
            data-testid={`star-${i}`}
          />
          <Star aria-hidden className={cn('size-7', i <= shown ? 'fill-amber-400 text-amber-400' : 'text-muted-foreground/40')} />
          <span className="sr-only">{t('rating.stars', { count: i })}</span>
        </label>
      ))}
    </div>
  );
}
