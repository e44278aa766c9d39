// 'Meldungen': notice and action (decision 059). The reports that wait (new ones and objections) first, each
// with the content as it was reported, who reported it, whom it concerns and every decision on it; decide
// (remove, restrict or keep, with ground, provision and statement of reasons) and decide an objection
// (uphold or reverse, never by the admin who decided first). The same commands the chat uses.
import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Flag, Gavel, Inbox, Loader2, Scale } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { formatDateTime } from '@/components/market';
import { useAuth } from '@/lib/auth';
import { useLiveEvents } from '@/lib/live';
import { useLatest } from '@/lib/use-latest';
import { cn } from '@/lib/utils';
import { DECISIONS_BY_TYPE, PROVISION_MAX, PROVISION_MIN, STATEMENT_MAX, STATEMENT_MIN, type ReportDecision } from '@/components/report/report-types';
import { adminApi, errorText, type AdminReportView, type ReportFilter } from './admin-api';
import { EmptyState, LoadFailedBanner } from './admin-dialogs';

const FILTERS: ReportFilter[] = ['todo', 'open', 'objected', 'decided', 'upheld', 'reversed', 'all'];
const STATUS_STYLE: Record<string, string> = {
  open: 'border-amber-300 bg-amber-50 text-amber-900',
  objected: 'border-rose-300 bg-rose-50 text-rose-900',
  decided: 'border-sky-200 bg-sky-50 text-sky-900',
  upheld: 'border-emerald-200 bg-emerald-50 text-emerald-900',
  reversed: 'border-violet-200 bg-violet-50 text-violet-900',
};

