// Akademie: category filter, videos grouped by category, the partner's own progress (stored on the server),
// 'Video wird bald verfügbar sein' for a video without an http(s) url. No video is hosted yet; the page says so.
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CheckCircle2, Clock, ExternalLink, GraduationCap, Info } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { ACADEMY_CATEGORIES, type AcademyCategory } from '../../../core/api/affiliate.ts';
import { affiliateApi, type AcademyVideoView } from './affiliate-api';

export function AcademyTab() {
  const { t, i18n } = useTranslation('affiliate');
  const [data, setData] = useState<{ videos: AcademyVideoView[]; progress: { watched: number; total: number } } | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState<AcademyCategory | 'all'>('all');
  const load = useCallback(() => {
    setFailed(false);
    affiliateApi.academy().then(setData, () => {
      setFailed(true);
      toast.error(t('academy.loadError'));
    });
  }, [t]);
  // Titles come in the UI language: reload when it changes.
  useEffect(load, [load, i18n.resolvedLanguage]);
  const mark = async (v: AcademyVideoView, watched: boolean) => {
    try {
      await affiliateApi.setWatched(v.id, watched);
      load();
    } catch (err) {
      toast.error(t('academy.saveFailed'), { description: err instanceof ApiError ? err.message : undefined });
    }
  };
  if (failed) return <p className="text-muted-foreground">{t('academy.loadError')}</p>;
  if (!data) return <Skeleton className="h-72 w-full" />;
  const { watched, total } = data.progress;
  const pct = total ? Math.round((watched / total) * 100) : 0;
  const categories = ACADEMY_CATEGORIES.filter((c) => filter === 'all' || c === filter);
  const noneHosted = data.videos.every((v) => !v.url);
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader className="flex-row items-center gap-3">
            <GraduationCap className="size-6 text-primary" aria-hidden />
            <div className="flex-1">
              <CardTitle>{t('academy.title')}</CardTitle>
              <CardDescription>{t('academy.progress', { watched, total })}</CardDescription>
            </div>
          </CardHeader>
          <CardContent>
            <div
              className="h-2 w-full overflow-hidden rounded-full bg-muted"
              role="progressbar"
              aria-valuemin={0}
              aria-valuemax={total}
              aria-valuenow={watched}
              aria-label={t('academy.progress', { watched, total })}
            >
              <div className="h-full bg-primary transition-all" style={{ width: `${pct}%` }} />
            </div>
          </CardContent>
        </Card>
        <div className="flex flex-col gap-2">
          <Label htmlFor="academy-filter">{t('academy.filter')}</Label>
          <NativeSelect id="academy-filter" value={filter} onChange={(e) => setFilter(e.target.value as AcademyCategory | 'all')}>
            <option value="all">{t('academy.all')}</option>
            {ACADEMY_CATEGORIES.map((c) => (
              <option key={c} value={c}>
                {t(`academy.categories.${c}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      {noneHosted && (
        <p className="flex items-start gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-950" data-testid="academy-honest">
          <Info className="mt-0.5 size-4 shrink-0" aria-hidden />
          {t('academy.honest')}
        </p>
      )}
      {categories.map((c) => {
        const videos = data.videos.filter((v) => v.category === c);
        if (!videos.length) return null;
        return (
          <section key={c} className="flex flex-col gap-3" data-testid={`academy-${c}`}>
            <h3 className="text-lg font-semibold">{t(`academy.categories.${c}`)}</h3>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {videos.map((v) => (
                <li key={v.id}>
                  <Card className="h-full">
                    <CardHeader>
                      <div className="flex items-start justify-between gap-2">
                        <CardTitle className="text-base">{v.title}</CardTitle>
                        {v.watched && (
                          <Badge className="shrink-0">
                            <CheckCircle2 className="size-3" aria-hidden /> {t('academy.watched')}
                          </Badge>
                        )}
                      </div>
                      <CardDescription>{v.description}</CardDescription>
                    </CardHeader>
                    <CardContent className="flex flex-col gap-3">
                      {v.durationMin !== null && (
                        <span className="flex items-center gap-1 text-xs text-muted-foreground">
                          <Clock className="size-3" aria-hidden />
                          {t('academy.minutes', { count: v.durationMin })}
                        </span>
                      )}
                      {v.url ? (
                        <div className="flex flex-wrap gap-2">
                          <Button asChild size="sm">
                            <a href={v.url} target="_blank" rel="noopener noreferrer" onClick={() => !v.watched && void mark(v, true)}>
                              <ExternalLink />
                              {t('academy.watch')}
                            </a>
                          </Button>
                          {!v.watched && (
                            <Button variant="outline" size="sm" onClick={() => void mark(v, true)}>
                              {t('academy.markWatched')}
                            </Button>
                          )}
                        </div>
                      ) : (
                        <p className="text-sm font-medium text-muted-foreground">{t('academy.soon')}</p>
                      )}
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
