import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { toast } from 'sonner';
import {
  Banknote,
  FileCheck,
  FileStack,
  Flag,
  Gavel,
  Handshake,
  History,
  Inbox,
  LayoutDashboard,
  ListRestart,
  Megaphone,
  MessagesSquare,
  Percent,
  LifeBuoy,
  LogOut,
  Mail,
  Settings,
  ShieldAlert,
  ShieldCheck,
  Tags,
  Users,
  type LucideIcon,
} from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/components/market';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { api, ApiError } from '@/lib/api';
import { useAuth, usePageMeta } from '@/lib/auth';
import { ADMIN_PATH_TABS } from '../../../core/pages/route-table';
import { PayoutsTab } from './PayoutsTab';
import { SepaTab } from './SepaTab';
import { HeldCommissionsTab } from './HeldCommissionsTab';
import { ModerationTab } from './ModerationTab';
import { VerificationsTab } from './VerificationsTab';
import { SettingsTab } from './SettingsTab';
import { SupportTab, useSupportUnread } from './SupportTab';
import { FollowUpTab } from './FollowUpTab';
import { RequestsTab } from './RequestsTab';
import { DealsTab } from './DealsTab';
import { CommissionTab } from './CommissionTab';
import { ContentTab } from './ContentTab';
import { PricesTab } from './PricesTab';
import { OverviewTab } from './OverviewTab';
import { UsersTab } from './UsersTab';
import { AuditTab } from './AuditTab';
import { JobsTab } from './JobsTab';
import { ReportsTab } from './ReportsTab';
import { adminApi } from './admin-api';
import { call } from '@/lib/contract-client';
import { adminContract, type OutboxMail } from '../../../core/contract/admin.ts';

// Each tab loads its own data when it is opened (Radix mounts only the active one). A tab is one entry here;
// where it shows in the navigation comes from TAB_GROUPS by its key, so an entry of { key, icon } slots in.
const TABS = [
  { key: 'overview', icon: LayoutDashboard },
  { key: 'followup', icon: MessagesSquare },
  { key: 'requests', icon: Inbox },
  { key: 'deals', icon: Handshake },
  { key: 'provision', icon: Percent },
  { key: 'content', icon: Megaphone },
  { key: 'preise', icon: Tags },
  { key: 'users', icon: Users },
  { key: 'payouts', icon: Banknote },
  { key: 'sepa', icon: FileStack },
  { key: 'held', icon: ShieldAlert },
  { key: 'moderation', icon: Flag },
  { key: 'reports', icon: Gavel },
  { key: 'verifications', icon: FileCheck },
  { key: 'settings', icon: Settings },
  { key: 'support', icon: LifeBuoy },
  { key: 'outbox', icon: Mail },
  { key: 'audit', icon: History },
  { key: 'jobs', icon: ListRestart },
] as const satisfies readonly { key: string; icon: LucideIcon }[];
type TabKey = (typeof TABS)[number]['key'];

/** The navigation's groups (a sidebar on wide screens, one grouped select on phones), in order. */
const NAV_GROUPS = ['start', 'people', 'marketplace', 'money', 'system', 'more'] as const;
type NavGroup = (typeof NAV_GROUPS)[number];
const TAB_GROUPS: Record<string, NavGroup> = {
  overview: 'start',
  users: 'people',
  verifications: 'people',
  support: 'people',
  requests: 'marketplace',
  moderation: 'marketplace',
  reports: 'marketplace',
  followup: 'marketplace',
  deals: 'marketplace',
  preise: 'money',
  provision: 'money',
  payouts: 'money',
  sepa: 'money',
  held: 'money',
  content: 'system',
  settings: 'system',
  outbox: 'system',
  audit: 'system',
  jobs: 'system',
};
const groupOf = (key: string): NavGroup => TAB_GROUPS[key] ?? 'more';

