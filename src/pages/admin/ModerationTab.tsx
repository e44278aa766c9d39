// 'Moderation': requests the pre-filter held back, with their quality score and the reasons it found;
// approving opens and matches a request, rejecting ends it with a reason (the seeker is told either way).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, Flag, MapPin, ShieldCheck, X } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { UrgencyBadge, formatBudget, formatDateTime } from '@/components/market';
import { cn } from '@/lib/utils';
import { adminApi, errorText, type ModerationRequest } from './admin-api';
import { EmptyState, LoadFailed, ReasonDialog } from './admin-dialogs';

function scoreTone(score: number) {
  if (score >= 70) return 'bg-emerald-500';
  if (score >= 40) return 'bg-amber-500';
  return 'bg-red-500';
}

export function ModerationTab() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [requests, setRequests] = useState<ModerationRequest[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState<string | null>(null);
  const [rejecting, setRejecting] = useState<ModerationRequest | null>(null);

  const load = useCallback(async () => {
    try {
      setRequests((await adminApi.moderation()).requests);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const decide = async (r: ModerationRequest, decision: 'approve' | 'reject', reason?: string) => {
    setBusy(r.id);
    try {
      const res = await adminApi.moderate(r.id, decision, reason);
      toast.success(decision === 'approve' ? t('moderation.toast.approved', { count: res.matched }) : t('moderation.toast.rejected'));
      setRequests((list) => list?.filter((x) => x.id !== r.id) ?? null);
      void load();
    } catch (e) {
      toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
      throw e;
    } finally {
      setBusy(null);
    }
  };

  if (!requests) {
    return failed ? (
      <LoadFailed onRetry={() => void load()} />
    ) : (
      <div className="flex flex-col gap-4">
        <Skeleton className="h-40" />
        <Skeleton className="h-40" />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h2 className="text-lg font-semibold">{t('moderation.title')}</h2>
        <p className="text-sm text-muted-foreground">{t('moderation.text')}</p>
      </div>
      {requests.length === 0 ? (
        <EmptyState icon={<ShieldCheck className="size-8 text-muted-foreground" aria-hidden />} text={t('moderation.empty')} testId="moderation-empty" />
      ) : (
        <ul className="flex flex-col gap-4">
          {requests.map((r) => {
            const budget = formatBudget(r.budgetMin, r.budgetMax, lang) ?? t('market:budgetOpen');
            return (
              <li key={r.id}>
                <Card data-testid="moderation-request" data-request-id={r.id}>
                  <CardContent className="flex flex-col gap-4 p-4 sm:p-6">
                    <div className="flex flex-wrap items-start justify-between gap-3">
                      <div className="flex flex-col gap-1">
                        <div className="flex flex-wrap items-center gap-2">
                          <h3 className="text-base font-semibold">{t(`intake:categories.${r.kategorie}`, { defaultValue: r.kategorie })}</h3>
                          <UrgencyBadge urgency={r.dringlichkeit} />
                        </div>
                        <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
                          <span className="inline-flex items-center gap-1">
                            <MapPin className="size-3.5" aria-hidden />
                            {[r.postcode, r.ort].filter(Boolean).join(' ') || t('moderation.noPlace')}
                          </span>
                          <span>{budget}</span>
                          <span>{formatDateTime(r.createdAt, lang)}</span>
                        </p>
                      </div>
                      {r.qualityScore !== null && (
                        <div className="flex min-w-36 flex-col gap-1" data-testid="moderation-score">
                          <span className="text-xs text-muted-foreground">{t('moderation.score')}</span>
                          <div className="flex items-center gap-2">
                            <div
                              className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
                              role="meter"
                              aria-valuemin={0}
                              aria-valuemax={100}
                              aria-valuenow={r.qualityScore}
                              aria-label={t('moderation.score')}
                            >
                              <div
                                className={cn('h-full rounded-full', scoreTone(r.qualityScore))}
                                style={{ width: `${Math.max(2, Math.min(100, r.qualityScore))}%` }}
                              />
                            </div>
                            <span className="text-sm font-semibold tabular-nums">{r.qualityScore}/100</span>
                          </div>
                        </div>
                      )}
                    </div>
                    <p className="rounded-lg bg-muted/50 p-3 text-sm whitespace-pre-wrap break-words">{r.beschreibung}</p>
                    {r.flags.length > 0 && (
                      <ul className="flex flex-col gap-1.5" aria-label={t('moderation.flags')}>
                        {r.flags.map((f, i) => (
                          <li key={`${f.code}-${i}`} className="flex flex-wrap items-start gap-2 text-sm" data-testid="moderation-flag" data-code={f.code}>
                            <span className="inline-flex items-center gap-1 rounded-full border border-red-200 bg-red-50 px-2.5 py-0.5 text-xs font-semibold text-red-800">
                              <Flag className="size-3" aria-hidden />
                              {t(`moderation.flagCodes.${f.code}`, { defaultValue: f.code })}
                            </span>
                            {f.detail && (
                              <span className="text-muted-foreground break-all">
                                {f.code === 'duplicate' ? t('moderation.duplicateOf', { id: f.detail.slice(0, 8) }) : f.detail}
                              </span>
                            )}
                          </li>
                        ))}
                      </ul>
                    )}
                    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                      <Button
                        variant="outline"
                        className="text-destructive"
                        onClick={() => setRejecting(r)}
                        disabled={busy !== null}
                        data-testid="moderation-reject"
                      >
                        <X aria-hidden />
                        {t('moderation.reject')}
                      </Button>
                      <Button onClick={() => void decide(r, 'approve').catch(() => {})} disabled={busy !== null} data-testid="moderation-approve">
                        <Check aria-hidden />
                        {t('moderation.approve')}
                      </Button>
                    </div>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      )}
      <ReasonDialog
        open={rejecting !== null}
        title={t('moderation.rejectDialog.title')}
        description={t('moderation.rejectDialog.text')}
        label={t('requests.rejectDialog.label')}
        submitLabel={t('moderation.reject')}
        minLength={3}
        maxLength={500}
        destructive
        onSubmit={(reason) => decide(rejecting!, 'reject', reason)}
        onClose={() => setRejecting(null)}
      />
    </div>
  );
}
