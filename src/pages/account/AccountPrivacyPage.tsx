// '/konto/datenschutz': the signed-in person's privacy rights (decision 046). 'Daten herunterladen' as JSON or
// a readable page; 'Konto löschen' explains first what is deleted at once, what is kept pseudonymised and for
// how long, and what stops it now (from GET /api/me/deletion), then asks for the typed word and shows the result.
import { useEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertTriangle, CheckCircle2, Download, FileText, Gavel, Trash2 } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Skeleton } from '@/components/ui/skeleton';
import { formatEuro } from '@/components/market';
import { ApiError } from '@/lib/api';
import { call } from '@/lib/contract-client';
import { privacyContract } from '../../../core/contract/privacy.ts';
import { useAuth, usePageMeta } from '@/lib/auth';
import { safeNext } from '@/lib/safe-next';
import { currentLang } from '@/i18n';
import type { DeletionCheck, DeletionResult } from '../../../core/api/privacy.ts';

export function AccountPrivacyPage() {
  const { t } = useTranslation('account');
  const { user, loading } = useAuth();
  const [done, setDone] = useState<DeletionResult | null>(null);
  usePageMeta(t('title'), t('intro'));
  if (done) return <Deleted result={done} />;
  if (loading) return <Skeleton className="mx-auto mt-12 h-64 max-w-3xl" />;
  if (!user) return <Navigate to="/auth?next=/konto/datenschutz" replace />;
  return <PrivacyAccount onDeleted={setDone} />;
}

function PrivacyAccount({ onDeleted }: { onDeleted: (r: DeletionResult) => void }) {
  const { t } = useTranslation('account');
  const [params] = useSearchParams();
  const back = safeNext(params.get('from'));
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12" data-testid="privacy-account-page">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-bold tracking-tight">{t('title')}</h1>
        <p className="text-muted-foreground">{t('intro')}</p>
        {back && (
          <Link to={back} className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            {t('back')}
          </Link>
        )}
      </div>
      <DownloadCard />
      <Card>
        <CardContent className="flex flex-col gap-2 p-5 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-col gap-1">
            <h2 className="flex items-center gap-2 text-xl font-semibold">
              <Gavel className="size-5" aria-hidden />
              {t('decisions.title')}
            </h2>
            <p className="text-sm text-muted-foreground">{t('decisions.text')}</p>
          </div>
          <Button asChild variant="outline" className="shrink-0">
            <Link to="/konto/entscheidungen" data-testid="own-decisions-link">
              {t('decisions.open')}
            </Link>
          </Button>
        </CardContent>
      </Card>
      <DeleteCard onDeleted={onDeleted} />
    </div>
  );
}

function DownloadCard() {
  const { t } = useTranslation('account');
  const lang = currentLang();
  return (
    <Card>
      <CardContent className="flex flex-col gap-3 p-5">
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <Download className="size-5" aria-hidden />
          {t('download.title')}
        </h2>
        <p className="text-sm text-muted-foreground">{t('download.text')}</p>
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button asChild variant="outline">
            <a href={`/api/me/export?format=json&lng=${lang}`} download data-testid="download-json">
              <FileText aria-hidden />
              {t('download.json')}
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={`/api/me/export?format=html&lng=${lang}`} download data-testid="download-html">
              <FileText aria-hidden />
              {t('download.html')}
            </a>
          </Button>
        </div>
      </CardContent>
    </Card>
  );
}

function DeleteCard({ onDeleted }: { onDeleted: (r: DeletionResult) => void }) {
  const { t } = useTranslation('account');
  const { refresh } = useAuth();
  const [check, setCheck] = useState<DeletionCheck | null>(null);
  const [word, setWord] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    call(privacyContract.deletion)
      .then(setCheck)
      .catch((e: unknown) => setError(e instanceof ApiError ? e.message : t('download.failed')));
  }, [t]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await call(privacyContract.delete, { body: { confirmation: word } });
      onDeleted(result);
      await refresh();
    } catch (err) {
      setError(err instanceof ApiError ? err.message : t('download.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card className="border-destructive/40">
      <CardContent className="flex flex-col gap-3 p-5">
        <h2 className="flex items-center gap-2 text-xl font-semibold">
          <Trash2 className="size-5 text-destructive" aria-hidden />
          {t('delete.title')}
        </h2>
        <p className="text-sm" data-testid="delete-now">
          {t('delete.now')}
        </p>
        <p className="text-sm" data-testid="delete-kept">
          {t('delete.kept', { years: check?.retentionYears ?? 10 })}
        </p>
        {!check && !error && <p className="text-sm text-muted-foreground">{t('delete.loading')}</p>}
        {check && (
          <ul className="flex list-disc flex-col gap-1 pl-5 text-sm" data-testid="delete-effects">
            {check.openRequests > 0 && <li>{t('delete.openRequests', { count: check.openRequests, refunds: check.refundedUnlocks })}</li>}
            {check.openOffers > 0 && <li>{t('delete.openOffers', { count: check.openOffers })}</li>}
            {check.goints > 0 && <li>{t('delete.goints', { goints: check.goints })}</li>}
            {check.earningsCents > 0 && check.possible && <li>{t('delete.earnings', { amount: formatEuro(check.earningsCents, currentLang()) })}</li>}
          </ul>
        )}
        {check && !check.possible && (
          <Alert variant="destructive" data-testid="delete-blocked">
            <AlertTriangle aria-hidden />
            <div className="flex flex-col gap-1">
              <p className="font-semibold">{t('delete.blockedTitle')}</p>
              {check.blockers.map((b) => (
                <p key={b}>{t(`delete.blockers.${b}`)}</p>
              ))}
            </div>
          </Alert>
        )}
        {check?.possible && (
          <form onSubmit={submit} className="flex flex-col gap-2" noValidate>
            <Label htmlFor="delete-confirm">{t('delete.confirmLabel')}</Label>
            <Input
              id="delete-confirm"
              value={word}
              onChange={(e) => setWord(e.target.value)}
              autoComplete="off"
              placeholder={t('delete.confirmWord')}
              data-testid="delete-confirm-input"
            />
            <Button
              type="submit"
              variant="destructive"
              disabled={busy || word.trim().toUpperCase() !== t('delete.confirmWord')}
              data-testid="delete-account"
              className="sm:self-start"
            >
              <Trash2 aria-hidden />
              {busy ? t('delete.busy') : t('delete.button')}
            </Button>
          </form>
        )}
        {error && (
          <p className="text-sm text-destructive" role="alert" data-testid="delete-error">
            {error}
          </p>
        )}
      </CardContent>
    </Card>
  );
}

function Deleted({ result }: { result: DeletionResult }) {
  const { t } = useTranslation('account');
  return (
    <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center" data-testid="account-deleted">
      <CheckCircle2 className="size-10 text-emerald-600" aria-hidden />
      <h1 className="text-2xl font-bold">{t('delete.done')}</h1>
      <p className="text-muted-foreground">
        {t('delete.doneDetails', { closed: result.closedRequests, refunds: result.refundedUnlocks, offers: result.withdrawnOffers })}
      </p>
      <Button asChild>
        <Link to="/">{t('delete.home')}</Link>
      </Button>
    </div>
  );
}
