// The chat's widget for showMarketingText (server/chat/tools/affiliate.ts): the partner's marketing text,
// already filled with their link and name on the server, with a copy button.
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { WidgetCard } from '../intake/controls.tsx';
import type { ToolRendererProps } from '../tool-renderers/registry.tsx';

/** What is copied: an e-mail's subject, a blank line, the body (as the dashboard's marketing tab copies it). */
const copyTextOf = (subject: string | null, body: string) => (subject ? `${subject}\n\n${body}` : body);

export function MarketingTextWidget({ output }: ToolRendererProps) {
  const { t } = useTranslation('chat');
  if (!output) return <p className="text-xs text-muted-foreground italic">{t('tool.running')}</p>;
  if (!output.accepted || !output.data) return null;
  const d = output.data;
  const kind = d.kind === 'social' ? 'social' : 'email';
  const lang = d.lang === 'en' ? 'en' : 'de';
  const title = String(d.title ?? '');
  const subject = typeof d.subject === 'string' && d.subject ? d.subject : null;
  const body = String(d.body ?? '');
  const copy = async () => {
    try {
      if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
      await navigator.clipboard.writeText(copyTextOf(subject, body));
      toast.success(t('marketingText.copied'));
    } catch {
      toast.error(t('marketingText.copyFailed'));
    }
  };
  return (
    <WidgetCard data-testid="chat-marketing-text" className="flex flex-col gap-2">
      <div className="flex flex-wrap items-baseline justify-between gap-x-3 gap-y-1">
        <p className="font-medium">{title}</p>
        <p className="text-xs text-muted-foreground">
          {t(`marketingText.${kind}`)} · {t(`marketingText.lang.${lang}`)}
        </p>
      </div>
      {subject && (
        <p className="text-sm">
          <span className="text-muted-foreground">{t('marketingText.subject')}: </span>
          <span data-testid="chat-marketing-subject">{subject}</span>
        </p>
      )}
      <p className="rounded-md bg-muted/50 p-2 text-sm break-words whitespace-pre-line" data-testid="chat-marketing-body">
        {body}
      </p>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-xs text-muted-foreground">{t('marketingText.filled')}</p>
        <Button size="sm" variant="outline" onClick={() => void copy()} data-testid="chat-marketing-copy">
          <Copy />
          {t('marketingText.copy')}
        </Button>
      </div>
    </WidgetCard>
  );
}
