// 'Anfragen verwalten': every request, newest first, with the total, paging and filters (status, category,
// flagged). A held-back request is released or rejected with a reason the seeker is told; any request without
// a deal in progress can be closed (the unlocking providers are refunded).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Check, ChevronLeft, ChevronRight, Flag, Inbox, MapPin, X, XCircle } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { UrgencyBadge, formatBudget, formatDateTime } from '@/components/market';
import { cn } from '@/lib/utils';
import { useLatest } from '@/lib/use-latest';
import { CATEGORY_IDS } from '../provider/provider-api';
import { errorText } from './admin-api';
import { EmptyState, ReasonDialog } from './admin-dialogs';
import { ADMIN_REQUEST_STATUSES, CLOSABLE_STATUSES, requestsApi, type AdminRequestRow, type AdminRequestsPage, type RequestFilters } from './requests-api';

const PAGE_SIZE = 20;

const STATUS_STYLE: Record<string, string> = {
  review: 'border-amber-200 bg-amber-50 text-amber-800',
  open: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  completed: 'border-sky-200 bg-sky-50 text-sky-800',
  rejected: 'border-red-200 bg-red-50 text-red-800',
};

function scoreTone(score: number) {
  if (score >= 70) return 'bg-emerald-500';
  if (score >= 40) return 'bg-amber-500';
  return 'bg-red-500';
}

type Action = { kind: 'release' | 'reject' | 'close'; request: AdminRequestRow };

