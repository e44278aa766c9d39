// The upload form of a trade document (Gewerbeschein or Handwerkskarte: PDF, JPEG, PNG, at most 5 MB;
// checked here and, by content, on the server): on the dashboard's verification section and on the chat's
// upload card (both post to POST /api/provider/verification).
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Loader2, Upload } from 'lucide-react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError } from '@/lib/api';
import { cn } from '@/lib/utils';
import { DOCUMENT_KINDS, DOCUMENT_TYPES, MAX_DOCUMENT_BYTES, uploadDocument, type DocumentKind, type VerificationDocument } from './provider-api';

export function DocumentUploadForm({
  idPrefix,
  onUploaded,
  compact = false,
}: {
  /** Ids of the fields start with it: the dashboard and the chat's card can be on one page. */
  idPrefix: string;
  onUploaded: (doc: VerificationDocument) => void;
  /** One column, for the chat's card. */
  compact?: boolean;
}) {
  const { t } = useTranslation('provider');
  const [kind, setKind] = useState<DocumentKind>('gewerbeschein');
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // A new key empties the file input after an upload.
  const [inputKey, setInputKey] = useState(0);

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
      const doc = await uploadDocument(kind, file);
      toast.success(t('verification.toast.uploaded.title'), { description: t('verification.toast.uploaded.text') });
      setFile(null);
      setInputKey((k) => k + 1);
      onUploaded(doc);
    } catch (err) {
      if (err instanceof ApiError && err.status === 413) setError(t('verification.errors.size', { max: MAX_DOCUMENT_BYTES / 1024 / 1024 }));
      else if (err instanceof ApiError && err.status === 415) setError(t('verification.errors.type'));
      else setError(err instanceof ApiError && err.message ? err.message : t('verification.errors.upload'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void submit(e)}
      noValidate
      className={cn(compact ? 'flex flex-col gap-3' : 'grid gap-4 sm:grid-cols-[minmax(0,14rem)_minmax(0,1fr)_auto] sm:items-end')}
    >
      <div className="flex flex-col gap-2">
        <Label htmlFor={`${idPrefix}-kind`}>{t('verification.kind')}</Label>
        <NativeSelect id={`${idPrefix}-kind`} value={kind} onChange={(e) => setKind(e.target.value as DocumentKind)}>
          {DOCUMENT_KINDS.map((k) => (
            <option key={k} value={k}>
              {t(`verification.kinds.${k}`)}
            </option>
          ))}
        </NativeSelect>
      </div>
      <div className="flex flex-col gap-2">
        <Label id={`${idPrefix}-file-label`} htmlFor={`${idPrefix}-file`}>
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
            id={`${idPrefix}-file`}
            type="file"
            className="sr-only"
            accept=".pdf,.jpg,.jpeg,.png,application/pdf,image/jpeg,image/png"
            aria-labelledby={`${idPrefix}-file-label`}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${idPrefix}-error` : `${idPrefix}-hint`}
            onChange={(e) => {
              const f = e.target.files?.[0] ?? null;
              setFile(f);
              setError(f ? check(f) : null);
            }}
          />
          <label
            htmlFor={`${idPrefix}-file`}
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
      <p id={`${idPrefix}-hint`} className={cn('text-xs text-muted-foreground', !compact && 'sm:col-span-3')}>
        {t('verification.hint')}
      </p>
      {error && (
        <Alert variant="destructive" id={`${idPrefix}-error`} className={cn(!compact && 'sm:col-span-3')} data-testid="upload-error">
          {error}
        </Alert>
      )}
    </form>
  );
}
