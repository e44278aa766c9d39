// /anbieter/dashboard: onboarding for a new provider, then the match feed with the Goints balance, the
// shop, the profile and the verification documents.
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ExternalLink, Inbox, Loader2, PauseCircle, RefreshCw, Scale, ShoppingCart, Sparkles } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { GointsAmount, GointsCoin, ProviderBadge } from '@/components/market';
import { GointsShopDialog } from '@/components/shop/goints-shop-dialog';
import { usePurchaseAnnouncements } from '@/components/shop/purchases';
import { useAuth, usePageMeta, type Me } from '@/lib/auth';
import { useLiveEvents, type LiveEvent } from '@/lib/live';
import { FEED_PAGE, providerApi, type Feed, type ProviderProfile, type SavedProfile } from './provider-api';
import { MatchCard } from './match-card';
import { ProfileForm } from './profile-form';
import { VerificationSection } from './verification-section';
import { PurchasesTab } from './purchases-tab';
import { TraderDetailsCard, traderApi } from './trader-details';
import { PrivacyAccountLink } from '@/pages/account/privacy-link';

const TABS = ['matches', 'profile', 'purchases'] as const;
type Tab = (typeof TABS)[number];

const LIVE_FEED_EVENTS = [
  'match.created',
  'offer.accepted',
  'offer.declined',
  'deal.confirmed',
  'deal.completed',
  'deal.cancelled',
  'unlock.refunded',
  'request.unlocked',
  'purchase.completed',
  'verification.decided',
  // The provider's own actions taken by chat (or in another tab): offers sent or withdrawn, the profile saved.
  'offer.sent',
  'offer.withdrawn',
  'profile.updated',
] as const;

export function ProviderDashboardPage() {
  const { t } = useTranslation('provider');
  const { user, loading } = useAuth();
  usePageMeta(t('meta.dashboard.title'), t('meta.dashboard.description'));
  if (loading) return <PageSkeleton />;
  if (!user) return <Navigate to={`/auth?mode=provider&next=${encodeURIComponent('/anbieter/dashboard')}`} replace />;
  if (user.role !== 'provider') {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center" data-testid="provider-no-access">
        <h1 className="text-2xl font-bold">{t('noAccess.title')}</h1>
        <p className="text-muted-foreground">{t('noAccess.text')}</p>
        <Button asChild variant="outline">
          <Link to="/">{t('common.home')}</Link>
        </Button>
      </div>
    );
  }
  return <ProviderArea user={user} />;
}

function PageSkeleton() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12" aria-busy="true">
      <Skeleton className="h-10 w-72" />
      <Skeleton className="h-5 w-96 max-w-full" />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-72" />
        <Skeleton className="h-72" />
      </div>
    </div>
  );
}

function ProviderArea({ user }: { user: Me }) {
  const { t } = useTranslation('provider');
  const [profile, setProfile] = useState<ProviderProfile | null | undefined>(undefined);
  const [failed, setFailed] = useState(false);

  const loadProfile = useCallback(() => {
    setFailed(false);
    providerApi.profile().then(
      (r) => setProfile(r.profile),
      () => setFailed(true),
    );
  }, []);
  useEffect(() => loadProfile(), [loadProfile]);

  if (failed) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
        <p className="text-muted-foreground">{t('profile.loadError')}</p>
        <Button variant="outline" onClick={loadProfile}>
          <RefreshCw aria-hidden />
          {t('common.retry')}
        </Button>
      </div>
    );
  }
  if (profile === undefined) return <PageSkeleton />;
  if (profile === null) {
    return (
      <Onboarding
        email={user.email}
        onDone={(saved) => {
          if (saved.bonusGranted > 0)
            toast.success(t('onboarding.toast.bonus.title'), { description: t('onboarding.toast.bonus.text', { goints: saved.bonusGranted }) });
          else toast.success(t('profile.toast.saved'));
          setProfile(saved.profile);
          // The dashboard is shorter than the form: start it at the top.
          window.scrollTo({ top: 0 });
        }}
      />
    );
  }
  return <Dashboard user={user} profile={profile} onProfile={setProfile} reloadProfile={loadProfile} />;
}

