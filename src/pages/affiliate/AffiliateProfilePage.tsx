// /affiliate/profile: the partner profile on its own page (the same form as the dashboard's tab).
import { Link, Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ArrowLeft } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useAuth, usePageMeta } from '@/lib/auth';
import { PartnerProfileForm, usePartnerProfile } from './partner-profile-form';

export function AffiliateProfilePage() {
  const { t } = useTranslation('affiliate');
  usePageMeta(t('meta.profileTitle'));
  const { user, loading } = useAuth();
  if (loading) return <Skeleton className="mx-auto my-12 h-96 max-w-3xl" />;
  if (!user) return <Navigate to={`/auth?next=${encodeURIComponent('/affiliate/profile')}`} replace />;
  return <ProfileArea />;
}

function ProfileArea() {
  const { t } = useTranslation('affiliate');
  const p = usePartnerProfile();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6 px-4 py-8 sm:py-12">
      <Button asChild variant="ghost" size="sm" className="w-fit">
        <Link to="/affiliate/dashboard">
          <ArrowLeft />
          {t('dashboard.title')}
        </Link>
      </Button>
      <Card>
        <CardHeader>
          <h1 className="text-2xl font-bold tracking-tight">{t('profile.title')}</h1>
        </CardHeader>
        <CardContent>
          <PartnerProfileForm profile={p.profile} failed={p.failed} reload={p.reload} onSaved={p.setProfile} />
        </CardContent>
      </Card>
    </div>
  );
}
