// Trade documents for the 'Verifiziert' badge: upload a Gewerbeschein or Handwerkskarte (PDF, JPEG, PNG,
// at most 5 MB; checked here and, by content, on the server) and see each document's review status.
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { FileText, Loader2, Upload } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ProviderBadge, formatDate, formatNumber, toUiLang } from '@/components/market';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import {
  DOCUMENT_KINDS,
  DOCUMENT_TYPES,
  MAX_DOCUMENT_BYTES,
  providerApi,
  uploadDocument,
  type DocumentKind,
  type Verification,
  type VerificationDocument,
} from './provider-api';

const DOC_STYLES: Record<VerificationDocument['status'], string> = {
  pending: 'border-amber-200 bg-amber-50 text-amber-900',
  approved: 'border-emerald-200 bg-emerald-50 text-emerald-800',
  rejected: 'border-red-200 bg-red-50 text-red-800',
};

export function VerificationSection({ verification, onUploaded, reloadKey }: { verification: Verification; onUploaded: () => void; reloadKey: number }) {
  const { t, i18n } = useTranslation('provider');
  const lang = toUiLang(i18n.resolvedLanguage);
  const [docs, setDocs] = useState<VerificationDocument[] | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [kind, setKind] = useState<DocumentKind>('gewerbeschein');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new key empties the file input after an upload.
  const [inputKey, setInputKey] = useState(0);

  const load = useCallback(() => {
    providerApi.documents().then(
      (r) => {
        setDocs(r.documents);
        setLoadFailed(false);
      },
      () => setLoadFailed(true),
    );
  }, []);
  useEffect(() => load(), [load, reloadKey]);

  const check = (f: File | null): string | null => {
    if (!f) return t('verification.errors.noFile');
    if (!(DOCUMENT_TYPES as readonly string[]).includes(f.type)) return t('verification.errors.type');
    if (f.size > MAX_DOCUMENT_BYTES) return t('verification.errors.size', { max: MAX_DOCUMENT_BYTES / 1024 / 1024 });
    if (f.size === 0) return t('verification.errors.empty');
    return null;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = check(file);
    setError(problem);
    if (problem || !file) return;
    setBusy(true);
    try {
      await uploadDocument(kind, file);
      toast.success(t('verification.toast.uploaded.title'), { description: t('verification.toast.uploaded.text') });
      setFile(null);
      setInputKey((k) => k + 1);
      load();
      onUploaded();
    } catch (err) {
      if (err instanceof ApiError && err.status === 413) setError(t('verification.errors.size', { max: MAX_DOCUMENT_BYTES / 1024 / 1024 }));
      else if (err instanceof ApiError && err.status === 415) setError(t('verification.errors.type'));
      else setError(err instanceof ApiError && err.message ? err.message : t('verification.errors.upload'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 className="text-lg font-semibold leading-tight">{t('verification.title')}</h2>
          {verification === 'verified' ? (
            <ProviderBadge badge="verifiziert" />
          ) : (
            <Badge
              className={
                verification === 'pending'
                  ? DOC_STYLES.pending
                  : verification === 'rejected'
                    ? DOC_STYLES.rejected
                    : 'border-border bg-muted text-muted-foreground'
              }
              data-testid="verification-status"
            >
              {t(`verification.state.${verification}`)}
            </Badge>
          )}
        </div>
        <CardDescription>{t('verification.text')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-6">
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end">
          <div className="flex flex-col gap-2">
            <Label htmlFor="doc-kind">{t('verification.kind')}</Label>
            <NativeSelect id="doc-kind" value={kind} onChange={(e) => setKind(e.target.value as DocumentKind)}>
              {DOCUMENT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {t(`verification.kinds.${k}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="flex flex-col gap-2">
            <Label id="doc-file-label" htmlFor="doc-file">
              {t('verification.file')}
            </Label>
            {/* The browser's own file button speaks the browser's language: ours speaks the page's. */}
            <div
              className={cn(
                'flex h-10 min-w-0 items-center gap-3 rounded-md border border-input bg-card px-1.5 text-sm focus-within:ring-2 focus-within:ring-ring',
                error && 'border-destructive',
              )}
            >
              <input
                key={inputKey}
                id="doc-file"
                type="file"
                className="sr-only"
                accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
                aria-labelledby="doc-file-label"
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'doc-error' : 'doc-hint'}
                onChange={(e) => {
                  const f = e.target.files?.[0] ?? null;
                  setFile(f);
                  setError(f ? check(f) : null);
                }}
              />
              <label
                htmlFor="doc-file"
                className="shrink-0 cursor-pointer rounded bg-secondary px-2.5 py-1 font-medium text-secondary-foreground hover:bg-secondary/80"
              >
                {t('verification.choose')}
              </label>
              <span className={cn('truncate', !file && 'text-muted-foreground')} data-testid="doc-file-name">
                {file?.name ?? t('verification.noFileChosen')}
              </span>
            </div>
          </div>
          <Button type="submit" disabled={busy} data-testid="upload-document">
            {busy ? <Loader2 className="animate-spin" aria-hidden /> : <Upload aria-hidden />}
            {t('verification.upload')}
          </Button>
          <p id="doc-hint" className="text-xs text-muted-foreground sm:col-span-3">
            {t('verification.hint')}
          </p>
          {error && (
            <Alert variant="destructive" id="doc-error" className="sm:col-span-3" data-testid="upload-error">
              {error}
            </Alert>
          )}
        </form>

        <div className="flex flex-col gap-3">
          <h3 className="text-sm font-semibold">{t('verification.documents')}</h3>
          {loadFailed ? (
            <p className="text-sm text-destructive">{t('verification.loadError')}</p>
          ) : !docs ? (
            <Skeleton className="h-14" />
          ) : docs.length === 0 ? (
            <p className="text-sm text-muted-foreground">{t('verification.none')}</p>
          ) : (
            <ul className="flex flex-col divide-y rounded-lg border" data-testid="verification-documents">
              {docs.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center gap-3 p-3 text-sm">
                  <FileText className="size-5 shrink-0 text-muted-foreground" aria-hidden />
                  <div className="flex min-w-0 flex-1 flex-col">
                    <span className="truncate font-medium" title={d.fileName}>
                      {d.fileName}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {t(`verification.kinds.${d.kind}`)} · {formatNumber(Math.max(1, Math.round(d.size / 1024)), lang)} KB · {formatDate(d.createdAt, lang)}
                    </span>
                    {d.note && <span className="text-xs text-muted-foreground">{t('verification.note', { note: d.note })}</span>}
                  </div>
                  <Badge className={DOC_STYLES[d.status]}>{t(`verification.docStatus.${d.status}`)}</Badge>
                </li>
              ))}
            </ul>
          )}
        </div>
      </CardContent>
    </Card>
  );
}