export function AdminPage() {
  const { t } = useTranslation('admin');
  const { user, loading } = useAuth();
  const { pathname } = useLocation();
  usePageMeta(t('meta.title'));
  if (loading) return <Skeleton className="mx-auto my-16 h-64 max-w-5xl" />;
  if (!user) return <Navigate to={`/auth?next=${encodeURIComponent(pathname)}`} replace />;
  if (user.role !== 'admin') {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center">
        <h1 className="text-2xl font-bold">{t('noAccess.title')}</h1>
        <p className="text-muted-foreground">{t('noAccess.text')}</p>
        <Button asChild variant="outline">
          <Link to="/">{t('noAccess.home')}</Link>
        </Button>
      </div>
    );
  }
  if (!user.twoFactorEnabled) return <TotpEnrolment />;
  return <AdminDashboard />;
}

function AdminDashboard() {
  const { t, i18n } = useTranslation('admin');
  const { t: tc } = useTranslation('common');
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [mails, setMails] = useState<OutboxMail[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [params] = useSearchParams();
  const supportUnread = useSupportUnread();
  const pathTab = ADMIN_PATH_TABS[pathname.replace(/\/+$/, '')];
  const requested = pathTab ?? params.get('tab') ?? 'overview';
  const tab: TabKey = TABS.some((x) => x.key === requested) ? (requested as TabKey) : 'overview';
  // A tab with a path of its own opens on it (/admin/deals); the others on /admin?tab=….
  const setTab = (v: string) => {
    const own = Object.entries(ADMIN_PATH_TABS).find(([, key]) => key === v)?.[0];
    void navigate(own ?? (v === 'overview' ? '/admin' : `/admin?tab=${encodeURIComponent(v)}`), { replace: true });
  };
  const groups = NAV_GROUPS.map((g) => ({ key: g, tabs: TABS.filter((x) => groupOf(x.key) === g) })).filter((g) => g.tabs.length > 0);

  useEffect(() => {
    if (tab === 'outbox') loadOutbox();
    // The outbox loads once, when its tab is first shown (also when the page opens on it).
  }, [tab]);

  // The server's own check of this admin (role, two-factor, session): if the dashboard cannot load, home.
  useEffect(() => {
    adminApi.status().catch(() => {
      toast.error(t('frame.loadFailedTitle'), { description: t('frame.loadFailed') });
      void navigate('/', { replace: true });
    });
  }, [t, navigate]);

  const loadOutbox = () => {
    if (mails) return;
    call(adminContract.outbox, { query: { limit: 50 } }).then(
      (r) => setMails(r.mails),
      (e: unknown) => setError(e instanceof ApiError && e.message ? e.message : t('loadError')),
    );
  };

  const logout = async () => {
    // Home first: signed out on /admin, the page would send the person to the sign-in form instead.
    void navigate('/');
    await signOut();
    toast.success(tc('toast.signedOut'));
  };

  const label = (key: string) => t(`tabs.${key}`);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8 sm:py-12" data-testid="admin-page" data-tab={tab} data-requested-tab={requested}>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
          <p className="text-muted-foreground">{t('subtitle')}</p>
          <p className="text-xs text-muted-foreground" data-testid="admin-time-zone">
            {t('timeZone')}
          </p>
        </div>
        <Button variant="outline" onClick={() => void logout()} data-testid="admin-logout">
          <LogOut />
          {t('logout')}
        </Button>
      </div>
      {error && <Alert variant="destructive">{error}</Alert>}
      <Tabs
        value={tab}
        onValueChange={setTab}
        orientation="vertical"
        className="flex flex-col gap-4 lg:grid lg:grid-cols-[13rem_minmax(0,1fr)] lg:items-start lg:gap-8"
      >
        {/* Phones and tablets: one grouped select instead of a bar of ~17 tabs. */}
        <div className="flex flex-col gap-1.5 lg:hidden">
          <Label htmlFor="admin-section" className="flex items-center gap-2">
            {t('frame.section')}
            {supportUnread > 0 && (
              <Badge className="h-5 min-w-5 justify-center px-1.5 tabular-nums" aria-label={t('frame.unread', { count: supportUnread })}>
                {supportUnread}
              </Badge>
            )}
          </Label>
          <NativeSelect id="admin-section" data-testid="admin-nav-select" value={tab} onChange={(e) => setTab(e.target.value)}>
            {groups.map((g) => (
              <optgroup key={g.key} label={t(`frame.groups.${g.key}`)}>
                {g.tabs.map(({ key }) => (
                  <option key={key} value={key}>
                    {label(key)}
                    {key === 'support' && supportUnread > 0 ? ` (${supportUnread})` : ''}
                  </option>
                ))}
              </optgroup>
            ))}
          </NativeSelect>
        </div>
        <TabsList
          aria-label={t('frame.section')}
          className="hidden h-auto flex-col items-stretch justify-start gap-3 bg-transparent p-0 lg:sticky lg:top-20 lg:flex"
        >
          {groups.map((g) => (
            <div key={g.key} className="flex flex-col gap-0.5">
              <p className="px-3 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase" aria-hidden>
                {t(`frame.groups.${g.key}`)}
              </p>
              {g.tabs.map(({ key, icon: Icon }) => (
                <TabsTrigger key={key} value={key} className="flex-none justify-start gap-2 data-[state=active]:bg-muted" data-testid={`admin-tab-${key}`}>
                  <Icon className="size-4" aria-hidden />
                  {label(key)}
                  {key === 'support' && supportUnread > 0 && (
                    <Badge className="ml-auto h-5 min-w-5 justify-center px-1.5 tabular-nums" data-testid="admin-support-unread">
                      {supportUnread}
                    </Badge>
                  )}
                </TabsTrigger>
              ))}
            </div>
          ))}
        </TabsList>
        <div className="min-w-0">
          <TabsContent value="overview" className="mt-0">
            <OverviewTab />
          </TabsContent>
          <TabsContent value="followup" className="mt-0">
            <FollowUpTab />
          </TabsContent>
          <TabsContent value="requests" className="mt-0">
            <RequestsTab />
          </TabsContent>
          <TabsContent value="deals" className="mt-0">
            <DealsTab />
          </TabsContent>
          <TabsContent value="provision" className="mt-0">
            <CommissionTab />
          </TabsContent>
          <TabsContent value="content" className="mt-0">
            <ContentTab />
          </TabsContent>
          <TabsContent value="preise" className="mt-0">
            <PricesTab />
          </TabsContent>
          <TabsContent value="users" className="mt-0">
            <UsersTab />
          </TabsContent>
          <TabsContent value="payouts" className="mt-0">
            <PayoutsTab />
          </TabsContent>
          <TabsContent value="sepa" className="mt-0">
            <SepaTab />
          </TabsContent>
          <TabsContent value="held" className="mt-0">
            <HeldCommissionsTab />
          </TabsContent>
          <TabsContent value="moderation" className="mt-0">
            <ModerationTab />
          </TabsContent>
          <TabsContent value="reports" className="mt-0">
            <ReportsTab />
          </TabsContent>
          <TabsContent value="verifications" className="mt-0">
            <VerificationsTab />
          </TabsContent>
          <TabsContent value="settings" className="mt-0">
            <SettingsTab />
          </TabsContent>
          <TabsContent value="support" className="mt-0">
            <SupportTab />
          </TabsContent>
          <TabsContent value="audit" className="mt-0">
            <AuditTab />
          </TabsContent>
          <TabsContent value="jobs" className="mt-0">
            <JobsTab />
          </TabsContent>
          <TabsContent value="outbox" className="mt-0">
            {!mails ? (
              <Skeleton className="h-40" />
            ) : mails.length === 0 ? (
              <p className="text-muted-foreground">{t('outbox.empty')}</p>
            ) : (
              <ul className="flex flex-col gap-3">
                {mails.map((m) => (
                  <li key={m.id}>
                    <Card>
                      <CardHeader className="pb-2">
                        <div className="flex flex-wrap items-center justify-between gap-2">
                          <CardTitle as="h2" className="text-base">
                            {m.subject}
                          </CardTitle>
                          <Badge>{t(`outbox.status.${m.status}`, { defaultValue: m.status })}</Badge>
                        </div>
                        <CardDescription>
                          {t('outbox.to')}: {m.to} · {formatDateTime(m.createdAt, i18n.resolvedLanguage ?? 'de')} · {m.locale.toUpperCase()}
                        </CardDescription>
                      </CardHeader>
                      <CardContent>
                        {m.text ? <MailText text={m.text} /> : <p className="text-sm text-muted-foreground">{t('outbox.bodyNotKept')}</p>}
                      </CardContent>
                    </Card>
                  </li>
                ))}
              </ul>
            )}
          </TabsContent>
        </div>
      </Tabs>
    </div>
  );
}

