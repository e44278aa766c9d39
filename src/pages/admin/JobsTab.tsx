// 'Hintergrundaufträge': background jobs that failed after all their attempts (name, attempts, last error,
// time), each with 'Erneut starten' (audited on the server). Decision 044.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CircleCheck, RefreshCw, RotateCcw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/components/market';
import type { FailedJobView } from '../../../core/api/admin.ts';
import { adminApi, errorText } from './admin-api';
import { EmptyState, LoadFailed } from './admin-dialogs';

export function JobsTab() {
  const { t, i18n } = useTranslation('admin');
  const [jobs, setJobs] = useState<FailedJobView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const lang = i18n.resolvedLanguage ?? 'de';
  const label = (name: string) => t(`jobs.names.${name}`, { defaultValue: name });

  const load = () =>
    adminApi.failedJobs().then(
      (r) => {
        setJobs(r.jobs);
        setFailed(false);
      },
      () => setFailed(true),
    );
  useEffect(() => void load(), []);

  const retry = async (job: FailedJobView) => {
    setBusy(job.id);
    try {
      await adminApi.retryJob(job.id);
      toast.success(t('jobs.retried', { name: label(job.name) }));
      setJobs((prev) => prev?.filter((j) => j.id !== job.id) ?? null);
    } catch (err) {
      toast.error(t('toast.errorTitle'), { description: errorText(err, t('jobs.retryFailed')) });
      void load();
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="max-w-3xl text-sm text-muted-foreground">{t('jobs.intro')}</p>
        <Button variant="outline" size="sm" onClick={() => void load()}>
          <RefreshCw aria-hidden />
          {t('jobs.refresh')}
        </Button>
      </div>
      {failed ? (
        <LoadFailed onRetry={() => void load()} />
      ) : !jobs ? (
        <Skeleton className="h-40" />
      ) : jobs.length === 0 ? (
        <EmptyState icon={<CircleCheck className="size-8" aria-hidden />} text={t('jobs.empty')} testId="jobs-empty" />
      ) : (
        <ul className="flex flex-col gap-3" data-testid="failed-jobs">
          {jobs.map((job) => (
            <li key={job.id}>
              <Card>
                <CardContent className="flex flex-col gap-2 p-4">
                  <div className="flex flex-wrap items-center justify-between gap-2">
                    <p className="min-w-0 font-medium [overflow-wrap:anywhere]">
                      {label(job.name)}
                      <span className="ml-2 font-mono text-xs text-muted-foreground">{job.name}</span>
                    </p>
                    <Button size="sm" disabled={busy === job.id} aria-label={t('jobs.retryOf', { name: label(job.name) })} onClick={() => void retry(job)}>
                      <RotateCcw aria-hidden />
                      {t('jobs.retry')}
                    </Button>
                  </div>
                  <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
                    <dt className="text-muted-foreground">{t('jobs.attempts')}</dt>
                    <dd className="tabular-nums">{job.attempts}</dd>
                    <dt className="text-muted-foreground">{t('jobs.failedAt')}</dt>
                    <dd>
                      <time dateTime={job.failedAt}>{formatDateTime(job.failedAt, lang)}</time>
                    </dd>
                    <dt className="text-muted-foreground">{t('jobs.lastError')}</dt>
                    <dd className="font-mono text-xs [overflow-wrap:anywhere]">{job.lastError || '–'}</dd>
                  </dl>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
