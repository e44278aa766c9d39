// 'Übersicht': the five counters from real counts, the recent activity, link cards in the specification's
// groups, and quick actions (data and operations, the search area, successes, a status check of the server's view).
import { useEffect, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  ArrowLeftRight,
  BadgeCheck,
  Database,
  FileText,
  Handshake,
  ListChecks,
  MessageSquareText,
  Network,
  Percent,
  Search,
  ShieldCheck,
  Store,
  Trophy,
  UserPlus,
  UserRound,
  Users,
  Wrench,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { call } from '@/lib/contract-client';
import { adminContract, type AdminOverview } from '../../../core/contract/admin.ts';
import { categoryLabel, type CategoryId } from '@/chat/intake/labels';
import { adminApi, type ActivityItem } from './admin-api';
import { LoadFailed } from './admin-dialogs';
import { formatDateTime, formatEuro } from '@/components/market';

const COUNTERS = [
  { key: 'users', icon: Users },
  { key: 'requests', icon: FileText },
  { key: 'deals', icon: Handshake },
  { key: 'transactions', icon: ArrowLeftRight },
  { key: 'affiliates', icon: UserPlus },
] as const;

// The specification's three groups of link cards, each to the real tab or page.
const LINK_GROUPS = [
  {
    key: 'people',
    links: [
      { key: 'seekers', to: '/admin?tab=users&role=seeker', icon: UserRound },
      { key: 'providers', to: '/admin?tab=users&role=provider', icon: Store },
      { key: 'affiliate', to: '/admin/provision', icon: Network },
    ],
  },
  {
    key: 'administration',
    links: [
      { key: 'requests', to: '/admin/requests', icon: ListChecks },
      { key: 'followup', to: '/admin/followup', icon: MessageSquareText },
      { key: 'provision', to: '/admin/provision', icon: Percent },
      { key: 'preise', to: '/admin/preise', icon: FileText },
    ],
  },
  {
    key: 'successes',
    links: [
      { key: 'successfulDeals', to: '/erfolgreiche-deals', icon: Trophy },
      { key: 'confirmations', to: '/admin/deals', icon: BadgeCheck },
    ],
  },
] as const;

// What an admin can look at about the data from the dashboard, by tab; the server's own work (backups,
// migrations) is the operator's and is named, not given as commands.
const DATA_TABS = ['audit', 'jobs', 'outbox', 'users'] as const;

export function OverviewTab() {
  const { t, i18n } = useTranslation('admin');
  const [overview, setOverview] = useState<AdminOverview | null>(null);
  const [activity, setActivity] = useState<ActivityItem[] | null>(null);
  const [activityFailed, setActivityFailed] = useState(false);
  const [dbOpen, setDbOpen] = useState(false);
  const locale = i18n.resolvedLanguage === 'en' ? 'en-GB' : 'de-DE';
  const lang = i18n.resolvedLanguage ?? 'de';

  useEffect(() => {
    call(adminContract.overview).then(setOverview, () => toast.error(t('toast.errorTitle'), { description: t('loadError') }));
    void loadActivity();
  }, [t]);

  const loadActivity = () =>
    adminApi.activity(12).then(
      (r) => {
        setActivity(r.items);
        setActivityFailed(false);
      },
      () => setActivityFailed(true),
    );

  const statusCheck = async () => {
    try {
      const s = await adminApi.status();
      const until = s.session ? formatDateTime(s.session.expiresAt, lang) : '–';
      toast.success(t('overview.status.title'), {
        description: t('overview.status.text', {
          email: s.email,
          role: t(`users.roles.${s.role}`, { defaultValue: s.role }),
          twoFactor: s.twoFactorEnabled ? t('overview.status.on') : t('overview.status.off'),
          until,
        }),
        duration: 3000,
      });
    } catch {
      toast.error(t('toast.errorTitle'), { description: t('overview.status.failed'), duration: 3000 });
    }
  };

  return (
    <div className="flex flex-col gap-8">
      <div className="grid grid-cols-2 gap-4 md:grid-cols-3 xl:grid-cols-5">
        {COUNTERS.map(({ key, icon: Icon }) => (
          <Card key={key}>
            <CardHeader className="pb-2">
              <CardDescription className="flex items-center gap-2">
                <Icon className="size-4 text-primary" aria-hidden />
                {t(`counters.${key}`)}
              </CardDescription>
            </CardHeader>
            <CardContent>
              {overview ? (
                <p className="text-3xl font-bold tabular-nums" data-testid={`admin-counter-${key}`}>
                  {overview[key].toLocaleString(locale)}
                </p>
              ) : (
                <Skeleton className="h-9 w-16" />
              )}
            </CardContent>
          </Card>
        ))}
      </div>

      <section className="flex flex-col gap-3" aria-labelledby="admin-quick">
        <h2 id="admin-quick" className="text-lg font-semibold">
          {t('overview.quick.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" onClick={() => setDbOpen(true)} data-testid="admin-db-open">
            <Database />
            {t('overview.quick.database')}
          </Button>
          <Button variant="outline" asChild>
            <Link to="/search">
              <Search />
              {t('overview.quick.search')}
            </Link>
          </Button>
          <Button variant="outline" asChild>
            <Link to="/erfolgreiche-deals">
              <Trophy />
              {t('overview.quick.successes')}
            </Link>
          </Button>
          <Button variant="outline" onClick={() => void statusCheck()} data-testid="admin-status-check">
            <ShieldCheck />
            {t('overview.quick.status')}
          </Button>
        </div>
      </section>

      <section className="flex flex-col gap-3" aria-labelledby="admin-activity">
        <h2 id="admin-activity" className="text-lg font-semibold">
          {t('overview.activity.title')}
        </h2>
        {activityFailed ? (
          <LoadFailed onRetry={() => void loadActivity()} />
        ) : !activity ? (
          <Skeleton className="h-40" />
        ) : activity.length === 0 ? (
          <p className="text-muted-foreground">{t('overview.activity.empty')}</p>
        ) : (
          <Card>
            <CardContent className="p-0">
              <ul className="divide-y" data-testid="admin-activity">
                {activity.map((item) => (
                  <li
                    key={`${item.kind}:${item.id}`}
                    className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-4 py-3 text-sm"
                    data-kind={item.kind}
                  >
                    <span className="min-w-0 break-words">
                      <span className="mr-2 font-medium">{t(`overview.activity.kinds.${item.kind}`)}</span>
                      <ActivityText item={item} />
                    </span>
                    <time dateTime={item.at} className="text-xs text-muted-foreground tabular-nums">
                      {formatDateTime(item.at, lang)}
                    </time>
                  </li>
                ))}
              </ul>
            </CardContent>
          </Card>
        )}
      </section>

      {LINK_GROUPS.map((g) => (
        <section key={g.key} className="flex flex-col gap-3" aria-labelledby={`admin-links-${g.key}`}>
          <h2 id={`admin-links-${g.key}`} className="text-lg font-semibold">
            {t(`overview.groups.${g.key}`)}
          </h2>
          <div className="grid gap-3 sm:grid-cols-2 xl:grid-cols-4">
            {g.links.map(({ key, to, icon: Icon }) => (
              <LinkCard
                key={key}
                to={to}
                icon={<Icon className="size-5 text-primary" aria-hidden />}
                title={t(`overview.links.${key}.title`)}
                text={t(`overview.links.${key}.text`)}
              />
            ))}
          </div>
        </section>
      ))}

      <Dialog open={dbOpen} onOpenChange={setDbOpen}>
        <DialogContent closeLabel={t('dialogs.close')} data-testid="admin-db-tools">
          <DialogHeader>
            <DialogTitle className="flex items-center gap-2">
              <Wrench className="size-5" aria-hidden />
              {t('overview.db.title')}
            </DialogTitle>
            <DialogDescription>{t('overview.db.text')}</DialogDescription>
          </DialogHeader>
          <ul className="flex flex-col gap-3 text-sm">
            {DATA_TABS.map((tab) => (
              <li key={tab} className="flex flex-col gap-0.5">
                <Link
                  to={`/admin?tab=${tab}`}
                  onClick={() => setDbOpen(false)}
                  className="font-medium text-primary underline-offset-4 hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                >
                  {t(`tabs.${tab}`)}
                </Link>
                <span className="text-muted-foreground">{t(`overview.db.tabs.${tab}`)}</span>
              </li>
            ))}
          </ul>
          <p className="text-sm text-muted-foreground">{t('overview.db.operator')}</p>
        </DialogContent>
      </Dialog>
    </div>
  );
}

function LinkCard({ to, icon, title, text }: { to: string; icon: ReactNode; title: string; text: string }) {
  return (
    <Link to={to} className="group rounded-xl focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none">
      <Card className="h-full transition-colors group-hover:border-primary">
        <CardHeader>
          <CardTitle className="flex items-center gap-2 text-base">
            {icon}
            {title}
          </CardTitle>
          <CardDescription>{text}</CardDescription>
        </CardHeader>
      </Card>
    </Link>
  );
}

function ActivityText({ item }: { item: ActivityItem }) {
  const { t, i18n } = useTranslation('admin');
  const lang = i18n.resolvedLanguage ?? 'de';
  const d = item.detail;
  const euro = (cents: unknown) => formatEuro(Number(cents ?? 0), lang);
  const category = typeof d.kategorie === 'string' ? categoryLabel(d.kategorie as CategoryId, lang) : '';
  const params: Record<string, string | number> = {
    category,
    place: typeof d.ort === 'string' && d.ort ? d.ort : '–',
    email: typeof d.email === 'string' ? d.email : '',
    goints: Number(d.goints ?? 0),
    value: euro(d.valueCents),
    amount: euro(d.amountCents),
    status: typeof d.status === 'string' ? t(`overview.activity.status.${d.status}`, { defaultValue: d.status }) : '',
    role: typeof d.role === 'string' ? t(`users.roles.${d.role}`, { defaultValue: d.role }) : '',
  };
  return <span className="text-muted-foreground">{t(`overview.activity.text.${item.kind}`, params)}</span>;
}
