// 'Deals': every deal, newest first, with its confirmation state (who confirmed when) and what the ledger
// booked for it (seeker's share, platform's share, the promotional part, refunds), paged and filtered by status.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CheckCircle2, ChevronLeft, ChevronRight, Circle, Handshake } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent } from '@/components/ui/card';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime, formatEuro } from '@/components/market';
import { useLatest } from '@/lib/use-latest';
import { errorText } from './admin-api';
import { EmptyState } from './admin-dialogs';
import { ADMIN_DEAL_STATUSES, requestsApi, type AdminDealRow, type AdminDealsPage, type DealStatus } from './requests-api';

const PAGE_SIZE = 20;

const STATUS_STYLE: Record<string, string> = {
  completed: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  cancelled: 'border-red-200 bg-red-50 text-red-800',
};

export function DealsTab() {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [status, setStatus] = useState<DealStatus | undefined>(undefined);
  const [page, setPage] = useState(1);
  const [data, setData] = useState<AdminDealsPage | null>(null);
  const [error, setError] = useState<string | null>(null);

  const ticket = useLatest();
  const load = useCallback(async () => {
    const mine = ticket();
    try {
      const data = await requestsApi.deals(status, page, PAGE_SIZE);
      if (!mine.isLatest()) return;
      setData(data);
      setError(null);
    } catch (e) {
      if (!mine.isLatest()) return;
      const message = t('deals.loadError', { message: errorText(e, t('loadErrorList')) });
      setError(message);
      toast.error(message);
    }
  }, [status, page, t, ticket]);
  useEffect(() => void load(), [load]);

  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 className="text-lg font-semibold">{t('deals.title')}</h2>
          <p className="text-sm text-muted-foreground">{t('deals.text')}</p>
        </div>
        {data && (
          <Badge className="border-gray-200 bg-gray-100 text-gray-700 tabular-nums" data-testid="admin-deals-total">
            {t('deals.total', { count: data.total })}
          </Badge>
        )}
      </div>
      <div className="flex max-w-xs flex-col gap-1.5">
        <Label htmlFor="deals-filter-status">{t('deals.filters.status')}</Label>
        <NativeSelect
          id="deals-filter-status"
          data-testid="deals-filter-status"
          value={status ?? ''}
          onChange={(e) => {
            setStatus((e.target.value || undefined) as DealStatus | undefined);
            setPage(1);
          }}
        >
          <option value="">{t('deals.filters.all')}</option>
          {ADMIN_DEAL_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`deals.status.${s}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      {error && (
        <Alert variant="destructive" data-testid="admin-deals-error">
          {error}
        </Alert>
      )}
      {!data ? (
        !error && <Skeleton className="h-40" />
      ) : data.deals.length === 0 ? (
        <EmptyState icon={<Handshake className="size-8 text-muted-foreground" aria-hidden />} text={t('deals.empty')} testId="admin-deals-empty" />
      ) : (
        <ul className="flex flex-col gap-4">
          {data.deals.map((d) => (
            <li key={d.id}>
              <DealCard deal={d} lang={lang} />
            </li>
          ))}
        </ul>
      )}
      {data && pages > 1 && (
        <nav className="flex items-center justify-between gap-2" aria-label={t('deals.page', { page, pages })}>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)} data-testid="deals-prev">
            <ChevronLeft aria-hidden />
            {t('deals.previous')}
          </Button>
          <span className="text-sm text-muted-foreground tabular-nums">{t('deals.page', { page, pages })}</span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)} data-testid="deals-next">
            {t('deals.next')}
            <ChevronRight aria-hidden />
          </Button>
        </nav>
      )}
    </div>
  );
}

function Confirmation({ who, name, at, lang, testId }: { who: string; name: string; at: string | null; lang: string; testId: string }) {
  const { t } = useTranslation('admin');
  return (
    <div className="flex items-start gap-2 text-sm" data-testid={testId} data-confirmed={at ? 'true' : 'false'}>
      {at ? (
        <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
      ) : (
        <Circle className="mt-0.5 size-4 shrink-0 text-muted-foreground" aria-hidden />
      )}
      <div className="min-w-0">
        <p className="font-medium">
          {who}: <span className="font-normal break-all">{name}</span>
        </p>
        <p className="text-muted-foreground">{at ? t('deals.confirmedAt', { date: formatDateTime(at, lang) }) : t('deals.notConfirmed')}</p>
      </div>
    </div>
  );
}

function DealCard({ deal: d, lang }: { deal: AdminDealRow; lang: string }) {
  const { t } = useTranslation('admin');
  const money = (m: { goints: number; cents: number }) => t('deals.goints', { goints: m.goints, euro: formatEuro(m.cents, lang) });
  return (
    <Card data-testid="admin-deal" data-deal-id={d.id} data-status={d.status}>
      <CardContent className="flex flex-col gap-4 p-4 sm:p-6">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-base font-semibold">{t(`intake:categories.${d.kategorie}`, { defaultValue: d.kategorie })}</h3>
          <Badge className={STATUS_STYLE[d.status] ?? 'border-gray-200 bg-gray-100 text-gray-700'} data-testid="admin-deal-status">
            {t(`deals.status.${d.status}`, { defaultValue: d.status })}
          </Badge>
          <span className="font-mono text-xs text-muted-foreground">#{d.id.slice(0, 6)}</span>
          <span className="ml-auto text-sm text-muted-foreground">
            {d.ort ? `${d.ort} · ` : ''}
            <time dateTime={d.createdAt}>{formatDateTime(d.createdAt, lang)}</time>
          </span>
        </div>
        <p className="text-sm">
          {t('deals.value')}:{' '}
          <span className="font-semibold tabular-nums" data-testid="admin-deal-value">
            {formatEuro(d.valueCents, lang)}
          </span>
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          <Confirmation
            who={t('deals.provider')}
            name={`${d.provider.firmenname ?? d.provider.name} · ${d.provider.email}`}
            at={d.providerConfirmedAt}
            lang={lang}
            testId="admin-deal-provider"
          />
          <Confirmation who={t('deals.seeker')} name={`${d.seeker.name} · ${d.seeker.email}`} at={d.seekerConfirmedAt} lang={lang} testId="admin-deal-seeker" />
        </div>
        {d.status === 'cancelled' && d.cancelledAt && (
          <p className="text-sm text-muted-foreground">
            {t('deals.cancelled', { date: formatDateTime(d.cancelledAt, lang), by: t(`deals.by.${d.cancelledBy ?? 'seeker'}`), reason: d.cancelReason ?? '' })}
          </p>
        )}
        <dl className="grid gap-x-4 gap-y-1 rounded-lg bg-muted/50 p-3 text-sm sm:grid-cols-2" data-testid="admin-deal-settlement">
          {d.settlement ? (
            <>
              <dt className="text-muted-foreground">{t('deals.seekerShare')}</dt>
              <dd className="font-medium tabular-nums" data-testid="admin-deal-seeker-share">
                {money(d.settlement.seekerShare)}
              </dd>
              <dt className="text-muted-foreground">{t('deals.platformShare')}</dt>
              <dd className="font-medium tabular-nums" data-testid="admin-deal-platform-share">
                {money(d.settlement.platformShare)}
              </dd>
              {d.settlement.promotionUsed.goints > 0 && (
                <>
                  <dt className="text-muted-foreground">{t('deals.promotionUsed')}</dt>
                  <dd className="tabular-nums">{money(d.settlement.promotionUsed)}</dd>
                </>
              )}
            </>
          ) : (
            <dd className="text-muted-foreground sm:col-span-2">{t('deals.notSettled')}</dd>
          )}
          <dt className="text-muted-foreground">{t('deals.refunds')}</dt>
          <dd className="tabular-nums">{money(d.refunds)}</dd>
        </dl>
      </CardContent>
    </Card>
  );
}
