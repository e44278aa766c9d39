// '/erfolgreiche-deals' (public): completed deals with rating and testimonial, free-text search and a
// category filter kept in the URL, summary figures, and 'Nachfragen' where a party chose to be contactable.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CalendarCheck, Handshake, MapPin, MessageCircleQuestion, Quote, RotateCcw, Search, Trophy, UserRound, Wallet } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDate, formatEuro, formatNumber, Stars } from '@/components/market';
import { api, ApiError } from '@/lib/api';
import { usePageMeta } from '@/lib/auth';
import { useInitialData } from '@/lib/page-meta';
import { cn } from '@/lib/utils';
import { InquiryDialog } from './InquiryDialog';
import { ReportButton } from '@/components/report/report-button';
import type { SuccessfulDeal, SuccessfulDeals } from './types';

/** The filter the specification names, in this order. */
export const DEAL_CATEGORIES = ['auto', 'handwerk', 'gastronomie', 'elektronik', 'immobilien', 'dienstleistungen'] as const;
const SEARCH_DEBOUNCE_MS = 300;

export function SuccessfulDealsPage() {
  const { t } = useTranslation('deals');
  usePageMeta(t('meta.title'), t('meta.description'), '/erfolgreiche-deals');
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const rawCategory = params.get('category') ?? '';
  const category = (DEAL_CATEGORIES as readonly string[]).includes(rawCategory) ? rawCategory : '';
  const [text, setText] = useState(params.get('q') ?? '');
  // Rendered on the server with the deals of this URL (decision 037); the client refreshes them on mount.
  const initialQuery = new URLSearchParams({ ...(q ? { q } : {}), ...(category ? { category } : {}) }).toString();
  const initial = useInitialData<SuccessfulDeals>(`successful-deals?${initialQuery}`);
  const [data, setData] = useState<SuccessfulDeals | null>(initial ?? null);
  const [failed, setFailed] = useState(false);
  const [loading, setLoading] = useState(!initial);
  const [asking, setAsking] = useState<SuccessfulDeal | null>(null);
  const tRef = useRef(t);
  tRef.current = t;

  const setQuery = useCallback(
    (patch: { q?: string; category?: string }) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          for (const [k, v] of Object.entries(patch)) {
            if (v) next.set(k, v);
            else next.delete(k);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  // The search field follows the URL when it changes from outside (back button, reset), but not when
  // the URL only caught up with what is being typed.
  const pushed = useRef(q);
  useEffect(() => {
    if (q === pushed.current) return;
    pushed.current = q;
    setText(q);
  }, [q]);

  // Typing updates the URL after a pause; the URL drives the request.
  useEffect(() => {
    const wanted = text.trim();
    if (wanted === q) return;
    const timer = window.setTimeout(() => {
      pushed.current = wanted;
      setQuery({ q: wanted });
    }, SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, q, setQuery]);

  const load = useCallback(async () => {
    const search = new URLSearchParams();
    if (q) search.set('q', q);
    if (category) search.set('category', category);
    const qs = search.toString();
    return api<SuccessfulDeals>(`/api/successful-deals${qs ? `?${qs}` : ''}`);
  }, [q, category]);

  useEffect(() => {
    let live = true;
    setLoading(true);
    load().then(
      (r) => {
        if (!live) return;
        setData(r);
        setFailed(false);
        setLoading(false);
      },
      (e: unknown) => {
        if (!live) return;
        setFailed(true);
        setLoading(false);
        toast.error(tRef.current('toast.loadError'), { description: e instanceof ApiError && e.message ? e.message : undefined });
      },
    );
    return () => {
      live = false;
    };
  }, [load]);

  const reset = () => {
    setText('');
    setParams(new URLSearchParams(), { replace: true });
  };

  return (
    <div className="flex flex-col">
      <section className="bg-gradient-to-b from-rose-50 via-orange-50/60 to-background">
        <div className="mx-auto flex max-w-6xl flex-col gap-3 px-4 pt-10 pb-6 sm:pt-14">
          <span className="flex w-fit items-center gap-1.5 rounded-full border border-primary/20 bg-card px-3 py-1 text-xs font-semibold text-primary">
            <Trophy className="size-3.5" aria-hidden />
            {t('badge')}
          </span>
          <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t('title')}</h1>
          <p className="max-w-2xl text-muted-foreground">{t('subtitle')}</p>
        </div>
      </section>

      <div className="mx-auto flex w-full max-w-6xl flex-col gap-6 px-4 pb-12">
        <form
          role="search"
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            pushed.current = text.trim();
            setQuery({ q: text.trim() });
          }}
        >
          <label htmlFor="deals-search" className="sr-only">
            {t('search.label')}
          </label>
          <div className="relative">
            <Search className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden />
            <Input
              id="deals-search"
              type="search"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder={t('search.placeholder')}
              className="h-11 pl-9 text-base sm:text-sm"
              maxLength={100}
              autoComplete="off"
            />
          </div>
          <div role="group" aria-label={t('filter.label')} className="flex flex-wrap gap-2" data-testid="deal-category-filter">
            {['', ...DEAL_CATEGORIES].map((c) => {
              const active = c === category;
              return (
                <Button
                  key={c || 'all'}
                  type="button"
                  size="sm"
                  variant={active ? 'default' : 'outline'}
                  aria-pressed={active}
                  className="rounded-full"
                  onClick={() => setQuery({ category: c })}
                >
                  {c ? t(`intake:categories.${c}`) : t('filter.all')}
                </Button>
              );
            })}
          </div>
        </form>

        <SummaryCards data={data} />

        {failed && !data ? (
          <Alert variant="destructive">{t('toast.loadError')}</Alert>
        ) : !data ? (
          <div className="grid grid-cols-1 gap-4 md:grid-cols-2" aria-busy="true" data-testid="deals-loading">
            {[0, 1, 2, 3].map((i) => (
              <Skeleton key={i} className="h-56" />
            ))}
          </div>
        ) : data.deals.length === 0 ? (
          data.total === 0 ? (
            <Empty text={t('empty.none')} testId="deals-empty-none">
              <Button asChild variant="hero">
                <Link to="/search">{t('empty.cta')}</Link>
              </Button>
            </Empty>
          ) : (
            <Empty text={t('empty.filtered')} testId="deals-empty-filtered">
              <Button variant="outline" onClick={reset} data-testid="deals-reset">
                <RotateCcw aria-hidden />
                {t('empty.reset')}
              </Button>
            </Empty>
          )
        ) : (
          <ul className={cn('grid grid-cols-1 gap-4 transition-opacity md:grid-cols-2', loading && 'opacity-60')} aria-busy={loading} data-testid="deals-list">
            {data.deals.map((d) => (
              <li key={d.id}>
                <DealCard deal={d} onAsk={() => setAsking(d)} />
              </li>
            ))}
          </ul>
        )}
      </div>
      <InquiryDialog deal={asking} onOpenChange={(o) => !o && setAsking(null)} />
    </div>
  );
}

