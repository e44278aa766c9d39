import { useEffect } from 'react';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { usePageMeta } from '@/lib/auth';

export function NotFoundPage() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  usePageMeta(`${t('notFound.title')} – akut`);
  useEffect(() => {
    // A warning, not an error: unknown paths are a visitor's typo, not a fault of the app.
    console.warn('404: unknown path', pathname);
  }, [pathname]);
  return (
    <div className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-24 text-center">
      <p className="text-7xl font-extrabold text-primary">404</p>
      <h1 className="text-3xl font-bold">{t('notFound.title')}</h1>
      <p className="text-muted-foreground">{t('notFound.text', { path: pathname })}</p>
      <Button asChild>
        <Link to="/">{t('notFound.home')}</Link>
      </Button>
    </div>
  );
}
