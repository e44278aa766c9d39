// Trade documents for the 'Verifiziert' badge: upload a Gewerbeschein or Handwerkskarte (PDF, JPEG, PNG,
// at most 5 MB; checked here and, by content, on the server) and see each document's review status.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileText } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { ProviderBadge, formatDate, formatNumber, toUiLang } from '@/components/market';
import { providerApi, type Verification, type VerificationDocument } from './provider-api';
import { DocumentUploadForm } from './document-upload-form';

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
        <DocumentUploadForm
          idPrefix="doc"
          onUploaded={() => {
            load();
            onUploaded();
          }}
        />

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
