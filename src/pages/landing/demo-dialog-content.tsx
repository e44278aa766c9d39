import { useTranslation } from 'react-i18next';
import { ArrowRight, Briefcase, FlaskConical, Search } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';

export function DemoDialogContent({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('demo');
  const choices = [
    { key: 'seeker', icon: Search, href: '/suchende-dashboard?demo=true' },
    { key: 'provider', icon: Briefcase, href: '/anbieter/dashboard?demo=true' },
  ] as const;
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('close')} className="max-w-2xl" data-testid="demo-dialog">
        <DialogHeader>
          <DialogTitle>{t('dialog.title')}</DialogTitle>
          <DialogDescription>{t('dialog.text')}</DialogDescription>
        </DialogHeader>
        <p role="note" className="flex items-center gap-2 rounded-lg border border-amber-300 bg-amber-100 px-3 py-2 text-sm font-medium text-amber-950">
          <FlaskConical className="size-4 shrink-0" aria-hidden />
          {t('dialog.fictional')}
        </p>
        <div className="grid gap-3 sm:grid-cols-2">
          {choices.map((c) => (
            <section key={c.key} aria-labelledby={`demo-dialog-${c.key}`} className="flex flex-col gap-3 rounded-lg border p-4">
              <h3 id={`demo-dialog-${c.key}`} className="flex items-center gap-2 font-semibold">
                <c.icon className="size-5 text-primary" aria-hidden />
                {t(`dialog.${c.key}Title`)}
              </h3>
              <p className="text-sm text-muted-foreground">{t(`dialog.${c.key}Text`)}</p>
              <Button asChild variant="hero" className="mt-auto">
                <a href={c.href}>
                  {t(`dialog.${c.key}Cta`)}
                  <ArrowRight />
                </a>
              </Button>
            </section>
          ))}
        </div>
        <a href="/demo" className="text-sm font-medium text-primary underline underline-offset-2">
          {t('dialog.overview')}
        </a>
      </DialogContent>
    </Dialog>
  );
}