/** The plain-text body with its links clickable. */
function MailText({ text }: { text: string }) {
  const parts = text.split(/(https?:\/\/\S+)/g);
  return (
    <p className="whitespace-pre-wrap break-words text-sm">
      {parts.map((p, i) =>
        /^https?:\/\//.test(p) ? (
          <a key={i} href={p} className="text-primary underline">
            {p}
          </a>
        ) : (
          <span key={i}>{p}</span>
        ),
      )}
    </p>
  );
}

function TotpEnrolment() {
  const { t } = useTranslation('admin');
  const { t: ta } = useTranslation('auth');
  const { refresh } = useAuth();
  const [password, setPassword] = useState('');
  const [setup, setSetup] = useState<{ uri: string; secret: string; qr: string; backupCodes: string[] } | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const errorText = (e: unknown) =>
    e instanceof ApiError ? ta(`errors.${e.code}`, { defaultValue: '' }) || e.message || ta('errors.generic') : ta('errors.generic');

  const start = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const r = await api<{ totpURI: string; backupCodes: string[] }>('/api/auth/two-factor/enable', { method: 'POST', body: { password } });
      const secret = new URL(r.totpURI).searchParams.get('secret') ?? '';
      setSetup({ uri: r.totpURI, secret, qr: await QRCode.toDataURL(r.totpURI, { margin: 1, width: 220 }), backupCodes: r.backupCodes });
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  const verify = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await api('/api/auth/two-factor/verify-totp', { method: 'POST', body: { code: code.replace(/\s/g, '') } });
      toast.success(t('enrol.done'));
      await refresh();
    } catch (err) {
      setError(errorText(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-lg px-4 py-10 sm:py-16">
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <ShieldCheck className="size-5 text-primary" aria-hidden />
            {t('enrol.title')}
          </CardTitle>
          <CardDescription>{t('enrol.text')}</CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4">
          {!setup ? (
            <form onSubmit={start} className="flex flex-col gap-4">
              <div className="flex flex-col gap-2">
                <Label htmlFor="enrol-password">{ta('fields.password')}</Label>
                <Input
                  id="enrol-password"
                  type="password"
                  autoComplete="current-password"
                  required
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                />
              </div>
              {error && <Alert variant="destructive">{error}</Alert>}
              <Button type="submit" disabled={busy}>
                {t('enrol.start')}
              </Button>
            </form>
          ) : (
            <form onSubmit={verify} className="flex flex-col gap-4">
              <p className="text-sm">{t('enrol.scan')}</p>
              <img src={setup.qr} alt={t('enrol.qrAlt')} width={220} height={220} className="mx-auto rounded-md border" />
              <p className="text-sm">
                {t('enrol.secret')}:{' '}
                <code data-testid="totp-secret" className="break-all rounded bg-muted px-2 py-1 font-mono text-sm">
                  {setup.secret}
                </code>
              </p>
              <div>
                <p className="text-sm">{t('enrol.backup')}</p>
                <ul className="mt-2 grid grid-cols-2 gap-1 font-mono text-sm">
                  {setup.backupCodes.map((c) => (
                    <li key={c} className="rounded bg-muted px-2 py-1">
                      {c}
                    </li>
                  ))}
                </ul>
              </div>
              <div className="flex flex-col gap-2">
                <Label htmlFor="enrol-code">{ta('fields.code')}</Label>
                <Input id="enrol-code" inputMode="numeric" autoComplete="one-time-code" required value={code} onChange={(e) => setCode(e.target.value)} />
              </div>
              {error && <Alert variant="destructive">{error}</Alert>}
              <Button type="submit" disabled={busy}>
                {ta('actions.verify')}
              </Button>
            </form>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
