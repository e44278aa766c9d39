// 'Nutzer & Rollen': search people by e-mail or name, page through them, open one (role, dates, two-factor,
// referrer, ledger balances, activity), change the role, suspend with a reason or lift a suspension. The
// server decides every rule (not oneself, never the last admin) and answers with a translated reason.
import { useEffect, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Ban, ChevronLeft, ChevronRight, Search, ShieldCheck, Undo2, UserRound } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { adminApi, errorText, USER_ROLES, type UserDetails, type UserListRow, type UserRole } from './admin-api';
import { ConfirmDialog, EmptyState, LoadFailed, ReasonDialog } from './admin-dialogs';
import { formatDate, formatDateTime, formatEuro } from '@/components/market';

const PAGE_SIZE = 20;

export function UsersTab() {
  const { t, i18n } = useTranslation('admin');
  const [params] = useSearchParams();
  const initialRole = USER_ROLES.find((r) => r === params.get('role'));
  const [query, setQuery] = useState('');
  const [role, setRole] = useState<UserRole | ''>(initialRole ?? '');
  const [applied, setApplied] = useState<{ q: string; role: UserRole | '' }>({ q: '', role: initialRole ?? '' });
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ users: UserListRow[]; total: number } | null>(null);
  const [failed, setFailed] = useState(false);
  const [openId, setOpenId] = useState<string | null>(null);
  const lang = i18n.resolvedLanguage ?? 'de';

  const load = () =>
    adminApi.users({ ...(applied.q ? { q: applied.q } : {}), ...(applied.role ? { role: applied.role } : {}), page, pageSize: PAGE_SIZE }).then(
      (r) => {
        setData(r);
        setFailed(false);
      },
      () => setFailed(true),
    );
  useEffect(() => void load(), [applied, page]);

  const search = (e: FormEvent) => {
    e.preventDefault();
    setPage(1);
    setApplied({ q: query.trim(), role });
  };
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;

  return (
    <div className="flex flex-col gap-4">
      <form onSubmit={search} className="flex flex-col gap-3 sm:flex-row sm:items-end" role="search">
        <div className="flex flex-1 flex-col gap-1.5">
          <Label htmlFor="users-q">{t('users.search')}</Label>
          <Input
            id="users-q"
            type="search"
            value={query}
            maxLength={120}
            placeholder={t('users.searchPlaceholder')}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1.5 sm:w-44">
          <Label htmlFor="users-role">{t('users.role')}</Label>
          <NativeSelect id="users-role" value={role} onChange={(e) => setRole(e.target.value as UserRole | '')}>
            <option value="">{t('users.allRoles')}</option>
            {USER_ROLES.map((r) => (
              <option key={r} value={r}>
                {t(`users.roles.${r}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <Button type="submit">
          <Search />
          {t('users.searchButton')}
        </Button>
      </form>

      {failed ? (
        <LoadFailed onRetry={() => void load()} />
      ) : !data ? (
        <Skeleton className="h-64" />
      ) : data.users.length === 0 ? (
        <EmptyState icon={<UserRound className="size-8" aria-hidden />} text={t('users.empty')} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground" data-testid="users-total">
            {t('users.total', { count: data.total })}
          </p>
          <ul className="flex flex-col gap-2" data-testid="users-list">
            {data.users.map((u) => (
              <li key={u.id}>
                <Card>
                  <CardContent className="flex flex-wrap items-center justify-between gap-3 p-4">
                    <div className="min-w-0">
                      <p className="font-medium break-all">{u.email}</p>
                      <p className="text-sm text-muted-foreground">
                        {u.name} · {t('users.since', { date: formatDate(u.createdAt, lang) })}
                      </p>
                    </div>
                    <div className="flex flex-wrap items-center gap-2">
                      <Badge>{t(`users.roles.${u.role}`, { defaultValue: u.role })}</Badge>
                      {u.twoFactorEnabled && <Badge>{t('users.twoFactorShort')}</Badge>}
                      {u.suspended && <Badge className="border-destructive/40 bg-destructive/10 text-destructive">{t('users.suspended')}</Badge>}
                      <Button
                        size="sm"
                        variant="outline"
                        onClick={() => setOpenId(u.id)}
                        aria-label={t('users.openFor', { email: u.email })}
                        data-testid="user-open"
                      >
                        {t('users.open')}
                      </Button>
                    </div>
                  </CardContent>
                </Card>
              </li>
            ))}
          </ul>
          <nav className="flex items-center justify-between gap-2" aria-label={t('users.paging')}>
            <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
              <ChevronLeft />
              {t('users.previous')}
            </Button>
            <span className="text-sm tabular-nums">{t('users.page', { page, pages })}</span>
            <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
              {t('users.next')}
              <ChevronRight />
            </Button>
          </nav>
        </>
      )}
      {openId && <UserDialog id={openId} onClose={() => setOpenId(null)} onChanged={() => void load()} />}
    </div>
  );
}

function UserDialog({ id, onClose, onChanged }: { id: string; onClose: () => void; onChanged: () => void }) {
  const { t, i18n } = useTranslation('admin');
  const [user, setUser] = useState<UserDetails | null>(null);
  const [failed, setFailed] = useState(false);
  const [role, setRole] = useState<UserRole>('seeker');
  const [suspendOpen, setSuspendOpen] = useState(false);
  const [unsuspendOpen, setUnsuspendOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const locale = i18n.resolvedLanguage === 'en' ? 'en-GB' : 'de-DE';
  const lang = i18n.resolvedLanguage ?? 'de';
  const euro = (cents: number) => formatEuro(cents, locale);

  const load = () =>
    adminApi.user(id).then(
      (u) => {
        setUser(u);
        setRole(u.role as UserRole);
        setFailed(false);
      },
      () => setFailed(true),
    );
  useEffect(() => void load(), [id]);

  const fail = (e: unknown) => {
    toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
    throw e;
  };
  const changed = async () => {
    await load();
    onChanged();
  };

  const saveRole = async () => {
    setBusy(true);
    try {
      const r = await adminApi.setRole(id, role);
      if (r.changed) toast.success(t('users.toast.role', { role: t(`users.roles.${r.role}`) }));
      await changed();
    } catch (e) {
      toast.error(t('toast.errorTitle'), { description: errorText(e, t('toast.actionFailed')) });
      if (user) setRole(user.role as UserRole);
    } finally {
      setBusy(false);
    }
  };

  const rows: [string, string][] = user
    ? [
        [t('users.fields.role'), t(`users.roles.${user.role}`, { defaultValue: user.role })],
        [t('users.fields.created'), formatDateTime(user.createdAt, lang)],
        [t('users.fields.verified'), user.emailVerified ? t('users.yes') : t('users.no')],
        [t('users.fields.twoFactor'), user.twoFactorEnabled ? t('users.yes') : t('users.no')],
        [t('users.fields.language'), user.locale.toUpperCase()],
        [t('users.fields.referrer'), user.referrer ? `${user.referrer.name} (${user.referrer.email})` : '–'],
        [t('users.fields.referrals'), String(user.referrals)],
        [
          t('users.fields.goints'),
          t('users.goints', { paid: user.balance.goints.toLocaleString(locale), promo: user.balance.promoGoints.toLocaleString(locale) }),
        ],
        [t('users.fields.earnings'), euro(user.balance.seekerEarningsCents)],
        [
          t('users.fields.commissions'),
          t('users.commissions', { available: euro(user.balance.partnerEarningsCents), pending: euro(user.balance.partnerPendingCents) }),
        ],
        [
          t('users.fields.activity'),
          (['requests', 'unlocks', 'offers', 'deals', 'payouts'] as const).map((kind) => t(`users.counts.${kind}`, { count: user.counts[kind] })).join(', '),
        ],
        [t('users.fields.sessions'), String(user.activeSessions)],
      ]
    : [];

  return (
    <Dialog open onOpenChange={(o) => !o && onClose()}>
      <DialogContent closeLabel={t('dialogs.close')} className="max-h-[90vh] overflow-y-auto sm:max-w-lg" data-testid="user-dialog">
        <DialogHeader>
          <DialogTitle className="break-all">{user?.email ?? t('users.loading')}</DialogTitle>
          <DialogDescription>{user?.name ?? ''}</DialogDescription>
        </DialogHeader>
        {failed ? (
          <LoadFailed onRetry={() => void load()} />
        ) : !user ? (
          <Skeleton className="h-48" />
        ) : (
          <div className="flex flex-col gap-4">
            {user.suspension && (
              <div className="rounded-lg border border-destructive/40 bg-destructive/5 p-3 text-sm" role="status" data-testid="user-suspension">
                <p className="font-medium text-destructive">{t('users.suspendedSince', { date: formatDateTime(user.suspension.at, lang) })}</p>
                <p>{t('users.suspendedReason', { reason: user.suspension.reason ?? '–', by: user.suspension.byEmail ?? '–' })}</p>
              </div>
            )}
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
              {rows.map(([k, v]) => (
                <div key={k} className="contents">
                  <dt className="text-muted-foreground">{k}</dt>
                  <dd className="break-words">{v}</dd>
                </div>
              ))}
            </dl>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="user-role">{t('users.changeRole')}</Label>
              <div className="flex gap-2">
                <NativeSelect id="user-role" value={role} onChange={(e) => setRole(e.target.value as UserRole)} className="min-w-36">
                  {USER_ROLES.map((r) => (
                    <option key={r} value={r}>
                      {t(`users.roles.${r}`)}
                    </option>
                  ))}
                </NativeSelect>
                <Button variant="outline" disabled={busy || role === user.role} onClick={() => void saveRole()}>
                  <ShieldCheck />
                  {t('users.saveRole')}
                </Button>
              </div>
              {role === 'admin' && user.role !== 'admin' && <p className="text-xs text-muted-foreground">{t('users.adminHint')}</p>}
            </div>
            <div className="flex flex-wrap gap-2 border-t pt-4">
              {user.suspension ? (
                <Button variant="outline" onClick={() => setUnsuspendOpen(true)}>
                  <Undo2 />
                  {t('users.unsuspend')}
                </Button>
              ) : (
                <Button variant="destructive" onClick={() => setSuspendOpen(true)} data-testid="user-suspend">
                  <Ban />
                  {t('users.suspend')}
                </Button>
              )}
            </div>
          </div>
        )}
        <ReasonDialog
          open={suspendOpen}
          title={t('users.suspendDialog.title')}
          description={t('users.suspendDialog.text', { email: user?.email ?? '' })}
          label={t('users.suspendDialog.reason')}
          submitLabel={t('users.suspend')}
          minLength={3}
          maxLength={500}
          destructive
          onSubmit={async (reason) => {
            try {
              const r = await adminApi.suspend(id, reason);
              toast.success(t('users.toast.suspended', { count: r.sessionsEnded }));
              await changed();
            } catch (e) {
              fail(e);
            }
          }}
          onClose={() => setSuspendOpen(false)}
        />
        <ConfirmDialog
          open={unsuspendOpen}
          title={t('users.unsuspendDialog.title')}
          description={t('users.unsuspendDialog.text', { email: user?.email ?? '' })}
          confirmLabel={t('users.unsuspend')}
          onConfirm={async () => {
            try {
              await adminApi.unsuspend(id);
              toast.success(t('users.toast.unsuspended'));
              await changed();
            } catch (e) {
              fail(e);
            }
          }}
          onClose={() => setUnsuspendOpen(false)}
        />
      </DialogContent>
    </Dialog>
  );
}