export function RequestsTab() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [filters, setFilters] = useState<RequestFilters>({});
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AdminRequestsPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [action, setAction] = useState<Action | null>(null);

  const ticket = useLatest();
  const load = useCallback(async () => {
    const mine = ticket();
    try {
      const data = await requestsApi.list(filters, page, PAGE_SIZE);
      if (!mine.isLatest()) return;
      setData(data);
      setError(null);
    } catch (e) {
      if (!mine.isLatest()) return;
      const message = t('requests.loadError', { message: errorText(e, t('loadErrorList')) });
      setError(message);
      toast.error(message);
    }
  }, [filters, page, t, ticket]);
  useEffect(() => void load(), [load]);

  const setFilter = (key: keyof RequestFilters, value: string) => {
    setFilters((f) => ({ ...f, [key]: value || undefined }));
    setPage(1);
  };

  const run = async (a: Action, reason: string) => {
    try {
      if (a.kind === 'close') {
        const r = await requestsApi.close(a.request.id, reason || undefined);
        toast.success(t('requests.toast.closed', { count: r.refunded }));
      } else {
        const r = await requestsApi.moderate(a.request.id, a.kind === 'release' ? 'approve' : 'reject', reason || undefined);
        toast.success(a.kind === 'release' ? t('requests.toast.released', { count: r.matched }) : t('requests.toast.rejected'));
      }
      await load();
    } catch (e) {
      toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
      throw e;
    }
  };

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('requests.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('requests.text')}</p>
        </div>
        {data && (
          <Badge className="border-gray-200 bg-gray-100 text-gray-700 tabular-nums" data-testid="admin-requests-total">
            {t('requests.total', { count: data.total })}
          </Badge>
        )}
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="requests-filter-status">{t('requests.filters.status')}</Label>
          <NativeSelect
            id="requests-filter-status"
            data-testid="requests-filter-status"
            value={filters.status ?? ''}
            onChange={(e) => setFilter('status', e.target.value)}
          >
            <option value="">{t('requests.filters.all')}</option>
            {ADMIN_REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`requests.status.${s}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="requests-filter-category">{t('requests.filters.category')}</Label>
          <NativeSelect
            id="requests-filter-category"
            data-testid="requests-filter-category"
            value={filters.kategorie ?? ''}
            onChange={(e) => setFilter('kategorie', e.target.value)}
          >
            <option value="">{t('requests.filters.all')}</option>
            {CATEGORY_IDS.map((c) => (
              <option key={c} value={c}>
                {t(`intake:categories.${c}`, { defaultValue: c })}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="requests-filter-flagged">{t('requests.filters.flagged')}</Label>
          <NativeSelect
            id="requests-filter-flagged"
            data-testid="requests-filter-flagged"
            value={filters.flagged ?? ''}
            onChange={(e) => setFilter('flagged', e.target.value)}
          >
            <option value="">{t('requests.filters.all')}</option>
            <option value="true">{t('requests.filters.flaggedOnly')}</option>
            <option value="false">{t('requests.filters.cleanOnly')}</option>
          </NativeSelect>
        </div>
      </div>
      {error && (
        <Alert variant="destructive" data-testid="admin-requests-error">
          {error}
        </Alert>
      )}
      {!data ? (
        !error && (
          <div className="flex flex-col gap-4">
            <Skeleton className="h-40" />
            <Skeleton className="h-40" />
          </div>
        )
      ) : data.requests.length === 0 ? (
        <EmptyState icon={<Inbox className="size-8 text-muted-foreground" aria-hidden />} text={t('requests.empty')} testId="admin-requests-empty" />
      ) : (
        <ul className="flex flex-col gap-4">
          {data.requests.map((r) => (
            <li key={r.id}>
              <RequestCard request={r} lang={lang} onAction={(kind) => setAction({ kind, request: r })} />
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <nav className="flex items-center justify-between gap-2" aria-label={t('requests.page', { page, pages })}>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} data-testid="requests-prev">
            <ChevronLeft aria-hidden />
            {t('requests.previous')}
          </Button>
          <span className="text-sm text-muted-foreground tabular-nums" data-testid="requests-page">
            {t('requests.page', { page, pages })}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)} data-testid="requests-next">
            {t('requests.next')}
            <ChevronRight aria-hidden />
          </Button>
        </nav>
      )}
      <ReasonDialog
        open={action !== null}
        title={action ? t(`requests.${action.kind}Dialog.title`) : ''}
        description={action ? t(`requests.${action.kind}Dialog.text`, { count: action.request.unlocks }) : ''}
        label={action ? t(`requests.${action.kind}Dialog.label`) : ''}
        submitLabel={action ? t(`requests.${action.kind}`) : ''}
        minLength={action?.kind === 'reject' ? 3 : 0}
        maxLength={500}
        destructive={action?.kind !== 'release'}
        onSubmit={(reason) => run(action!, reason)}
        onClose={() => setAction(null)}
      />
    </div>
  );
}

function RequestCard({ request: r, lang, onAction }: { request: AdminRequestRow; lang: string; onAction: (kind: Action['kind']) => void }) {
  const { t } = useTranslation('admin');
  const budget = formatBudget(r.budgetMin, r.budgetMax, lang) ?? t('market:budgetOpen');
  const closable = CLOSABLE_STATUSES.includes(r.status) && !r.dealPending;
  return (
    <Card data-testid="admin-request" data-request-id={r.id} data-status={r.status}>
      <CardContent className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <h3 className="text-base font-semibold">{t(`intake:categories.${r.kategorie}`, { defaultValue: r.kategorie })}</h3>
              <UrgencyBadge urgency={r.dringlichkeit} />
              <Badge className={STATUS_STYLE[r.status] ?? 'border-gray-200 bg-gray-100 text-gray-700'} data-testid="admin-request-status">
                {t(`requests.status.${r.status}`, { defaultValue: r.status })}
              </Badge>
              <span className="font-mono text-xs text-muted-foreground">#{r.id.slice(0, 6)}</span>
            </div>
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-3.5" aria-hidden />
                {[r.postcode, r.ort].filter(Boolean).join(' ') || t('requests.noPlace')}
              </span>
              <span>{budget}</span>
              <time dateTime={r.createdAt} data-testid="admin-request-date">
                {formatDateTime(r.createdAt, lang)}
              </time>
            </p>
            <p className="text-sm text-muted-foreground">
              {t('requests.seeker')}: {r.seeker ? `${r.firstName ?? r.seeker.name} · ${r.seeker.email}` : `${r.firstName ?? ''} (${t('requests.anonymous')})`}
            </p>
          </div>
          <div className="flex min-w-40 flex-col gap-1" data-testid="admin-request-score">
            <span className="text-xs text-muted-foreground">{t('requests.score')}</span>
            {r.qualityScore === null ? (
              <span className="text-sm text-muted-foreground">{t('requests.noScore')}</span>
            ) : (
              <div className="flex items-center gap-2">
                <div
                  className="h-2 flex-1 overflow-hidden rounded-full bg-muted"
                  role="meter"
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={r.qualityScore}
                  aria-label={t('requests.score')}
                >
                  <div className={cn('h-full rounded-full', scoreTone(r.qualityScore))} style={{ width: `${Math.max(2, Math.min(100, r.qualityScore))}%` }} />
                </div>
                <span className="text-sm font-semibold tabular-nums">{r.qualityScore}/100</span>
              </div>
            )}
          </div>
        </div>
        <p className="rounded-lg bg-muted/50 p-3 text-sm whitespace-pre-wrap break-words">{r.beschreibung}</p>
        {r.flags.length > 0 ? (
          <ul className="flex flex-col gap-1.5" aria-label={t('moderation.flags')}>
            {r.flags.map((f, i) => (
              <li key={`${f.code}-${i}`} className="flex flex-wrap items-start gap-2 text-sm" data-testid="admin-request-flag" data-code={f.code}>
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
        ) : (
          r.qualityScore !== null && <p className="text-xs text-muted-foreground">{t('requests.noFlags')}</p>
        )}
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1 text-sm">
          <span data-testid="admin-request-unlocks">{t('requests.unlocks', { count: r.unlocks, max: r.maxUnlocks })}</span>
          <span data-testid="admin-request-offers">{t('requests.offers', { count: r.offers })}</span>
          {r.dealPending && <span className="text-muted-foreground">{t('requests.dealPending')}</span>}
        </div>
        {r.adminReason && (
          <p className="text-sm text-muted-foreground" data-testid="admin-request-reason">
            {t('requests.adminReason', { reason: r.adminReason })}
          </p>
        )}
        {(r.status === 'review' || closable) && (
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            {closable && r.status !== 'review' && (
              <Button variant="outline" className="text-destructive" onClick={() => onAction('close')} data-testid="admin-request-close">
                <XCircle aria-hidden />
                {t('requests.close')}
              </Button>
            )}
            {r.status === 'review' && (
              <>
                <Button variant="outline" className="text-destructive" onClick={() => onAction('reject')} data-testid="admin-request-reject">
                  <X aria-hidden />
                  {t('requests.reject')}
                </Button>
                <Button onClick={() => onAction('release')} data-testid="admin-request-release">
                  <Check aria-hidden />
                  {t('requests.release')}
                </Button>
              </>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
