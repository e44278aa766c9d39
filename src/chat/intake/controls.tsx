// Small building blocks of the intake widgets: the card frame, a labelled field with its error, a native
// select and a textarea styled like the app's Input, and the round answer chips.
import type { ButtonHTMLAttributes, HTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react';
import { ChevronDown } from 'lucide-react';
import { Label } from '@/components/ui/label';
import { cn } from '@/lib/utils';

/** 16px text on phones (no zoom on focus in iOS Safari), the app's 14px from the sm breakpoint. */
export const controlText = 'text-base sm:text-sm';

/** The frame of a form or card inside an assistant bubble: as wide as the bubble allows, up to 30rem. */
export function WidgetCard({ className, children, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn('@container mt-3 w-[30rem] max-w-full rounded-lg border border-border bg-card p-3 text-card-foreground shadow-sm', className)}
      {...props}
    >
      {children}
    </div>
  );
}

export function FieldShell({
  id,
  label,
  required,
  error,
  errorId,
  className,
  children,
}: {
  id: string;
  label: string;
  required?: boolean;
  error?: string | null;
  errorId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <div className={cn('flex min-w-0 flex-col gap-1', className)}>
      <Label htmlFor={id} className="text-xs font-medium text-foreground/80">
        {label}
        {required && (
          <span aria-hidden="true" className="ml-0.5 text-destructive">
            *
          </span>
        )}
      </Label>
      {children}
      {error && (
        <p id={errorId} className="text-xs text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}

const boxClass = cn(
  'w-full min-w-0 rounded-md border border-input bg-card px-3 text-foreground placeholder:text-muted-foreground disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive',
  controlText,
);

export const inputClass = cn(boxClass, 'h-9 py-1');

export function NativeSelect({ className, children, ...props }: SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <div className={cn('relative min-w-0', className)}>
      <select className={cn(boxClass, 'h-9 cursor-pointer appearance-none truncate py-1 pr-8')} {...props}>
        {children}
      </select>
      <ChevronDown aria-hidden="true" className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
    </div>
  );
}

export function Textarea({ className, ...props }: TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return <textarea className={cn(boxClass, 'min-h-16 resize-y py-2 leading-snug', className)} {...props} />;
}

/** A round answer button, like the chat's option buttons; `dot` is a colour class for a leading dot. */
export function AnswerChip({
  dot,
  variant = 'primary',
  className,
  children,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { dot?: string; variant?: 'primary' | 'quiet' }) {
  return (
    <button
      type="button"
      className={cn(
        'inline-flex min-h-9 items-center gap-1.5 rounded-full border px-3 py-1.5 text-sm font-medium transition-colors',
        'focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50',
        variant === 'primary'
          ? 'border-primary/40 bg-background text-primary hover:bg-primary hover:text-primary-foreground disabled:hover:bg-background disabled:hover:text-primary'
          : 'border-border bg-background text-muted-foreground hover:bg-muted hover:text-foreground disabled:hover:bg-background',
        className,
      )}
      {...props}
    >
      {dot && <span aria-hidden="true" className={cn('size-2 shrink-0 rounded-full', dot)} />}
      {children}
    </button>
  );
}

/** Colours of the urgencies (product spec: very urgent red, urgent orange, normal yellow, low green, other grey). */
export const URGENCY_STYLES: Record<string, { dot: string; badge: string }> = {
  sehr_dringend: { dot: 'bg-red-500', badge: 'border-red-200 bg-red-50 text-red-700' },
  dringend: { dot: 'bg-orange-500', badge: 'border-orange-200 bg-orange-50 text-orange-700' },
  normal: { dot: 'bg-yellow-400', badge: 'border-yellow-200 bg-yellow-50 text-yellow-800' },
  niedrig: { dot: 'bg-green-500', badge: 'border-green-200 bg-green-50 text-green-700' },
};
export const OTHER_URGENCY_STYLE = { dot: 'bg-gray-400', badge: 'border-gray-200 bg-gray-50 text-gray-600' };