function SummaryCards({ data }: { data: SuccessfulDeals | null }) {
  const { t, i18n } = useTranslation('deals');
  const lang = i18n.resolvedLanguage ?? 'de';
  const items = [
    { key: 'count', icon: Handshake, value: data ? formatNumber(data.summary.count, lang) : null },
    { key: 'volume', icon: Wallet, value: data ? formatEuro(data.summary.volumeCents, lang) : null },
    { key: 'locations', icon: MapPin, value: data ? formatNumber(data.summary.locations, lang) : null },
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4" data-testid="deals-summary">
      {items.map(({ key, icon: Icon, value }) => (
        <Card key={key} className={cn(key === 'volume' && 'order-last col-span-2 sm:order-none sm:col-span-1')}>
          <CardContent className="flex flex-col gap-1 p-4 sm:gap-2 sm:p-5">
            <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground sm:text-sm">
              <Icon className="size-4 shrink-0 text-primary" aria-hidden />
              {t(`summary.${key}`)}
            </p>
            {value === null ? (
              <Skeleton className="h-7 w-16" />
            ) : (
              <p className="truncate text-xl font-bold tabular-nums sm:text-2xl" data-testid={`summary-${key}`}>
                {value}
              </p>
            )}
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function DealCard({ deal: d, onAsk }: { deal: SuccessfulDeal; onAsk: () => void }) {
  const { t, i18n } = useTranslation('deals');
  const lang = i18n.resolvedLanguage ?? 'de';
  return (
    <Card className="h-full" data-testid="deal-card" data-deal-id={d.id}>
      <CardContent className="flex h-full flex-col gap-3 p-4 sm:p-5">
        <div className="flex items-start justify-between gap-3">
          <div className="flex min-w-0 flex-col gap-1.5">
            <Badge className="w-fit border-primary/20 bg-primary/5 text-primary" data-testid="deal-category">
              {t(`intake:categories.${d.kategorie}`, { defaultValue: d.kategorie })}
            </Badge>
            <Link
              to={`/anbieter/${d.providerId}`}
              className="text-lg leading-snug font-semibold break-words underline-offset-4 hover:underline"
              data-testid="deal-provider"
            >
              {d.providerName}
            </Link>
            {d.rating !== null ? <Stars value={d.rating} /> : <span className="text-xs text-muted-foreground">{t('card.notRated')}</span>}
          </div>
          <p className="shrink-0 text-xl font-bold tabular-nums text-primary" data-testid="deal-value">
            {formatEuro(d.valueCents, lang)}
          </p>
        </div>
        <dl className="grid grid-cols-1 gap-1 text-sm text-muted-foreground sm:grid-cols-3 sm:gap-2">
          <div className="flex min-w-0 items-center gap-1.5">
            <dt>
              <UserRound className="size-4" aria-hidden />
              <span className="sr-only">{t('card.customer')}</span>
            </dt>
            <dd className="truncate" data-testid="deal-customer">
              {d.customer ?? t('card.anonymous')}
            </dd>
          </div>
          <div className="flex min-w-0 items-center gap-1.5">
            <dt>
              <MapPin className="size-4" aria-hidden />
              <span className="sr-only">{t('card.location')}</span>
            </dt>
            <dd className="truncate" data-testid="deal-location">
              {d.location ?? '–'}
            </dd>
          </div>
          <div className="flex min-w-0 items-center gap-1.5">
            <dt>
              <CalendarCheck className="size-4" aria-hidden />
              <span className="sr-only">{t('card.completed')}</span>
            </dt>
            <dd data-testid="deal-date">{formatDate(d.completedAt, lang)}</dd>
          </div>
        </dl>
        {d.testimonial ? (
          <blockquote className="relative rounded-lg bg-muted/60 px-4 py-3 pl-10 text-sm italic">
            <Quote className="absolute top-3 left-3 size-4 text-primary/60" aria-hidden />
            {d.testimonial}
          </blockquote>
        ) : (
          <p className="text-sm text-muted-foreground">{t('card.noTestimonial')}</p>
        )}
        {(d.contactVisible || d.reviewId) && (
          <div className="mt-auto flex items-center justify-end gap-2 pt-1">
            {d.reviewId && <ReportButton contentType="review" contentId={d.reviewId} title={d.providerName} compact />}
            {d.contactVisible && (
              <Button variant="outline" size="sm" onClick={onAsk} data-testid="deal-ask">
                <MessageCircleQuestion aria-hidden />
                {t('inquiry.open')}
              </Button>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}

function Empty({ text, testId, children }: { text: string; testId: string; children: ReactNode }) {
  return (
    <div className="flex flex-col items-center gap-4 rounded-xl border border-dashed bg-card px-6 py-14 text-center" data-testid={testId}>
      <span className="grid size-12 place-items-center rounded-full bg-primary/10 text-primary">
        <Trophy className="size-6" aria-hidden />
      </span>
      <p className="max-w-md text-muted-foreground">{text}</p>
      {children}
    </div>
  );
}
