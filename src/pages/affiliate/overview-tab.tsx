// The dashboard's first tab: earnings, network, invite/copy/share/QR, the ten levels and the ranking.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import QRCode from 'qrcode';
import { Copy, Download, Loader2, Mail, Share2, Trophy, Users, Wallet } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { Skeleton } from '@/components/ui/skeleton';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { formatEuro } from '@/components/market';
import { ApiError } from '@/lib/api';
import { currentLang } from '@/i18n';
import { affiliateApi, formatBp, formatGoints, type CountryRanking, type LivePlan, type PartnerNetwork, type PartnerOverview } from './affiliate-api';
import { useCopy } from './use-copy';

function Money({ label, goints, cents, testId }: { label: string; goints: number; cents: number; testId: string }) {
  const { t, i18n } = useTranslation('affiliate');
  const lang = i18n.resolvedLanguage ?? 'de';
  return (
    <div className="flex flex-col rounded-lg bg-muted/50 p-3" data-testid={testId}>
      <span className="text-xs font-medium text-muted-foreground">{label}</span>
      <span className="text-xl font-bold tabular-nums">{t('dashboard.earnings.goints', { value: formatGoints(goints, lang) })}</span>
      <span className="text-xs tabular-nums text-muted-foreground">{t('dashboard.earnings.euro', { value: formatEuro(cents, lang) })}</span>
    </div>
  );
}

