// Placeholder with the agreed signature; the support chat itself is built on branch `support` and replaces
// this file at merge.
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export function SupportChatDialog(props: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('affiliate');
  return (
    <Dialog open={props.open} onOpenChange={props.onOpenChange}>
      <DialogContent closeLabel={t('support.close')}>
        <DialogHeader>
          <DialogTitle>{t('support.title')}</DialogTitle>
          <DialogDescription>{t('support.loading')}</DialogDescription>
        </DialogHeader>
      </DialogContent>
    </Dialog>
  );
}
