// The landing page's demo dialog (seeker demo, provider demo, 'all data is fictional'), opened from the
// hero. Its content and words load on the first click, so the landing page's first load does not grow.
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button-variants';

const DemoDialogContent = lazy(async () => ({ default: (await import('./demo-dialog-content')).DemoDialogContent }));

export function DemoDialogButton() {
  const { t } = useTranslation('landing');
  const [open, setOpen] = useState(false);
  // Mounted from the first click on, so the dialog can animate closed and reopen at once.
  const [used, setUsed] = useState(false);
  return (
    <>
      <button
        type="button"
        className={buttonClass({ variant: 'ghost', size: 'lg' })}
        aria-haspopup="dialog"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
      >
        {t('hero.demoCta')}
      </button>
      {used && (
        <Suspense fallback={null}>
          <DemoDialogContent open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </>
  );
}
