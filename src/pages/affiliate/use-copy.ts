// Copying to the clipboard with the specification's toasts.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';

export function useCopy() {
  const { t } = useTranslation('affiliate');
  return useCallback(
    async (text: string, what: 'code' | 'link' | 'text') => {
      try {
        if (!navigator.clipboard?.writeText) throw new Error('no clipboard');
        await navigator.clipboard.writeText(text);
        toast.success(t(what === 'code' ? 'copy.codeCopied' : what === 'link' ? 'copy.linkCopied' : 'copy.textCopied'));
      } catch {
        toast.error(t(what === 'link' ? 'copy.linkFailed' : 'copy.failed'));
      }
    },
    [t],
  );
}
