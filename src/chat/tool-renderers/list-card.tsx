// The list card of the chat's data widgets (a person's deals, requests and payouts; an admin's queues): a
// title, rows (or the empty note) and a footer, with the badge tones and link style they share.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { WidgetCard } from '../intake/controls.tsx';

export const TONE = {
  good: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  wait: 'border-amber-300 bg-amber-50 text-amber-900',
  bad: 'border-red-300 bg-red-50 text-red-800',
  quiet: 'border-slate-300 bg-slate-100 text-slate-700',
} as const;

export const link = 'inline-flex items-center gap-1 text-xs font-medium text-primary underline-offset-4 hover:underline';

export function Pending() {
  const { t } = useTranslation('chat');
  return <p className="text-xs text-muted-foreground italic">{t('tool.running')}</p>;
}

/** A card with a title, a list of rows (or the empty note) and an optional footer. */
export function ListCard({
  testId,
  title,
  icon,
  label,
  empty,
  count,
  children,
  footer,
}: {
  testId: string;
  title: string;
  icon: ReactNode;
  label: string;
  empty: string;
  count: number;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <WidgetCard data-testid={testId} data-count={count}>
      <h3 className="flex items-center gap-2 text-sm font-semibold">
        {icon}
        {title}
      </h3>
      {count ? (
        <ul aria-label={label} className="mt-2 flex flex-col divide-y divide-border">
          {children}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">{empty}</p>
      )}
      {footer && <div className="mt-3 flex flex-wrap items-center gap-3">{footer}</div>}
    </WidgetCard>
  );
}

export function Row({ testId, refId, children }: { testId: string; refId?: string; children: ReactNode }) {
  return (
    <li data-testid={testId} data-ref={refId} className="flex flex-col gap-1 py-2 first:pt-0 last:pb-0">
      {children}
    </li>
  );
}
