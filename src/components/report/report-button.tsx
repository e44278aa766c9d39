// 'Melden' next to content anyone may report (DSA Art. 16): a request, a provider page, a review, an offer or
// a deal inquiry. The button is small and always there; the form loads with the first click.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Flag } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';
import type { ReportContentType } from './report-types';

const ReportDialog = lazy(async () => ({ default: (await import('./report-dialog')).ReportDialog }));

export function ReportButton({
  contentType,
  contentId,
  title,
  className,
  compact = false,
}: {
  contentType: ReportContentType;
  contentId: string;
  /** What is reported, as the person sees it (a company, a category), for the dialog's text. */
  title: string;
  className?: string;
  /** Only the flag icon (with its label for screen readers), for tight rows. */
  compact?: boolean;
}) {
  const { t } = useTranslation('common');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState(false);
  const label = t(`report.button.${contentType}`);
  return (
    <>
      <Button
        type="button"
        variant="ghost"
        size={compact ? 'icon' : 'sm'}
        className={cn('text-muted-foreground hover:text-destructive', compact && 'size-8', className)}
        onClick={() => {
          setLoaded(true);
          setOpen(true);
        }}
        aria-label={compact ? label : undefined}
        title={compact ? label : undefined}
        data-testid={`report-${contentType}`}
      >
        <Flag aria-hidden />
        {!compact && t('report.short')}
      </Button>
      {loaded && (
        <Suspense fallback={null}>
          <ReportDialog open={open} onOpenChange={setOpen} contentType={contentType} contentId={contentId} title={title} />
        </Suspense>
      )}
    </>
  );
}
