import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import QRCode from 'qrcode';
import { toast } from 'sonner';
import { ArrowLeftRight, Banknote, FileCheck, FileStack, Flag, Handshake, Inbox, LayoutDashboard, LifeBuoy, LogOut, Mail, MessagesSquare, Settings, ShieldCheck, Tags, UserPlus, Users, FileText, Percent, Megaphone } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { api, ApiError } from '@/lib/api';
import { useAuth, usePageMeta } from '@/lib/auth';
import { PayoutsTab } from './PayoutsTab';
import { SepaTab } from './SepaTab';
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

interface Overview { users: number; requests: number; deals: number; transactions: number; affiliates: number }
interface Mail { id: string; to: string; subject: string; text: string; template: string; locale: string; status: string; createdAt: string }

const COUNTERS = [
  { key: 'users', icon: Users },
  { key: 'requests', icon: FileText },
  { key: 'deals', icon: Handshake },
  { key: 'transactions', icon: ArrowLeftRight },
  { key: 'affiliates', icon: UserPlus },
] as const;

// Each tab loads its own data when it is opened (Radix mounts only the active one).
const TABS = [
  { key: 'overview', icon: LayoutDashboard },
  { key: 'followup', icon: MessagesSquare },
  { key: 'requests', icon: Inbox },
  { key: 'deals', icon: Handshake },
  { key: 'provision', icon: Percent },
  { key: 'content', icon: Megaphone },
  { key: 'preise', icon: Tags },
  { key: 'payouts', icon: Banknote },
  { key: 'sepa', icon: FileStack },
  { key: 'moderation', icon: Flag },
  { key: 'verifications', icon: FileCheck },
  { key: 'settings', icon: Settings },
  { key: 'support', icon: LifeBuoy },
  { key: 'outbox', icon: Mail },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export function AdminPage() {
  const { t } = useTranslation('admin');
  const { user, loading } = useAuth();
  usePageMeta(t('meta.title'));
  if (loading) return <Skeleton className="mx-auto my-16 h-64 max-w-5xl" />;
  if (!user) return <Navigate to="/auth?next=/admin" replace />;
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
  const { signOut } = useAuth();
  const navigate = useNavigate();
  const [overview, setOverview] = useState<Overview | null>(null);
  const [mails, setMails] = useState<Mail[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [params, setParams] = useSearchParams();
  const supportUnread = useSupportUnread();
  const tab: TabKey = TABS.some((x) => x.key === params.get('tab')) ? (params.get('tab') as TabKey) : 'overview';
  const setTab = (v: string) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (v === 'overview') next.delete('tab');
        else next.set('tab', v);
        return next;
      },
      { replace: true },
    );

  useEffect(() => {
    if (tab === 'outbox') loadOutbox();
    // The outbox loads once, when its tab is first shown (also when the page opens on it).
  }, [tab]);

  useEffect(() => {
    api<Overview>('/api/admin/overview').then(setOverview, (e: unknown) => {
      const message = e instanceof ApiError && e.message ? e.message : t('loadError');
      setError(message);
      toast.error(t('loadError'));
    });
  }, [t]);

  const loadOutbox = () => {
    if (mails) return;
    api<{ mails: Mail[] }>('/api/admin/outbox?limit=50').then(
      (r) => setMails(r.mails),
      (e: unknown) => setError(e instanceof ApiError && e.message ? e.message : t('loadError')),
    );
  };

  const logout = async () => {
    await signOut();
    navigate('/');
  };

  return (
    <div className="mx-auto flex max-w-6xl flex-col gap-6 px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
          <p className="text-muted-foreground">{t('subtitle')}</p>
        </div>
        <Button variant="outline" onClick={() => void logout()}>
          <LogOut />
          {t('logout')}
        </Button>
      </div>
      {error && <Alert variant="destructive">{error}</Alert>}
      <Tabs value={tab} onValueChange={setTab}>
        <TabsList className="h-auto w-full flex-wrap justify-start gap-1 sm:w-auto">
          {TABS.map(({ key, icon: Icon }) => (
            <TabsTrigger key={key} value={key} className="flex-none gap-1.5" data-testid={`admin-tab-${key}`}>
              <Icon className="size-4" aria-hidden />
              {t(`tabs.${key}`)}
              {key === 'support' && supportUnread > 0 && (
                <Badge className="ml-1 h-5 min-w-5 justify-center px-1.5 tabular-nums" data-testid="admin-support-unread">
                  {supportUnread}
                </Badge>
              )}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-5">
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
                      {overview[key].toLocaleString(i18n.resolvedLanguage === 'en' ? 'en-GB' : 'de-DE')}
                    </p>
                  ) : (
                    <Skeleton className="h-9 w-16" />
                  )}
                </CardContent>
              </Card>
            ))}
          </div>
        </TabsContent>
        <TabsContent value="followup" className="mt-6">
          <FollowUpTab />
        </TabsContent>
        <TabsContent value="requests" className="mt-6">
          <RequestsTab />
        </TabsContent>
        <TabsContent value="deals" className="mt-6">
          <DealsTab />
        </TabsContent>
        <TabsContent value="provision" className="mt-6">
          <CommissionTab />
        </TabsContent>
        <TabsContent value="content" className="mt-6">
          <ContentTab />
        </TabsContent>
        <TabsContent value="preise" className="mt-6">
          <PricesTab />
        </TabsContent>
        <TabsContent value="payouts" className="mt-6">
          <PayoutsTab />
        </TabsContent>
        <TabsContent value="sepa" className="mt-6">
          <SepaTab />
        </TabsContent>
        <TabsContent value="moderation" className="mt-6">
          <ModerationTab />
        </TabsContent>
        <TabsContent value="verifications" className="mt-6">
          <VerificationsTab />
        </TabsContent>
        <TabsContent value="settings" className="mt-6">
          <SettingsTab />
        </TabsContent>
        <TabsContent value="support" className="mt-6">
          <SupportTab />
        </TabsContent>
        <TabsContent value="outbox">
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
                        <CardTitle className="text-base">{m.subject}</CardTitle>
                        <Badge>{t(`outbox.status.${m.status}`, { defaultValue: m.status })}</Badge>
                      </div>
                      <CardDescription>
                        {t('outbox.to')}: {m.to} · {new Date(m.createdAt).toLocaleString('de-DE')} · {m.locale.toUpperCase()}
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

  const errorText = (e: unknown) => (e instanceof ApiError ? ta(`errors.${e.code}`, { defaultValue: '' }) || e.message || ta('errors.generic') : ta('errors.generic'));

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
                <Input id="enrol-password" type="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} />
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
