// '/suchende-dashboard': the signed-in seeker's figures, requests, best offers and all offers, with the
// deal steps (accept, confirm, cancel, rate). Everything comes from the server for this seeker only.
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, FileText, Inbox, PlusCircle, RefreshCw, Wallet } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatEuro, formatNumber, GointsCoin } from '@/components/market';
import { useAuth, usePageMeta } from '@/lib/auth';
import { useSeekerData } from './use-seeker-data';
import { RequestsTab } from './RequestsTab';
import { BestOffersTab } from './BestOffersTab';
import { AllOffersTab } from './AllOffersTab';
import { PayoutsPanel } from '@/components/payouts';
import type { SeekerDashboard } from './types';
import { PrivacyAccountLink } from '@/pages/account/privacy-link';

const TABS = ['requests', 'best', 'all', 'payouts'] as const;
type Tab = (typeof TABS)[number];

export function SeekerDashboardPage() {
  const { t } = useTranslation('seeker');
  const { user, loading } = useAuth();
  usePageMeta(t('meta.title'), t('meta.description'));
  if (loading) return <DashboardSkeleton />;
  if (!user) return <Navigate to="/auth?mode=searcher&next=/suchende-dashboard" replace />;
  if (user.role !== 'seeker') return <WrongRole role={user.role} />;
  return <Dashboard name={user.name} />;
}

function WrongRole({ role }: { role: 'provider' | 'admin' }) {
  const { t } = useTranslation('seeker');
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center" data-testid="seeker-wrong-role">
      <AlertTriangle className="size-10 text-accent" aria-hidden />
      <h1 className="text-2xl font-bold">{t('wrongRole.title')}</h1>
      <p className="text-muted-foreground">{t(`wrongRole.${role}`)}</p>
      <Button asChild variant="outline">
        <Link to={role === 'provider' ? '/anbieter/dashboard' : '/admin'}>{t(`wrongRole.${role}Link`)}</Link>
      </Button>
    </div>
  );
}

function Dashboard({ name }: { name: string }) {
  const { t } = useTranslation('seeker');
  const { dashboard, offers, failed, reload } = useSeekerData(true);
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'requests';
  const setTab = (v: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v === 'requests') next.delete('tab');
        else next.set('tab', v);
        return next;
      },
      { replace: true },
    );
  const firstName = name.trim().split(/\s+/)[0] ?? '';
  const loaded = dashboard && offers;

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
          <p className="mt-1 text-muted-foreground">{firstName ? t('subtitleNamed', { name: firstName }) : t('subtitle')}</p>
          <PrivacyAccountLink from="/suchende-dashboard" />
        </div>
        <Button asChild variant="hero" className="w-full sm:w-auto">
          <Link to="/search" data-testid="new-request">
            <PlusCircle aria-hidden />
            {t('newRequest')}
          </Link>
        </Button>
      </div>

      {failed && !loaded && (
        <Alert variant="destructive" className="flex flex-wrap items-center justify-between gap-3">
          <span>{t('loadFailed')}</span>
          <Button variant="outline" size="sm" onClick={() => void reload()}>
            <RefreshCw aria-hidden />
            {t('market:retry')}
          </Button>
        </Alert>
      )}

      <StatCards stats={dashboard?.stats ?? null} onPayouts={() => setTab('payouts')} />

      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:inline-flex sm:h-10 sm:w-auto sm:gap-0">
          <TabsTrigger
            value="requests"
            className="h-full whitespace-normal px-2 text-xs leading-tight sm:px-3 sm:text-sm sm:whitespace-nowrap"
            data-testid="tab-requests"
          >
            {t('tabs.requests')}
          </TabsTrigger>
          <TabsTrigger
            value="best"
            className="h-full whitespace-normal px-2 text-xs leading-tight sm:px-3 sm:text-sm sm:whitespace-nowrap"
            data-testid="tab-best"
          >
            {t('tabs.best')}
          </TabsTrigger>
          <TabsTrigger
            value="all"
            className="h-full whitespace-normal px-2 text-xs leading-tight sm:px-3 sm:text-sm sm:whitespace-nowrap"
            data-testid="tab-all"
          >
            {t('tabs.all')}
          </TabsTrigger>
          <TabsTrigger
            value="payouts"
            className="h-full whitespace-normal px-2 text-xs leading-tight sm:px-3 sm:text-sm sm:whitespace-nowrap"
            data-testid="tab-payouts"
          >
            {t('tabs.payouts')}
          </TabsTrigger>
        </TabsList>
        <TabsContent value="requests">{loaded ? <RequestsTab requests={dashboard.requests} onChanged={reload} /> : <ListSkeleton />}</TabsContent>
        <TabsContent value="best">{loaded ? <BestOffersTab offers={offers} requests={dashboard.requests} onChanged={reload} /> : <ListSkeleton />}</TabsContent>
        <TabsContent value="all">{loaded ? <AllOffersTab offers={offers.all} requests={dashboard.requests} /> : <ListSkeleton />}</TabsContent>
        <TabsContent value="payouts">
          <PayoutsPanel source="seeker_earnings" onChanged={() => void reload()} />
        </TabsContent>
      </Tabs>
    </div>
  );
}

