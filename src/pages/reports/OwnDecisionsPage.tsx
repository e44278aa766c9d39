// '/konto/entscheidungen': what was decided about the signed-in person's content after a report, with the
// statement of reasons (DSA Art. 17), and the objection (once, within six months; Art. 20) and its outcome.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Gavel, Loader2, RefreshCw } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { formatDate } from '@/components/market';
import { api, ApiError } from '@/lib/api';
import { useAuth, usePageMeta } from '@/lib/auth';
import { useLiveEvents } from '@/lib/live';
import { OBJECTION_MAX, OBJECTION_MIN } from '@/components/report/report-types';
import type { OwnDecisionView } from '../../../core/api/reports.ts';

export function OwnDecisionsPage() {
  const { t } = useTranslation('common');
  const { user, loading } = useAuth();
  usePageMeta(t('decisions.title'), t('decisions.text'));
  if (loading) return <Skeleton className="mx-auto mt-12 h-64 max-w-3xl" />;
  if (!user) return <Navigate to="/auth?next=/konto/entscheidungen" replace />;
  return <Decisions />;
}

function Decisions() {
  const { t } = useTranslation('common');
  const [decisions, setDecisions] = useState<OwnDecisionView[] | null>(null);
  const [failed, setFailed] = useState(false);
  const load = useCallback(() => {
    api<{ decisions: OwnDecisionView[] }>('/api/me/report-decisions').then(
      (r) => {
        setDecisions(r.decisions);
        setFailed(false);
      },
      () => setFailed(true),
    );
  }, []);
  useEffect(() => load(), [load]);
  useLiveEvents(['report.decided'], () => load());
  // The mail's link names one decision (#report-…): bring it into view once the list is there.
  useEffect(() => {
    if (!decisions || !window.location.hash) return;
    document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [decisions]);

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12" data-testid="own-decisions-page">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('decisions.title')}</h1>
        <p className="text-muted-foreground">{t('decisions.text')}</p>
        <Link to="/konto/datenschutz" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          {t('decisions.back')}
        </Link>
      </div>
      {!decisions ? (
        failed ? (
          <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
            <span>{t('decisions.loadError')}</span>
            <Button variant="outline" size="sm" onClick={load}>
              <RefreshCw aria-hidden />
              {t('decisions.retry')}
            </Button>
          </Alert>
        ) : (
          <Skeleton className="h-48" />
        )
      ) : decisions.length === 0 ? (
        <p className="rounded-xl border border-dashed px-4 py-12 text-center text-muted-foreground" data-testid="own-decisions-empty">
          {t('decisions.empty')}
        </p>
      ) : (
        <ul className="flex flex-col gap-4">
          {decisions.map((d) => (
            <li key={d.id}>
              <DecisionCard decision={d} onChanged={load} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function DecisionCard({ decision: d, onChanged }: { decision: OwnDecisionView; onChanged: () => void }) {
  const { t, i18n } = useTranslation(['common', 'reports']);
  const lang = i18n.resolvedLanguage ?? 'de';
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const errorId = `objection-${d.id}-error`;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (text.trim().length < OBJECTION_MIN) {
      setError(t('decisions.objection.tooShort', { min: OBJECTION_MIN }));
      return;
    }
    setBusy(true);
    try {
      await api(`/api/me/report-decisions/${d.id}/objection`, { method: 'POST', body: { text: text.trim() } });
      toast.success(t('decisions.objection.sent'));
      onChanged();
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t('decisions.objection.failed'));
    } finally {
      setBusy(false);
    }
  };

  const s = d.statement;
  return (
    <Card id={`report-${d.id}`} data-testid="own-decision" data-status={d.status}>
      <CardHeader className="gap-2">
        <div className="flex flex-wrap items-center gap-2">
          <Gavel className="size-5 text-primary" aria-hidden />
          <h2 className="text-lg font-semibold leading-tight first-letter:uppercase">{d.content}</h2>
          <Badge data-testid="own-decision-status">{t(`reports:status.${d.status}`)}</Badge>
        </div>
        <p className="text-xs text-muted-foreground">{t('decisions.decidedAt', { date: formatDate(d.decidedAt, lang), ref: d.ref })}</p>
      </CardHeader>
      <CardContent className="flex flex-col gap-4 text-sm">
        <blockquote className="rounded-md border-l-4 bg-muted/50 px-3 py-2 whitespace-pre-line break-words text-muted-foreground">{d.text || '–'}</blockquote>
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[10rem_minmax(0,1fr)]" data-testid="statement-of-reasons">
          <dt className="font-medium">{t('decisions.labels.decision')}</dt>
          <dd>{s.decision}</dd>
          <dt className="font-medium">{t('decisions.labels.ground')}</dt>
          <dd>{s.ground}</dd>
          <dt className="font-medium">{t('decisions.labels.facts')}</dt>
          <dd className="whitespace-pre-line break-words">{s.facts}</dd>
          <dt className="font-medium">{t('decisions.labels.basis')}</dt>
          <dd>
            {s.basis} {s.automation}
          </dd>
          <dt className="font-medium">{t('decisions.labels.redress')}</dt>
          <dd>{s.redress}</dd>
        </dl>
        {d.objection && (
          <div className="flex flex-col gap-1 rounded-md border p-3" data-testid="own-objection">
            <p className="font-medium">{t('decisions.objection.yours', { date: formatDate(d.objectedAt!, lang) })}</p>
            <p className="whitespace-pre-line break-words text-muted-foreground">{d.objection}</p>
            {d.status === 'objected' && <p className="text-muted-foreground">{t('decisions.objection.pending')}</p>}
            {(d.status === 'upheld' || d.status === 'reversed') && (
              <p data-testid="objection-outcome">
                <span className="font-medium">{t(`decisions.objection.outcome.${d.status}`)}</span> {d.objectionReason}
              </p>
            )}
          </div>
        )}
        {d.canObject && (
          <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-2 border-t pt-4" data-testid="objection-form">
            <Label htmlFor={`objection-${d.id}`}>{t('decisions.objection.label')}</Label>
            <Textarea
              id={`objection-${d.id}`}
              rows={3}
              maxLength={OBJECTION_MAX}
              value={text}
              onChange={(e) => {
                setText(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : `objection-${d.id}-hint`}
              data-testid="objection-text"
            />
            {error ? (
              <p id={errorId} className="text-sm font-medium text-destructive">
                {error}
              </p>
            ) : (
              <p id={`objection-${d.id}-hint`} className="text-xs text-muted-foreground">
                {t('decisions.objection.hint', { date: formatDate(d.objectionUntil, lang) })}
              </p>
            )}
            <Button type="submit" disabled={busy} className="self-start" data-testid="objection-submit">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('decisions.objection.submit')}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
