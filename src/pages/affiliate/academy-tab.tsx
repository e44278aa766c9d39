// Akademie: lessons by category (a written text, a video where there is one), a category filter and the
// partner's own progress, stored on the server. A lesson counts as done only when the partner marks it so;
// opening it or its video counts nothing (decision 083).
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { BookOpen, CheckCircle2, Clock, ExternalLink, GraduationCap, PlayCircle } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError } from '@/lib/api';
import { ACADEMY_CATEGORIES, type AcademyCategory } from '../../../core/api/affiliate.ts';
import { affiliateApi, type AcademyVideoView, type AcademyView } from './affiliate-api';
import { LessonBody } from './lesson-body';

export function AcademyTab() {
  const { t, i18n } = useTranslation('affiliate');
  const [data, setData] = useState<AcademyView | null>(null);
  const [failed, setFailed] = useState(false);
  const [filter, setFilter] = useState<AcademyCategory | 'all'>('all');
  const [openId, setOpenId] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const load = useCallback(
    () =>
      affiliateApi.academy().then(
        (d) => {
          setFailed(false);
          setData(d);
        },
        () => {
          setFailed(true);
          toast.error(t('academy.loadError'));
        },
      ),
    [t],
  );
  // Lessons come in the UI language: reload when it changes.
  useEffect(() => void load(), [load, i18n.resolvedLanguage]);
  const mark = async (v: AcademyVideoView, done: boolean) => {
    setBusy(true);
    try {
      await affiliateApi.setWatched(v.id, done);
      await load();
    } catch (err) {
      toast.error(t('academy.saveFailed'), { description: err instanceof ApiError ? err.message : undefined });
    } finally {
      setBusy(false);
    }
  };
  if (failed && !data) return <p className="text-muted-foreground">{t('academy.loadError')}</p>;
  if (!data) return <Skeleton className="h-72 w-full" />;
  const { watched, total } = data.progress;
  const pct = total ? Math.round((watched / total) * 100) : 0;
  const categories = ACADEMY_CATEGORIES.filter((c) => filter === 'all' || c === filter);
  const open = data.videos.find((v) => v.id === openId) ?? null;
  return (
    <div className="flex flex-col gap-6">
      <div className="grid gap-4 md:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader className="flex-row items-center gap-3">
            <GraduationCap className="size-6 text-primary" aria-hidden />
            <div className="flex-1">
              <CardTitle as="h2">{t('academy.title')}</CardTitle>
              <CardDescription data-testid="academy-progress">{t('academy.progress', { watched, total })}</CardDescription>
            </div>
          </CardHeader>
          <CardContent className="flex flex-col gap-2">
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
            <p className="text-xs text-muted-foreground">{t('academy.text')}</p>
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
      {categories.map((c) => {
        const lessons = data.videos.filter((v) => v.category === c);
        if (!lessons.length) return null;
        return (
          <section key={c} className="flex flex-col gap-3" data-testid={`academy-${c}`}>
            <h3 className="text-lg font-semibold">{t(`academy.categories.${c}`)}</h3>
            <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
              {lessons.map((v) => (
                <li key={v.id}>
                  <Card className="h-full" data-testid="academy-lesson" data-done={v.watched ? 'true' : 'false'}>
                    <CardHeader>
                      <div className="flex items-start justify-between gap-2">
                        <CardTitle as="h4" className="text-base">
                          {v.title}
                        </CardTitle>
                        {v.watched && (
                          <Badge className="shrink-0">
                            <CheckCircle2 className="size-3" aria-hidden /> {t('academy.done')}
                          </Badge>
                        )}
                      </div>
                      <CardDescription>{v.description}</CardDescription>
                    </CardHeader>
                    <CardContent className="mt-auto flex flex-col gap-3">
                      <div className="flex flex-wrap items-center gap-3 text-xs text-muted-foreground">
                        {v.durationMin !== null && (
                          <span className="flex items-center gap-1">
                            <Clock className="size-3" aria-hidden />
                            {t('academy.minutes', { count: v.durationMin })}
                          </span>
                        )}
                        {v.url && (
                          <span className="flex items-center gap-1">
                            <PlayCircle className="size-3" aria-hidden />
                            {t('academy.withVideo')}
                          </span>
                        )}
                      </div>
                      <Button variant={v.watched ? 'outline' : 'default'} size="sm" className="self-start" onClick={() => setOpenId(v.id)}>
                        <BookOpen aria-hidden />
                        {v.watched ? t('academy.readAgain') : t('academy.open')}
                      </Button>
                    </CardContent>
                  </Card>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
      <Dialog open={!!open} onOpenChange={(o) => !o && setOpenId(null)}>
        {open && (
          <DialogContent closeLabel={t('academy.close')} className="max-h-[90vh] overflow-y-auto sm:max-w-2xl" data-testid="academy-lesson-dialog">
            <DialogHeader>
              <DialogTitle>{open.title}</DialogTitle>
              <DialogDescription>{open.description}</DialogDescription>
            </DialogHeader>
            {open.url && (
              <Button asChild variant="outline" size="sm" className="self-start">
                <a href={open.url} target="_blank" rel="noopener noreferrer">
                  <ExternalLink aria-hidden />
                  {t('academy.watch')}
                </a>
              </Button>
            )}
            <LessonBody body={open.body} figures={data.figures} />
            <DialogFooter className="items-center gap-2 sm:justify-between">
              {open.watched ? (
                <>
                  <span className="flex items-center gap-1 text-sm font-medium text-primary">
                    <CheckCircle2 className="size-4" aria-hidden />
                    {t('academy.doneLong')}
                  </span>
                  <Button variant="outline" size="sm" disabled={busy} onClick={() => void mark(open, false)}>
                    {t('academy.markUndone')}
                  </Button>
                </>
              ) : (
                <Button disabled={busy} onClick={() => void mark(open, true)} data-testid="academy-mark-done">
                  <CheckCircle2 aria-hidden />
                  {open.url ? t('academy.markDoneVideo') : t('academy.markDone')}
                </Button>
              )}
            </DialogFooter>
          </DialogContent>
        )}
      </Dialog>
    </div>
  );
}
