// Widgets of the privacy tools (decision 046): the export's download links, and the deletion's confirm card
// with its before/after table and, once the person confirmed, the way out to the home page.
import { useTranslation } from 'react-i18next';
import { Download, ShieldCheck } from 'lucide-react';
import { ConfirmCard } from './confirm-card.tsx';
import { ChangeTable, isChangeView } from './change-table.tsx';
import { registerToolRenderer, type ToolRendererProps } from './registry.tsx';
import type { ExportMyDataData } from '../../../core/chat/output-types.ts';

const link = 'inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline';

function ExportLinks({ output }: ToolRendererProps) {
  const { t } = useTranslation('chat');
  const data = output?.data as Partial<ExportMyDataData> | undefined;
  if (!output?.accepted || !data?.jsonUrl) return null;
  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-card p-3 text-sm" data-testid="chat-export-links">
      <a className={link} href={data.jsonUrl} download>
        <Download className="size-4" aria-hidden />
        {t('privacy.downloadJson')}
      </a>
      {data.htmlUrl && (
        <a className={link} href={data.htmlUrl} download>
          <Download className="size-4" aria-hidden />
          {t('privacy.downloadHtml')}
        </a>
      )}
      {data.pageUrl && (
        <a className={link} href={data.pageUrl}>
          <ShieldCheck className="size-4" aria-hidden />
          {t('privacy.page')}
        </a>
      )}
    </div>
  );
}

function DeleteCard({ toolName, output }: ToolRendererProps) {
  const { t } = useTranslation('chat');
  if (!output?.confirmation) return null;
  const change = output.data?.change;
  return (
    <ConfirmCard
      toolName={toolName}
      confirmation={output.confirmation}
      details={isChangeView(change) ? <ChangeTable change={change} /> : undefined}
      renderResult={() => (
        // A full page load: the account and its session are gone.
        <a className={link} href="/" data-testid="chat-account-deleted">
          {t('privacy.home')}
        </a>
      )}
    />
  );
}

export function registerPrivacyRenderers() {
  registerToolRenderer('exportMyData', ExportLinks);
  registerToolRenderer('deleteMyAccount', DeleteCard);
}