export function ReportsTab() {
  const { t } = useTranslation('admin');
  const [filter, setFilter] = useState<ReportFilter>('todo');
  const [reports, setReports] = useState<AdminReportView[] | null>(null);
  const [todo, setTodo] = useState(0);
  const [failed, setFailed] = useState(false);
  const [deciding, setDeciding] = useState<AdminReportView | null>(null);
  const [objection, setObjection] = useState<AdminReportView | null>(null);

  const ticket = useLatest();
  const load = useCallback(async () => {
    const mine = ticket();
    try {
      const r = await adminApi.reports(filter);
      if (!mine.isLatest()) return;
      setReports(r.reports);
      setTodo(r.todo);
      setFailed(false);
    } catch {
      if (mine.isLatest()) setFailed(true);
    }
  }, [filter, ticket]);
  useEffect(() => void load(), [load]);
  useLiveEvents(['report.created', 'report.updated'], () => void load());
  // A decided report leaves the list with the button that opened its dialog: the focus then goes to the tab
  // rather than to the page's start (WCAG 2.4.3; decision 085).
  const root = useRef<HTMLDivElement>(null);
  const refocus = useRef(false);
  const decided = () => {
    refocus.current = true;
    void load();
  };
  useEffect(() => {
    if (!refocus.current || !reports) return;
    refocus.current = false;
    if (document.activeElement === document.body) root.current?.focus({ preventScroll: true });
  }, [reports]);

  return (
    <div ref={root} tabIndex={-1} className="flex flex-col gap-6 focus-visible:outline-none" data-testid="admin-reports">
      <Card>
        <CardHeader className="p-4 sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 className="flex items-center gap-2 text-lg font-semibold">
              <Flag className="size-5 text-primary" aria-hidden />
              {t('reports.title')}
              {todo > 0 && (
                <Badge className="border-primary/30 bg-primary/10 text-primary" data-testid="reports-todo">
                  {todo}
                </Badge>
              )}
            </h2>
            <div className="flex items-center gap-2">
              <Label htmlFor="reports-filter" className="shrink-0 text-sm">
                {t('reports.filter.label')}
              </Label>
              <NativeSelect id="reports-filter" value={filter} onChange={(e) => setFilter(e.target.value as ReportFilter)} data-testid="reports-filter">
                {FILTERS.map((f) => (
                  <option key={f} value={f}>
                    {t(`reports.filter.${f}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
          </div>
          <CardDescription>{t('reports.text')}</CardDescription>
        </CardHeader>
      </Card>
      {failed && <LoadFailedBanner onRetry={() => void load()} />}
      {!reports ? (
        <Skeleton className="h-48" />
      ) : reports.length === 0 ? (
        <EmptyState icon={<Inbox className="size-8 text-muted-foreground" aria-hidden />} text={t('reports.empty')} testId="reports-empty" />
      ) : (
        <ul className="flex flex-col gap-4">
          {reports.map((r) => (
            <li key={r.id}>
              <ReportCard report={r} onDecide={() => setDeciding(r)} onDecideObjection={() => setObjection(r)} />
            </li>
          ))}
        </ul>
      )}
      <DecideDialog report={deciding} onClose={() => setDeciding(null)} onDone={decided} />
      <ObjectionDialog report={objection} onClose={() => setObjection(null)} onDone={decided} />
    </div>
  );
}

function ReportCard({ report: r, onDecide, onDecideObjection }: { report: AdminReportView; onDecide: () => void; onDecideObjection: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  const { user } = useAuth();
  const sameAdmin = r.status === 'objected' && r.decidedById === user?.id;
  const fields = Object.entries(r.snapshot.fields).filter(([, v]) => v !== null && v !== '');
  return (
    <Card data-testid="admin-report" data-report-id={r.id} data-status={r.status}>
      <CardContent className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <Badge className={cn('border', STATUS_STYLE[r.status])}>{t(`reports:status.${r.status}`)}</Badge>
          <span className="font-semibold">{t(`reports:types.${r.contentType}`)}</span>
          <span className="font-mono text-xs text-muted-foreground">#{r.ref}</span>
          <span className="ml-auto text-xs text-muted-foreground">{formatDateTime(r.createdAt, lang)}</span>
        </div>

        {/* Named with its report's reference: one region per report card, each its own name (axe landmark-unique). */}
        <section className="flex flex-col gap-2" aria-label={t('reports.snapshotOf', { ref: `#${r.ref}` })}>
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{t('reports.snapshot')}</p>
          <div className="rounded-md border bg-muted/40 p-3 text-sm">
            <p className="font-semibold break-words">
              {r.contentType === 'request' || r.contentType === 'offer'
                ? t(`intake:categories.${r.snapshot.title}`, { defaultValue: r.snapshot.title })
                : r.snapshot.title}
            </p>
            <p className="mt-1 whitespace-pre-line break-words" data-testid="report-snapshot-text">
              {r.snapshot.text || '–'}
            </p>
            {fields.length > 0 && (
              <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-0.5 text-xs text-muted-foreground">
                {fields.map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt>{t(`reports.fields.${k}`, { defaultValue: k })}</dt>
                    <dd className="break-words">{String(v)}</dd>
                  </div>
                ))}
              </dl>
            )}
            {r.snapshot.path && (
              <a
                href={r.snapshot.path}
                className="mt-2 inline-block text-xs font-medium text-primary underline-offset-4 hover:underline"
                target="_blank"
                rel="noreferrer"
              >
                {t('reports.open')}
              </a>
            )}
          </div>
        </section>

        <dl className="grid gap-x-4 gap-y-1.5 text-sm sm:grid-cols-[10rem_minmax(0,1fr)]">
          <dt className="text-muted-foreground">{t('reports.ground')}</dt>
          <dd>
            {t(`reports:ground.${r.ground}`)} · {t(`reports:category.${r.category}`)}
          </dd>
          <dt className="text-muted-foreground">{t('reports.explanation')}</dt>
          <dd className="whitespace-pre-line break-words">{r.explanation}</dd>
          <dt className="text-muted-foreground">{t('reports.reporter')}</dt>
          <dd className="break-words">
            {r.reporter.name || r.reporter.email ? [r.reporter.name, r.reporter.email].filter(Boolean).join(' · ') : t('reports.reporterUnknown')}
            {r.reporter.signedIn && <span className="text-muted-foreground"> ({t('reports.signedIn')})</span>}
          </dd>
          <dt className="text-muted-foreground">{t('reports.affected')}</dt>
          <dd className="break-words">{r.affected ? `${r.affected.name} · ${r.affected.email}` : t('reports.affectedNone')}</dd>
        </dl>
        {r.otherOpen > 0 && <p className="text-xs text-amber-800">{t('reports.otherOpen', { count: r.otherOpen })}</p>}

        {r.decision && (
          <section className="flex flex-col gap-1 rounded-md border p-3 text-sm" data-testid="report-decision">
            <p className="flex items-center gap-1.5 font-semibold">
              <Gavel className="size-4 text-primary" aria-hidden />
              {t(`reports:decision.${r.decision}`)}
              {r.decisionProvision && <span className="font-normal text-muted-foreground">· {r.decisionProvision}</span>}
            </p>
            <p className="whitespace-pre-line break-words">{r.decisionReason}</p>
            <p className="text-xs text-muted-foreground">{t('reports.decidedBy', { who: r.decidedBy ?? '–', date: formatDateTime(r.decidedAt!, lang) })}</p>
          </section>
        )}
        {r.objection && (
          <section className="flex flex-col gap-1 rounded-md border border-rose-200 bg-rose-50/50 p-3 text-sm" data-testid="report-objection">
            <p className="font-semibold">{t('reports.objectionTitle', { date: formatDateTime(r.objectedAt!, lang) })}</p>
            <p className="whitespace-pre-line break-words">{r.objection}</p>
            {r.objectionDecidedAt && (
              <p className="text-xs text-muted-foreground">
                {t(`reports:status.${r.status}`)}: {r.objectionReason} ·{' '}
                {t('reports.decidedBy', { who: r.objectionDecidedBy ?? '–', date: formatDateTime(r.objectionDecidedAt, lang) })}
              </p>
            )}
          </section>
        )}

        {r.status === 'open' && (
          <Button className="self-start" onClick={onDecide} data-testid="report-decide">
            <Scale aria-hidden />
            {t('reports.decide')}
          </Button>
        )}
        {r.status === 'objected' && (
          <div className="flex flex-col gap-1.5">
            <Button
              className="self-start"
              onClick={onDecideObjection}
              disabled={sameAdmin}
              aria-describedby={sameAdmin ? `same-admin-${r.id}` : undefined}
              data-testid="report-decide-objection"
            >
              <Scale aria-hidden />
              {t('reports.decideObjection')}
            </Button>
            {sameAdmin && (
              <p id={`same-admin-${r.id}`} className="text-xs text-muted-foreground" data-testid="report-same-admin">
                {t('reports.sameAdmin')}
              </p>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function DecideDialog({ report, onClose, onDone }: { report: AdminReportView | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const uid = useId();
  const [decision, setDecision] = useState<ReportDecision>('remove');
  const [ground, setGround] = useState<'illegal' | 'terms'>('terms');
  const [provision, setProvision] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ provision?: string; reason?: string }>({});
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (!report) return;
    setDecision('remove');
    setGround(report.ground);
    setProvision('');
    setReason('');
    setErrors({});
  }, [report]);
  if (!report) return null;
  const keep = decision === 'keep';

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const errs: typeof errors = {};
    if (!keep && provision.trim().length < PROVISION_MIN) errs.provision = t('reports.dialog.provisionRequired');
    if (reason.trim().length < STATEMENT_MIN) errs.reason = t('reports.dialog.reasonTooShort', { min: STATEMENT_MIN });
    setErrors(errs);
    if (Object.keys(errs).length) return;
    setBusy(true);
    try {
      await adminApi.decideReport(report.id, {
        decision,
        ground: keep ? 'none' : ground,
        ...(keep ? {} : { provision: provision.trim() }),
        reason: reason.trim(),
      });
      toast.success(t('reports.toast.decided'));
      onDone();
      onClose();
    } catch (err) {
      toast.error(t('toast.errorTitle'), { description: errorText(err, t('toast.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('dialogs.close')} className="max-h-[92dvh] overflow-y-auto" data-testid="report-decide-dialog">
        <DialogHeader>
          <DialogTitle>{t('reports.dialog.title', { ref: report.ref })}</DialogTitle>
          <DialogDescription>{t('reports.dialog.text')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('reports.dialog.decision')}</legend>
            {DECISIONS_BY_TYPE[report.contentType].map((d) => (
              <label
                key={d}
                htmlFor={`${uid}-${d}`}
                className="flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary/60 has-[:checked]:bg-primary/5"
              >
                <input
                  type="radio"
                  id={`${uid}-${d}`}
                  name={`${uid}-decision`}
                  checked={decision === d}
                  onChange={() => setDecision(d)}
                  className="mt-1 size-4 accent-[var(--color-primary)]"
                  data-testid={`report-decision-${d}`}
                />
                <span className="flex flex-col">
                  <span className="font-medium">{t(`reports:decision.${d}`)}</span>
                  <span className="text-xs text-muted-foreground">{t(`reports:effect.${report.contentType}.${d}`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          {!keep && (
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${uid}-ground`}>{t('reports.dialog.ground')}</Label>
                <NativeSelect
                  id={`${uid}-ground`}
                  value={ground}
                  onChange={(e) => setGround(e.target.value as 'illegal' | 'terms')}
                  data-testid="report-decision-ground"
                >
                  <option value="terms">{t('reports:ground.terms')}</option>
                  <option value="illegal">{t('reports:ground.illegal')}</option>
                </NativeSelect>
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor={`${uid}-provision`}>{t('reports.dialog.provision')}</Label>
                <Input
                  id={`${uid}-provision`}
                  value={provision}
                  maxLength={PROVISION_MAX}
                  onChange={(e) => {
                    setProvision(e.target.value);
                    setErrors((x) => ({ ...x, provision: undefined }));
                  }}
                  placeholder={ground === 'terms' ? t('reports.dialog.provisionTerms') : t('reports.dialog.provisionLaw')}
                  aria-invalid={errors.provision ? true : undefined}
                  aria-describedby={errors.provision ? `${uid}-provision-error` : undefined}
                  data-testid="report-decision-provision"
                />
                {errors.provision && (
                  <p id={`${uid}-provision-error`} className="text-sm text-destructive">
                    {errors.provision}
                  </p>
                )}
              </div>
            </div>
          )}
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-reason`}>{t('reports.dialog.reason')}</Label>
            <Textarea
              id={`${uid}-reason`}
              rows={4}
              maxLength={STATEMENT_MAX}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setErrors((x) => ({ ...x, reason: undefined }));
              }}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? `${uid}-reason-error` : `${uid}-reason-hint`}
              data-testid="report-decision-reason"
            />
            {errors.reason ? (
              <p id={`${uid}-reason-error`} className="text-sm text-destructive">
                {errors.reason}
              </p>
            ) : (
              <p id={`${uid}-reason-hint`} className="text-xs text-muted-foreground">
                {t('reports.dialog.reasonHint', { min: STATEMENT_MIN })}
              </p>
            )}
          </div>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('dialogs.cancel')}
            </Button>
            <Button type="submit" variant={keep ? 'default' : 'destructive'} disabled={busy} data-testid="report-decision-submit">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('reports.dialog.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function ObjectionDialog({ report, onClose, onDone }: { report: AdminReportView | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation('admin');
  const uid = useId();
  const [outcome, setOutcome] = useState<'upheld' | 'reversed'>('upheld');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    setOutcome('upheld');
    setReason('');
    setError(null);
  }, [report]);
  if (!report) return null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (reason.trim().length < STATEMENT_MIN) return setError(t('reports.dialog.reasonTooShort', { min: STATEMENT_MIN }));
    setBusy(true);
    try {
      await adminApi.decideObjection(report.id, { outcome, reason: reason.trim() });
      toast.success(t('reports.toast.objectionDecided'));
      onDone();
      onClose();
    } catch (err) {
      toast.error(t('toast.errorTitle'), { description: errorText(err, t('toast.actionFailed')) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('dialogs.close')} className="max-h-[92dvh] overflow-y-auto" data-testid="report-objection-dialog">
        <DialogHeader>
          <DialogTitle>{t('reports.objectionDialog.title', { ref: report.ref })}</DialogTitle>
          <DialogDescription className="whitespace-pre-line">{report.objection}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <fieldset className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-medium">{t('reports.objectionDialog.outcome')}</legend>
            {(['upheld', 'reversed'] as const).map((o) => (
              <label
                key={o}
                htmlFor={`${uid}-${o}`}
                className="flex cursor-pointer items-start gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary/60 has-[:checked]:bg-primary/5"
              >
                <input
                  type="radio"
                  id={`${uid}-${o}`}
                  name={`${uid}-outcome`}
                  checked={outcome === o}
                  onChange={() => setOutcome(o)}
                  className="mt-1 size-4 accent-[var(--color-primary)]"
                  data-testid={`report-objection-${o}`}
                />
                <span className="flex flex-col">
                  <span className="font-medium">{t(`reports.objectionDialog.${o}`)}</span>
                  <span className="text-xs text-muted-foreground">{t(`reports.objectionDialog.${o}Hint`)}</span>
                </span>
              </label>
            ))}
          </fieldset>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-reason`}>{t('reports.dialog.reason')}</Label>
            <Textarea
              id={`${uid}-reason`}
              rows={4}
              maxLength={STATEMENT_MAX}
              value={reason}
              onChange={(e) => {
                setReason(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${uid}-reason-error` : undefined}
              data-testid="report-objection-reason"
            />
            {error && (
              <p id={`${uid}-reason-error`} className="text-sm text-destructive">
                {error}
              </p>
            )}
          </div>
          <DialogFooter className="gap-2">
            <Button type="button" variant="outline" onClick={onClose}>
              {t('dialogs.cancel')}
            </Button>
            <Button type="submit" disabled={busy} data-testid="report-objection-submit">
              {busy && <Loader2 className="animate-spin" aria-hidden />}
              {t('reports.dialog.submit')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
