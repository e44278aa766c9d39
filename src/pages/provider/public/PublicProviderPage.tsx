// /anbieter/:id: a provider's public page — rating, badge, categories, area, figures and reviews — with the
// favourite heart for signed-in visitors. Phone and e-mail are not part of it.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CalendarDays, Clock, Handshake, Heart, Loader2, MapPin, MessageSquareQuote, SearchX } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ProviderBadge, Stars, formatDate, formatMinutes, formatNumber, toUiLang } from '@/components/market';
import { ApiError } from '@/lib/api';
import { useAuth, usePageMeta } from '@/lib/auth';
import { useInitialData } from '@/lib/page-meta';
import { cn } from '@/lib/utils';
import { providerApi, type PublicProvider } from '../provider-api';
import { ReportButton } from '@/components/report/report-button';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function PublicProviderPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('provider');
  const { user, loading: authLoading } = useAuth();
  const lang = toUiLang(i18n.resolvedLanguage);
  // Provider pages have no demo (decision 041): an address with ?demo=true says that this one is real.
  const [params] = useSearchParams();
  const demoAsked = params.get('demo') === 'true';
  // Rendered on the server with the provider (null: no such provider), decision 037.
  const initial = useInitialData<PublicProvider | null>(`provider:${id}`);
  const [provider, setProvider] = useState<PublicProvider | null>(initial ?? null);
  const [state, setState] = useState<'loading' | 'ready' | 'notFound' | 'error'>(initial ? 'ready' : initial === null || !UUID.test(id) ? 'notFound' : 'loading');
  const [favBusy, setFavBusy] = useState(false);
  // Reads and favourite clicks are numbered in the order they start. Only the newest read lands, and a read
  // that was under way when the person set a favourite keeps the click's answer: its own is older (it would
  // turn 'Aus Favoriten entfernen' back into 'Zu Favoriten').
  const step = useRef(0);
  const newestRead = useRef(0);
  const lastFavourite = useRef<{ at: number; favorite: boolean } | null>(null);

  const load = useCallback(() => {
    // Not an id at all: no need to ask the server.
    if (!UUID.test(id)) {
      setState('notFound');
      return;
    }
    const startedAt = ++step.current;
    newestRead.current = startedAt;
    setState((s) => (s === 'ready' ? s : 'loading'));
    providerApi.publicProvider(id).then(
      (p) => {
        if (startedAt !== newestRead.current) return;
        const clicked = lastFavourite.current;
        setProvider(clicked && clicked.at > startedAt ? { ...p, favorite: clicked.favorite } : p);
        setState('ready');
      },
      (e: unknown) => {
        if (startedAt !== newestRead.current) return;
        setState(e instanceof ApiError && e.status === 404 ? 'notFound' : 'error');
      },
    );
  }, [id]);
  // Reviews' 'Anonym' and category names follow the UI language; the favourite follows the session.
  useEffect(() => {
    if (!authLoading) load();
  }, [load, lang, authLoading, user?.id]);

  const title = state === 'ready' && provider ? t('public.meta.title', { name: provider.firmenname }) : state === 'notFound' ? t('public.notFound.metaTitle') : t('public.meta.fallbackTitle');
  const description = state === 'ready' && provider ? cut(provider.description, 155) : t('public.meta.description');
  usePageMeta(title, description);

  const toggleFavorite = async () => {
    if (!provider) return;
    if (!user) {
      toast.error(t('public.favorite.signInTitle'), { description: t('public.favorite.signInText') });
      return;
    }
    const next = !provider.favorite;
    setFavBusy(true);
    try {
      const r = await providerApi.setFavorite(provider.id, next);
      lastFavourite.current = { at: ++step.current, favorite: r.favorite };
      setProvider((p) => (p ? { ...p, favorite: r.favorite } : p));
      toast.success(r.favorite ? t('public.favorite.added') : t('public.favorite.removed'));
    } catch {
      toast.error(t('common.errorTitle'), { description: t('public.favorite.failed') });
    } finally {
      setFavBusy(false);
    }
  };

  if (state === 'notFound') {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center" data-testid="provider-not-found">
        <SearchX className="size-12 text-muted-foreground" aria-hidden />
        <h1 className="text-2xl font-bold">{t('public.notFound.title')}</h1>
        <p className="text-muted-foreground">{t('public.notFound.text')}</p>
        <Button asChild>
          <Link to="/">{t('common.home')}</Link>
        </Button>
      </div>
    );
  }
  if (state === 'error') {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
        <p className="text-muted-foreground">{t('public.loadError')}</p>
        <Button variant="outline" onClick={load}>
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (state === 'loading' || !provider) {
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8 sm:py-12" aria-busy="true">
        <Skeleton className="h-10 w-80 max-w-full" />
        <Skeleton className="h-5 w-60" />
        <div className="grid gap-4 sm:grid-cols-3">
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
          <Skeleton className="h-24" />
        </div>
        <Skeleton className="h-48" />
      </div>
    );
  }

  const p = provider;
  const rating = p.ratingAvg !== null ? p.ratingAvg.toLocaleString(lang === 'de' ? 'de-DE' : 'en-GB', { minimumFractionDigits: 1, maximumFractionDigits: 1 }) : null;
  const isFavorite = p.favorite === true;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8 sm:py-12" data-testid="public-provider">
      {demoAsked && (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900" role="note" data-testid="public-provider-not-demo">
          {t('public.notDemo', { name: p.firmenname })}{' '}
          <Link to="/demo" className="font-medium underline">
            {t('public.toDemo')}
          </Link>
        </p>
      )}
      <header className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-bold tracking-tight break-words">{p.firmenname}</h1>
            <ProviderBadge badge={p.badge} />
            {p.verified && p.badge !== 'verifiziert' && <ProviderBadge badge="verifiziert" />}
          </div>
          <div className="flex flex-wrap items-center gap-2 text-sm" data-testid="provider-rating">
            <Stars value={p.ratingAvg} size="md" />
            {rating ? (
              <span>
                <span className="font-semibold">{rating}</span> <span className="text-muted-foreground">{t('public.reviewCount', { count: p.ratingCount })}</span>
              </span>
            ) : (
              <span className="text-muted-foreground">{t('public.noRating')}</span>
            )}
          </div>
          <p className="flex items-center gap-1.5 text-sm text-muted-foreground">
            <MapPin className="size-4 shrink-0" aria-hidden />
            {t('public.area', { place: p.place, radius: p.radiusKm, area: p.postcodeArea })}
          </p>
        </div>
        <div className="flex items-center gap-1 self-start">
          <Button
            variant={isFavorite ? 'default' : 'outline'}
            onClick={() => void toggleFavorite()}
            disabled={favBusy}
            data-testid="favorite-button"
          >
            {favBusy ? <Loader2 className="animate-spin" aria-hidden /> : <Heart className={cn(isFavorite && 'fill-current')} aria-hidden />}
            {isFavorite ? t('public.favorite.remove') : t('public.favorite.add')}
          </Button>
          <ReportButton contentType="provider" contentId={p.id} title={p.firmenname} />
        </div>
      </header>

      <ul className="grid gap-4 sm:grid-cols-3">
        <Figure icon={<Handshake />} label={t('public.dealsCompleted')} value={formatNumber(p.dealsCompleted, lang)} testId="provider-deals" />
        <Figure icon={<Clock />} label={t('public.responseTime')} value={p.medianResponseMinutes !== null ? formatMinutes(p.medianResponseMinutes, lang) : t('public.noOffersYet')} testId="provider-response" />
        <Figure icon={<CalendarDays />} label={t('public.memberSince')} value={formatDate(p.memberSince, lang)} />
      </ul>

      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold leading-tight">{t('public.about')}</h2>
          </CardHeader>
          <CardContent>
            <p className="whitespace-pre-line text-sm leading-relaxed">{p.description}</p>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <h2 className="text-lg font-semibold leading-tight">{t('public.categories')}</h2>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            <ul className="flex flex-wrap gap-2">
              {p.categories.map((c) => (
                <li key={c}>
                  <CategoryName id={c} />
                </li>
              ))}
            </ul>
            <div className="flex flex-col gap-2 text-sm">
              <h3 className="font-medium">{t('public.serviceArea')}</h3>
              <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1">
                <dt className="text-muted-foreground">{t('public.place')}</dt>
                <dd>{p.place}</dd>
                <dt className="text-muted-foreground">{t('public.radius')}</dt>
                <dd>{t('public.radiusValue', { radius: p.radiusKm })}</dd>
                <dt className="text-muted-foreground">{t('public.postcodeArea')}</dt>
                <dd>{p.postcodeArea}…</dd>
              </dl>
            </div>
          </CardContent>
        </Card>
      </div>

      <section className="flex flex-col gap-4" aria-labelledby="reviews-title">
        <h2 id="reviews-title" className="text-2xl font-bold tracking-tight">
          {t('public.reviews')}
        </h2>
        {p.reviews.length === 0 ? (
          <p className="rounded-xl border border-dashed px-4 py-10 text-center text-muted-foreground">{t('public.noReviews')}</p>
        ) : (
          <ul className="grid gap-4 md:grid-cols-2" data-testid="provider-reviews">
            {p.reviews.map((r) => (
              <li key={r.id}>
                <Card className="h-full">
                  <CardContent className="flex h-full flex-col gap-3 p-5">
                    <div className="flex flex-wrap items-center justify-between gap-2">
                      <Stars value={r.rating} />
                      <CategoryName id={r.category} />
                    </div>
                    {r.testimonial && (
                      <blockquote className="flex gap-2 text-sm">
                        <MessageSquareQuote className="size-4 shrink-0 text-primary" aria-hidden />
                        <p className="whitespace-pre-line">{r.testimonial}</p>
                      </blockquote>
                    )}
                    <div className="mt-auto flex items-center justify-between gap-2">
                      <p className="text-xs text-muted-foreground">
                        {r.customer || t('public.anonymous')} · <time dateTime={r.createdAt}>{formatDate(r.createdAt, lang)}</time>
                      </p>
                      <ReportButton contentType="review" contentId={r.id} title={p.firmenname} compact />
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function CategoryName({ id }: { id: string }) {
  const { t } = useTranslation('intake');
  return <Badge className="border-transparent bg-secondary text-secondary-foreground">{t(`categories.${id}`, { defaultValue: id })}</Badge>;
}

function Figure({ icon, label, value, testId }: { icon: ReactNode; label: string; value: string; testId?: string }) {
  return (
    <li className="flex items-center gap-3 rounded-xl border bg-card p-4 shadow-sm">
      <span className="grid size-10 shrink-0 place-items-center rounded-lg bg-primary/10 text-primary [&_svg]:size-5" aria-hidden>
        {icon}
      </span>
      <span className="flex min-w-0 flex-col">
        <span className="text-xs text-muted-foreground">{label}</span>
        <span className="font-semibold" data-testid={testId}>
          {value}
        </span>
      </span>
    </li>
  );
}

function cut(text: string, n: number): string {
  const s = text.replace(/\s+/g, ' ').trim();
  return s.length > n ? `${s.slice(0, n - 1).trimEnd()}…` : s;
}
