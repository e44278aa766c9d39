// The shop pages belong to a signed-in provider: others are sent to sign in, or told why they cannot see it.
import type { ReactNode } from 'react';
import { Link, Navigate, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth, type Me } from '@/lib/auth';

export function ProviderGate({ children }: { children: (user: Me) => ReactNode }) {
  const { t } = useTranslation('shop');
  const { user, loading } = useAuth();
  const { pathname, search } = useLocation();
  if (loading) return <ShopPageSkeleton />;
  if (!user) return <Navigate to={`/auth?mode=provider&next=${encodeURIComponent(pathname + search)}`} replace />;
  if (user.role !== 'provider') {
    return (
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 px-4 py-24 text-center" data-testid="shop-no-access">
        <h1 className="text-2xl font-bold">{t('pages.noAccess.title')}</h1>
        <p className="text-muted-foreground">{t('pages.noAccess.text')}</p>
        <Button asChild variant="outline">
          <Link to="/">{t('pages.home')}</Link>
        </Button>
      </div>
    );
  }
  return <>{children(user)}</>;
}

export function ShopPageSkeleton() {
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-4 px-4 py-10 sm:py-16" aria-busy="true">
      <Skeleton className="h-24" />
      <Skeleton className="h-72" />
    </div>
  );
}
