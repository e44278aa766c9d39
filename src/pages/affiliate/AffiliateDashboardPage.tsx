// /affiliate/dashboard: tabs Dashboard, Profil & Auszahlungen, Marketing, Akademie, and two floating buttons
// (payout with the available euro amount, Admin Chat Support). Figures refetch live when a commission is
// booked or a payout moves (ws 'commission.booked', 'payout.*').
import { useCallback, useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Banknote, LogIn, MessageCircle, RefreshCw } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { formatEuro } from '@/components/market';
import { PayoutHistory, PayoutMethodsCard, PayoutRequestCard, usePayoutData } from '@/components/payouts';
import { useAuth, usePageMeta, type Me } from '@/lib/auth';
import { useLiveEvents } from '@/lib/live';
import { MIN_PAYOUT_CENTS } from '../../../core/money/money.ts';
import { partnerSignature } from '../../../core/affiliate/fill-marketing-text.ts';
import { affiliateApi, formatGoints, PARTNER_EVENTS, type CountryRanking, type PartnerNetwork, type PartnerOverview } from './affiliate-api';
import { OverviewTab } from './overview-tab';
import { MarketingTab } from './marketing-tab';
import { AcademyTab } from './academy-tab';
import { PartnerProfileForm, usePartnerProfile } from './partner-profile-form';
import { useLivePlan } from './plan-table';
import { SupportChatDialog } from './support/SupportChatDialog';
import { PrivacyAccountLink } from '@/pages/account/privacy-link';

const TABS = ['dashboard', 'profile', 'marketing', 'academy'] as const;
type Tab = (typeof TABS)[number];
const SUBTABS = ['profile', 'methods', 'payouts'] as const;
type SubTab = (typeof SUBTABS)[number];

export function AffiliateDashboardPage() {
  const { t } = useTranslation('affiliate');
  usePageMeta(t('meta.dashboardTitle'), t('meta.description'));
  const { user, loading } = useAuth();
  if (loading) return <PageSkeleton />;
  if (!user) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center" data-testid="affiliate-signin-required">
        <h1 className="text-2xl font-bold">{t('dashboard.signInTitle')}</h1>
        <p className="text-muted-foreground">{t('dashboard.signInText')}</p>
        <Button asChild>
          <a href={`/auth?next=${encodeURIComponent('/affiliate/dashboard')}`}>
            <LogIn />
            {t('landing.signupCta')}
          </a>
        </Button>
      </div>
    );
  }
  return <PartnerArea user={user} />;
}

function PageSkeleton() {
  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8" aria-busy="true">
      <Skeleton className="h-10 w-72" />
      <Skeleton className="h-10 w-full" />
      <div className="grid gap-4 md:grid-cols-2">
        <Skeleton className="h-56" />
        <Skeleton className="h-56" />
      </div>
    </div>
  );
}