function StatCards({ stats, onPayouts }: { stats: SeekerDashboard['stats'] | null; onPayouts: () => void }) {
  const { t, i18n } = useTranslation('seeker');
  const lang = i18n.resolvedLanguage ?? 'de';
  const cards = [
    { key: 'activeRequests', icon: FileText, value: stats ? formatNumber(stats.activeRequests, lang) : null, sub: null },
    { key: 'offersReceived', icon: Inbox, value: stats ? formatNumber(stats.offersReceived, lang) : null, sub: null },
    {
      key: 'bestOffer',
      icon: Wallet,
      value: stats ? (stats.bestOfferCents === null ? t('stats.bestOfferNone') : formatEuro(stats.bestOfferCents, lang)) : null,
      sub: null,
    },
    {
      key: 'points',
      icon: null,
      value: stats ? `${formatNumber(stats.points, lang)} Goints` : null,
      sub: stats ? t('stats.pointsEuro', { euro: formatEuro(stats.earningsCents, lang) }) : null,
    },
  ] as const;
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4">
      {cards.map(({ key, icon: Icon, value, sub }) => (
        <Card key={key} className="overflow-hidden">
          <CardContent className="flex h-full flex-col gap-2 p-4 sm:p-5">
            <p className="flex min-h-[2.5em] items-start gap-2 text-xs font-medium text-muted-foreground sm:min-h-0 sm:items-center sm:text-sm">
              {Icon ? <Icon className="size-4 shrink-0 text-primary" aria-hidden /> : <GointsCoin size="sm" />}
              <span>{t(`stats.${key}`)}</span>
            </p>
            <div className="flex flex-col gap-1">
              {value === null ? (
                <Skeleton className="h-8 w-20" />
              ) : (
                <p className="text-xl font-bold tabular-nums sm:text-2xl" data-testid={`stat-${key}`}>
                  {value}
                </p>
              )}
              {key === 'points' &&
                (sub === null ? (
                  <Skeleton className="h-4 w-24" />
                ) : (
                  <p className="text-xs text-muted-foreground" data-testid="stat-points-euro">
                    {sub}
                  </p>
                ))}
              {key === 'points' && stats && (
                <button
                  type="button"
                  onClick={onPayouts}
                  className="self-start text-xs font-medium text-primary underline-offset-4 hover:underline"
                  data-testid="stat-points-payout"
                >
                  {t('stats.payoutLink')}
                </button>
              )}
            </div>
          </CardContent>
        </Card>
      ))}
    </div>
  );
}

function DashboardSkeleton() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12" aria-busy="true">
      <Skeleton className="h-10 w-64" />
      <div className="grid grid-cols-2 gap-4 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-28" />
        ))}
      </div>
      <ListSkeleton />
    </div>
  );
}

export function ListSkeleton() {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-4" aria-busy="true" aria-label={t('loading')} data-testid="seeker-loading">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} className="h-36" />
      ))}
    </div>
  );
}
