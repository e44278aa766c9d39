// The upload card of uploadTradeDocument (server/chat/tools/provider-documents.ts): a chat message carries no
// file, so the provider picks the kind and the file here; the same form as the dashboard's verification
// section posts it to POST /api/provider/verification. After the upload the card says what happens next.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CheckCircle2 } from 'lucide-react';
import { DocumentUploadForm } from '@/pages/provider/document-upload-form';
import type { VerificationDocument } from '@/pages/provider/provider-api';
import { WidgetCard } from '../intake/controls.tsx';
import type { ToolRendererProps } from '../tool-renderers/registry.tsx';

export default function DocumentUploadCard({ part, output }: ToolRendererProps) {
  const { t } = useTranslation('chatmarket');
  const [uploaded, setUploaded] = useState<VerificationDocument[]>([]);
  if (!output) return <p className="text-xs text-muted-foreground italic">{t('chat:tool.running')}</p>;
  if (!output.accepted) return null;
  // After an upload the review is pending, whatever the state was when the card was shown.
  const verificationText = uploaded.length
    ? t('chat:providerProfile.verification.pending')
    : typeof output.data?.verificationText === 'string'
      ? output.data.verificationText
      : '';
  const idPrefix = `chat-doc-${part.toolCallId.replace(/[^a-zA-Z0-9_-]/g, '')}`;
  return (
    <WidgetCard data-testid="chat-document-upload" aria-labelledby={`${idPrefix}-title`}>
      <h3 id={`${idPrefix}-title`} className="text-sm font-semibold">
        {t('documentUpload.title')}
      </h3>
      {verificationText && <p className="mt-0.5 mb-3 text-xs text-muted-foreground">{verificationText}</p>}
      <DocumentUploadForm idPrefix={idPrefix} compact onUploaded={(doc) => setUploaded((list) => [...list, doc])} />
      {uploaded.length > 0 && (
        <ul className="mt-3 flex flex-col gap-1.5" data-testid="chat-document-uploaded" aria-live="polite">
          {uploaded.map((d) => (
            <li key={d.id} className="flex items-start gap-2 text-sm">
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-600" aria-hidden />
              <span className="min-w-0 break-words">
                {t('documentUpload.done', { fileName: d.fileName, kind: t(`chat:providerProfile.document.${d.kind}`) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </WidgetCard>
  );
}
