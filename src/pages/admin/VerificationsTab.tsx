// 'Nachweise': trade documents providers uploaded (Gewerbeschein, Handwerkskarte). The admin opens the
// file in a new tab and approves it (the provider gets the 'Verifiziert' badge) or rejects it with a note.
import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, ExternalLink, FileCheck, FileText, X } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatNumber } from '@/components/market';
import { cn } from '@/lib/utils';
import { adminApi, errorText, type VerificationDoc } from './admin-api';
import { EmptyState, LoadFailed, ReasonDialog } from './admin-dialogs';

const STATUSES = ['pending', 'approved', 'rejected'] as const;
type Status = (typeof STATUSES)[number];

const TONE: Record<string, string> = {
  pending: 'border-amber-300 bg-amber-50 text-amber-900',
  approved: 'border-emerald-300 bg-emerald-50 text-emerald-800',
  rejected: 'border-red-300 bg-red-50 text-red-800',
};

function fileSize(bytes: number, lang: string) {
  return bytes >= 1024 * 1024
    ? `${formatNumber(Math.round((bytes / 1024 / 1024) * 10) / 10, lang)} MB`
    : `${formatNumber(Math.max(1, Math.round(bytes / 1024)), lang)} KB`;
}

export function VerificationsTab() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [status, setStatus] = useState<Status>('pending');
  const [docs, setDocs] = useState<VerificationDoc[] | null>(null);
  const [failed, setFailed] = useState(false);
  const [deciding, setDeciding] = useState<{ doc: VerificationDoc; decision: 'approve' | 'reject' } | null>(null);

  const load = useCallback(async () => {
    setDocs(null);
    try {
      setDocs((await adminApi.verifications(status)).documents);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [status]);
  useEffect(() => void load(), [load]);

  const decide = async (text: string) => {
    const { doc, decision } = deciding!;
    try {
      await adminApi.decideVerification(doc.id, decision, text || undefined);
      toast.success(t(decision === 'approve' ? 'verifications.toast.approved' : 'verifications.toast.rejected', { name: doc.firmenname }));
      setDocs((list) => list?.filter((d) => d.id !== doc.id) ?? null);
    } catch (e) {
      toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
      throw e;
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h2 className="text-lg font-semibold">{t('verifications.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('verifications.text')}</p>
        </div>
        <div className="inline-flex self-start rounded-lg bg-muted p-1" role="group" aria-label={t('verifications.filter')}>
          {STATUSES.map((s) => (
            <button
              key={s}
              type="button"
              onClick={() => setStatus(s)}
              aria-pressed={status === s}
              className={cn(
                'cursor-pointer rounded-md px-3 py-1.5 text-sm font-medium text-muted-foreground transition-colors',
                status === s && 'bg-card text-foreground shadow-sm',
              )}
            >
              {t(`verifications.status.${s}`)}
            </button>
          ))}
        </div>
      </div>

      {!docs ? (
        failed ? (
          <LoadFailed onRetry={() => void load()} />
        ) : (
          <Skeleton className="h-32" />
        )
      ) : docs.length === 0 ? (
        <EmptyState
          icon={<FileCheck className="size-8 text-muted-foreground" aria-hidden />}
          text={t(`verifications.empty.${status}`)}
          testId="verifications-empty"
        />
      ) : (
        <ul className="flex flex-col gap-3">
          {docs.map((d) => (
            <li key={d.id}>
              <Card data-testid="verification-doc" data-doc-id={d.id}>
                <CardContent className="flex flex-col gap-4 p-4 sm:flex-row sm:items-center sm:p-5">
                  <span className="grid size-11 shrink-0 place-items-center rounded-lg bg-muted text-primary">
                    <FileText className="size-5" aria-hidden />
                  </span>
                  <div className="flex min-w-0 flex-1 flex-col gap-1">
                    <div className="flex flex-wrap items-center gap-2">
                      <Link to={`/anbieter/${d.providerId}`} className="font-semibold hover:underline">
                        {d.firmenname}
                      </Link>
                      <Badge className={TONE[d.status] ?? TONE.pending}>{t(`verifications.status.${d.status}`, { defaultValue: d.status })}</Badge>
                    </div>
                    <p className="text-sm">
                      {t(`provider:verification.kinds.${d.kind}`, { defaultValue: d.kind })} ·{' '}
                      <span className="break-all text-muted-foreground">{d.fileName}</span>
                    </p>
                    <p className="text-xs text-muted-foreground">
                      {d.mimeType} · {fileSize(d.size, lang)} · {t('verifications.uploaded', { date: formatDateTime(d.createdAt, lang) })}
                      {d.reviewedAt && ` · ${t('verifications.reviewed', { date: formatDateTime(d.reviewedAt, lang) })}`}
                    </p>
                    {d.note && (
                      <p className="text-sm">
                        {t('verifications.note')}: {d.note}
                      </p>
                    )}
                  </div>
                  <div className="flex flex-wrap gap-2">
                    <Button asChild size="sm" variant="outline">
                      <a href={adminApi.verificationFileUrl(d.id)} target="_blank" rel="noopener noreferrer" data-testid="verification-open">
                        <ExternalLink aria-hidden />
                        {t('verifications.open')}
                        <span className="sr-only"> ({t('verifications.newTab')})</span>
                      </a>
                    </Button>
                    {d.status === 'pending' && (
                      <>
                        <Button size="sm" onClick={() => setDeciding({ doc: d, decision: 'approve' })} data-testid="verification-approve">
                          <Check aria-hidden />
                          {t('verifications.approve')}
                        </Button>
                        <Button
                          size="sm"
                          variant="outline"
                          className="text-destructive"
                          onClick={() => setDeciding({ doc: d, decision: 'reject' })}
                          data-testid="verification-reject"
                        >
                          <X aria-hidden />
                          {t('verifications.reject')}
                        </Button>
                      </>
                    )}
                  </div>
                </CardContent>
              </Card>
            </li>
          ))}
        </ul>
      )}

      <ReasonDialog
        open={deciding !== null}
        title={t(deciding?.decision === 'reject' ? 'verifications.rejectDialog.title' : 'verifications.approveDialog.title')}
        description={t(deciding?.decision === 'reject' ? 'verifications.rejectDialog.text' : 'verifications.approveDialog.text', {
          name: deciding?.doc.firmenname ?? '',
        })}
        label={t('verifications.note')}
        submitLabel={t(deciding?.decision === 'reject' ? 'verifications.reject' : 'verifications.approve')}
        minLength={deciding?.decision === 'reject' ? 3 : 0}
        maxLength={500}
        destructive={deciding?.decision === 'reject'}
        onSubmit={decide}
        onClose={() => setDeciding(null)}
      />
    </div>
  );
}