export function OverviewTab({
  me,
  network,
  plan,
  ranking,
  onRankingChanged,
  hasProfile,
}: {
  me: PartnerOverview;
  network: PartnerNetwork | null;
  plan: LivePlan | null;
  ranking: CountryRanking | null;
  onRankingChanged: () => void;
  hasProfile: boolean;
}) {
  const { t, i18n } = useTranslation('affiliate');
  const lang = i18n.resolvedLanguage ?? 'de';
  const copy = useCopy();
  const [inviteOpen, setInviteOpen] = useState(false);
  const [qr, setQr] = useState<string | null>(null);
  useEffect(() => {
    let alive = true;
    QRCode.toDataURL(me.link, { margin: 1, width: 200 }).then(
      (url) => alive && setQr(url),
      () => alive && setQr(null),
    );
    return () => {
      alive = false;
    };
  }, [me.link]);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const share = async () => {
    try {
      await navigator.share({ title: t('dashboard.share.shareTitle'), text: t('dashboard.share.shareText'), url: me.link });
    } catch {
      // the person closed the share sheet
    }
  };
  const rate = me.conversion.signupRate;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader className="flex-row items-center gap-2">
            <Wallet className="size-5 text-primary" aria-hidden />
            <CardTitle as="h2">{t('dashboard.earnings.title')}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-3">
            <Money label={t('dashboard.earnings.total')} {...me.earnings.total} testId="earnings-total" />
            <Money label={t('dashboard.earnings.month')} {...me.earnings.thisMonth} testId="earnings-month" />
            <Money label={t('dashboard.earnings.pending')} {...me.earnings.pending} testId="earnings-pending" />
            <Money label={t('dashboard.earnings.available')} {...me.earnings.available} testId="earnings-available" />
            {me.earnings.held.count > 0 && (
              <p className="col-span-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950" data-testid="earnings-held">
                {t('dashboard.earnings.held', {
                  count: me.earnings.held.count,
                  goints: formatGoints(me.earnings.held.goints, lang),
                  euro: formatEuro(me.earnings.held.cents, lang),
                })}
              </p>
            )}
          </CardContent>
        </Card>
        <Card>
          <CardHeader className="flex-row items-center gap-2">
            <Users className="size-5 text-primary" aria-hidden />
            <CardTitle as="h2">{t('dashboard.network.title')}</CardTitle>
          </CardHeader>
          <CardContent className="grid grid-cols-2 gap-3 sm:grid-cols-3">
            <div className="flex flex-col rounded-lg bg-muted/50 p-3" data-testid="network-size">
              <span className="text-xs font-medium text-muted-foreground">{t('dashboard.network.people')}</span>
              <span className="text-xl font-bold tabular-nums">{network ? network.size : '…'}</span>
            </div>
            <div className="flex flex-col rounded-lg bg-muted/50 p-3" data-testid="network-active">
              <span className="text-xs font-medium text-muted-foreground">{t('dashboard.network.active')}</span>
              <span className="text-xl font-bold tabular-nums">{network ? network.active : '…'}</span>
            </div>
            <div className="col-span-2 flex flex-col rounded-lg bg-muted/50 p-3 sm:col-span-1" data-testid="network-conversion">
              <span className="text-xs font-medium text-muted-foreground">{t('dashboard.network.conversion')}</span>
              <span className="text-xl font-bold tabular-nums">{rate === null ? t('dashboard.network.none') : formatBp(Math.round(rate * 10_000), lang)}</span>
              <span className="text-xs text-muted-foreground">
                {t('dashboard.network.conversionHint', { signups: me.conversion.signups, clicks: me.conversion.clicks })}
              </span>
            </div>
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('dashboard.share.title')}</CardTitle>
          <CardDescription className="font-mono break-all" data-testid="dashboard-link">
            {me.link}
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex flex-wrap gap-2">
            <Button onClick={() => setInviteOpen(true)} data-testid="partner-invite">
              <Mail />
              {t('dashboard.share.invite')}
            </Button>
            <Button variant="outline" onClick={() => void copy(me.link, 'link')}>
              <Copy />
              {t('dashboard.share.copyLink')}
            </Button>
            {canShare && (
              <Button variant="outline" onClick={() => void share()}>
                <Share2 />
                {t('dashboard.share.share')}
              </Button>
            )}
          </div>
          {qr && (
            <figure className="flex flex-col items-center gap-2">
              <img src={qr} width={160} height={160} alt={t('dashboard.share.qr')} className="rounded-md border" data-testid="referral-qr" />
              <Button asChild variant="ghost" size="sm">
                <a href={qr} download={`akut-${me.code}.png`}>
                  <Download />
                  {t('dashboard.share.qrDownload')}
                </a>
              </Button>
            </figure>
          )}
        </CardContent>
      </Card>
      <InviteDialog open={inviteOpen} onOpenChange={setInviteOpen} />

      <Card>
        <CardHeader>
          <CardTitle as="h2">{t('dashboard.levels.title')}</CardTitle>
          <CardDescription>{t('dashboard.levels.text')}</CardDescription>
        </CardHeader>
        {/* Scrolls sideways on a phone: reachable by keyboard (WCAG 2.1.1). */}
        <CardContent className="overflow-x-auto p-0 sm:p-6 sm:pt-0" role="region" aria-label={t('dashboard.levels.title')} tabIndex={0}>
          <table className="w-full text-sm" data-testid="network-levels">
            <thead className="text-left text-muted-foreground">
              <tr>
                <th className="px-3 py-2">{t('dashboard.levels.level')}</th>
                <th className="px-3 py-2">{t('dashboard.levels.share')}</th>
                <th className="px-3 py-2 text-right">{t('dashboard.levels.people')}</th>
                <th className="px-3 py-2 text-right">{t('dashboard.levels.earnings')}</th>
              </tr>
            </thead>
            <tbody>
              {Array.from({ length: 10 }, (_, i) => i + 1).map((level) => {
                const row = network?.levels.find((l) => l.level === level);
                const share = plan?.levels.find((l) => l.level === level)?.shareOfRevenueBp;
                return (
                  <tr key={level} className="border-t" data-testid={`level-row-${level}`}>
                    <td className="px-3 py-2 font-medium">{level}</td>
                    <td className="px-3 py-2 tabular-nums">{share === undefined ? '…' : formatBp(share, lang)}</td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {row ? row.people : '…'}
                      {row && row.active > 0 && (
                        <span className="text-xs text-muted-foreground">
                          {' '}
                          ({row.active} {t('dashboard.levels.activePeople')})
                        </span>
                      )}
                    </td>
                    <td className="px-3 py-2 text-right tabular-nums">
                      {row ? `${formatGoints(row.earnings.goints, lang)} G · ${formatEuro(row.earnings.cents, lang)}` : '…'}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </CardContent>
      </Card>

      <RankingCard ranking={ranking} onChanged={onRankingChanged} hasProfile={hasProfile} />
    </div>
  );
}

function InviteDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (o: boolean) => void }) {
  const { t } = useTranslation('affiliate');
  const uid = useId();
  const [email, setEmail] = useState('');
  const [lang, setLang] = useState<'de' | 'en'>(currentLang());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email.trim())) return setError(t('dashboard.invite.invalid'));
    setBusy(true);
    try {
      const r = await affiliateApi.invite({ email: email.trim(), lang });
      toast.success(t('dashboard.invite.sent'), { description: t('dashboard.invite.remaining', { count: r.remainingToday }) });
      setEmail('');
      setError(null);
      onOpenChange(false);
    } catch (err) {
      setError(err instanceof ApiError && err.message ? err.message : t('dashboard.invite.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('marketing.close')} data-testid="invite-dialog">
        <DialogHeader>
          <DialogTitle>{t('dashboard.invite.title')}</DialogTitle>
          <DialogDescription>{t('dashboard.invite.text')}</DialogDescription>
        </DialogHeader>
        <form onSubmit={(e) => void submit(e)} noValidate className="flex flex-col gap-4">
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-email`}>{t('dashboard.invite.email')}</Label>
            <Input
              id={`${uid}-email`}
              type="email"
              autoComplete="off"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${uid}-error` : undefined}
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor={`${uid}-lang`}>{t('dashboard.invite.lang')}</Label>
            <NativeSelect id={`${uid}-lang`} value={lang} onChange={(e) => setLang(e.target.value === 'en' ? 'en' : 'de')}>
              <option value="de">Deutsch</option>
              <option value="en">English</option>
            </NativeSelect>
          </div>
          {error && (
            <p id={`${uid}-error`} role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" disabled={busy}>
            {busy && <Loader2 className="animate-spin" aria-hidden />}
            {t('dashboard.invite.send')}
          </Button>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function RankingCard({ ranking, onChanged, hasProfile }: { ranking: CountryRanking | null; onChanged: () => void; hasProfile: boolean }) {
  const { t, i18n } = useTranslation('affiliate');
  const lang = i18n.resolvedLanguage ?? 'de';
  const uid = useId();
  const [busy, setBusy] = useState(false);
  const countryName = (c: string) => (i18n.exists(`affiliate:profile.countries.${c}`) ? t(`profile.countries.${c}`) : c);
  const toggle = async (on: boolean) => {
    setBusy(true);
    try {
      await affiliateApi.setRankingOptIn(on);
      toast.success(t('dashboard.ranking.saved'));
      onChanged();
    } catch (err) {
      toast.error(err instanceof ApiError && err.message ? err.message : t('dashboard.loadError'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card data-testid="country-ranking">
      <CardHeader>
        <CardTitle as="h2" className="flex items-center gap-2">
          <Trophy className="size-5 shrink-0 text-primary" aria-hidden />
          {t('dashboard.ranking.title')}
        </CardTitle>
        <CardDescription>{t('dashboard.ranking.text')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-4">
        <div className="flex items-center gap-3">
          <Switch
            id={`${uid}-optin`}
            checked={ranking?.optedIn ?? false}
            disabled={busy || !ranking || !hasProfile}
            onCheckedChange={(on) => void toggle(on)}
          />
          <Label htmlFor={`${uid}-optin`}>{t('dashboard.ranking.optIn')}</Label>
        </div>
        {!hasProfile && <p className="text-xs text-muted-foreground">{t('dashboard.ranking.needProfile')}</p>}
        {!ranking ? (
          <Skeleton className="h-24 w-full" />
        ) : ranking.countries.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t('dashboard.ranking.empty')}</p>
        ) : (
          <div className="grid gap-4 md:grid-cols-2">
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-1">#</th>
                  <th className="py-1">{t('dashboard.ranking.country')}</th>
                  <th className="py-1 text-right">{t('dashboard.ranking.partners')}</th>
                  <th className="py-1 text-right">{t('dashboard.ranking.earnings')}</th>
                </tr>
              </thead>
              <tbody>
                {ranking.countries.map((c, i) => (
                  <tr key={c.country} className="border-t">
                    <td className="py-1">{i + 1}</td>
                    <td className="py-1">{countryName(c.country)}</td>
                    <td className="py-1 text-right tabular-nums">{c.partners}</td>
                    <td className="py-1 text-right tabular-nums">{formatEuro(c.earnings.cents, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-1">#</th>
                  <th className="py-1">{t('dashboard.ranking.topPartners')}</th>
                  <th className="py-1 text-right">{t('dashboard.ranking.earnings')}</th>
                </tr>
              </thead>
              <tbody>
                {ranking.partners.map((p) => (
                  <tr key={p.rank} className={p.you ? 'border-t bg-primary/5 font-semibold' : 'border-t'}>
                    <td className="py-1">{p.rank}</td>
                    <td className="py-1">
                      {p.you ? t('dashboard.ranking.you') : p.pseudonym} · {countryName(p.country)}
                    </td>
                    <td className="py-1 text-right tabular-nums">{formatEuro(p.earnings.cents, lang)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