function Onboarding({ email, onDone }: { email: string; onDone: (saved: SavedProfile) => void }) {
  const { t } = useTranslation('provider');
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('onboarding.title')}</h1>
        <p className="text-muted-foreground">{t('onboarding.subtitle')}</p>
      </div>
      <div className="flex items-start gap-3 rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm text-amber-950">
        <GointsCoin size="lg" />
        <div>
          <p className="font-semibold">{t('onboarding.bonusTitle')}</p>
          <p>{t('onboarding.bonusText')}</p>
        </div>
      </div>
      <Card>
        <CardHeader>
          <h2 className="text-lg font-semibold leading-tight">{t('onboarding.formTitle')}</h2>
          <CardDescription>{t('onboarding.formText')}</CardDescription>
        </CardHeader>
        <CardContent>
          <ProfileForm profile={null} defaultEmail={email} submitLabel={t('onboarding.submit')} onSaved={onDone} idPrefix="onboarding" withTrader />
        </CardContent>
      </Card>
    </div>
  );
}

function Dashboard({
  user,
  profile,
  onProfile,
  reloadProfile,
}: {
  user: Me;
  profile: ProviderProfile;
  onProfile: (p: ProviderProfile) => void;
  reloadProfile: () => void;
}) {
  const { t, i18n } = useTranslation('provider');
  const [feed, setFeed] = useState<Feed | null>(null);
  const [feedFailed, setFeedFailed] = useState(false);
  const [loadingMore, setLoadingMore] = useState(false);
  const [shopOpen, setShopOpen] = useState(false);
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'matches';
  const setTab = useCallback(
    (v: string) =>
      setParams(
        (p) => {
          const next = new URLSearchParams(p);
          if (v === 'matches') next.delete('tab');
          else next.set('tab', v);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const [docsKey, setDocsKey] = useState(0);
  // Whether the trader details are on file (DSA Art. 30): without them no offer can be sent.
  const [traderOnFile, setTraderOnFile] = useState<boolean | null>(null);
  const loadTrader = useCallback(() => {
    traderApi.get().then(
      (r) => setTraderOnFile(r.trader !== null),
      () => setTraderOnFile(null),
    );
  }, []);
  useEffect(() => loadTrader(), [loadTrader]);
  const seq = useRef(0);
  const loaded = useRef(0);
  loaded.current = feed?.matches.length ?? 0;

  // Reloads what is on screen (at least one page), dropping answers that an newer call overtook. After a live
  // event the read is fresh: a read replica that lags must not hide what the event announced (decision 079).
  const refetch = useCallback(
    (opts: { fresh?: boolean } = {}) => {
      const mine = ++seq.current;
      const limit = Math.min(100, Math.max(FEED_PAGE, loaded.current));
      providerApi.matches({ limit, ...(opts.fresh ? { fresh: true } : {}) }).then(
        (f) => {
          if (mine !== seq.current) return;
          setFeed(f);
          setFeedFailed(false);
        },
        () => {
          if (mine !== seq.current) return;
          setFeedFailed(true);
          toast.error(t('common.errorTitle'), { description: t('dashboard.loadError') });
        },
      );
    },
    [t],
  );

  // The feed's titles come in the UI language: load again when it changes.
  const lang = i18n.resolvedLanguage;
  useEffect(() => refetch(), [refetch, lang]);

  const loadMore = async () => {
    if (!feed?.nextCursor) return;
    setLoadingMore(true);
    const mine = seq.current;
    try {
      const next = await providerApi.matches({ cursor: feed.nextCursor });
      if (mine !== seq.current) return;
      setFeed((f) =>
        f
          ? {
              matches: [...f.matches, ...next.matches.filter((m) => !f.matches.some((o) => o.id === m.id))],
              balance: next.balance,
              promoBalance: next.promoBalance,
              nextCursor: next.nextCursor,
            }
          : next,
      );
    } catch {
      toast.error(t('common.errorTitle'), { description: t('dashboard.loadError') });
    } finally {
      setLoadingMore(false);
    }
  };

  // Stripe's cancel_url brings the provider back with ?kauf=abgebrochen: say so once, then forget it.
  const cancelledCheckout = params.get('kauf') === 'abgebrochen';
  useEffect(() => {
    if (!cancelledCheckout) return;
    toast.info(t('purchases.toast.cancelled'));
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.delete('kauf');
        return next;
      },
      { replace: true },
    );
  }, [cancelledCheckout, setParams, t]);

  // The test checkout's window says at once when it was paid; the live event below follows.
  usePurchaseAnnouncements(() => {
    setShopOpen(false);
    refetch();
  });

  useLiveEvents(LIVE_FEED_EVENTS, (e: LiveEvent) => {
    if (e.type === 'match.created') toast.info(t('dashboard.live.newMatch'));
    if (e.type === 'purchase.completed') {
      // Bought: the shop has done its job.
      setShopOpen(false);
      const goints = (e.payload as { goints?: number } | undefined)?.goints;
      if (typeof goints === 'number')
        toast.success(t('purchases.toast.credited.title'), {
          description: t('purchases.toast.credited.text', { goints: goints.toLocaleString(i18n.resolvedLanguage === 'en' ? 'en-GB' : 'de-DE') }),
        });
    }
    if (e.type === 'offer.accepted') toast.info(t('dashboard.live.offerAccepted'));
    // A profile saved elsewhere: its new area and categories bring other matches too.
    if (e.type === 'profile.updated') {
      reloadProfile();
      loadTrader();
    }
    if (e.type === 'verification.decided') {
      reloadProfile();
      setDocsKey((k) => k + 1);
      return;
    }
    refetch({ fresh: true });
  });

  const onDismissed = (matchId: string) => {
    setFeed((f) => (f ? { ...f, matches: f.matches.filter((m) => m.id !== matchId) } : f));
    refetch();
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4 md:flex-row md:items-end md:justify-between">
        <div className="flex flex-col gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-3xl font-bold tracking-tight">{t('dashboard.title')}</h1>
            {profile.verification === 'verified' && <ProviderBadge badge="verifiziert" />}
          </div>
          <p className="text-muted-foreground">{t('dashboard.subtitle')}</p>
          <p className="text-sm text-muted-foreground">
            {profile.firmenname} ·{' '}
            <Link
              to={`/anbieter/${profile.userId}`}
              className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
              data-testid="public-profile-link"
            >
              {t('dashboard.publicProfile')}
              <ExternalLink className="size-3.5" aria-hidden />
            </Link>
          </p>
          <PrivacyAccountLink from="/anbieter/dashboard" />
        </div>
        <div className="flex items-center justify-between gap-4 rounded-xl border bg-card p-3 pl-4 shadow-sm sm:justify-start">
          <div className="flex flex-col">
            <span className="text-xs font-medium text-muted-foreground">{t('dashboard.balance')}</span>
            {feed ? <GointsAmount value={feed.balance} size="md" className="text-xl" testId="goints-balance" /> : <Skeleton className="h-7 w-28" />}
            {feed && feed.promoBalance > 0 && (
              <span className="text-xs text-muted-foreground" data-testid="goints-promo-balance">
                {t('dashboard.promoBalance', { count: feed.promoBalance })}
              </span>
            )}
          </div>
          <Button variant="hero" onClick={() => setShopOpen(true)} data-testid="buy-goints">
            <ShoppingCart aria-hidden />
            {t('dashboard.buyGoints')}
          </Button>
        </div>
      </div>

      {!profile.acceptsMatches && (
        <Alert className="flex items-start gap-2">
          <PauseCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
          <span>{t('dashboard.paused')}</span>
        </Alert>
      )}

      {traderOnFile === false && (
        <Alert
          className="flex flex-col items-start gap-3 border-amber-300 bg-amber-50 text-amber-950 sm:flex-row sm:items-center sm:justify-between"
          data-testid="trader-missing-banner"
        >
          <span className="flex items-start gap-2">
            <Scale className="mt-0.5 size-4 shrink-0" aria-hidden />
            {t('trader.banner')}
          </span>
          <Button
            size="sm"
            variant="outline"
            className="shrink-0"
            onClick={() => {
              setTab('profile');
              requestAnimationFrame(() => document.getElementById('trader-details')?.scrollIntoView({ block: 'start' }));
            }}
          >
            {t('trader.bannerAction')}
          </Button>
        </Alert>
      )}

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="grid h-auto w-full grid-cols-3 sm:inline-flex sm:h-10 sm:w-auto">
          <TabsTrigger
            value="matches"
            className="h-full px-2 text-xs leading-tight whitespace-normal sm:px-3 sm:text-sm sm:whitespace-nowrap"
            data-testid="tab-matches"
          >
            {t('tabs.matches')}
          </TabsTrigger>
          <TabsTrigger
            value="profile"
            className="h-full px-2 text-xs leading-tight whitespace-normal sm:px-3 sm:text-sm sm:whitespace-nowrap"
            data-testid="tab-profile"
          >
            {t('tabs.profile')}
          </TabsTrigger>
          <TabsTrigger
            value="purchases"
            className="h-full px-2 text-xs leading-tight whitespace-normal sm:px-3 sm:text-sm sm:whitespace-nowrap"
            data-testid="tab-purchases"
          >
            {t('tabs.purchases')}
          </TabsTrigger>
        </TabsList>

        <TabsContent value="matches" className="mt-6">
          {!feed ? (
            feedFailed ? (
              <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-16 text-center">
                <p className="text-muted-foreground">{t('dashboard.loadError')}</p>
                <Button variant="outline" onClick={() => refetch()}>
                  <RefreshCw aria-hidden />
                  {t('common.retry')}
                </Button>
              </div>
            ) : (
              <div className="flex flex-col gap-4" aria-busy="true">
                <p className="flex items-center gap-2 text-sm text-muted-foreground" role="status">
                  <Loader2 className="size-4 animate-spin" aria-hidden />
                  {t('dashboard.loading')}
                </p>
                <div className="grid gap-4 md:grid-cols-2">
                  <Skeleton className="h-80" />
                  <Skeleton className="h-80" />
                </div>
              </div>
            )
          ) : feed.matches.length === 0 ? (
            <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-4 py-16 text-center" data-testid="matches-empty">
              <Inbox className="size-10 text-muted-foreground" aria-hidden />
              <p className="text-lg font-medium">{t('dashboard.empty')}</p>
              <p className="max-w-md text-sm text-muted-foreground">{t('dashboard.emptyHint')}</p>
              <Button variant="outline" onClick={() => setTab('profile')}>
                {t('dashboard.editProfile')}
              </Button>
            </div>
          ) : (
            <div className="flex flex-col gap-6">
              <div className="grid items-start gap-4 md:grid-cols-2 md:gap-6" data-testid="matches-grid">
                {feed.matches.map((m) => (
                  <MatchCard key={m.id} card={m} onChanged={refetch} onDismissed={onDismissed} onBuyGoints={() => setShopOpen(true)} />
                ))}
              </div>
              {feed.nextCursor && (
                <Button variant="outline" className="self-center" onClick={() => void loadMore()} disabled={loadingMore} data-testid="load-more">
                  {loadingMore && <Loader2 className="animate-spin" aria-hidden />}
                  {t('dashboard.loadMore')}
                </Button>
              )}
            </div>
          )}
        </TabsContent>

        <TabsContent value="profile" className="mt-6 flex max-w-4xl flex-col gap-6">
          <Card>
            <CardHeader>
              <div className="flex flex-wrap items-center justify-between gap-2">
                <h2 className="text-lg font-semibold leading-tight">{t('profile.title')}</h2>
                <Button asChild variant="link" className="h-auto p-0">
                  <Link to={`/anbieter/${profile.userId}`}>
                    {t('dashboard.publicProfile')}
                    <ExternalLink aria-hidden />
                  </Link>
                </Button>
              </div>
              <CardDescription>{t('profile.text')}</CardDescription>
            </CardHeader>
            <CardContent>
              <ProfileForm
                profile={profile}
                defaultEmail={user.email}
                submitLabel={t('profile.submit')}
                onSaved={(saved) => {
                  toast.success(t('profile.toast.saved'));
                  onProfile(saved.profile);
                  refetch();
                }}
              />
            </CardContent>
          </Card>
          <TraderDetailsCard legalName={profile.firmenname} onSaved={() => setTraderOnFile(true)} />
          <VerificationSection verification={profile.verification} reloadKey={docsKey} onUploaded={reloadProfile} />
        </TabsContent>

        <TabsContent value="purchases" className="mt-6">
          <PurchasesTab onBuy={() => setShopOpen(true)} />
        </TabsContent>
      </Tabs>

      <p className="flex items-center gap-1.5 text-xs text-muted-foreground">
        <Sparkles className="size-3.5" aria-hidden />
        {t('dashboard.refundNote')}
      </p>

      <GointsShopDialog open={shopOpen} onOpenChange={setShopOpen} />
    </div>
  );
}