function PartnerArea({ user }: { user: Me }) {
  const { t, i18n } = useTranslation('affiliate');
  const lang = i18n.resolvedLanguage ?? 'de';
  const [params, setParams] = useSearchParams();
  const tab: Tab = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as Tab) : 'dashboard';
  const sub: SubTab = (SUBTABS as readonly string[]).includes(params.get('sub') ?? '') ? (params.get('sub') as SubTab) : 'profile';
  const go = (next: Tab, nextSub?: SubTab) => setParams(next === 'dashboard' ? {} : { tab: next, ...(nextSub ? { sub: nextSub } : {}) }, { replace: true });

  const [me, setMe] = useState<PartnerOverview | null>(null);
  const [network, setNetwork] = useState<PartnerNetwork | null>(null);
  const [ranking, setRanking] = useState<CountryRanking | null>(null);
  const [failed, setFailed] = useState(false);
  const [supportOpen, setSupportOpen] = useState(false);
  const plan = useLivePlan();
  const profile = usePartnerProfile();
  const payouts = usePayoutData();

  const load = useCallback(async () => {
    try {
      const [m, n] = await Promise.all([affiliateApi.me(), affiliateApi.network()]);
      setMe(m);
      setNetwork(n);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, []);
  const loadRanking = useCallback(() => {
    affiliateApi.ranking().then(setRanking, () => setRanking(null));
  }, []);
  useEffect(() => {
    void load();
    loadRanking();
  }, [load, loadRanking]);

  useLiveEvents(PARTNER_EVENTS, (e) => {
    void load();
    if (e.type === 'commission.booked') {
      const p = e.payload as { amount?: { goints: number }; level?: number } | undefined;
      if (p?.amount) toast.success(t('dashboard.earnings.live', { amount: formatGoints(p.amount.goints, lang), level: p.level ?? 1 }));
      loadRanking();
    }
    if (e.type === 'commission.voided') {
      const p = e.payload as { goints?: number; reason?: string } | undefined;
      if (typeof p?.goints === 'number')
        toast.info(t('dashboard.earnings.voided', { amount: formatGoints(p.goints, lang), reason: p.reason ?? '' }), { duration: 10_000 });
    }
  });

  if (failed && !me) {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
        <p className="text-muted-foreground">{t('dashboard.loadError')}</p>
        <Button variant="outline" onClick={() => void load()}>
          <RefreshCw aria-hidden />
          {t('dashboard.retry')}
        </Button>
      </div>
    );
  }
  if (!me) return <PageSkeleton />;

  const availableCents = payouts.wallet?.partnerEarnings.cents ?? me.earnings.available.cents;
  const canPayOut = availableCents >= MIN_PAYOUT_CENTS;
  const payoutsChanged = () => {
    void payouts.reload();
    void load();
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 pt-8 pb-32 sm:pt-12" data-testid="affiliate-dashboard">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">{t('dashboard.title')}</h1>
        <p className="text-muted-foreground">{t('dashboard.subtitle')}</p>
        <PrivacyAccountLink from="/affiliate/dashboard" />
      </div>
      <Tabs value={tab} onValueChange={(v) => go(v as Tab)}>
        <TabsList className="grid h-auto w-full grid-cols-2 gap-1 sm:flex sm:w-auto">
          {TABS.map((k) => (
            <TabsTrigger key={k} value={k} data-testid={`tab-${k}`}>
              {t(`dashboard.tabs.${k}`)}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="dashboard">
          <OverviewTab me={me} network={network} plan={plan.plan} ranking={ranking} onRankingChanged={loadRanking} hasProfile={!!profile.profile} />
        </TabsContent>
        <TabsContent value="profile">
          <Tabs value={sub} onValueChange={(v) => go('profile', v as SubTab)}>
            <TabsList className="w-full sm:w-auto">
              {SUBTABS.map((k) => (
                <TabsTrigger key={k} value={k} data-testid={`subtab-${k}`}>
                  {t(`profile.tabs.${k}`)}
                </TabsTrigger>
              ))}
            </TabsList>
            <TabsContent value="profile">
              <Card className="p-4 sm:p-6">
                <PartnerProfileForm
                  profile={profile.profile}
                  failed={profile.failed}
                  reload={profile.reload}
                  onSaved={(p) => {
                    profile.setProfile(p);
                    loadRanking();
                  }}
                />
              </Card>
            </TabsContent>
            <TabsContent value="methods">
              <PayoutMethodsCard methods={payouts.methods} onChanged={payoutsChanged} />
            </TabsContent>
            <TabsContent value="payouts" className="flex flex-col gap-6">
              <Card>
                <CardHeader>
                  <CardTitle as="h2">{t('profile.tabs.payouts')}</CardTitle>
                  <CardDescription>{t('profile.payoutsText')}</CardDescription>
                </CardHeader>
              </Card>
              <PayoutRequestCard source="partner_earnings" wallet={payouts.wallet} methods={payouts.methods} onRequested={payoutsChanged} />
              <PayoutHistory payouts={payouts.payouts?.filter((p) => p.source === 'partner_earnings') ?? null} />
            </TabsContent>
          </Tabs>
        </TabsContent>
        <TabsContent value="marketing">
          <MarketingTab link={me.link} name={partnerSignature(profile.profile, user.name)} />
        </TabsContent>
        <TabsContent value="academy">
          <AcademyTab />
        </TabsContent>
      </Tabs>

      {/* Floating on wider screens, but only over the dashboard itself: sticky in the page's column, they stop
          above the notice below it and never cover it or the site's footer. On a phone they would cover form
          fields, so they sit below the tabs there. */}
      <div className="flex flex-wrap gap-2 print:hidden sm:sticky sm:bottom-24 sm:z-30 sm:flex-col sm:items-end sm:self-end" data-testid="floating-actions">
        <Button
          variant="hero"
          className="shadow-lg disabled:border disabled:bg-muted disabled:bg-none disabled:text-muted-foreground disabled:opacity-100"
          disabled={!canPayOut}
          title={canPayOut ? undefined : t('dashboard.floating.payoutMin', { min: formatEuro(MIN_PAYOUT_CENTS, lang) })}
          onClick={() => go('profile', 'payouts')}
          data-testid="floating-payout"
        >
          <Banknote />
          {t('dashboard.floating.payout', { amount: formatEuro(availableCents, lang) })}
        </Button>
        <Button variant="outline" className="shadow-lg" onClick={() => setSupportOpen(true)} data-testid="floating-support">
          <MessageCircle />
          {t('dashboard.floating.support')}
        </Button>
      </div>
      <SupportChatDialog open={supportOpen} onOpenChange={setSupportOpen} />
      <p className="text-xs text-muted-foreground" data-testid="affiliate-legal-note">
        <Link to="/affiliate" className="underline">
          {t('pitch.back')}
        </Link>{' '}
        · {t('landing.legalNote')}
      </p>
    </div>
  );
}
