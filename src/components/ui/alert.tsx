import * as React from 'react';
import { cn } from '@/lib/utils';

export function Alert({ className, variant = 'default', ...props }: React.HTMLAttributes<HTMLDivElement> & { variant?: 'default' | 'destructive' | 'success' }) {
  return (
    <div
      role={variant === 'destructive' ? 'alert' : 'status'}
      className={cn(
        'rounded-lg border px-4 py-3 text-sm',
        variant === 'destructive' && 'border-destructive/40 bg-destructive/5 text-destructive',
        variant === 'success' && 'border-emerald-300 bg-emerald-50 text-emerald-900',
        variant === 'default' && 'bg-muted',
        className,
      )}
      {...props}
    />
  );
}
