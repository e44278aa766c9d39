import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { ChatPanel } from '@/chat/chat-panel';
import { useAuth, usePageMeta } from '@/lib/auth';

export function SearchPage() {
  const { t } = useTranslation('search');
  const { user } = useAuth();
  usePageMeta(t('meta.title'), t('meta.description'), '/search');
  const provider = user?.role === 'provider';
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-4 px-4 py-6 sm:py-10">
      <Link to="/" className="flex w-fit items-center gap-1 text-sm font-medium text-primary hover:underline">
        <ArrowLeft className="size-4" aria-hidden />
        {t('moreAbout')}
      </Link>
      <div>
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{provider ? t('provider.title') : t('title')}</h1>
        <p className="text-muted-foreground">{provider ? t('provider.subtitle') : t('subtitle')}</p>
      </div>
      <div className="h-[70vh] min-h-[420px]">
        <ChatPanel variant="inline" />
      </div>
      {user && user.role !== 'admin' ? (
        <p className="text-sm text-muted-foreground">
          {t(provider ? 'signedIn.provider' : 'signedIn.seeker')}{' '}
          <Link to={provider ? '/anbieter/dashboard' : '/suchende-dashboard'} className="font-medium text-primary hover:underline">
            {t('signedIn.link')}
          </Link>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t('noLogin')}{' '}
          <Link to="/auth?mode=searcher" className="font-medium text-primary hover:underline">
            {t('register')}
          </Link>
          .
        </p>
      )}
      <Link to="/" className="w-fit text-sm text-muted-foreground hover:text-foreground hover:underline">
        {t('explainer')}
      </Link>
    </div>
  );
}
