// The live commission plan (from /api/affiliate/plan, never typed in): one hook, one table.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Skeleton } from '@/components/ui/skeleton';
import { useInitialData } from '@/lib/page-meta';
import { affiliateApi, formatBp, type LivePlan } from './affiliate-api';

export function useLivePlan() {
  // The affiliate pages come rendered from the server with the plan (decision 037); it is asked again on mount.
  const [plan, setPlan] = useState<LivePlan | null>(useInitialData<LivePlan>('affiliate-plan') ?? null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let alive = true;
    affiliateApi.plan().then(
      (p) => alive && setPlan(p),
      () => alive && setFailed(true),
    );
    return () => {
      alive = false;
    };
  }, []);
  return { plan, failed };
}

export function PlanTable({ plan, failed }: { plan: Pick<LivePlan, 'poolBp' | 'levels'> | null; failed: boolean }) {
  const { t, i18n } = useTranslation('affiliate');
  const lang = i18n.resolvedLanguage ?? 'de';
  if (failed) return <p className="text-muted-foreground">{t('landing.planError')}</p>;
  if (!plan) return <Skeleton className="h-64 w-full" aria-label={t('landing.planLoading')} />;
  return (
    <div className="flex flex-col gap-4" data-testid="live-plan">
      <p className="text-muted-foreground">{t('landing.planText', { pool: formatBp(plan.poolBp, lang) })}</p>
      <ol className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        {plan.levels
          .filter((l) => l.bp > 0)
          .map((l) => (
            <li key={l.level} className="flex flex-col rounded-xl border bg-card p-3" data-testid={`plan-level-${l.level}`}>
              <span className="text-xs font-semibold text-muted-foreground">{t('landing.planLevel', { level: l.level })}</span>
              <span className="text-2xl font-bold tabular-nums text-primary">{formatBp(l.shareOfRevenueBp, lang)}</span>
              <span className="text-xs text-muted-foreground">{t('landing.planShareOfPool', { share: formatBp(l.bp, lang) })}</span>
            </li>
          ))}
      </ol>
    </div>
  );
}
